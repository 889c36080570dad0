/// A bank's CSV layout: which column holds what, and the file's conventions.
///
/// Written as a small line-based text file (`Rules/profiles/<bank>.csvprofile`), one `key: value`
/// per line, `#` starts a comment line:
/// ```
/// name: chase-credit-card
/// match: Transaction Date | Post Date | Description | Category | Type | Amount | Memo
/// date-order: mdy
/// kind: credit_card
/// date: Post Date
/// value-date: Transaction Date
/// payee: Description
/// amount: Amount
/// ```
/// Anything a profile leaves out is inferred from the file. ``CSVProfile/render()`` writes a
/// profile back in this form (`mymoney parse --print-profile FILE`).
public struct CSVProfile: Sendable, Hashable {
    /// A short id (`ing-nl`), recorded in `StatementSource.profile`.
    public var name: String
    /// The header row's first cells (compared case-insensitively, trimmed); empty = no signature.
    public var match: [String]
    /// Whether the table has a header row.
    public var hasHeader: Bool
    /// For header-less layouts: the number of fields in a data row (used for detection).
    public var columnCount: Int?
    /// `,` `;` tab or `|`; nil = inferred.
    public var delimiter: UInt8?
    public var encoding: TextEncoding?
    /// `.` or `,`; nil = inferred from all amount cells.
    public var decimalMark: Character?
    public var dayOrder: DayOrder?
    /// Records (non-blank lines) before the header row, or before the first data row without a header.
    public var skipRows: Int?
    /// Records at the end of the file that are not transactions (totals, disclaimers).
    public var skipTailRows: Int?
    /// Columns by role; `memo` and `payee` may list several columns, joined with a space.
    public var columns: [ColumnRole: [ColumnReference]]
    /// Indicator values meaning money out / money in (defaults cover D/C, DR/CR, Af/Bij, S/H, Debet/Credit).
    public var debitValues: [String]
    public var creditValues: [String]
    /// Flip every amount's sign (card exports whose charges are positive, e.g. American Express).
    public var negate: Bool
    /// Skip rows whose amount is zero.
    public var skipZero: Bool
    /// Fixed account id and currency when the file names none.
    public var accountId: String?
    public var currency: Currency?
    public var kind: AccountKind?
    /// Rows to skip (pending states, placeholder rows).
    public var skipWhen: [CSVRowFilter]
    /// Strip a matching pair of single quotes around text values (ASN Bank).
    public var stripSingleQuotes: Bool
    /// Rows may carry cells beyond the table's last column (`wide-rows: keep`, livebank): they
    /// are kept as extra fields by position. Otherwise such a row is an error (`csv.row.long`).
    public var wideRows: Bool
    /// The file the profile was read from, for diagnostics (`Rules/profiles/ing-nl.csvprofile`).
    public var origin: String?
    /// The line of each key in `origin`.
    public var keyLines: [String: Int]

    public init(name: String) {
        self.name = name
        self.match = []
        self.hasHeader = true
        self.columns = [:]
        self.debitValues = []
        self.creditValues = []
        self.negate = false
        self.skipZero = false
        self.skipWhen = []
        self.stripSingleQuotes = false
        self.wideRows = false
        self.keyLines = [:]
    }

    /// The first column given for a role.
    public func column(_ role: ColumnRole) -> ColumnReference? { columns[role]?.first }

    /// Where a key was written, as `file:line` for a diagnostic note.
    func origin(of key: String) -> String? {
        guard let origin else { return nil }
        if let line = keyLines[key] { return "\(origin):\(line)" }
        return origin
    }
}

/// A condition that skips a row: `State = PENDING | DECLINED`, `Status != Gebucht`.
public struct CSVRowFilter: Sendable, Hashable, CustomStringConvertible {
    public var column: ColumnReference
    /// `true` for `=`: skip when the value is one of `values`; `false` for `!=`: skip when it is none.
    public var equals: Bool
    /// Compared case-insensitively after trimming.
    public var values: [String]

    public init(column: ColumnReference, equals: Bool, values: [String]) {
        self.column = column
        self.equals = equals
        self.values = values
    }

    public var description: String {
        "\(column) \(equals ? "=" : "!=") \(values.joined(separator: " | "))"
    }

    func skips(_ value: String) -> Bool {
        let v = value.trimmingSpaces.lowercased()
        let hit = values.contains { $0.lowercased() == v }
        return equals ? hit : !hit
    }
}
