/// A streamed CSV statement's running balances (one per transaction with a balance cell), kept
/// in 24 bytes each instead of a ``StatementBalance`` (about 100): a million-row file's chain is
/// 24 MB, not 96.
///
/// What a caller must know: they belong in the statement's `balances` at ``index`` (after its
/// head: stated and opening balances; before a closing balance taken from the last of them).
/// ``balances`` and ``forEach(_:)`` make exactly the ``StatementBalance``s the whole read puts
/// there (kind `running`, no currency, the transaction's index and row position); the plain twin
/// is ``inserted(into:)``, the statement as the whole read gives it (`CSVStatementStreamTests`).
public struct CompactRunningBalances: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        var units: Int64
        var day: Int32
        /// The transaction's index in the statement.
        var index: UInt32
        /// The row's byte offset and line (`UInt32.max`: no position).
        var offset: UInt32
        var line: UInt32
        var scale: UInt8
    }

    /// Where the running balances go in the statement's `balances`.
    public internal(set) var index = 0
    private(set) var entries: [Entry] = []

    public var count: Int { entries.count }

    init(capacity: Int = 0) { entries.reserveCapacity(capacity) }

    /// Keeps a running balance; false when it does not fit the compact form (an offset or index
    /// past 4 GiB: the caller keeps a ``StatementBalance`` instead).
    mutating func append(_ amount: Amount, day: Day, index: Int, position: SourcePosition?) -> Bool {
        guard index < Int(UInt32.max), (position?.offset ?? 0) < Int(UInt32.max), (position?.line ?? 0) < Int(UInt32.max),
              position == nil || position?.column == 1 else { return false }
        entries.append(Entry(units: amount.units, day: day.daysSinceEpoch, index: UInt32(index),
                             offset: position.map { UInt32($0.offset) } ?? UInt32.max,
                             line: position.map { UInt32($0.line) } ?? UInt32.max, scale: UInt8(amount.scale)))
        return true
    }

    static func balance(_ e: Entry) -> StatementBalance {
        StatementBalance(kind: .running, amount: Amount(units: e.units, scale: Int(e.scale)), day: Day(daysSinceEpoch: e.day),
                         transactionIndex: Int(e.index),
                         position: e.offset == UInt32.max ? nil : SourcePosition(offset: Int(e.offset), line: Int(e.line), column: 1))
    }

    /// Each running balance in statement order, made as it is handed on.
    public func forEach(_ body: (StatementBalance) -> Void) {
        for e in entries { body(Self.balance(e)) }
    }

    /// Each transaction index below `count` in turn, with its running balance (nil for one
    /// without); entries at or past `count` are left out.
    func forEachIndex(below count: Int, _ body: (Int, Amount?) -> Void) {
        var next = 0
        for j in 0..<count {
            var after: Amount?
            if next < entries.count, Int(entries[next].index) == j {
                after = Amount(units: entries[next].units, scale: Int(entries[next].scale))
                next += 1
            }
            body(j, after)
        }
    }

    /// Every running balance, in statement order.
    public var balances: [StatementBalance] { entries.map(Self.balance) }

    /// `statement` with the running balances in their place among its balances.
    public func inserted(into statement: Statement) -> Statement {
        var s = statement
        s.balances.insert(contentsOf: balances, at: min(index, s.balances.count))
        return s
    }
}
