/// Why one transaction came out as it did: which rule set which field, which matched but were
/// overridden, and for rules whose conditions partly held, the first condition that failed.
public struct RuleExplanation: Sendable {
    /// The transaction before the rules.
    public var before: LedgerTransaction
    /// The transaction after the rules.
    public var after: LedgerTransaction
    public var account: Account?
    public var outcome: TransactionOutcome
    /// Rules that did not match although some of their tests held (and the `focus` rules that did
    /// not match at all), in evaluation order.
    public var nearMisses: [NearMiss]
}

extension CompiledRuleSet {
    /// Explains what the rules do to one transaction. Every rule is evaluated (not only
    /// candidates), so this is for one transaction at a time, not for imports.
    ///
    /// - Parameter focus: rules (by index) whose first failing test is reported even when none of
    ///   their tests held ("why did rule X not match?"); see ``rules(named:)``.
    public func explain(_ input: RuleInput, context: RuleContext = RuleContext(),
                        options: RuleApplyOptions = RuleApplyOptions(), focus: Set<Int> = []) -> RuleExplanation {
        var evaluator = RuleEvaluator(set: self, context: context, options: options)
        var trace: RuleTrace? = RuleTrace(focus: focus)
        let (after, outcome) = [input].withUnsafeBufferPointer { evaluator.run($0, index: 0, trace: &trace) }
        return RuleExplanation(before: input.transaction, after: after, account: input.account, outcome: outcome,
                               nearMisses: trace?.nearMisses ?? [])
    }
}

extension CompiledRuleSet {
    /// Indices of the rules with this name (names compare without regard to case).
    public func rules(named name: String) -> [Int] {
        let key = name.lowercased()
        return rules.filter { $0.name.lowercased() == key }.map(\.index)
    }
}
