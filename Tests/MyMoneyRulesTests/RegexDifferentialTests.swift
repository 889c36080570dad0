import Foundation
import Testing
@testable import MyMoneyRules

/// The regex engine against NSRegularExpression (the engine it replaced) on generated patterns
/// and texts from the supported subset, and the DFA against its plain twin, the Pike VM.
@Suite struct RegexDifferentialTests {
    /// A seeded generator of patterns and texts.
    struct Generator {
        var state: UInt64
        mutating func next(_ n: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(n))
        }
        mutating func pick(_ options: [String]) -> String { options[next(options.count)] }

        mutating func pattern(depth: Int = 0) -> String {
            var branches: [String] = []
            for _ in 0..<(next(4) == 0 ? 2 : 1) {
                var pieces = ""
                for _ in 0..<(1 + next(4)) { pieces += piece(depth: depth) }
                branches.append(pieces)
            }
            return branches.joined(separator: "|")
        }

        mutating func piece(depth: Int) -> String {
            if next(8) == 0 { return pick(["^", "$", "\\b", "\\B"]) }
            var atom: String
            switch next(depth < 2 ? 12 : 9) {
            case 0...3: atom = pick(["a", "b", "c", "A", "B", " ", "\\.", "-", "é", "1"])
            case 4: atom = "."
            case 5, 6: atom = pick(["[ab]", "[^a]", "[a-c]", "[A-Z]", "[^ab ]", "[é1]", "[.-]"])
            case 7, 8: atom = pick(["\\d", "\\w", "\\s", "\\W", "\\D"])
            case 9, 10: atom = "(" + pattern(depth: depth + 1) + ")"
            default: atom = "(?:" + pattern(depth: depth + 1) + ")"
            }
            if next(3) == 0 { atom += pick(["*", "+", "?", "{1,2}", "{2}", "{0,1}", "*?", "+?", "??", "{1,}"]) }
            return atom
        }

        mutating func text() -> String {
            let alphabet = ["a", "b", "c", "A", "B", " ", ".", "-", "1", "é", "É", "x"]
            var t = ""
            for _ in 0..<next(11) { t += pick(alphabet) }
            if next(12) == 0 { t += "\n" }
            return t
        }
    }

    /// What NSRegularExpression answers: nil for no match, else each group's text ("" when it took no part).
    static func reference(_ pattern: String, caseSensitive: Bool, _ text: String) throws -> [String]? {
        let regex = try NSRegularExpression(pattern: pattern, options: caseSensitive ? [] : [.caseInsensitive])
        let ns = text as NSString
        guard let m = regex.firstMatch(in: text, range: NSRange(location: 0, length: ns.length)) else { return nil }
        return (0..<m.numberOfRanges).map { m.range(at: $0).location == NSNotFound ? "" : ns.substring(with: m.range(at: $0)) }
    }

    /// Whether captures may differ for a documented reason: a capture inside a repetition whose
    /// body can match empty text (backtracking engines stop such loops on an empty iteration,
    /// automata do not take it).
    static func capturesMayDiffer(_ node: RegexNode) -> Bool {
        func hasCapture(_ n: RegexNode) -> Bool {
            switch n {
            case .group(let inner, let capture): return capture != nil || hasCapture(inner)
            case .concatenation(let list), .alternation(let list): return list.contains(where: hasCapture)
            case .repetition(let inner, _, _, _): return hasCapture(inner)
            default: return false
            }
        }
        func nullable(_ n: RegexNode) -> Bool {
            switch n {
            case .empty, .assertion: return true
            case .set: return false
            case .group(let inner, _): return nullable(inner)
            case .concatenation(let list): return list.allSatisfy(nullable)
            case .alternation(let list): return list.contains(where: nullable)
            case .repetition(let inner, let low, _, _): return low == 0 || nullable(inner)
            }
        }
        switch node {
        case .repetition(let inner, _, let high, _):
            if high != 1 && nullable(inner) && hasCapture(inner) { return true }
            return capturesMayDiffer(inner)
        case .group(let inner, _): return capturesMayDiffer(inner)
        case .concatenation(let list), .alternation(let list): return list.contains(where: capturesMayDiffer)
        default: return false
        }
    }

    @Test func generatedPatternsAgreeWithNSRegularExpression() throws {
        var g = Generator(state: 20261201)
        var compared = 0, capturesCompared = 0, matched = 0
        for _ in 0..<700 {
            let pattern = g.pattern()
            let caseSensitive = g.next(3) == 0
            guard (try? NSRegularExpression(pattern: pattern)) != nil else { continue }
            let regex = try RuleRegex(pattern: pattern, caseSensitive: caseSensitive)
            let compareCaptures = !Self.capturesMayDiffer(regex.tree)
            var matcher = RegexMatcher(regexes: [regex])
            for _ in 0..<16 {
                let text = g.text()
                let expected = try Self.reference(pattern, caseSensitive: caseSensitive, text)
                let answer = matcher.matches(0, text)
                #expect((answer != .noMatch) == (expected != nil), "/\(pattern)/\(caseSensitive ? "" : "i") on \(text.debugDescription)")
                compared += 1
                if expected != nil { matched += 1 }
                if let expected, compareCaptures {
                    #expect(matcher.captures(0, text) == .match(expected), "captures of /\(pattern)/ on \(text.debugDescription)")
                    capturesCompared += 1
                }
            }
        }
        #expect(compared > 7_000)
        #expect(matched > 1_500 && matched < compared - 1_500, "both answers are well represented")
        #expect(capturesCompared > 1_000)
    }

    /// The DFA, with a cache small enough to fill all the time, answers as the VM does.
    @Test(arguments: [LazyDFA.defaultMaximumStates, 3])
    func dfaAgreesWithThePikeVM(maximumStates: Int) throws {
        var g = Generator(state: 7 + UInt64(maximumStates))
        var resets = 0
        for _ in 0..<800 {
            let pattern = g.pattern()
            guard let regex = try? RuleRegex(pattern: pattern, caseSensitive: g.next(2) == 0) else { continue }
            var dfa = LazyDFA(program: regex.program, maximumStates: maximumStates)
            var scratch = PikeVM.Scratch()
            for _ in 0..<12 {
                let text = String(g.text().unicodeScalars.filter(\.isASCII).map(Character.init))
                var steps = 1_000_000
                var copy = text
                let fast = copy.withUTF8 { dfa.run($0, steps: &steps) }
                let scalars = text.unicodeScalars.map(\.value)
                var vmSteps = 1_000_000
                let plain = scalars.withUnsafeBufferPointer { PikeVM.run(regex.program, $0, captures: false, steps: &vmSteps, scratch: &scratch) }
                if fast == .useVM { continue }   // the cache filled, or `$` before a final line break: the VM answers
                #expect((fast == .match) == (plain == .match([])), "/\(pattern)/ on \(text.debugDescription)")
            }
            resets += dfa.cacheResets
        }
        if maximumStates == 3 { #expect(resets > 0, "the small cache filled and was emptied") }
    }

    /// Patterns that take exponential time in backtracking engines finish here after a number of
    /// steps proportional to the text (asserted on steps, not on time).
    @Test(arguments: ["(a+)+$", "(a|a)*$", "(a|aa)+$", "(\\w+\\s?)+$", "(a*)*b", "^(a+)+b", "(.*a){12}"])
    func pathologicalPatternsTakeLinearSteps(pattern: String) throws {
        let regex = try RuleRegex(pattern: pattern, caseSensitive: false)
        for length in [10, 40, 160] {
            let text = String(repeating: "a", count: length) + "!"
            let scalars = text.unicodeScalars.map(\.value)
            var scratch = PikeVM.Scratch()
            let budget = 100_000_000
            var steps = budget
            let outcome = scalars.withUnsafeBufferPointer { PikeVM.run(regex.program, $0, captures: true, steps: &steps, scratch: &scratch) }
            #expect(outcome != .gaveUp)
            let bound = (scalars.count + 1) * (regex.program.instructions.count + 1) * 2
            #expect(budget - steps <= bound, "/\(pattern)/ on \(length) characters took \(budget - steps) steps")
            var matcher = RegexMatcher(regexes: [regex], stepLimit: bound)
            #expect(matcher.matches(0, text) != .gaveUp)
        }
    }

    /// The import this replaced: 40 a's and a ! against (a+)+$ ran for minutes; now the rule
    /// simply does not match.
    @Test func catastrophicRuleDoesNotStallTheRun() throws {
        let compilation = RuleCompiler.compile(sources: [("t.rules", "rule \"R\"\n  when payee matches /(a+)+$/ and payee contains \"!\"\n  add tag hit\n")])
        #expect(compilation.diagnostics.map(\.code) == ["rules.regex-backtracking"])   // a warning about other tools
        let set = try #require(compilation.ruleSet)
        let t = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-01"), amount: .zero, currency: .EUR,
                                  originalPayee: String(repeating: "a", count: 40) + "!")
        let run = set.apply(to: Array(repeating: RuleInput(transaction: t), count: 100))
        #expect(run.transactions.allSatisfy { $0.tags.isEmpty })
        #expect(run.diagnostics.isEmpty)
    }
}
