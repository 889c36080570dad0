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
        var scale = account.currency.minorUnits ?? 0
        scale = max(scale, account.openingBalance.scale)
        for t in transactions where t.amount.scale > scale { scale = t.amount.scale }
        for a in extra where a.scale > scale { scale = a.scale }
        self.scale = scale
        self.openingUnits = try account.openingBalance.rescaled(to: scale).units
        self.transactions = transactions
        // Sort keys, not the transactions: day, then id (no id last), then input position.
        var keys: [(day: Int32, id: Int64, index: Int)] = []
        keys.reserveCapacity(transactions.count)
        for (i, t) in transactions.enumerated() { keys.append((t.day.daysSinceEpoch, t.id ?? .max, i)) }
        keys.sort { $0 < $1 }
        let order = keys.map(\.index)
        self.order = order
        var days = [Int32](), units = [Int64](), prefix = [Int64]()
        days.reserveCapacity(order.count)
        units.reserveCapacity(order.count)
        prefix.reserveCapacity(order.count + 1)
        prefix.append(0)
        var sum: Int64 = 0
        for i in order {
            let t = transactions[i]
            let u = try t.amount.rescaled(to: scale).units
            let (s, o) = sum.addingReportingOverflow(u)
            if o { throw .overflow }
            sum = s
            days.append(t.day.daysSinceEpoch)
            units.append(u)
            prefix.append(sum)
        }
        self.days = days
        self.units = units
        self.prefix = prefix
    }

    /// The number of transactions.
    public var count: Int { order.count }

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
