/// A change to one field of a stored transaction, by the user or by a rule.
///
/// Names (category path, tag titles, project title, place name) that the ledger does not hold yet are created.
/// Rules change the descriptive fields only; the day, amount, account and splits are changed by hand.
public enum TransactionChange: Sendable, Hashable {
    /// The day it was posted. An imported transaction keeps the day it was imported with as its
    /// identity, so importing its statement again does not add it again.
    case day(Day)
    /// The amount, in the account's currency (identity as for ``day(_:)``).
    case amount(Amount)
    /// Moves it to another account (by id) in the same currency (identity as for ``day(_:)``).
    case account(Int64)
    /// Its parts, each with an amount, category, tags and memo, adding up exactly to the
    /// amount; empty removes them.
    case splits([StatementSplit])
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
        case .day: return .day
        case .amount: return .amount
        case .account: return .account
        case .splits: return .splits
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
    /// Changed by hand only (rules never set them).
    case day, amount, account, splits

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
