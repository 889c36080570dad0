/// What a rule set can do, known before it runs.
extension CompiledRuleSet {
    /// Every target some rule's actions change (`ignored` when a rule ignores transactions).
    public var actionTargets: Set<RuleTarget> {
        Set(ruleActions.flatMap { $0.map(\.target) })
    }

    /// Whether some condition is a regular expression (which may give up on a text, with a
    /// `rules.regex-budget` warning for that transaction).
    public var hasRegexConditions: Bool { !regexes.isEmpty }
}
