import Foundation
import Testing
@testable import MyMoneyRules

/// The rule engine (literal scan, prefilters, regexes answered by their literals, candidate index,
/// threads) against its plain twin, ``CompiledRuleSet/applyPlainly(to:context:options:)``, on
/// generated rules and payees written the way banks write them: mixed case, card prefixes,
/// digits, accents composed either way, Greek, Turkish and the Kelvin sign.
@Suite struct EngineDifferentialTests {
    /// A seeded generator (SplitMix64).
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
        mutating func pick(_ options: [String]) -> String { options[next(options.count)] }
    }

    static let merchants = ["BLUE MARKET", "GOLDEN CAFE", "CAFÉ CENTRAL", "BÄCKEREI MÜLLER", "ΟΔΟΣ ΑΘΗΝΑ", "İSTANBUL KEBAP",
                            "STRASSE SHOP", "KIOSK KARL", "ROYAL PIZZA", "NORTH BOOKS", "ÉPICERIE FINE", "SQ COFFEE"]
    static let cities = ["BERLIN", "KÖLN", "SEATTLE", "ΑΘΗΝΑ"]

    /// How a user spells a name in a rule: as the bank does, in title case, in lower case.
    static func spelled(_ name: String, _ k: Int) -> String {
        switch k % 3 {
        case 0: return name
        case 1: return name.capitalized
        default: return name.lowercased()
        }
    }

    /// How a bank writes a payee: card prefixes, digits, suffixes, decomposed accents, odd letters.
    static func payee(_ g: inout Generator) -> String {
        let m = g.pick(merchants), city = g.pick(cities)
        var text: String
        switch g.next(9) {
        case 0: text = "POS \(1000 + g.next(9000)) \(m)"
        case 1: text = "CARD \(1000 + g.next(9000)) \(m) \(city)"
        case 2: text = m.capitalized + " GmbH"
        case 3: text = "SQ *\(m)"
        case 4: text = "\(m) #\(g.next(99_999))"
        case 5: text = "\(m)\(city)"              // no space: a capital sigma inside a word
        case 6: text = "TRANSFER REF \(g.next(1_000_000)) SEPA"
        case 7: text = m.lowercased() + " " + city.lowercased()
        default: text = "\(m) \(city)"
        }
        switch g.next(6) {
        case 0: return text.decomposedStringWithCanonicalMapping
        case 1: return text.replacingOccurrences(of: "K", with: "\u{212A}")   // the Kelvin sign
        default: return text
        }
    }

    /// Rules of every kind the realistic benchmark writes, and a few it does not.
    static func rulesText(count: Int, _ g: inout Generator) -> String {
        var text = ""
        for i in 0..<count {
            let m = spelled(g.pick(merchants), i), other = spelled(g.pick(merchants), i + 1)
            let words = m.split(separator: " "), otherWords = other.split(separator: " ")
            let stage = i % 17 == 0 ? " stage pre" : (i % 19 == 0 ? " stage post" : "")
            text += "rule \"R\(i)\"\(stage)\n"
            switch g.next(14) {
            case 0: text += "  when payee contains \"\(m)\"\n"
            case 1: text += "  when payee contains \"\(words[0])\" and amount between -\(50 + g.next(200)) and -\(1 + g.next(20))\n"
            case 2: text += "  when payee starts with \"\(words[0])\" or payee ends with \"\(words.last!)\"\n"
            case 3: text += "  when payee equals \"\(m)\"\n"
            case 4: text += "  when payee contains \"\(words.last!)\" case-sensitive\n"
            case 5: text += "  when payee matches /^(POS [0-9]+ |CARD [0-9]+ )?(\(m)|\(other))/\n"
            case 6: text += "  when payee matches /\(m)|\(other)/\n"
            case 7: text += "  when payee matches /\(words[0]).*\(otherWords.last!)/\n"
            case 8: text += "  when payee matches /(\(words[0])|\(otherWords[0])).*(\(words.last!)|\(otherWords.last!))/\n"
            case 9: text += "  when payee matches /(\(m)|\(other)) ?(\(cities.joined(separator: "|")))/ and amount < 0\n"
            case 10: text += "  when payee matches /\(words[0])|\(otherWords[0])/ case-sensitive\n"
            case 11: text += "  when not payee contains \"\(words[0])\" and payee matches /kiosk|kebap|\\bsq\\b/\n"
            case 12: text += "  when text contains \"\(words.last!)\" or tag is \"seen\"\n"
            default: text += "  when payee matches /(?-i:\(words[0]))|\(otherWords.last!)/\n"
            }
            switch i % 10 == 7 ? 7 : (i % 13 == 8 ? 8 : g.next(12)) {
            case 0: text += "  add tag seen\n"
            case 1: text += "  set payee \"\(m.capitalized)\"\n"
            case 2: text += "  remove tag seen\n  set category Food:R\(i % 5)\n"
            case 3: text += "  set category Shop:R\(i % 7)\n  stop\n"
            case 4: text += "  append notes \"n\(i % 4)\"\n  add tag seen\n"
            case 5: text += "  set notes \"R\(i)\"\n  set place \"P\(i % 3)\"\n"
            case 6: text += "  set project \"Trip \(i % 2)\"\n  remove tag t\(i % 3)\n"
            case 7 where i % 10 == 7: text += "  transfer to Wallet\n"
            case 8 where i % 13 == 8: text += "  ignore\n"
            default: text += "  set category Cat\(i % 9):Sub\(i % 4)\n  add tag t\(i % 3)\n"
            }
        }
        return text
    }

    static func inputs(count: Int, _ g: inout Generator) -> [RuleInput] {
        (0..<count).map { k in
            var t = RuleTesting.rewe
            t.originalPayee = payee(&g)
            t.payee = t.originalPayee
            t.memo = k % 4 == 0 ? "Kartenzahlung \(g.next(1000))" : nil
            t.amount = Amount(units: Int64(g.next(40_000)) - 30_000, scale: 2)
            return RuleInput(transaction: t, account: RuleTesting.girokonto)
        }
    }

    /// Rows that already carry what rules set: a tag, notes, a category, a transfer.
    static func rowsCarryingWhatRulesSet(_ inputs: [RuleInput]) -> [RuleInput] {
        inputs.enumerated().map { k, input in
            var input = input
            switch k % 5 {
            case 0: input.transaction.tags = ["seen", "T1"]
            case 1: input.transaction.notes = "kept"
            case 2: input.transaction.category = CategoryPath(["Shop", "R1"])
            case 3 where k % 2 == 0:
                input.transaction.type = .transfer
                input.transaction.transferHint = "Wallet"
            default: break
            }
            return input
        }
    }

    @Test(arguments: [1, 2, 3, 4])
    func theEngineAgreesWithItsPlainTwinOnBankPayees(seed: UInt64) throws {
        var g = Generator(state: seed)
        let compilation = RuleCompiler.compile(sources: [("generated.rules", Self.rulesText(count: 100, &g))])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        let inputs = Self.inputs(count: 1_200, &g)
        let plain = set.applyPlainly(to: inputs)
        for threads in [1, 2] {
            let fast = set.apply(to: inputs, options: RuleApplyOptions(threads: threads))
            for i in inputs.indices where fast.outcomes[i] != plain.outcomes[i] || fast.transactions[i] != plain.transactions[i] {
                Issue.record("transaction \(i) \"\(inputs[i].transaction.originalPayee ?? "")\": fast matched \(fast.outcomes[i].matched), plain \(plain.outcomes[i].matched)")
                break
            }
            #expect(fast.diagnostics.count == plain.diagnostics.count)
        }
        // The comparison means something: rules match, and on accented and non-ASCII payees too.
        let changed = plain.outcomes.filter(\.isChanged)
        #expect(changed.count > inputs.count / 4)
        #expect(changed.contains { !(inputs[$0.index].transaction.originalPayee ?? "").unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test(arguments: [5, 6, 7])
    func rulesAppliedInPlaceAgreeWithThePlainTwin(seed: UInt64) throws {
        // What an import does (``CompiledRuleSet/apply(inPlace:range:accounts:context:options:)``):
        // no copy of the transactions, the fields before the rules kept as each is first changed,
        // outcomes only for matched rows, indexes into the whole array.
        var g = Generator(state: seed)
        // A last rule takes off a tag rows arrive with (and earlier rules may have added).
        let text = Self.rulesText(count: 100, &g) + "rule \"Untag\" stage pre\n  when tag is \"seen\"\n  remove tag seen\n"
        let compilation = RuleCompiler.compile(sources: [("generated.rules", text)])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        let inputs = Self.rowsCarryingWhatRulesSet(Self.inputs(count: 1_500, &g))
        let context = RuleContext(accounts: [RuleTesting.girokonto], accountsWithoutStatements: ["Wallet"])
        let plain = set.applyPlainly(to: inputs, context: context)
        let range = 100..<1_400
        // Whole, on 1 to 3 threads; then part after part with one runner (its evaluators and their
        // DFAs kept from part to part, the thread count changing), as an import does.
        for threads in [1, 2, 3, 0] {
            var transactions = inputs.map(\.transaction)
            var run: RuleRun
            if threads > 0 {
                run = set.apply(inPlace: &transactions, range: range, accounts: [RuleTesting.girokonto], context: context,
                                options: RuleApplyOptions(threads: threads))
            } else {
                let runner = InPlaceRuleRunner(set, context: context)
                run = runner.apply(inPlace: &transactions, range: 100..<600, accounts: [RuleTesting.girokonto], threads: 2)
                let rest = runner.apply(inPlace: &transactions, range: 600..<1_400, accounts: [RuleTesting.girokonto], threads: 1)
                run.outcomes += rest.outcomes
                run.ignored += rest.ignored
                run.transfers += rest.transfers
                run.diagnostics += rest.diagnostics
            }
            #expect(run.transactions.isEmpty)
            #expect(transactions[..<range.lowerBound] == inputs[..<range.lowerBound].map(\.transaction)[...])
            #expect(transactions[range.upperBound...] == inputs[range.upperBound...].map(\.transaction)[...])
            let matched = plain.outcomes[range].filter { !$0.matched.isEmpty }
            #expect(run.outcomes.map(\.index) == matched.map(\.index))
            for (fast, slow) in zip(run.outcomes, matched) where fast != slow {
                Issue.record("transaction \(slow.index): in place \(fast.changes), plain \(slow.changes)")
                break
            }
            for i in range where transactions[i] != plain.transactions[i] {
                Issue.record("transaction \(i) \"\(inputs[i].transaction.originalPayee ?? "")\" differs after the rules")
                break
            }
            #expect(run.ignored == plain.ignored.filter(range.contains))
            #expect(run.transfers == plain.transfers.filter { range.contains($0.transaction) })
            #expect(run.diagnostics.count == plain.diagnostics.count)
        }
        // The comparison means something: every kind of change happens in the range.
        let changes = plain.outcomes[range].flatMap(\.changes)
        for target in [RuleTarget.category, .tags, .payee, .notes, .place, .project, .transfer] {
            #expect(changes.contains { $0.target == target }, "no \(target) change")
        }
        #expect(changes.contains { $0.operation == .remove })
        #expect(!plain.ignored.filter(range.contains).isEmpty)
    }

    @Test func aCapitalSigmaInsideAWordIsFoundLikeAnyOtherLetter() throws {
        // Lowercasing the whole text made the final Σ of ΟΔΟΣ a final ς, and ΟΔΟΣΑ holds a σ.
        let greek = LedgerTransaction(accountId: 1, day: RuleTesting.rewe.day, amount: RuleTesting.rewe.amount, currency: .EUR,
                                      originalPayee: "ΟΔΟΣΑΘΗΝΑ 12", sourceFormat: "csv")
        #expect(try RuleTesting.holds("payee contains \"ΟΔΟΣ\"", greek))
        #expect(try RuleTesting.holds("payee contains \"οδοσ\"", greek))
        #expect(try RuleTesting.holds("payee matches /ΟΔΟΣ/", greek))
        #expect(try !RuleTesting.holds("payee contains \"οδος\"", greek), "ς and σ stay apart, as in a regex")
    }

    @Test func theKelvinSignIsAKWhetherTheScanOrTheRegexAnswers() throws {
        // A regex of literals is answered by the scan on ASCII text only; on other text the regex
        // runs, and both fold the Kelvin sign (U+212A) to k.
        let set = try RuleTesting.compile("rule \"kiosk\"\n  when payee matches /kiosk|kebap/\n  add tag hit\n")
        let payees = ["\u{212A}IOSK KARL", "Kiosk Karl", "KIOS K", "Kebap Haus"]
        let inputs = payees.map { payee in
            RuleInput(transaction: LedgerTransaction(accountId: 1, day: RuleTesting.rewe.day, amount: RuleTesting.rewe.amount,
                                                     currency: .EUR, originalPayee: payee, sourceFormat: "csv"))
        }
        let run = set.apply(to: inputs)
        #expect(run.transactions.map(\.tags) == [["hit"], ["hit"], [], ["hit"]])
        #expect(run.transactions == set.applyPlainly(to: inputs).transactions)
    }

    @Test func onlyRegexesOfLiteralsIgnoringCaseAreAnsweredByTheirLiterals() throws {
        func exact(_ pattern: String, caseSensitive: Bool = false) throws -> [String]? {
            RegexLiterals(try RuleRegex(pattern: pattern, caseSensitive: caseSensitive).tree).exact
        }
        #expect(try exact("Shell|ARAL") == ["aral", "shell"])
        #expect(try exact("(Edeka|Rewe) (Berlin|Bonn)") == ["edeka berlin", "edeka bonn", "rewe berlin", "rewe bonn"])
        #expect(try exact("colou?r") == ["color", "colour"])
        #expect(try exact("^Shell|Aral") == nil)
        #expect(try exact("\\bShell\\b") == nil)
        #expect(try exact("Shell.*Aral") == nil)
        #expect(try exact("(?-i:Shell)|Aral") == nil)
        #expect(try exact("Shell|Aral", caseSensitive: true) == nil)
        #expect(try exact("Café|Aral") == nil)
        #expect(try exact("ab|Aral") == nil, "a member shorter than the scan's minimum")
    }
}
