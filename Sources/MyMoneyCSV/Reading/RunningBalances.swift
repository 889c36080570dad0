@_spi(Speed) import MyMoneyCore

/// A statement's running balances (one per transaction with a balance, in statement order) and
/// the check of their chain: each balance must be the previous one plus the transaction's amount.
///
/// The row reader builds one while it reads, in file order, when the file has a balance column:
/// most files are already in chronological order, and the assembler then takes it as it is
/// instead of walking a million transactions a second time. The first `headSlots` entries are
/// placeholders for the statement's own balances (preamble, opening) that come first.
struct RunningBalances {
    let file: String
    private(set) var entries: [StatementBalance] = []
    /// Placeholder entries at the front, overwritten by the assembler.
    let headSlots: Int
    /// Warnings for the first three breaks of the chain.
    private(set) var warnings: [Diagnostic] = []
    private(set) var mismatches = 0
    /// The last balance and the index of its transaction.
    private(set) var last: (amount: Amount, index: Int)?
    private var previous: Amount?
    /// The balance after the statement's first transaction (nil when its cell was empty).
    private(set) var firstAfter: Amount?
    /// The running balances in 24 bytes each, for a streamed statement (``init(file:headSlots:compactCapacity:)``);
    /// nil when they are kept as `entries`.
    private(set) var compact: CompactRunningBalances?
    /// A running balance did not fit ``compact`` (it was left out: the caller reads the file whole).
    private(set) var compactOverflow = false

    init(file: String, headSlots: Int = 0, capacity: Int = 0) {
        self.file = file
        self.headSlots = headSlots
        entries.reserveCapacity(headSlots + capacity + 1) // + a closing balance
        for _ in 0..<headSlots { entries.append(StatementBalance(kind: .opening, amount: .zero)) }
    }

    /// The room for the entries still to come (for ``PagesAside``).
    mutating func roomAhead() -> PagesAside.Room {
        PagesAside.room(of: &entries, from: entries.count)
    }

    /// A chain whose running balances are kept in ``compact``, not in the entries: the entries
    /// hold only the head (``takeEntries(head:)`` then gives the head, and sets the compact
    /// balances' index to where they belong).
    init(file: String, headSlots: Int, compactCapacity: Int) {
        self.init(file: file, headSlots: headSlots)
        compact = CompactRunningBalances(capacity: compactCapacity)
    }

    /// The next transaction in statement order: its balance after it (nil when the cell was
    /// empty), amount, day, position and index in the statement.
    mutating func add(after: Amount?, amount: Amount, day: Day, position: SourcePosition?, index: Int) {
        if index == 0 { firstAfter = after }
        guard let after else {
            previous = previous.flatMap { try? $0 + amount }
            return
        }
        if let previous, let expected = try? previous + amount, expected != after {
            mismatches += 1
            if mismatches <= 3 {
                warnings.append(.warning("csv.balance.chain",
                                         "the balance \(after) does not follow from the previous balance \(previous) and the amount \(amount) (expected \(expected))",
                                         file: file, at: position,
                                         notes: ["rows may be missing, or the bank orders same-day rows differently"]))
            }
        }
        if compact != nil {
            if !compact!.append(after, day: day, index: index, position: position) { compactOverflow = true }
        } else {
            entries.append(StatementBalance(kind: .running, amount: after, day: day, transactionIndex: index, position: position))
        }
        previous = after
        last = (after, index)
    }

    /// The diagnostics of the chain: the first three breaks, then how many more there were.
    var diagnostics: [Diagnostic] {
        mismatches > 3 ? warnings + [.warning("csv.balance.chain", "\(mismatches - 3) more balance mismatches not shown", file: file)] : warnings
    }

    /// The entries with `head` in place of the placeholders (moved out: call once).
    mutating func takeEntries(head: [StatementBalance]) -> [StatementBalance] {
        var result: [StatementBalance] = []
        swap(&result, &entries)
        if head.count == headSlots {
            for (k, balance) in head.enumerated() { result[k] = balance }
        } else {
            result.replaceSubrange(0..<headSlots, with: head)
        }
        compact?.index = head.count
        return result
    }
}
