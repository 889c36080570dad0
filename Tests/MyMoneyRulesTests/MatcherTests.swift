import Foundation
import Testing
@testable import MyMoneyRules

@Suite struct MatcherTests {
    /// Every occurrence the automaton reports is real, and it misses none (against a naive search).
    @Test func automatonFindsExactlyWhatANaiveSearchFinds() {
        var seed: UInt64 = 7
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let alphabet = Array("abcab ".utf8)
        for _ in 0..<50 {
            let patterns: [[UInt8]] = (0..<(1 + next(12))).map { _ in (0..<(1 + next(4))).map { _ in alphabet[next(alphabet.count)] } }
            let automaton = LiteralAutomaton(patterns: patterns)
            let text: [UInt8] = (0..<next(60)).map { _ in alphabet[next(alphabet.count)] }
            var found = Set<[Int]>()
            text.withUnsafeBufferPointer { buffer in automaton.scan(buffer) { p, end in found.insert([Int(p), end]) } }
            var expected = Set<[Int]>()
            for (p, pattern) in patterns.enumerated() where pattern.count <= text.count {
                for start in 0...(text.count - pattern.count) where Array(text[start..<(start + pattern.count)]) == pattern {
                    expected.insert([p, start + pattern.count])
                }
            }
            #expect(found == expected, "patterns \(patterns) text \(text)")
        }
    }

    @Test func regexPrefilterFindsRequiredLiterals() {
        #expect(RegexPrefilter.requiredLiterals(of: "EDEKA|LIDL") == ["EDEKA", "LIDL"])
        #expect(RegexPrefilter.requiredLiterals(of: "^AMAZON MKTPL\\*(\\w+)") == ["AMAZON MKTPL*"])
        #expect(RegexPrefilter.requiredLiterals(of: "^WHOLE FOODS MARKET\\s*#?(\\d+)") == ["WHOLE FOODS MARKET"])
        #expect(RegexPrefilter.requiredLiterals(of: "colou?r chart") == ["r chart"])
        #expect(RegexPrefilter.requiredLiterals(of: "STORE\\d{2,4} #") == ["STORE"])
        #expect(RegexPrefilter.requiredLiterals(of: "^\\d{8}$") == nil)
        #expect(RegexPrefilter.requiredLiterals(of: "(?i)rewe") == nil)
        #expect(RegexPrefilter.requiredLiterals(of: "REWE|.*") == nil)
        #expect(RegexPrefilter.requiredLiterals(of: "\\x41BCD") == nil)       // \x41 is "A": "41BCD" is not in the text
        #expect(RegexPrefilter.requiredLiterals(of: "caf\\u00e9 au lait") == nil)
        #expect(RegexPrefilter.requiredLiterals(of: "(ab)\\1cdef") == nil)
        #expect(RegexPrefilter.requiredLiterals(of: "Caf[eé] Ein") == nil || RegexPrefilter.requiredLiterals(of: "Caf[eé] Ein") == [" Ein"])
    }

    /// A prefiltered regex decides exactly as the regex alone does.
    @Test(arguments: ["EDEKA|LIDL", "^AMAZON MKTPL\\*(\\w+)", "STORE\\d{2,4} #", "colou?r chart", "a+b+c", "\\x45DEKA"])
    func prefilterNeverChangesTheAnswer(pattern: String) throws {
        let set = try RuleTesting.compile("rule \"R\"\n  when payee matches /\(pattern)/\n  add tag hit\n")
        let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        let payees = ["EDEKA Center", "lidl 42", "AMAZON MKTPL*2K4", "amazon mktpl", "STORE123 #9", "STORE1 #", "color chart",
                      "Colour Chart", "aaabbbc", "abc", "ac", "nothing", ""]
        for payee in payees {
            let t = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-01"), amount: .zero, currency: .EUR, originalPayee: payee)
            let hit = set.apply(to: [RuleInput(transaction: t)]).transactions[0].tags == ["hit"]
            let expected = regex.firstMatch(in: payee, range: NSRange(location: 0, length: (payee as NSString).length)) != nil
            #expect(hit == expected, "/\(pattern)/ on \(payee)")
        }
    }

    @Test func payeeKeysDropStoreNumbersAndCardSuffixes() {
        #expect(PayeeKey.of("WHOLE FOODS MARKET #10234")?.key == "WHOLE FOODS MARKET")
        #expect(PayeeKey.of("STARBUCKS STORE 1234")?.pattern == "STARBUCKS STORE")
        #expect(PayeeKey.of("AMAZON MKTPL*2K4LM")?.pattern == "AMAZON MKTPL")
        #expect(PayeeKey.of("ONLINE PAYMENT TO VISA 4321")?.key == "ONLINE PAYMENT TO VISA")
        #expect(PayeeKey.of("Bäckerei Kamps")?.key == "BÄCKEREI KAMPS")
        #expect(PayeeKey.of("  REWE   Markt  ")?.pattern == "REWE   Markt")
        #expect(PayeeKey.of("1001") == nil)
        #expect(PayeeKey.of("") == nil)
    }
}
