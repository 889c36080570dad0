import Testing
import MyMoneyTestSupport
@testable import MyMoneyRules

/// Regexes of the shape `A.*B`, answered on ASCII text from where the literal scan found their
/// texts (``RegexLiterals/ordered``, ``LiteralPositions``) instead of by the DFA, against the
/// plain twin that runs every regex: texts in either order, overlapping, repeated, in mixed
/// case, across line breaks, on another field than the payee, and long enough to use up a small
/// step budget.
@Suite struct OrderedRegexDifferentialTests {
    @Test func theShapeIsReadFromTheTree() throws {
        func ordered(_ pattern: String) throws -> [[String]]? {
            RegexLiterals(try RuleRegex(pattern: pattern, caseSensitive: false).tree).ordered
        }
        #expect(try ordered("SHELL.*STATION") == [["shell"], ["station"]])
        #expect(try ordered("(EDEKA|Rewe).*(BERLIN|koeln)") == [["edeka", "rewe"], ["berlin", "koeln"]])
        #expect(try ordered("(?s)abc.*?def") == [["abc"], ["def"]])
        #expect(try ordered("^abc.*def") == nil)          // an anchor
        #expect(try ordered("abc.*def.*ghi") == nil)      // two gaps
        #expect(try ordered("ab.*def") == nil)            // a text shorter than the scan looks for
        #expect(try ordered("abc.+def") == nil)           // `.+` needs a character between
        #expect(try ordered("caf[eé].*bar") == nil)       // not ASCII
        #expect(try ordered("abc[0-9]*def") == nil)       // not any character
        #expect(try RegexLiterals(try RuleRegex(pattern: "abc.*def", caseSensitive: true).tree).ordered == nil)
    }

    static let words = ["abcd", "cdef", "SHELL", "shell", "Station", "xyz", "edeka", "REWE", "Berlin", "koeln", " ", "-", "7"]
    static let breaks = ["\n", "\r", "\u{0B}", "\u{0C}", "\t", "é"]

    static let rules = """
        rule "overlap"
          when payee matches /abcd.*cdef/
          add tag overlap
        rule "plain"
          when payee matches /shell.*station/
          add tag plain
        rule "sets"
          when payee matches /(edeka|rewe).*(berlin|koeln)/ or memo matches /(edeka|rewe).*(berlin|koeln)/
          add tag sets
        rule "lazy, dot all"
          when payee matches /(?s)station.*?shell/
          add tag dotall
        rule "rename"
          when payee matches /xyz.*abcd/
          set payee "shell and station"
        rule "after rename"
          when payee matches /shell.*station/ and payee contains "and"
          add tag renamed
        """

    @Test(arguments: [1, 2, 3] as [UInt64])
    func regexesAnsweredByWhereTheirTextsAreAgreeWithTheRegex(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0xA11CE &+ seed)
        func next(_ n: Int) -> Int { random.below(n) }
        let compilation = RuleCompiler.compile(sources: [("ordered.rules", Self.rules)])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        #expect(set.leaves.filter { $0.ordered != nil }.count == 7)
        let inputs = (0..<4_000).map { k -> RuleInput in
            var text = ""
            for _ in 0..<(1 + next(6)) {
                text += next(12) == 0 ? Self.breaks[next(Self.breaks.count)] : Self.words[next(Self.words.count)]
            }
            if k % 50 == 0 { text += String(repeating: "z", count: 40) + "cdef" }
            var t = RuleTesting.rewe
            t.originalPayee = text
            t.payee = text
            t.memo = k % 3 == 0 ? String(text.reversed()) : nil
            return RuleInput(transaction: t, account: RuleTesting.girokonto)
        }
        let options = RuleApplyOptions()
        let plain = set.applyPlainly(to: inputs, options: options)
        for threads in [1, 2] {
            var fastOptions = options
            fastOptions.threads = threads
            let fast = set.apply(to: inputs, options: fastOptions)
            for i in inputs.indices where fast.outcomes[i] != plain.outcomes[i] || fast.transactions[i] != plain.transactions[i] {
                Issue.record("\(inputs[i].transaction.payee!.debugDescription): fast matched \(fast.outcomes[i].matched), plain \(plain.outcomes[i].matched)")
                break
            }
            #expect(fast.diagnostics.count == plain.diagnostics.count)
        }
        // The comparison means something: every rule matches somewhere, and misses somewhere
        // its texts both occur (in the wrong order or overlapping).
        for r in 0..<6 { #expect(plain.outcomes.contains { $0.matched.contains(r) }, "rule \(r) never matched") }
        #expect(inputs.indices.contains { i in
            let p = inputs[i].transaction.payee!.lowercased()
            return p.contains("abcd") && p.contains("cdef") && !plain.outcomes[i].matched.contains(0)
        })
    }

    /// A small step budget makes the DFA's answers depend on which states it has cached, so the
    /// twins are not compared there; what must hold is that a text long enough to use up the
    /// budget goes to the regex, which gives up and says so, as it did before positions answered.
    @Test func aTextLongEnoughToUseUpTheStepsIsLeftToTheRegex() throws {
        let set = try #require(RuleCompiler.compile(sources: [("long.rules", Self.rules)]).ruleSet)
        var t = RuleTesting.rewe
        t.payee = "shell " + String(repeating: "x", count: 5_000) + " station"
        t.originalPayee = t.payee
        let input = [RuleInput(transaction: t, account: RuleTesting.girokonto)]
        let tight = set.apply(to: input, options: RuleApplyOptions(regexStepLimit: 1_000))
        #expect(tight.outcomes[0].matched.isEmpty)
        #expect(tight.diagnostics.map(\.code) == ["rules.regex-budget", "rules.regex-budget"])   // rules "plain" and "after rename"
        #expect(set.apply(to: input).outcomes[0].matched == [1])
    }
}
