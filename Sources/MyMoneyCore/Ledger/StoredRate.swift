/// An exchange rate the ledger keeps: on ``day``, one unit of ``from`` was worth ``rate`` units of ``to``.
///
/// Rates come from rate files (`mymoney rates import`) and are kept exactly as written (`1.0856`);
/// a rate is valid from its day until a later one. The ledger holds one rate per day, pair and
/// source: importing the same file again adds nothing.
public struct StoredRate: Sendable, Hashable, Codable {
    /// Where a rate came from.
    public enum Source: String, Sendable, Hashable, Codable, CaseIterable {
        /// The ECB's euro foreign exchange reference rates (`eurofxref-hist.csv`).
        case ecb
        /// An hledger `P` directive.
        case hledger
        /// A beancount `price` entry.
        case beancount
        /// A plain `date,from,to,rate` file.
        case csv
        /// A confirmed transfer between accounts in two currencies (not stored as a rate: derived).
        case transfer
    }

    /// The store's id; nil before it is stored. A later import has a larger id.
    public var id: Int64?
    public var day: Day
    public var from: Currency
    public var to: Currency
    /// Units of `to` for one `from`; positive.
    public var rate: Amount
    public var source: Source
    /// The file it was read from, as named on the command line.
    public var file: String?

    public init(id: Int64? = nil, day: Day, from: Currency, to: Currency, rate: Amount, source: Source, file: String? = nil) {
        self.id = id
        self.day = day
        self.from = from
        self.to = to
        self.rate = rate
        self.source = source
        self.file = file
    }
}
