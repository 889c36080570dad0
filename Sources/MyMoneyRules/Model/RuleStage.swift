/// When a rule runs: all `pre` rules, then the default ones, then `post`, each in file order.
public enum RuleStage: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case pre
    case `default`
    case post

    var rank: Int { self == .pre ? 0 : (self == .default ? 1 : 2) }
    public static func < (lhs: RuleStage, rhs: RuleStage) -> Bool { lhs.rank < rhs.rank }
}
