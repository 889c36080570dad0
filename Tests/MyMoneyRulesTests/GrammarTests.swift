import Testing
@testable import MyMoneyRules

@Suite struct GrammarTests {
    @Test func headerNameStageAndRangesAreKept() throws {
        let text = "# groceries\nrule \"Groceries\" stage pre\n  when payee contains \"REWE\"\n  set category Food:Groceries\n  stop\n"
        let file = RuleParser.parse(name: "g.rules", text: text)
        #expect(file.diagnostics.isEmpty)
        let rule = try #require(file.rules.first)
        #expect(rule.name == "Groceries")
        #expect(rule.stage == .pre)
        #expect(rule.range.start.line == 2 && rule.range.start.column == 1)
        #expect(rule.range.end.line == 5)
        #expect(rule.text == "rule \"Groceries\" stage pre\n  when payee contains \"REWE\"\n  set category Food:Groceries\n  stop")
        #expect(rule.stop != nil)
        #expect(rule.actions.map(\.kind) == [.setCategory])
        guard case .test(let test) = rule.condition else { Issue.record("expected one test"); return }
        #expect(test.field == .payee && test.op == .contains && test.values.map(\.text) == ["REWE"])
        #expect(test.range.start.line == 3 && test.range.start.column == 8)
        #expect(test.text == "payee contains \"REWE\"")
    }

    @Test func stageDefaultsToDefault() {
        let file = RuleParser.parse(name: "d.rules", text: "rule \"X\"\n  add tag x\n")
        #expect(file.rules.first?.stage == .default)
    }

    @Test func whenLinesAndTogetherAndOrLinesWidenWhatCameBefore() throws {
        let set = try RuleTesting.compile("""
        rule "A"
          when payee contains "REWE"
          or payee contains "EDEKA"
          and amount < 0
          add tag hit
        """)
        func hit(_ payee: String, _ amount: String) -> Bool {
            let t = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-01"), amount: StoryLedger.amount(amount),
                                      currency: .EUR, originalPayee: payee)
            return set.apply(to: [RuleInput(transaction: t)]).transactions[0].tags == ["hit"]
        }
        #expect(hit("EDEKA", "-1"))
        #expect(hit("REWE", "-1"))
        #expect(!hit("EDEKA", "1"))      // ((REWE or EDEKA) and amount < 0)
        #expect(!hit("LIDL", "-1"))
    }

    @Test func commentsEndLinesButNotStringsOrRegexes() throws {
        let file = RuleParser.parse(name: "c.rules", text: """
        rule "Hash" # a comment
          when payee contains "#1" and memo matches /a#b/   # trailing
          set notes "ticket #5"
        """)
        #expect(file.diagnostics.isEmpty)
        let rule = try #require(file.rules.first)
        #expect(rule.actions.first?.values.first?.text == "ticket #5")
        guard case .all(let parts) = rule.condition, case .test(let a) = parts[0], case .test(let b) = parts[1] else {
            Issue.record("expected two tests"); return
        }
        #expect(a.values.first?.text == "#1")
        #expect(b.values.first?.text == "a#b")
    }

    @Test func escapesInStringsAndSlashesInRegexes() throws {
        let file = RuleParser.parse(name: "e.rules", text: "rule \"Say \\\"hi\\\"\"\n  when payee matches /a\\/b/\n  set payee \"back\\\\slash\"\n")
        #expect(file.diagnostics.isEmpty)
        let rule = try #require(file.rules.first)
        #expect(rule.name == "Say \"hi\"")
        #expect(rule.actions.first?.values.first?.text == "back\\slash")
        guard case .test(let test) = rule.condition else { Issue.record("expected a test"); return }
        #expect(test.values.first?.text == "a/b")
    }

    @Test func crlfLineEndingsTabsAndByteOrderMark() {
        let file = RuleParser.parse(name: "w.rules", text: "\u{FEFF}rule \"Win\"\r\n\twhen payee contains \"X\"\r\n\tadd tag x\r\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.rules.first?.actions.first?.values.first?.text == "x")
    }

    @Test func unquotedValuesRunToTheEndOfTheLine() throws {
        let file = RuleParser.parse(name: "u.rules", text: "rule \"T\"\n  set category Transport:Public Transit  # bus\n  transfer to US Checking\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.rules.first?.actions.map { $0.values.first?.text ?? "" } == ["Transport:Public Transit", "US Checking"])
    }

    @Test func actionsOfEveryKind() throws {
        let file = RuleParser.parse(name: "a.rules", text: """
        rule "All"
          set category A:B
          set project "Trip"
          set place Berlin
          rename payee to "Clean"
          set notes "n"
          append notes "more"
          add tags a, b "c d"
          remove tag old
          transfer from Savings
          stop
        rule "Drop"
          ignore
        """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.rules.count == 2)
        #expect(file.rules[0].actions.map(\.kind) == [.setCategory, .setProject, .setPlace, .setPayee, .setNotes, .appendNotes,
                                                      .addTags, .removeTags, .transferFrom])
        #expect(file.rules[0].actions[6].values.map(\.text) == ["a", "b", "c d"])
        #expect(file.rules[1].actions.map(\.kind) == [.ignore])
    }

    @Test func aRuleWithoutConditionsMatchesEverything() throws {
        let set = try RuleTesting.compile("rule \"All\" stage post\n  add tag seen\n")
        let run = set.apply(to: StoryLedger.inputs)
        #expect(run.transactions.allSatisfy { $0.tags.contains("seen") })
    }

    @Test func typosGetASuggestion() {
        let file = RuleParser.parse(name: "t.rules", text: "rule \"T\"\n  when ammount < 0\n  add tag x\n")
        #expect(file.diagnostics.first?.code == "rules.unknown-field")
        #expect(file.diagnostics.first?.notes.first == "did you mean `amount`?")
    }

    @Test func unbalancedParenthesesAreSyntaxErrors() {
        let open = RuleParser.parse(name: "p.rules", text: "rule \"T\"\n  when (payee contains \"A\"\n  add tag x\n")
        #expect(open.diagnostics.map(\.code) == ["rules.syntax"])
        let close = RuleParser.parse(name: "p.rules", text: "rule \"T\"\n  when payee contains \"A\")\n  add tag x\n")
        #expect(close.diagnostics.map(\.code) == ["rules.syntax"])
        #expect(close.diagnostics.first?.position?.column == 26)
    }

    @Test func operatorsThatDoNotFitTheFieldAreRefused() {
        let file = RuleParser.parse(name: "o.rules", text: "rule \"T\"\n  when amount contains \"5\"\n  add tag x\n")
        #expect(file.diagnostics.map(\.code) == ["rules.unknown-operator"])
    }
}

@Suite struct DiagnosticOutputTests {
    @Test func aFailedWhenLineDoesNotCascadeIntoItsContinuations() {
        let file = RuleParser.parse(name: "c.rules", text: "rule \"T\"\n  when payeee contains \"A\"\n  or memo contains \"B\"\n  add tag x\n")
        #expect(file.diagnostics.map(\.code) == ["rules.unknown-field"])
    }

    @Test func diagnosticsAsJSONCountErrorsAndWarnings() {
        let compilation = RuleCompiler.compile(sources: [("j.rules", "rule \"A\"\n  when currency is EURO\n  set category A:B:C:D:E:F\n")])
        let json = compilation.renderDiagnosticsJSON()
        #expect(json.contains("\"errors\" : 1"))
        #expect(json.contains("\"warnings\" : 1"))
        #expect(json.contains("\"code\" : \"rules.category-too-deep\""))
        #expect(json.contains("\"line\" : 3"))
    }
}
