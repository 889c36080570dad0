import Foundation
import Testing
@testable import MyMoneyRules

/// Regexes of anchored alternatives (`^(POS [0-9]+ |CARD [0-9]+ )?(NAME|…)`), answered on short
/// ASCII text by ``AnchoredAlternatives`` instead of the DFA, against the DFA and VM
/// (``RegexMatcher``), against NSRegularExpression, and through the whole engine against its
/// plain twin: optional prefixes with digits, empty alternatives, names in mixed case, `/i` or
/// not, `$` at the end, texts with line breaks, accents, and longer than the matcher reads.
@Suite struct AnchoredAlternativesDifferentialTests {
    static func shape(_ pattern: String, caseSensitive: Bool = false) throws -> AnchoredAlternatives? {
        AnchoredAlternatives(try RuleRegex(pattern: pattern, caseSensitive: caseSensitive).tree)
    }

    @Test func theShapeIsReadFromTheTree() throws {
        #expect(try Self.shape("^(POS [0-9]+ |CARD [0-9]+ )?(STATE FARM|GEICO)") != nil)
        #expect(try Self.shape("^(?:SQ \\*|)(BLUE MARKET|golden cafe)$") != nil)
        #expect(try Self.shape("^POS \\d* ?(SHELL|ARAL)") != nil)
        #expect(try Self.shape("(^SHELL)") != nil)
        #expect(try Self.shape("^(a|b)??c.") != nil)
        #expect(try Self.shape("(POS [0-9]+ )?(SHELL|ARAL)") == nil)      // not anchored
        #expect(try Self.shape("^(POS )?(SHELL|ARAL)\\b") == nil)          // a word boundary
        #expect(try Self.shape("^(POS [0-9]{4} )?SHELL") == nil)          // a bounded repetition
        #expect(try Self.shape("^((POS|CARD) [0-9]+ )?SHELL") == nil)      // an alternation inside a sequence
        #expect(try Self.shape("^(SHELL|ARAL)+") == nil)                  // a repeated alternation
        #expect(try Self.shape("^SHELL|^ARAL") == nil)                    // an alternation of anchored branches
        #expect(try Self.shape("^") == nil)
    }

    /// Generated patterns of the shape and texts made to hit and just miss them.
    struct Generator {
        var random: EngineDifferentialTests.Generator
        init(state: UInt64) { random = EngineDifferentialTests.Generator(state: state) }
        mutating func next(_ n: Int) -> Int { random.next(n) }
        mutating func pick(_ options: [String]) -> String { random.pick(options) }

        static let names = ["STATE FARM", "GEICO", "Blue Market", "golden cafe", "SHELL", "A", "CAFÉ", "NORTH BOOKS", "SQ"]
        static let prefixes = ["POS [0-9]+ ", "CARD [0-9]+ ", "SQ \\*", "", "POS \\d* ?", "CARD.", "X|Y"]

        mutating func pattern() -> String {
            var prefixes: [String] = []
            for _ in 0..<(1 + next(3)) { prefixes.append(pick(Self.prefixes)) }
            var names: [String] = []
            for _ in 0..<(1 + next(4)) { names.append(pick(Self.names)) }
            let prefix = prefixes.joined(separator: "|")
            let optional = next(4) == 0 ? "??" : (next(5) == 0 ? "" : "?")
            let group = next(3) == 0 ? "(?:" : "("
            var p = "^\(group)\(prefix))\(optional)(\(names.joined(separator: "|")))"
            if next(5) == 0 { p += pick(["$", "\\z", " [0-9]+", ".", " ?"]) }
            return p
        }

        mutating func text() -> String {
            var t = ""
            switch next(6) {
            case 0: t = "POS \(next(10_000)) "
            case 1: t = "CARD \(next(100)) "
            case 2: t = "SQ *"
            case 3: t = pick(["X", "Y", "POS ", "CARD", "pos 12 ", "card7 "])
            default: break
            }
            var name = pick(Self.names)
            switch next(4) {
            case 0: name = name.lowercased()
            case 1: name = name.uppercased()
            case 2 where name.count > 2: name = String(name.dropLast())
            default: break
            }
            t += name
            switch next(8) {
            case 0: t += " BERLIN"
            case 1: t += "\n"
            case 2: t += " \(next(1000))"
            case 3: t += String(repeating: " x", count: 40)
            case 4: t = t.decomposedStringWithCanonicalMapping
            default: break
            }
            return t
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theMatcherAgreesWithTheRegexAndWithNSRegularExpression(seed: UInt64) throws {
        var g = Generator(state: seed)
        var answered = 0, matched = 0
        for _ in 0..<300 {
            let pattern = g.pattern()
            let caseSensitive = g.next(4) == 0
            let regex = try RuleRegex(pattern: pattern, caseSensitive: caseSensitive)
            let shape = try #require(AnchoredAlternatives(regex.tree), "\(pattern)")
            var matcher = RegexMatcher(regexes: [regex])
            let reference = try NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
            for _ in 0..<40 {
                let text = g.text()
                let regexAnswer = matcher.matches(0, text)
                var copy = text
                guard let fast = copy.withUTF8({ shape.matches($0) }) else {
                    #expect(text.utf8.count > AnchoredAlternatives.maximumLength || text.utf8.contains { $0 >= 0x80 }
                            || (shape.endsAtTextEnd && text.hasSuffix("\n")), "\(pattern) left \(text.debugDescription) undecided")
                    continue
                }
                answered += 1
                if fast { matched += 1 }
                #expect(fast == (regexAnswer == .match([])), "/\(pattern)/ on \(text.debugDescription): \(fast), the regex \(regexAnswer)")
                let ns = text as NSString
                let found = reference.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) != nil
                #expect(fast == found, "/\(pattern)/ on \(text.debugDescription): \(fast), NSRegularExpression \(found)")
            }
        }
        // The comparison means something: most texts are answered, and both ways.
        #expect(answered > 300 * 40 / 2)
        #expect(matched > answered / 10 && matched < answered * 9 / 10)
    }

    static func rulesText(_ g: inout Generator) -> String {
        var text = ""
        for i in 0..<60 {
            text += "rule \"A\(i)\"\n"
            let test = "matches /\(g.pattern())/" + (i % 5 == 0 ? " case-sensitive" : "")
            switch i % 6 {
            case 0: text += "  when memo \(test)\n"
            case 1: text += "  when text \(test)\n"                      // several values
            case 2: text += "  when payee \(test) and amount < 0\n"
            default: text += "  when payee \(test)\n"
            }
            switch i % 4 {
            case 0: text += "  set payee \"POS 1 SHELL\"\n"                // later rules read the new payee
            case 1: text += "  add tag t\(i % 3)\n"
            default: text += "  set category C\(i % 7):S\n"
            }
        }
        return text
    }

    @Test(arguments: [4, 5, 6] as [UInt64])
    func theEngineAgreesWithItsPlainTwinOnAnchoredAlternatives(seed: UInt64) throws {
        var g = Generator(state: seed)
        let compilation = RuleCompiler.compile(sources: [("anchored.rules", Self.rulesText(&g))])
        let set = try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())")
        #expect(set.anchoredShapes.filter { $0 != nil }.count >= 40)
        let inputs = (0..<2_000).map { k -> RuleInput in
            var t = RuleTesting.rewe
            t.originalPayee = g.text()
            t.payee = t.originalPayee
            t.memo = k % 3 == 0 ? g.text() : nil
            t.notes = k % 7 == 0 ? g.text() : nil
            return RuleInput(transaction: t, account: RuleTesting.girokonto)
        }
        let plain = set.applyPlainly(to: inputs)
        for threads in [1, 2] {
            let fast = set.apply(to: inputs, options: RuleApplyOptions(threads: threads))
            for i in inputs.indices where fast.outcomes[i] != plain.outcomes[i] || fast.transactions[i] != plain.transactions[i] {
                Issue.record("\(inputs[i].transaction.payee!.debugDescription): fast matched \(fast.outcomes[i].matched), plain \(plain.outcomes[i].matched)")
                break
            }
            #expect(fast.diagnostics.count == plain.diagnostics.count)
        }
        #expect(plain.outcomes.filter(\.isChanged).count > inputs.count / 5)
    }

    /// Under a small step budget a long text still goes to the regex, which gives up and says so.
    @Test func aTextLongEnoughToUseUpTheStepsIsLeftToTheRegex() throws {
        let rules = "rule \"a\"\n  when payee matches /^(POS [0-9]+ )?(SHELL|ARAL)/\n  add tag fuel\n"
        let set = try #require(RuleCompiler.compile(sources: [("long.rules", rules)]).ruleSet)
        var t = RuleTesting.rewe
        t.payee = "POS 12 SHELL" + String(repeating: "x", count: 40)
        t.originalPayee = t.payee
        let input = [RuleInput(transaction: t, account: RuleTesting.girokonto)]
        #expect(set.apply(to: input).outcomes[0].matched == [0])
        let tight = set.apply(to: input, options: RuleApplyOptions(regexStepLimit: 200))
        #expect(tight.diagnostics.map(\.code) == set.applyPlainly(to: input, options: RuleApplyOptions(regexStepLimit: 200)).diagnostics.map(\.code))
    }
}
