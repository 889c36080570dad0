/// A transaction field a rule action can change; also the unit of a user's lock.
///
/// Each case but `ignored` is one stored ``TransactionField`` (``storedField``; `transfer` sets the
/// type): this is the only mapping between what rules say and what the ledger stores.
/// The raw values are the spellings used in JSON output and in `set …` actions. The evaluator keeps
/// one slot per case in a `SIMD8`: at most eight cases (a test pins it).
public enum RuleTarget: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case category
    case tags
    case project
    case place
    case payee
    case notes
    /// `transfer to|from ACCOUNT`: the transaction's type becomes `transfer` and its transfer hint names the account.
    case transfer
    /// `ignore`: the transaction is dropped from the import.
    case ignored

    /// The case's place in ``allCases`` (a switch: the evaluator asks for it per action).
    var rank: Int {
        switch self {
        case .category: 0
        case .tags: 1
        case .project: 2
        case .place: 3
        case .payee: 4
        case .notes: 5
        case .transfer: 6
        case .ignored: 7
        }
    }
    public static func < (lhs: RuleTarget, rhs: RuleTarget) -> Bool { lhs.rank < rhs.rank }
}

extension RuleTarget {
    /// The stored field this target changes; nil for `ignored` (the row is dropped, not changed).
    public var storedField: TransactionField? {
        switch self {
        case .category: .category
        case .tags: .tags
        case .project: .project
        case .place: .place
        case .payee: .payee
        case .notes: .notes
        case .transfer: .type
        case .ignored: nil
        }
    }

    /// The target that changes `field`; nil for fields rules never set (memo, day, amount, account, splits).
    public init?(storedField field: TransactionField) {
        guard let target = RuleTarget.allCases.first(where: { $0.storedField == field }) else { return nil }
        self = target
    }
}
