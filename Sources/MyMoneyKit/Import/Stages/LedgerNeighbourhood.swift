import MyMoneyStore

/// The ledger's transactions in the days around an import: what transfer matching and
/// reconciling look at. The import's own rows are the values just stored (with their ids); only
/// the ledger's other rows in those days are read.
struct LedgerNeighbourhood {
    /// Every transaction in the days, by day and id.
    private(set) var transactions: [LedgerTransaction] = []
    private var byAccount: [Int64: [Int]] = [:]

    /// No days (an import without transactions).
    init() {}

    /// The neighbourhood of `transactions`, sorted by day and id (what the ledger read and the
    /// import stored, already together).
    init(transactions: [LedgerTransaction]) {
        self.transactions = transactions
        Ledger.sortByDayAndId(&self.transactions)
        // By index: a `for t in transactions` copied every transaction (a retain per text).
        for i in self.transactions.indices { byAccount[self.transactions[i].accountId, default: []].append(i) }
    }

    /// The rows of `window` the ledger held before the import (ids up to `lastIdBefore`, not of
    /// `batchId`) together with the import's `stored` rows, which are moved in.
    init(window: TransactionFilter, lastIdBefore: Int64, batchId: Int64?, stored: inout [[LedgerTransaction]], ledger: Ledger) throws {
        var filter = window
        filter.storedThroughId = lastIdBefore
        filter.excludedBatchId = batchId
        // An empty ledger before the import (no id up to `lastIdBefore`) has no other rows to read.
        var parts = lastIdBefore > 0 ? [try ledger.transactions(matching: filter)] : []
        parts += stored
        stored = []
        self.init(transactions: TransactionMoves.concatenate(&parts))
    }

    /// How many accounts the transactions are of.
    var accountCount: Int { byAccount.count }

    /// Every transaction, moved out: the neighbourhood is left without any.
    mutating func takeTransactions() -> [LedgerTransaction] {
        byAccount = [:]
        defer { transactions = [] }
        return transactions
    }

    /// The transactions of one account, by day and id.
    ///
    /// When every transaction of the neighbourhood is of that account (an import of one account
    /// into a ledger without other rows in those days), the neighbourhood's own array is
    /// returned, shared, not copied: a copy retained every text of every row (on 100k rows, a
    /// tenth of the import's CPU, asked for twice: opening balances and reconciliation).
    func transactions(of accountId: Int64) -> [LedgerTransaction] {
        guard let places = byAccount[accountId] else { return [] }
        if places.count == transactions.count { return transactions }
        return copiedTransactions(of: accountId)
    }

    /// The balance rows (id, day, amount) of one account's transactions, by day and id, read in
    /// place: no text is retained, where ``transactions(of:)`` copies every row when other
    /// accounts' rows are in the neighbourhood too (an import of several accounts). Nil when
    /// the account's rows are the neighbourhood's own array (shared, which costs nothing), or
    /// some row has no id.
    func balanceRows(of accountId: Int64) -> [LedgerBalanceRow]? {
        guard let places = byAccount[accountId], places.count != transactions.count else { return nil }
        var rows: [LedgerBalanceRow] = []
        rows.reserveCapacity(places.count)
        for p in places {
            guard let id = transactions[p].id else { return nil }
            rows.append(LedgerBalanceRow(id: id, day: transactions[p].day, amount: transactions[p].amount))
        }
        return rows
    }

    /// ``transactions(of:)`` copied row by row (the plain twin of the shared array).
    func copiedTransactions(of accountId: Int64) -> [LedgerTransaction] {
        (byAccount[accountId] ?? []).map { transactions[$0] }
    }

    /// The days around `rows` transfer matching looks at: from the first day minus the matcher's
    /// window to the last day plus it; nil when there are no rows. `days` are more days the
    /// import's rows cover (statements kept unconverted, ``HeldStatement``).
    static func window(around rows: [[LedgerTransaction]], days: [ClosedRange<Day>] = [],
                       options: TransferMatchOptions = TransferMatchOptions()) -> TransactionFilter? {
        var first: Day?, last: Day?
        for range in days {
            if first.map({ range.lowerBound < $0 }) ?? true { first = range.lowerBound }
            if last.map({ range.upperBound > $0 }) ?? true { last = range.upperBound }
        }
        for part in rows {
            // By index: a `for t in part` copied every transaction (a retain per text).
            for i in part.indices {
                let day = part[i].day
                if first.map({ day < $0 }) ?? true { first = day }
                if last.map({ day > $0 }) ?? true { last = day }
            }
        }
        guard let first, let last else { return nil }
        return TransactionFilter(from: first.advanced(by: -(options.windowDays + 1)), through: last.advanced(by: options.windowDays + 1))
    }
}
