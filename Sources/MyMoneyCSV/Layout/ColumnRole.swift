/// What a CSV column means to a statement.
public enum ColumnRole: String, Sendable, Hashable, CaseIterable, Comparable {
    /// The booking (posting) date: the transaction's day.
    case date
    /// The value date, or a transaction date when a booking date exists: kept as an extra.
    case valueDate = "value-date"
    /// A signed amount (or unsigned, with an `indicator` column).
    case amount
    /// Money out, positive (or already negative).
    case debit
    /// Money in, positive.
    case credit
    /// A debit/credit indicator: `D`/`C`, `Af`/`Bij`, `S`/`H`, `DR`/`CR`, `Debet`/`Credit`.
    case indicator
    case payee
    /// Description, purpose, notes: several memo columns are joined with a space.
    case memo
    /// The running balance after the row.
    case balance
    /// The balance before the row (ASN Bank).
    case balanceBefore = "balance-before"
    case currency
    /// The bank's own transaction id.
    case id
    case checkNumber = "check-number"
    /// The bank's own type word (`ACH_DEBIT`, `Lastschrift`).
    case type
    /// Booking state (`COMPLETED`, `PENDING`, `Gebucht`): pending and declined rows are skipped.
    case status
    /// The account the row belongs to (an account number or IBAN column).
    case account
    case category
    /// A fee charged with the row (Revolut `Fee`, PayPal `Fee`): the balance tells whether the
    /// amount already includes it or it is charged besides (then it becomes a transaction of its own).
    case fee

    public static func < (lhs: ColumnRole, rhs: ColumnRole) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// Roles that take several columns (joined); every other role takes one.
    var allowsSeveral: Bool { self == .memo || self == .payee }
}

/// A column named in a profile: by header text or by 1-based position (`#3`).
public enum ColumnReference: Sendable, Hashable, CustomStringConvertible {
    case name(String)
    case index(Int)

    /// Reads `#3` as the third column, anything else as a header name.
    public init(parsing text: String) {
        let t = text.trimmingSpaces
        if t.hasPrefix("#"), let n = Int(t.dropFirst()), n >= 1 { self = .index(n - 1) } else { self = .name(t) }
    }

    public var description: String {
        switch self {
        case .name(let n): return n
        case .index(let i): return "#\(i + 1)"
        }
    }
}

extension String {
    /// The text without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\u{FEFF}" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" { s.removeLast() }
        return String(s)
    }
}

extension Substring {
    var trimmingSpaces: String { String(self).trimmingSpaces }
}

extension Diagnostic {
    /// A diagnostic of any severity at a position (the `.error`/`.warning` spelling for notes too).
    init(_ severity: Severity, code: String, _ message: String, file: String?, at position: SourcePosition?, notes: [String] = []) {
        self.init(severity, code: code, message, file: file, position: position, notes: notes)
    }
}
