import Testing
@testable import MyMoneyRules

/// Evaluation order, overrides, `stop`, locks, projects, captures, transfers, determinism.
@Suite struct EngineTests {
    func one(_ set: CompiledRuleSet, _ t: LedgerTransaction = RuleTesting.rewe, locked: Set<RuleTarget> = [],
             context: RuleContext = RuleContext(), options: RuleApplyOptions = RuleApplyOptions()) -> (LedgerTransaction, TransactionOutcome) {
        let run = set.apply(to: [RuleInput(transaction: t, account: RuleTesting.girokonto, lockedFields: locked)], context: context, options: options)
        return (run.transactions[0], run.outcomes[0])
    }

    @Test func stagesRunPreDefaultPostWhateverTheFileOrder() throws {
        let set = try RuleTesting.compile("""
        rule "Post" stage post
          append notes "post"
        rule "Default"
          append notes "default"
        rule "Pre" stage pre
          append notes "pre"
        """)
        #expect(set.rules.map(\.name) == ["Pre", "Default", "Post"])
        #expect(one(set).0.notes == "pre default post")
    }

    @Test func filesRunInTheOrderGiven() throws {
        let compilation = RuleCompiler.compile(sources: [("10-a.rules", "rule \"A\"\n  set category A\n"), ("20-b.rules", "rule \"B\"\n  set category B\n")])
        let set = try #require(compilation.ruleSet)
        let (t, o) = one(set)
        #expect(t.category?.description == "B")
        #expect(o.overridden == [OverriddenMatch(rule: 0, target: .category, by: 1, reason: .overridden)])
        #expect(o.rule(setting: .category) == 1)
    }

    @Test func stopEndsEvaluationAndReportsTheRulesItSkipped() throws {
        let set = try RuleTesting.compile("""
        rule "First"
          when payee contains "REWE"
          set category Food:Groceries
          stop
        rule "Second"
          when amount < 0
          set category Shopping
        rule "Unrelated"
          when amount > 0
          set category Income
        """)
        let (t, o) = one(set)
        #expect(t.category?.description == "Food:Groceries")
        #expect(o.matched == [0])
        #expect(o.overridden == [OverriddenMatch(rule: 1, target: nil, by: 0, reason: .stopped)])
    }

    @Test func fieldsSetByHandStayUnlessOverwriteIsAsked() throws {
        let set = try RuleTesting.compile("rule \"G\"\n  set category Food:Groceries\n  add tag food\n")
        var t = RuleTesting.rewe
        t.category = CategoryPath(["Food", "Treats"])
        let (kept, o) = one(set, t, locked: [.category])
        #expect(kept.category?.description == "Food:Treats")
        #expect(kept.tags == ["food"])
        #expect(o.skipped.map(\.reason) == [.lockedByUser])
        let (overwritten, o2) = one(set, t, locked: [.category], options: RuleApplyOptions(overwriteManual: true))
        #expect(overwritten.category?.description == "Food:Groceries")
        #expect(o2.changes.first == FieldChange(target: .category, operation: .set, previous: "Food:Treats", value: "Food:Groceries", rule: 0))
    }

    @Test func projectsApplyOnlyWithinTheirDates() throws {
        let set = try RuleTesting.compile("rule \"Trip\"\n  set project \"Berlin trip\"\n")
        let inside = RuleContext(projects: [RuleProject(name: "Berlin Trip", dates: DayRange(start: StoryLedger.day("2026-10-01"), end: StoryLedger.day("2026-10-05")))])
        let (t, _) = one(set, context: inside)
        #expect(t.project == "Berlin Trip")   // the project's own spelling
        let outside = RuleContext(projects: [RuleProject(name: "Berlin trip", dates: DayRange(start: StoryLedger.day("2026-11-01"), end: StoryLedger.day("2026-11-05")))])
        let (u, o) = one(set, context: outside)
        #expect(u.project == nil)
        #expect(o.skipped.map(\.reason) == [.outsideProjectDates])
        #expect(o.skipped.first?.detail == "project \"Berlin trip\" runs 2026-11-01 … 2026-11-05")
        let run = set.apply(to: [RuleInput(transaction: RuleTesting.rewe)])
        #expect(run.projectsToCreate == ["Berlin trip"])
    }

    @Test func categoriesToCreateListMissingParentsAndSkipExistingOnes() throws {
        let set = try RuleTesting.compile("rule \"G\"\n  set category Food:Groceries:Fresh\n")
        let run = set.apply(to: [RuleInput(transaction: RuleTesting.rewe)], context: RuleContext(categories: [CategoryPath(["food"])]))
        #expect(run.categoriesToCreate.map(\.description) == ["Food:Groceries", "Food:Groceries:Fresh"])
    }

    @Test func laterRulesSeeEarlierRenamesAndCaptures() throws {
        let set = try RuleTesting.compile("""
        rule "Clean" stage pre
          when payee matches /^(REWE)\\s+Markt\\s+(\\w+)/
          rename payee "$1 ($2)"
        rule "Cleaned payee"
          when payee equals "REWE (Berlin)"
          set place Berlin
        rule "Original still visible"
          when original payee equals "REWE Markt Berlin"
          add tag original
        """)
        let (t, o) = one(set)
        #expect(t.payee == "REWE (Berlin)")
        #expect(t.originalPayee == "REWE Markt Berlin")
        #expect(t.place == "Berlin")
        #expect(t.tags == ["original"])
        #expect(o.matched == [0, 1, 2])
    }

    @Test func renamingAwayStopsLaterLiteralMatches() throws {
        let set = try RuleTesting.compile("""
        rule "Rename" stage pre
          when payee contains "REWE"
          set payee "Supermarket"
        rule "Needs REWE"
          when payee contains "REWE"
          add tag rewe
        """)
        let (t, _) = one(set)
        #expect(t.tags.isEmpty)
    }

    @Test func tagsAreAddedAndRemovedWithTheirRules() throws {
        var t = RuleTesting.rewe
        t.tags = ["old"]
        let set = try RuleTesting.compile("""
        rule "Add"
          add tags new, Temp
        rule "Remove"
          remove tags old, temp
        """)
        let (after, o) = one(set, t)
        #expect(after.tags == ["new"])
        #expect(o.changes == [FieldChange(target: .tags, operation: .add, previous: nil, value: "new", rule: 0),
                              FieldChange(target: .tags, operation: .remove, previous: nil, value: "old", rule: 1)])
        #expect(o.overridden == [OverriddenMatch(rule: 0, target: .tags, by: 1, reason: .overridden)])
    }

    @Test func ignoreDropsTheTransactionAndStops() throws {
        let set = try RuleTesting.compile("rule \"Drop\"\n  when payee contains \"REWE\"\n  ignore\nrule \"Later\"\n  add tag x\n")
        let run = set.apply(to: StoryLedger.inputs)
        #expect(run.ignored == [2, 10])
        #expect(run.importable.count == StoryLedger.transactions.count - 2)
        #expect(run.outcomes[2].ignoredBy == 0)
        #expect(run.outcomes[2].overridden.map(\.reason) == [.stopped])
    }

    @Test func transfersNameTheOtherAccountAndAskForCashLegs() throws {
        let set = try RuleTesting.compile("rule \"ATM\"\n  when payee starts with \"Geldautomat\" and amount < 0\n  transfer to wallet\n")
        let context = RuleContext(accounts: StoryLedger.accounts, accountsWithoutStatements: ["Wallet"])
        let run = set.apply(to: StoryLedger.inputs, context: context)
        #expect(run.transfers.count == 1)
        let mark = try #require(run.transfers.first)
        #expect(mark.transaction == 7 && mark.account == "Wallet" && mark.direction == .to)
        #expect(mark.accountKind == .cash && mark.createsOtherLeg)
        #expect(run.transactions[7].type == .transfer && run.transactions[7].transferHint == "Wallet")
    }

    @Test func theSameInputGivesTheSameResultOnAnyNumberOfThreads() throws {
        let set = try RuleTesting.compile("""
        rule "A"
          when payee contains "REWE" or payee matches /EDEKA|LIDL/
          set category Food:Groceries
        rule "B"
          when amount < -100
          add tag big
          stop
        rule "C" stage post
          when category is empty
          set category Uncategorized
        """)
        var inputs: [RuleInput] = []
        for k in 0..<5_000 {
            let base = StoryLedger.transactions[k % StoryLedger.transactions.count]
            var t = base
            t.amount = Amount(units: Int64((k * 7919) % 40_000) - 20_000, scale: 2)
            inputs.append(RuleInput(transaction: t, account: StoryLedger.accounts[k % 5]))
        }
        let one = set.apply(to: inputs, options: RuleApplyOptions(threads: 1))
        for threads in [2, 3, 7] {
            let many = set.apply(to: inputs, options: RuleApplyOptions(threads: threads))
            #expect(many.outcomes == one.outcomes)
            #expect(many.transactions == one.transactions)
        }
        #expect(one.outcomes.filter { $0.changes.contains { $0.value == "Food:Groceries" } }.count > 0)
    }
}

@Suite struct EmptyInputTests {
    @Test func noRulesAndNoTransactionsAreFine() throws {
        let none = RuleCompiler.compile([])
        let set = try #require(none.ruleSet)
        #expect(none.diagnostics.isEmpty)
        let run = set.apply(to: StoryLedger.inputs)
        #expect(run.outcomes.allSatisfy { !$0.isChanged })
        #expect(run.transactions == StoryLedger.transactions)
        let story = try RuleTesting.compile("rule \"A\"\n  add tag a\n")
        #expect(story.apply(to: [], options: RuleApplyOptions(threads: 2)).outcomes.isEmpty)
        #expect(set.stats(for: []).transactions == 0)
        #expect(RuleSuggester.suggest(from: []).isEmpty)
    }
}

@Suite struct TargetSlotTests {
    @Test func everyTargetHasAnEvaluatorSlot() {
        #expect(RuleTarget.allCases.count <= 8)
        #expect(RuleTarget.allCases.map(\.rank) == Array(0..<RuleTarget.allCases.count))
    }
}
