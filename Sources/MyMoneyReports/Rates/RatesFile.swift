/// The rates read from one file, with the problems found in it.
///
/// A file with any error is not imported at all (``hasErrors``); warnings (a commodity that is not
/// a currency, a rate given twice) leave the rest usable.
public struct RatesFile: Sendable {
    /// The kinds of rate files, recognized by content.
    public enum Format: String, Sendable, CaseIterable {
        /// The ECB's reference rates: `Date` and one column per currency, 1 EUR = x units.
        case ecb
        /// hledger `P DATE COMMODITY AMOUNT` directives (other lines are skipped).
        case hledger
        /// beancount `DATE price COMMODITY AMOUNT` entries (other lines are skipped).
        case beancount
        /// `date,from,to,rate` lines.
        case csv

        var source: StoredRate.Source {
            switch self {
            case .ecb: return .ecb
            case .hledger: return .hledger
            case .beancount: return .beancount
            case .csv: return .csv
            }
        }
    }

    /// The file's name as the user gave it.
    public var name: String
    /// Nil when the content is not a rates file.
    public var format: Format?
    /// In file order.
    public var rates: [StoredRate]
    public var diagnostics: [Diagnostic]

    public init(name: String, format: Format?, rates: [StoredRate] = [], diagnostics: [Diagnostic] = []) {
        self.name = name
        self.format = format
        self.rates = rates
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.containsErrors }
}
