/// A change to one field of a stored transaction, by the user or by a rule.
///
/// Names (category path, tag titles, project title, place name) that the ledger does not hold yet are created.
public enum TransactionChange: Sendable, Hashable {
    case payee(String?)
    case memo(String?)
    case notes(String?)
    case type(TransactionType)
    case category(CategoryPath?)
    case tags([String])
    case project(String?)
    case place(String?)

    /// The field it changes.
    public var field: TransactionField {
        switch self {
        case .payee: return .payee
        case .memo: return .memo
        case .notes: return .notes
        case .type: return .type
        case .category: return .category
        case .tags: return .tags
        case .project: return .project
        case .place: return .place
        }
    }
}

/// What a rule run decided for one stored transaction.
public struct RuleResult: Sendable, Hashable {
    public var transactionId: Int64
    public var changes: [TransactionChange]

    public init(transactionId: Int64, changes: [TransactionChange]) {
        self.transactionId = transactionId
        self.changes = changes
    }
}
