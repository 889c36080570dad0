import Testing
@testable import MyMoneyRules

/// What an import takes of the rules (``InPlaceRuleRunner/applyForEffects(inPlace:range:accounts:threads:)``:
/// changed fields per row, ignored rows, transfers, categories to create, without outcomes)
/// against the same read from the outcomes of the plain twin and of the in-place run with outcomes.
@Suite struct RuleEffectsDifferentialTests {
    @Test(arguments: [11, 12, 13] as [UInt64])
    func effectsAgreeWithTheOutcomesTheyStandFor(seed: UInt64) throws {
        var g = EngineDifferentialTests.Generator(state: seed)
        let text = EngineDifferentialTests.rulesText(count: 100, &g)
            + "rule \"Untag\" stage pre\n  when tag is \"seen\"\n  remove tag seen\n"
            + "rule \"Same category\"\n  when payee contains \"BLUE\"\n  set category Shop:R1\n"
        let compilation = RuleCompiler.compile(sources: [("generated.rules", text)])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        // Rows carrying a tag, notes, a transfer, or the category `Shop:R1` (a rule setting it again changes nothing).
        let inputs = EngineDifferentialTests.rowsCarryingWhatRulesSet(EngineDifferentialTests.inputs(count: 1_500, &g))
        let context = RuleContext(categories: [CategoryPath(["Shop", "R1"])], accounts: [RuleTesting.girokonto],
                                  accountsWithoutStatements: ["Wallet"])
        let range = 100..<1_400
        var plainRun = set.applyPlainly(to: inputs, context: context)
        plainRun.outcomes = Array(plainRun.outcomes[range])
        plainRun.ignored = plainRun.ignored.filter(range.contains)
        plainRun.transfers = plainRun.transfers.filter { range.contains($0.transaction) }
        plainRun.categoriesToCreate = set.finish(outcomes: plainRun.outcomes, transactions: [], context: context).categoriesToCreate
        let plain = RuleEffects(plainRun)
        for threads in [1, 2, 3] {
            var withOutcomes = inputs.map(\.transaction)
            var effectsOnly = withOutcomes
            let runner = InPlaceRuleRunner(set, context: context)
            let outcomes = RuleEffects(runner.apply(inPlace: &withOutcomes, range: range, accounts: [RuleTesting.girokonto], threads: threads))
            // The same runner (its evaluators kept) for the effects: outcomes on or off per run.
            let effects = runner.applyForEffects(inPlace: &effectsOnly, range: range, accounts: [RuleTesting.girokonto], threads: threads)
            #expect(effectsOnly == withOutcomes)
            #expect(effects.changed == outcomes.changed)
            #expect(effects.changed == plain.changed)
            #expect(effects.ignored == plain.ignored)
            #expect(effects.transfers == plain.transfers)
            #expect(effects.categoriesToCreate == plain.categoriesToCreate)
            #expect(effects.diagnostics.count == plain.diagnostics.count)
            // And the run with outcomes after the effects run still lists its outcomes whole.
            var again = inputs.map(\.transaction)
            #expect(runner.apply(inPlace: &again, range: range, accounts: [RuleTesting.girokonto], threads: threads).outcomes
                    == plainRun.outcomes.filter { !$0.matched.isEmpty })
        }
        // The comparison means something: rows of every kind of change, several kinds at once,
        // rows a rule matched without changing them, and categories to create and not.
        for target in [RuleTarget.category, .tags, .payee, .notes, .place, .project, .transfer] {
            #expect(plain.changed.contains { $0.targets.contains(target) }, "no \(target) change")
        }
        #expect(plain.changed.contains { $0.targets.targets.count >= 2 })
        #expect(plainRun.outcomes.contains { !$0.matched.isEmpty && $0.changes.isEmpty })
        #expect(!plain.categoriesToCreate.isEmpty && !plain.categoriesToCreate.contains(CategoryPath(["Shop", "R1"])))
        #expect(!plain.ignored.isEmpty)
    }
}
