/// An account's ledger transactions sorted by day (then id), with prefix sums, so the balance as
/// of any day is a binary search and a subtraction.
///
/// All amounts are held as integers at one scale (``scale``): the largest of the account
/// currency's minor units, the opening balance's and every transaction's scale, and any extra
/// amounts given (the checkpoints), so sums are exact.
public struct LedgerBalances: Sendable {
    /// Digits after the decimal mark of every integer held here.
    public let scale: Int
    /// The opening balance in units of `10^-scale`.
    let openingUnits: Int64
    /// The transactions, as given.
    public let transactions: [LedgerTransaction]
    /// Indices into `transactions`, sorted by day, then id (no id last), then input order.
    let order: [Int]
    /// Days in sorted order.
    let days: [Int32]
    /// Amounts in sorted order, in units of `10^-scale`.
    let units: [Int64]
    /// `prefix[i]` is the sum of `units[0..<i]`.
    let prefix: [Int64]

    /// Sorts and sums an account's transactions.
    ///
    /// - Throws: ``AmountError/overflow`` when an amount or a running sum does not fit at the common scale.
    /// - Complexity: O(n log n).
    public init(account: Account, transactions: [LedgerTransaction], alsoExact extra: [Amount] = []) throws(AmountError) {
        var scale = Self.scale(of: account, extra)
        // By index, each field read in place: a `for t in transactions` copied every transaction
        // (a retain and a release per text of each; twice over a million rows on an import).
        for i in transactions.indices where transactions[i].amount.scale > scale { scale = transactions[i].amount.scale }
        // Sort keys, not the transactions: day, then id (no id last), then input position.
        var keys: [(day: Int32, id: Int64, index: Int)] = []
        keys.reserveCapacity(transactions.count)
        for i in transactions.indices { keys.append((transactions[i].day.daysSinceEpoch, transactions[i].id ?? .max, i)) }
        keys.sort { $0 < $1 }
        let order = keys.map(\.index)
        let (days, units, prefix) = try Self.sums(order.count, scale: scale) { transactions[order[$0]].day.daysSinceEpoch }
            amount: { transactions[order[$0]].amount }
        self.scale = scale
        self.openingUnits = try account.openingBalance.rescaled(to: scale).units
        self.transactions = transactions
        self.order = order
        self.days = days
        self.units = units
        self.prefix = prefix
    }

    /// Sums an account's balance rows (``LedgerBalanceRow``: id, day, amount) without holding
    /// whole transactions: the balances are those the transactions give, but there are none to
    /// diagnose a difference with (``transactions`` is empty). Rows in `(day, id)` order, as the
    /// store reads them, are not sorted again.
    ///
    /// - Throws: ``AmountError/overflow`` when an amount or a running sum does not fit at the common scale.
    /// - Complexity: O(n), O(n log n) when the rows are not in order.
    public init(account: Account, rows given: [LedgerBalanceRow], alsoExact extra: [Amount] = []) throws(AmountError) {
        var scale = Self.scale(of: account, extra)
        for r in given where r.amount.scale > scale { scale = r.amount.scale }
        var inOrder = true
        for i in given.indices.dropFirst() {
            let a = given[i - 1], b = given[i]
            if (a.day, a.id) > (b.day, b.id) {
                inOrder = false
                break
            }
        }
        let rows = inOrder ? given : given.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
        let (days, units, prefix) = try Self.sums(rows.count, scale: scale) { rows[$0].day.daysSinceEpoch } amount: { rows[$0].amount }
        self.scale = scale
        self.openingUnits = try account.openingBalance.rescaled(to: scale).units
        self.transactions = []
        self.order = []
        self.days = days
        self.units = units
        self.prefix = prefix
    }

    /// The common scale of the account's currency, its opening balance and `extra` amounts.
    private static func scale(of account: Account, _ extra: [Amount]) -> Int {
        var scale = account.currency.minorUnits ?? 0
        scale = max(scale, account.openingBalance.scale)
        for a in extra where a.scale > scale { scale = a.scale }
        return scale
    }

    /// Days, amounts in units of `10^-scale` and prefix sums of `count` rows in sorted order.
    private static func sums(_ count: Int, scale: Int, day: (Int) -> Int32,
                             amount: (Int) -> Amount) throws(AmountError) -> ([Int32], [Int64], [Int64]) {
        var days = [Int32](), units = [Int64](), prefix = [Int64]()
        days.reserveCapacity(count)
        units.reserveCapacity(count)
        prefix.reserveCapacity(count + 1)
        prefix.append(0)
        var sum: Int64 = 0
        for i in 0..<count {
            let a = amount(i)
            let u = a.scale == scale ? a.units : try a.rescaled(to: scale).units
            let (s, o) = sum.addingReportingOverflow(u)
            if o { throw .overflow }
            sum = s
            days.append(day(i))
            units.append(u)
            prefix.append(sum)
        }
        return (days, units, prefix)
    }

    /// The number of transactions.
    public var count: Int { days.count }

    /// The first sorted position whose day is after `day`.
    func upperBound(_ day: Day) -> Int {
        var lo = 0, hi = days.count
        let d = day.daysSinceEpoch
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] <= d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first sorted position whose day is `day` or later.
    func lowerBound(_ day: Day) -> Int {
        var lo = 0, hi = days.count
        let d = day.daysSinceEpoch
        while lo < hi {
            let mid = (lo + hi) / 2
            if days[mid] < d { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The balance in units including everything posted through `day`.
    func balanceUnits(through day: Day) throws(AmountError) -> Int64 {
        let (v, o) = openingUnits.addingReportingOverflow(prefix[upperBound(day)])
        if o { throw .overflow }
        return v
    }

    /// The ledger's balance including everything posted on `day` and before.
    ///
    /// - Complexity: O(log n).
    public func balance(through day: Day) throws(AmountError) -> Amount {
        Amount(units: try balanceUnits(through: day), scale: scale)
    }

    /// The sum of the transactions posted on `day` and before, without the opening balance.
    public func sumOfTransactions(through day: Day) -> Amount {
        Amount(units: prefix[upperBound(day)], scale: scale)
    }

    /// The transaction at a sorted position.
    func transaction(at position: Int) -> LedgerTransaction { transactions[order[position]] }

    /// An amount in units at this scale, or nil when it does not fit.
    func unitsOf(_ amount: Amount) -> Int64? { try? amount.rescaled(to: scale).units }

    /// Units at this scale as an amount.
    func amount(_ units: Int64) -> Amount { Amount(units: units, scale: scale) }
}
