/// The kind of account register a `!Type:` header opens, and the account kind it maps to.
public enum QIFRegisterType: String, Sendable, Hashable, Codable, CaseIterable {
    case bank = "Bank"
    case cash = "Cash"
    case creditCard = "CCard"
    case otherAsset = "Oth A"
    case otherLiability = "Oth L"
    case investment = "Invst"

    /// Reads a type word as written after `!Type:` or in an `!Account` `T` line, any case.
    ///
    /// Accepts the Quicken Home & Business subtypes (`Invoice` ≈ Oth A, `Bill`/`Tax` ≈ Oth L),
    /// `Oth S` (German asset), and the investment words `Port`, `Mutual`, `401(k)/403(b)`.
    init?(word: String) {
        let w = word.lowercased().filter { $0 != " " }
        switch w {
        case "bank": self = .bank
        case "cash": self = .cash
        case "ccard", "creditcard": self = .creditCard
        case "otha", "oths", "invoice", "asset": self = .otherAsset
        case "othl", "bill", "tax", "liability": self = .otherLiability
        case "invst", "port", "mutual", "401(k)/403(b)", "401(k)", "403(b)": self = .investment
        default: return nil
        }
    }

    /// The account kind of a statement read from this register.
    public var accountKind: AccountKind {
        switch self {
        case .bank: return .bank
        case .cash: return .cash
        case .creditCard: return .creditCard
        case .otherAsset: return .asset
        case .otherLiability: return .liability
        case .investment: return .investment
        }
    }
}
