/// A transaction fact a condition can test.
public enum RuleField: Sendable, Hashable, CustomStringConvertible {
    case payee, originalPayee, memo, notes
    /// Payee, memo or notes: a test on `text` holds when it holds for any of them.
    case text
    case bankType, checkNumber, bankId
    case category, project, place
    /// Any one of the transaction's tags.
    case tag
    case transferHint
    /// The account's name.
    case account
    /// The account's kind (`bank`, `credit_card`, `cash`, …).
    case accountKind
    /// The transaction's currency code.
    case currency
    /// `csv`, `ofx`, `qfx`, `qif`, `manual`.
    case sourceFormat
    case sourceFile
    /// `income`, `expense` or `transfer`.
    case type
    /// A field the source carried beyond the normalized ones (`extra.SIC`, `extra "Buchungstext"`).
    case extra(String)
    /// The signed amount (negative leaves the account).
    case amount
    /// The amount without its sign.
    case absoluteAmount
    case date, dayOfMonth, month, weekday

    /// What kind of values the field holds, which decides the operators it accepts.
    enum ValueKind: Sendable, Hashable { case text, choice, amount, date, number, weekday }

    var valueKind: ValueKind {
        switch self {
        case .amount, .absoluteAmount: return .amount
        case .date: return .date
        case .dayOfMonth, .month: return .number
        case .weekday: return .weekday
        case .accountKind, .type, .sourceFormat, .currency: return .choice
        default: return .text
        }
    }

    /// The spelling used in messages and explanations.
    public var description: String {
        switch self {
        case .payee: return "payee"
        case .originalPayee: return "original payee"
        case .memo: return "memo"
        case .notes: return "notes"
        case .text: return "text"
        case .bankType: return "bank type"
        case .checkNumber: return "check number"
        case .bankId: return "bank id"
        case .category: return "category"
        case .project: return "project"
        case .place: return "place"
        case .tag: return "tag"
        case .transferHint: return "transfer hint"
        case .account: return "account"
        case .accountKind: return "account kind"
        case .currency: return "currency"
        case .sourceFormat: return "source format"
        case .sourceFile: return "source file"
        case .type: return "type"
        case .extra(let key): return key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) ? "extra.\(key)" : "extra \"\(key)\""
        case .amount: return "amount"
        case .absoluteAmount: return "abs amount"
        case .date: return "date"
        case .dayOfMonth: return "day of month"
        case .month: return "month"
        case .weekday: return "weekday"
        }
    }

    /// Every spelling a rule may use, as lowercase word sequences; longer ones are tried first.
    static let spellings: [([String], RuleField)] = {
        let table: [(String, RuleField)] = [
            ("original payee", .originalPayee), ("originalpayee", .originalPayee),
            ("payee", .payee), ("memo", .memo), ("notes", .notes), ("note", .notes), ("text", .text),
            ("bank type", .bankType), ("banktype", .bankType), ("trntype", .bankType),
            ("check number", .checkNumber), ("checknumber", .checkNumber), ("checknum", .checkNumber),
            ("bank id", .bankId), ("bankid", .bankId), ("fitid", .bankId),
            ("category", .category), ("project", .project), ("place", .place),
            ("tag", .tag), ("tags", .tag),
            ("transfer hint", .transferHint), ("transferhint", .transferHint),
            ("account kind", .accountKind), ("accountkind", .accountKind), ("account", .account),
            ("currency", .currency),
            ("source format", .sourceFormat), ("sourceformat", .sourceFormat), ("source", .sourceFormat), ("format", .sourceFormat),
            ("source file", .sourceFile), ("sourcefile", .sourceFile),
            ("type", .type),
            ("abs amount", .absoluteAmount), ("absolute amount", .absoluteAmount), ("amount", .amount),
            ("day of month", .dayOfMonth), ("dayofmonth", .dayOfMonth), ("date", .date), ("day", .date),
            ("month", .month), ("weekday", .weekday), ("day of week", .weekday),
        ]
        return table.map { (Array($0.0.split(separator: " ").map(String.init)), $0.1) }
            .sorted { $0.0.count > $1.0.count }
    }()

    /// Names offered when a field is unknown.
    static let documentedNames: [String] = [
        "payee", "original payee", "memo", "notes", "text", "bank type", "check number", "bank id",
        "category", "project", "place", "tag", "transfer hint", "account", "account kind", "currency",
        "source format", "source file", "type", "extra.KEY", "amount", "abs amount", "date",
        "day of month", "month", "weekday",
    ]
}
