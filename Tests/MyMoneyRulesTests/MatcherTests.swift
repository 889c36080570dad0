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

    /// The literal sets read from a regex's tree: alternations as sets, optional parts dropped,
    /// small sets and optional letters multiplied out, case folded, non-ASCII ending a literal.
    @Test func regexLiteralsAreReadFromTheTree() throws {
        func required(_ pattern: String, caseSensitive: Bool = false) throws -> [[String]] {
            RegexLiterals(try RuleRegex(pattern: pattern, caseSensitive: caseSensitive).tree).required
        }
        #expect(try required("EDEKA|LIDL") == [["edeka", "lidl"]])
        #expect(try required("^AMAZON MKTPL\\*(\\w+)").first == ["amazon mktpl*"])
        #expect(try required("^WHOLE FOODS MARKET\\s*#?(\\d+)").first == ["whole foods market"])
        #expect(try required("colou?r chart").first == ["color chart", "colour chart"])
        #expect(try required("STORE\\d{2,4} #").first == ["store"])
        #expect(try required("^\\d{8}$").isEmpty)
        #expect(try required("(?i)rewe") == [["rewe"]])
        #expect(try required("REWE|.*").isEmpty)
        #expect(try required("\\x41BCD") == [["abcd"]])
        #expect(try required("caf\\u00e9 au lait").first == [" au lait"])
        #expect(try required("Caf[eé] Ein").first == [" ein"])
        // Groups at the start no longer hide the literals (210 of 349 regexes in a measured import began with one).
        #expect(try required("^(POS [0-9]+ |CARD [0-9]+ )?(STATE FARM|GEICO|PROGRESSIVE)").first == ["geico", "progressive", "state farm"])
        #expect(try required("(SHELL|ARAL).*(BERLIN|HAMBURG)").count == 2)
        #expect(try required("^(SHELL|ARAL|ESSO)\\b").first == ["aral", "esso", "shell"])
        #expect(try required("[Rr][Ee][Ww][Ee]", caseSensitive: true).first == ["rewe"])
        // Anchored patterns also say how the text starts.
        func prefixes(_ pattern: String) throws -> [String]? {
            RegexLiterals(try RuleRegex(pattern: pattern, caseSensitive: false).tree).requiredPrefixes
        }
        #expect(try prefixes("^(SHELL|ARAL|ESSO)\\b") == ["aral", "esso", "shell"])
        #expect(try prefixes("^AMAZON MKTPL\\*(\\w+)") == ["amazon mktpl*"])
        #expect(try prefixes("\\bAMAZON") == nil)
        #expect(try prefixes("^(POS [0-9]+ )?GEICO") == nil)
        #expect(try prefixes("^ab") == nil)   // too short to be worth a test
    }

    /// A prefiltered regex decides exactly as the regex alone does.
    @Test(arguments: ["EDEKA|LIDL", "^AMAZON MKTPL\\*(\\w+)", "STORE\\d{2,4} #", "colou?r chart", "a+b+c", "\\x45DEKA",
                      "^(POS [0-9]+ |CARD [0-9]+ )?(STORE|EDEKA)", "(AMAZON|LIDL).*(\\d|CHART)", "(?i)c(?-i)OLOR",
                      "^(EDEKA|LIDL)\\b", "^AMAZON"])
    func prefilterNeverChangesTheAnswer(pattern: String) throws {
        let set = try RuleTesting.compile("rule \"R\"\n  when payee matches /\(pattern)/\n  add tag hit\n")
        let regex = try NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        let payees = ["EDEKA Center", "lidl 42", "AMAZON MKTPL*2K4", "amazon mktpl", "STORE123 #9", "STORE1 #", "color chart",
                      "Colour Chart", "aaabbbc", "abc", "ac", "nothing", "", "POS 12 STORE", "CARD 9 edeka", "POS x EDEKA", "cOLOR", "COLOR",
                      "EDEKAS", "X EDEKA", "lidl", "Amazon", " AMAZON"]
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
