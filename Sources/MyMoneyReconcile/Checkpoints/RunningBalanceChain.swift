/// The check of a statement's running balances (a CSV `Saldo` column) against its own rows.
///
/// Walking the rows in the bank's order, each row's balance must be the previous row's balance
/// plus the row's amount. Files listing the newest row first are walked from the end. Within one
/// day a bank may export rows in another order than it booked them: when some order of that
/// day's rows makes the chain consistent, that order is the bank's (recorded in
/// ``reorderedDays``) and it is not a break. Rows without a balance add their amounts to the
/// next row that has one.
///
/// - Complexity: O(n) in the number of rows (same-day orders are recovered through a hash map).
public struct RunningBalanceChain: Sendable, Hashable {
    /// One row with a running balance.
    public struct Row: Sendable, Hashable {
        /// Index in `Statement.transactions` (0-based; row numbers shown to users are 1-based).
        public var index: Int
        public var day: Day
        /// The row's amount, plus those of earlier rows without a balance.
        public var amount: Amount
        /// The running balance the bank printed after the row.
        public var balance: Amount
        public var payee: String?
        public var position: SourcePosition?
    }

    /// A place where the printed balance does not follow from the previous one.
    public struct Break: Sendable, Hashable {
        /// The row before, in the bank's order (nil when the break is against the opening balance).
        public var previous: Row?
        public var row: Row
        /// Previous balance plus the row's amount.
        public var expected: Amount
        /// The balance printed on the row.
        public var stated: Amount
        /// `stated - expected`: the amount of a row the file lacks, if that is the cause.
        public var difference: Amount
    }

    /// The rows in the bank's booking order (file order, reversed for newest-first files, with
    /// same-day orders recovered).
    public var rows: [Row]
    /// Every break, in the bank's order; the first is where the chain first goes wrong.
    public var breaks: [Break]
    /// Days whose rows the file lists in another order than the bank booked them.
    public var reorderedDays: [Day]
    /// Whether the file lists the newest row first.
    public var isNewestFirst: Bool
    /// The balance at the end of each day, for days no later row precedes; index of its row.
    public var dayEndBalances: [(day: Day, balance: Amount, index: Int, position: SourcePosition?)] {
        var result: [(Day, Amount, Int, SourcePosition?)] = []
        var laterMinimum: Day? = nil
        var i = rows.count - 1
        while i >= 0 {
            let row = rows[i]
            let isLastOfDay = i == rows.count - 1 || rows[i + 1].day != row.day
            if isLastOfDay, laterMinimum.map({ row.day < $0 }) ?? true {
                result.append((row.day, row.balance, row.index, row.position))
            }
            laterMinimum = min(laterMinimum ?? row.day, row.day)
            i -= 1
        }
        return result.reversed()
    }

    /// The first break, if the chain has one.
    public var firstBreak: Break? { breaks.first }

    public static func == (lhs: RunningBalanceChain, rhs: RunningBalanceChain) -> Bool {
        lhs.rows == rhs.rows && lhs.breaks == rhs.breaks && lhs.reorderedDays == rhs.reorderedDays
            && lhs.isNewestFirst == rhs.isNewestFirst
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rows)
        hasher.combine(breaks)
    }

    /// Checks the `running` balances among `balances` against `transactions` (a statement's, in file order).
    ///
    /// - Parameter opening: the balance before the first row, when the statement gives one; the
    ///   first row is then checked against it.
    /// - Returns: nil when there are no running balances.
    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public static func check(transactions: [StatementTransaction], balances: [StatementBalance],
                             opening: Amount? = nil) throws(AmountError) -> RunningBalanceChain? {
        // For each transaction, the first running balance printed after it (by index into
        // `balances`; -1: none). An array, not a dictionary: a statement may have a million rows.
        var index = [Int](repeating: -1, count: transactions.count)
        var any = false
        for (k, b) in balances.enumerated() where b.kind == .running {
            guard let i = b.transactionIndex, i >= 0, i < transactions.count else { continue }
            if index[i] < 0 { index[i] = k; any = true }
        }
        guard any else { return nil }
        let printed = PrintedBalances(balances: balances, index: index)
        let newestFirst: Bool
        if let first = transactions.first?.day, let last = transactions.last?.day, first != last {
            newestFirst = first > last
        } else {
            let forward = try walk(transactions, printed, reversed: false, opening: opening)
            let backward = try walk(transactions, printed, reversed: true, opening: opening)
            return backward.breaks.count < forward.breaks.count ? backward : forward
        }
        return try walk(transactions, printed, reversed: newestFirst, opening: opening)
    }

    /// The running balances printed after transactions, by transaction index.
    struct PrintedBalances {
        var balances: [StatementBalance]
        var index: [Int]

        subscript(transaction: Int) -> StatementBalance? {
            let k = index[transaction]
            return k < 0 ? nil : balances[k]
        }
    }

    static func walk(_ transactions: [StatementTransaction], _ printed: PrintedBalances, reversed: Bool,
                     opening: Amount?) throws(AmountError) -> RunningBalanceChain {
        // Links in chronological order: rows with a balance, carrying the amounts of rows without
        // one. They become the chain's rows in place (a day whose order is recovered is reordered
        // within its slots): one array of rows, not a second copy of them (96 bytes a row).
        var chain = RunningBalanceChain(rows: [], breaks: [], reorderedDays: [], isNewestFirst: reversed)
        chain.rows.reserveCapacity(transactions.count)
        var pending = Amount.zero
        for n in transactions.indices {
            let i = reversed ? transactions.count - 1 - n : n
            let t = transactions[i]
            pending = try pending + t.amount
            guard let b = printed[i] else { continue }
            chain.rows.append(Row(index: i, day: t.day, amount: pending, balance: b.amount, payee: t.payee ?? t.memo,
                                  position: b.position ?? t.position))
            pending = .zero
        }
        let count = chain.rows.count
        var current: Amount? = opening
        var previous: Row? = nil
        var start = 0
        while start < count {
            var end = start + 1
            while end < count && chain.rows[end].day == chain.rows[start].day { end += 1 }
            if current == nil { current = try startingBalance(chain.rows[start..<end]) }
            let begin = current ?? .zero
            if try follows(chain.rows[start..<end], from: begin) {
                // In order as they stand.
            } else if let order = try recoveredOrder(chain.rows[start..<end], from: begin) {
                // (The slice passed above is gone by now: the rows are written in place, not copied.)
                for (k, row) in order.enumerated() { chain.rows[start + k] = row }
                chain.reorderedDays.append(chain.rows[start].day)
            } else {
                var balance = begin
                var before = previous
                for k in start..<end {
                    let row = chain.rows[k]
                    let expected = try balance + row.amount
                    if expected != row.balance {
                        chain.breaks.append(Break(previous: before, row: row, expected: expected, stated: row.balance,
                                                  difference: try row.balance - expected))
                    }
                    balance = row.balance
                    before = row
                }
            }
            previous = chain.rows[end - 1]
            current = chain.rows[end - 1].balance
            start = end
        }
        return chain
    }

    /// Whether the rows follow one another in the order given.
    static func follows(_ group: ArraySlice<Row>, from start: Amount) throws(AmountError) -> Bool {
        var balance = start
        for row in group {
            guard try balance + row.amount == row.balance else { return false }
            balance = row.balance
        }
        return true
    }

    /// The balance before a first day without an opening balance: that of the row no other row leads to.
    static func startingBalance(_ group: ArraySlice<Row>) throws(AmountError) -> Amount {
        let balancesAfter = Set(group.map(\.balance))
        for row in group {
            let before = try row.balance - row.amount
            if !balancesAfter.contains(before) { return before }
        }
        return try group[group.startIndex].balance - group[group.startIndex].amount
    }

    /// An order of one day's rows in which every balance follows from the previous one, or nil.
    static func recoveredOrder(_ group: ArraySlice<Row>, from start: Amount) throws(AmountError) -> [Row]? {
        var byBalanceBefore: [Amount: [Int]] = [:]
        for (n, row) in zip(group.indices, group) { byBalanceBefore[try row.balance - row.amount, default: []].append(n) }
        for key in byBalanceBefore.keys { byBalanceBefore[key]?.reverse() } // pop the earliest file row first
        var order: [Row] = []
        order.reserveCapacity(group.count)
        var balance = start
        while order.count < group.count {
            guard let n = byBalanceBefore[balance]?.popLast() else { return nil }
            order.append(group[n])
            balance = group[n].balance
        }
        return order
    }
}
