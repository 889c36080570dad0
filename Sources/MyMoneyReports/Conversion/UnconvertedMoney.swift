/// Money a report could not convert into its currency: shown beside the totals, never left out
/// silently and never converted at 1.
public struct UnconvertedMoney: Sendable, Hashable {
    public var currency: Currency
    /// The sum, in its own currency, exact.
    public var amount: Amount
    /// How many transactions (or balances) it sums.
    public var count: Int
    /// The earliest day of that money for which no rate is known.
    public var firstDayWithoutRate: Day

    public init(currency: Currency, amount: Amount, count: Int, firstDayWithoutRate: Day) {
        self.currency = currency
        self.amount = amount
        self.count = count
        self.firstDayWithoutRate = firstDayWithoutRate
    }

    /// What the user can do about it.
    public static func hint(into target: Currency, _ entries: [UnconvertedMoney]) -> String {
        let pairs = entries.map { "\($0.currency.code)→\(target.code)" }.joined(separator: ", ")
        let first = entries.map(\.firstDayWithoutRate).min().map { " from \($0)" } ?? ""
        return "no rate for \(pairs)\(first): import rates with 'mymoney rates import FILE…' (ECB CSV, hledger P, beancount price, or date,from,to,rate)"
    }
}

/// Adds up unconverted money per currency.
public struct UnconvertedTally: Sendable, Hashable {
    private var byCurrency: [Currency: UnconvertedMoney] = [:]

    public init() {}

    public var isEmpty: Bool { byCurrency.isEmpty }

    /// Adds `amount` (of `count` transactions) dated `day`.
    public mutating func add(_ amount: Amount, _ currency: Currency, on day: Day, count: Int = 1) throws(AmountError) {
        if var known = byCurrency[currency] {
            known.amount = try known.amount + amount
            known.count += count
            known.firstDayWithoutRate = min(known.firstDayWithoutRate, day)
            byCurrency[currency] = known
        } else {
            byCurrency[currency] = UnconvertedMoney(currency: currency, amount: amount, count: count, firstDayWithoutRate: day)
        }
    }

    public mutating func add(_ other: UnconvertedTally) throws(AmountError) {
        for entry in other.entries { try add(entry.amount, entry.currency, on: entry.firstDayWithoutRate, count: entry.count) }
    }

    /// One entry per currency, by code.
    public var entries: [UnconvertedMoney] { byCurrency.values.sorted { $0.currency < $1.currency } }
}
