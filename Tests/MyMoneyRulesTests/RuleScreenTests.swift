import Testing
import MyMoneyCore
import MyMoneyTestSupport
@testable import MyMoneyRules

/// ``RuleScreen`` against the plain twin, the whole set run on every transaction: where the screen
/// says no wanted rule may act, none does; and where it says no regex can give up, none does.
@Suite struct RuleScreenTests {
    static let words = ["REWE", "Geldautomat", "Bakery", "Wise", "Kiosk", "Markt", "cash", "#12", "Miete", "x"]

    /// A rule set of `count` random rules: tests on payee, memo, notes, text, category, amount,
    /// tags and the account's kind; actions that set the payee (plainly and from a capture), set a
    /// category, append notes, add a tag, mark a transfer or ignore; some stop.
    static func ruleSet(_ random: inout SeededGenerator, count: Int) -> String {
        func word() -> String { random.pick(words) }
        var text = ""
        for k in 0..<count {
            let stage = random.pick(["", "", " stage pre", " stage post"])
            var tests: [String] = []
            for _ in 0..<(1 + random.below(2)) {
                switch random.below(9) {
                case 0: tests.append("payee contains \"\(word())\"")
                case 1: tests.append("payee starts with \"\(word())\"")
                case 2: tests.append("memo contains \"\(word())\"")
                case 3: tests.append("notes contains \"\(word())\"")
                case 4: tests.append("text contains \"\(word())\"")
                case 5: tests.append(random.below(2) == 0 ? "category is empty" : "category is set")
                case 6: tests.append(random.below(2) == 0 ? "amount < 0" : "amount > 10")
                case 7: tests.append("payee matches /^(\(word())|\(word())) ?(\\w*)/")
                default: tests.append("tag is \"t\(random.below(3))\"")
                }
            }
            let condition = tests.joined(separator: random.below(3) == 0 ? " or " : " and ")
            var actions: [String] = []
            for _ in 0..<(1 + random.below(2)) {
                switch random.below(8) {
                case 0: actions.append("set payee \"\(word()) \(word())\"")
                case 1: actions.append(condition.contains("matches") ? "set payee \"$1 shop\"" : "set payee \"\(word())\"")
                case 2: actions.append("set category Cat:C\(random.below(4))")
                case 3: actions.append("append notes \"\(word())\"")
                case 4: actions.append("add tag t\(random.below(3))")
                case 5: actions.append("transfer to \"\(random.pick(["Wallet", "Tagesgeld"]))\"")
                case 6: actions.append("ignore")
                default: actions.append("set category Cat:C\(random.below(2))")
                }
            }
            // One action per target; `ignore` alone.
            var seen = Set<String>()
            actions = actions.filter { seen.insert(String($0.split(separator: " ").prefix(2).joined(separator: " "))).inserted }
            if actions.contains("ignore") { actions = ["ignore"] }
            text += "rule \"r\(k)\"\(stage)\n  when \(condition)\n" + actions.map { "  \($0)\n" }.joined()
            if random.below(4) == 0 && actions != ["ignore"] { text += "  stop\n" }
            text += "\n"
        }
        return text
    }

    static func transaction(_ random: inout SeededGenerator) -> LedgerTransaction {
        var t = RuleTesting.rewe
        let payee = (0..<(1 + random.below(3))).map { _ in random.pick(words) }.joined(separator: " ")
        t.originalPayee = payee
        t.payee = payee
        t.memo = random.below(2) == 0 ? random.pick(words) : nil
        t.notes = random.below(4) == 0 ? random.pick(words) : nil
        t.amount = Amount(units: Int64(random.below(4_000)) - 2_000, scale: 2)
        t.category = random.below(4) == 0 ? CategoryPath(parsing: "Cat:C0") : nil
        t.tags = random.below(3) == 0 ? ["t\(random.below(3))"] : []
        return t
    }

    /// What the wanted rules are in a round: those that set the payee, ignore, mark a transfer or
    /// set a category the context lacks (what an import passing over held rows asks for), or a
    /// random half.
    static func wanted(_ rule: CompiledRule, round: Int) -> Bool {
        switch round % 3 {
        case 0: return rule.targets.contains(.payee) || rule.targets.contains(.ignored) || !rule.transferAccounts.isEmpty
        case 1: return rule.categories.contains { $0.description == "Cat:C3" || $0.description == "Cat:C2" }
        default: return rule.index % 2 == 0
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
    func whereTheScreenSaysNoWantedRuleActsNoneDoes(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0x5C4EE7 &+ seed)
        let context = RuleContext(categories: [CategoryPath(parsing: "Cat:C0")!, CategoryPath(parsing: "Cat:C1")!],
                                  accounts: StoryLedger.accounts, accountsWithoutStatements: ["Wallet"])
        var screenedAway = 0, actedOn = 0
        for round in 0..<30 {
            let text = Self.ruleSet(&random, count: 2 + random.below(10))
            let compilation = RuleCompiler.compile(sources: [("screen.rules", text)])
            let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())\n\(text)")
            var screen = RuleScreen(set, context: context) { Self.wanted($0, round: round) }
            #expect(set.rules.filter { Self.wanted($0, round: round) }.allSatisfy { screen.rules.contains($0.index) })
            let account = random.below(4) == 0 ? StoryLedger.wallet : StoryLedger.girokonto
            let inputs = (0..<200).map { _ in
                var t = Self.transaction(&random)
                t.accountId = account.id!
                return RuleInput(transaction: t, account: account)
            }
            let plain = set.applyPlainly(to: inputs, context: context)
            for i in inputs.indices {
                let acting = plain.outcomes[i].matched.filter { Self.wanted(set.rule($0), round: round) }
                if screen.mayAct(on: inputs[i].transaction, account: account) {
                    actedOn += acting.isEmpty ? 0 : 1
                } else {
                    screenedAway += 1
                    #expect(acting.isEmpty, "round \(round): \(inputs[i].transaction.payee ?? "") passed the screen, yet \(acting) acted")
                }
            }
        }
        // The screen lets most rows through unruled and stops the ones wanted rules act on.
        #expect(screenedAway > 1_000)
        #expect(actedOn > 100)
    }

    /// A rule outside the wanted ones that sets the payee makes a wanted rule match: it is screened too.
    @Test func aRuleThatChangesWhatAWantedRuleReadsIsScreened() throws {
        let set = try RuleTesting.compile("""
            rule "rename" stage pre
              when memo contains "cash"
              set payee "Geldautomat Mitte"

            rule "tag"
              when payee contains "REWE"
              add tag food

            rule "cash"
              when payee starts with "Geldautomat"
              transfer to "Wallet"

            """)
        var screen = RuleScreen(set, context: RuleContext(accountsWithoutStatements: ["Wallet"])) { !$0.transferAccounts.isEmpty }
        #expect(screen.rules == [0, 2])
        var t = RuleTesting.rewe
        t.memo = "cash at the station"
        var acts = screen.mayAct(on: t, account: RuleTesting.girokonto)
        #expect(acts)
        t.memo = "card"
        acts = screen.mayAct(on: t, account: RuleTesting.girokonto)
        #expect(!acts)
        t.payee = "Geldautomat Ost"
        acts = screen.mayAct(on: t, account: RuleTesting.girokonto)
        #expect(acts)
    }

    /// With a small step budget, a long text can make a regex give up; the screen names every
    /// transaction where one may, and a run on the others warns for none.
    @Test(arguments: [1, 2] as [UInt64])
    func whereTheScreenSaysNoRegexCanGiveUpNoneDoes(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0x61FE &+ seed)
        let compilation = RuleCompiler.compile(sources: [("regex.rules", """
            rule "store" stage pre
              when payee matches /^(\\w+) +#?(\\d+)/
              set payee "$1 shop"
              append notes "store $2"

            rule "late"
              when notes matches /(a|b)*c(a|b)*d$/ or payee matches /x(\\w|\\s)*y$/
              add tag late

            """)])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        for limit in [200_000, 2_000_000] {
            let options = RuleApplyOptions(regexStepLimit: limit)
            let screen = RuleScreen(set, options: options) { _ in false }
            #expect(screen.longestSafeText > 64 && screen.longestSafeText < limit)
            var cannot = 0, may = 0
            for _ in 0..<300 {
                var t = RuleTesting.rewe
                let length = random.below(2 * screen.longestSafeText)
                let payee = "x" + String(repeating: random.pick(["a", "b", " ", "1"]), count: length) + " #12"
                t.originalPayee = payee
                t.payee = payee
                t.notes = String(repeating: "ab", count: random.below(length + 1) / 2)
                let run = set.applyPlainly(to: [RuleInput(transaction: t, account: RuleTesting.girokonto)], options: options)
                if screen.regexesCannotGiveUp(on: t, account: RuleTesting.girokonto) {
                    cannot += 1
                    #expect(run.diagnostics.isEmpty, "limit \(limit), payee of \(payee.utf8.count) bytes")
                } else {
                    may += 1
                }
            }
            #expect(cannot > 100)
            #expect(may > 100)
        }
        // A budget small enough for a regex to give up on a short text: the screen says it may.
        let tiny = RuleApplyOptions(regexStepLimit: 300)
        var t = RuleTesting.rewe
        t.payee = "x" + String(repeating: "a b ", count: 100) + "z"
        #expect(!set.applyPlainly(to: [RuleInput(transaction: t, account: RuleTesting.girokonto)], options: tiny).diagnostics.isEmpty)
        #expect(!RuleScreen(set, options: tiny) { _ in false }.regexesCannotGiveUp(on: t, account: RuleTesting.girokonto))
        // Without regexes no text is too long.
        #expect(RuleScreen(try RuleTesting.compile("rule \"a\"\n  when payee contains \"x\"\n  add tag t\n")) { _ in true }.longestSafeText == .max)
    }
}
