import Testing
@testable import MyMoneyRules

/// `suggest`, `stats` and `explain` beyond their golden files.
@Suite struct ToolingTests {
    func categorizedStory() throws -> [LedgerTransaction] {
        let set = try RuleTesting.compile("""
        rule "Groceries"
          when payee contains "REWE" or payee contains "WHOLE FOODS" or payee contains "EDEKA"
          set category Food:Groceries
        rule "Coffee"
          when payee contains "Bäckerei" or payee contains "STARBUCKS"
          set category Food:Coffee
        """)
        var story = set.apply(to: StoryLedger.inputs).transactions
        // A second Whole Foods visit at another store, and one REWE trip the user filed elsewhere.
        var other = story[17]
        other.originalPayee = "WHOLE FOODS MARKET #998"
        other.payee = other.originalPayee
        story.append(other)
        story.append(story[2])
        story[story.count - 1].category = CategoryPath(["Food", "Restaurants"])
        return story
    }

    @Test func suggestionsGroupPayeesAndStateTheirSupport() throws {
        let suggestions = RuleSuggester.suggest(from: try categorizedStory(), minimumSupport: 2, minimumShare: 0.6)
        // Equal support: ordered by key.
        #expect(suggestions.map(\.key) == ["BÄCKEREI KAMPS", "REWE MARKT BERLIN", "WHOLE FOODS MARKET"])
        #expect(suggestions.map(\.supportText) == ["2 transactions, all Food:Coffee",
                                                  "2 of 3 transactions Food:Groceries (1 Food:Restaurants)",
                                                  "2 transactions, all Food:Groceries"])
        let strict = RuleSuggester.suggest(from: try categorizedStory(), minimumSupport: 2, minimumShare: 1)
        #expect(strict.map(\.key) == ["BÄCKEREI KAMPS", "WHOLE FOODS MARKET"])
    }

    @Test func suggestedRulesFileCompilesAndCategorizesItsGroups() throws {
        let story = try categorizedStory()
        let suggestions = RuleSuggester.suggest(from: story, minimumShare: 1)
        let text = RuleSuggester.rulesFile(suggestions)
        Golden.check(text, "suggest-story.rules")
        #expect(text.contains("# support: 2 transactions, all Food:Coffee"))
        let set = try RuleTesting.compile(text, name: "suggested.rules")
        let cleared = story.map { t -> LedgerTransaction in var c = t; c.category = nil; return c }
        let run = set.apply(to: cleared, accounts: StoryLedger.accounts)
        let coffee = run.transactions.filter { $0.category?.description == "Food:Coffee" }.compactMap(\.originalPayee)
        #expect(coffee == ["Bäckerei Kamps", "Bäckerei Kamps"])
    }

    @Test func suggestionsSkipWhatExistingRulesAlreadyDo() throws {
        let existing = try RuleTesting.compile("rule \"Bakery\"\n  when payee contains \"Bäckerei\"\n  set category Food:Coffee\n")
        let suggestions = RuleSuggester.suggest(from: try categorizedStory(), minimumShare: 1, existing: existing, accounts: StoryLedger.accounts)
        #expect(suggestions.map(\.key) == ["WHOLE FOODS MARKET"])
    }

    @Test func statsFindNeverFiringAndShadowedRules() throws {
        let set = try RuleTesting.compile("""
        rule "Stopper"
          when payee contains "REWE"
          set category Food:Groceries
          stop
        rule "Behind the stop"
          when payee contains "REWE Markt"
          add tag rewe
        rule "Same again"
          when payee contains "EDEKA"
          set category Food:Groceries
        rule "Same again, later"
          when payee starts with "EDEKA"
          set category Food:Groceries
        rule "Never"
          when payee contains "Lotto"
          set category Income:Lottery
        """)
        let stats = set.stats(for: StoryLedger.inputs)
        #expect(stats.neverFired == [4])
        #expect(stats.shadowed == [ShadowedRule(rule: 1, reason: .stoppedEarlier, by: [0], matches: 2),
                                   ShadowedRule(rule: 3, reason: .alreadySet, by: [2], matches: 1)])
        #expect(stats.rules[0].matched == 2 && stats.rules[0].effective == 2)
        #expect(stats.categorized == 3)
        #expect(stats.uncategorizedPayees.first == PayeeCount(payee: "ALEX MORGAN", count: 2, example: "Alex Morgan"))
    }

    @Test func explainNamesTheFirstFailingTestAndTheValueItSaw() throws {
        let set = try RuleTesting.compile("""
        rule "Big groceries"
          when payee contains "REWE" and amount < -100
          add tag big
        rule "Weekend groceries"
          when payee contains "REWE"
          when not weekday in (mon, tue, wed, thu, fri)
          add tag weekend
        rule "Unrelated"
          when payee contains "Lotto"
          add tag lotto
        """)
        let explanation = set.explain(RuleInput(transaction: RuleTesting.rewe, account: RuleTesting.girokonto))
        #expect(explanation.outcome.matched.isEmpty)
        #expect(explanation.nearMisses.map(\.rule) == [0, 1])
        #expect(explanation.nearMisses[0].condition == "amount < -100")
        #expect(explanation.nearMisses[0].actual == "-54.37")
        #expect(explanation.nearMisses[1].condition == "not weekday in (mon, tue, wed, thu, fri)")
        #expect(explanation.nearMisses[1].actual == "Friday")
    }
}

@Suite struct FocusedExplanationTests {
    @Test func aFocusedRuleIsExplainedEvenWhenNoTestHeld() throws {
        let set = try RuleTesting.compile("rule \"Lottery\"\n  when payee contains \"Lotto\" and amount > 0\n  set category Income:Lottery\n")
        let plain = set.explain(RuleInput(transaction: RuleTesting.rewe))
        #expect(plain.nearMisses.isEmpty)
        let focused = set.explain(RuleInput(transaction: RuleTesting.rewe), focus: Set(set.rules(named: "lottery")))
        #expect(focused.nearMisses.map(\.condition) == ["payee contains \"Lotto\""])
        #expect(focused.nearMisses.first?.actual == "\"REWE Markt Berlin\"")
        #expect(focused.nearMisses.first?.conditionsHeld == 0)
    }
}

@Suite struct TestReportTests {
    @Test func rowsSayWhetherRulesMatchedWithoutChangingAnything() throws {
        var t = RuleTesting.rewe
        t.category = CategoryPath(["Food", "Groceries"])
        let set = try RuleTesting.compile("rule \"Groceries\"\n  when payee contains \"REWE\"\n  set category Food:Groceries\n")
        let table = RuleTestReport(ruleSet: set, inputs: [RuleInput(transaction: t), RuleInput(transaction: StoryLedger.transactions[0])]).renderTable()
        #expect(table.contains("(rules matched, nothing changed)  \"Groceries\" (test.rules:1)"))
        #expect(table.contains("(no rule matched)"))
        #expect(table.contains("2 transactions: 0 changed, 2 unchanged, 0 ignored"))
    }
}
