/// A regular expression that ran out of steps on one transaction's text: the test counted as not
/// matching, and ``RuleRun/diagnostics`` says so (`rules.regex-budget`).
struct RegexGiveUp: Sendable, Hashable {
    /// The transaction's index in the input.
    var transaction: Int
    /// The regex leaf (its rule and position come from the leaf).
    var leaf: Int
    /// The text's length in characters.
    var textLength: Int
}

extension CompiledRuleSet {
    /// The diagnostic for one give-up: names the rule (file:line), the test, and the transaction.
    func diagnostic(for giveUp: RegexGiveUp, _ input: RuleInput, stepLimit: Int) -> Diagnostic {
        diagnostic(for: giveUp, input.transaction, stepLimit: stepLimit)
    }

    /// The diagnostic for one give-up on transaction `t`.
    func diagnostic(for giveUp: RegexGiveUp, _ t: LedgerTransaction, stepLimit: Int) -> Diagnostic {
        let leaf = leaves[giveUp.leaf]
        let rule = rules[Int(program.leafRules[giveUp.leaf])]
        let payee = t.payee ?? t.memo ?? ""
        return .warning("rules.regex-budget",
                        "rule \(rule.reference) gave up on `\(leaf.text)` for transaction \(giveUp.transaction) "
                            + "(\(t.day), \(t.amount), \(quoted(payee))) after \(stepLimit) steps, so the test counts as not matching",
                        file: rule.reference.file, at: leaf.range.start,
                        notes: ["the text is \(giveUp.textLength) characters long; matching takes time proportional to the text, "
                                + "and each test may take \(stepLimit) steps (RuleApplyOptions.regexStepLimit)"])
    }
}
