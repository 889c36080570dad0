/// Converts amounts into one currency (the primary currency, or a budget's) with a ``RateBook``,
/// remembering the rate found for each currency and day.
///
/// A value type: a report takes one, converts with it (`mutating` for the memo) and lets it go.
/// An amount with no rate on or before its day converts to nil, and the caller reports it as
/// ``UnconvertedMoney``: never a rate of 1, never dropped.
public struct CurrencyConverter: Sendable {
    public let target: Currency
    public let book: RateBook
    private var memo: [Key: AppliedRate?] = [:]

    struct Key: Hashable, Sendable {
        var currency: Currency
        var day: Int32
    }

    public init(target: Currency, book: RateBook) {
        self.target = target
        self.book = book
    }

    /// The same rates, converting into another currency.
    public func converting(into currency: Currency) -> CurrencyConverter {
        CurrencyConverter(target: currency, book: book)
    }

    /// The rate from `currency` into the target on `day`; nil when none is known.
    public mutating func rate(from currency: Currency, on day: Day) -> AppliedRate? {
        if currency == target { return .identity }
        let key = Key(currency: currency, day: day.daysSinceEpoch)
        if let known = memo[key] { return known }
        let found = book.rate(from: currency, to: target, on: day)
        memo[key] = found
        return found
    }

    /// `amount` in the target currency, exactly (rounded at the 18th digit at most); nil when no
    /// rate is known on or before `day`.
    ///
    /// - Throws: ``AmountError/overflow`` when the converted value does not fit.
    public mutating func convert(_ amount: Amount, from currency: Currency, on day: Day) throws(AmountError) -> ExactDecimal? {
        if currency == target { return ExactDecimal(amount) }
        guard let rate = rate(from: currency, on: day) else { return nil }
        return try rate.factor.convert(amount)
    }
}
