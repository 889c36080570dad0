/// A transaction field a rule action can change; also the unit of a user's lock.
///
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

    var rank: Int { RuleTarget.allCases.firstIndex(of: self) ?? 0 }
    public static func < (lhs: RuleTarget, rhs: RuleTarget) -> Bool { lhs.rank < rhs.rank }
}
