/// A reference exchange rate: on `day`, one unit of `from` bought `rate` units of `to`.
///
/// Rates are exact decimals (`1.1364`), never floating point. They come from a user's rates file
/// (``ExchangeRateFile``) or are implied by transfers the user already confirmed
/// (``ExchangeRate/implied(by:)``).
public struct ExchangeRate: Sendable, Hashable, Codable {
    /// Where a reference rate came from; shown in reasons.
    public enum Source: String, Sendable, Hashable, Codable, Comparable {
        /// A line of the user's rates file.
        case file
        /// A transfer the user confirmed, between accounts in two currencies.
        case confirmedTransfer = "confirmed_transfer"

        private var rank: Int { self == .file ? 0 : 1 }
        public static func < (lhs: Source, rhs: Source) -> Bool { lhs.rank < rhs.rank }
    }

    public var day: Day
    public var from: Currency
    public var to: Currency
    /// Units of `to` per unit of `from`; positive.
    public var rate: Amount
    public var source: Source

    public init(day: Day, from: Currency, to: Currency, rate: Amount, source: Source = .file) {
        self.day = day
        self.from = from
        self.to = to
        self.rate = rate
        self.source = source
    }

    /// The rate a confirmed cross-currency transfer implies (received / sent, 10 digits), or nil
    /// for a same-currency transfer or a zero leg.
    public static func implied(by pair: TransferPair) -> ExchangeRate? {
        guard pair.from.currency != pair.to.currency,
              let sent = try? pair.from.amount.magnitude(), let received = try? pair.to.amount.magnitude(),
              !sent.isZero, !received.isZero,
              let rate = try? received.divided(by: sent, scale: 10) else { return nil }
        return ExchangeRate(day: pair.from.day, from: pair.from.currency, to: pair.to.currency,
                            rate: rate.normalized, source: .confirmedTransfer)
    }
}
