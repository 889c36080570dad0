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

/// A field of a transaction that rules or the user may set.
public enum TransactionField: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case payee, memo, notes, type, category, tags, project, place

    public static func < (lhs: TransactionField, rhs: TransactionField) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Who last set a field.
public enum FieldOrigin: String, Sendable, Hashable, Codable {
    /// The statement as imported.
    case source
    /// A rule; a later rule run may change it.
    case rule
    /// The user; rules never change it.
    case hand
}
