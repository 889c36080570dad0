import Testing
@testable import MyMoneyRules

/// Bad rules never crash: they become diagnostics.
@Suite struct RobustnessTests {
    static let vocabulary = [
        "rule", "\"Name\"", "stage", "pre", "post", "when", "and", "or", "not", "(", ")", "payee", "amount", "abs", "contains",
        "equals", "is", "starts", "with", "matches", "/a(b/", "/x/", "between", "in", ",", "<", "<=", "!=", "!", "=", "-12.5",
        "1,5", "2026-10-01", "weekday", "sat", "set", "category", "A:B", "add", "tag", "transfer", "to", "ignore", "stop", "$1",
        "\"$3\"", "extra.", "extra", "#", "\"unterminated", "/open", "day", "of", "month", "\u{FEFF}", "\t", "é", "\\",
    ]

    @Test func randomTokenSoupBecomesDiagnosticsNotCrashes() {
        var seed: UInt64 = 12345
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        var diagnosed = 0
        for _ in 0..<1_500 {
            var text = ""
            for _ in 0..<(1 + next(6)) {
                text += next(3) == 0 ? "" : "  "
                for _ in 0..<next(9) { text += Self.vocabulary[next(Self.vocabulary.count)] + (next(4) == 0 ? "" : " ") }
                text += next(5) == 0 ? "\r\n" : "\n"
            }
            let compilation = RuleCompiler.compile(sources: [("fuzz.rules", text)])
            _ = compilation.renderDiagnostics()
            if !compilation.diagnostics.isEmpty { diagnosed += 1 }
            if let set = compilation.ruleSet {
                _ = set.apply(to: StoryLedger.inputs)
                _ = set.explain(StoryLedger.inputs[2])
            }
        }
        #expect(diagnosed > 1_000)
    }

    @Test func invalidUTF8BytesInAFileAreReportedNotRead() {
        let file = RuleParser.parse(SourceFile(name: "b.rules", text: Array("rule \"x\"\n  when payee contains \"".utf8) + [0xFF, 0xFE] + Array("\"\n  add tag y\n".utf8)))
        #expect(file.rules.count == 1)   // the parser itself copes; RuleBook refuses such files earlier (rules.encoding)
    }
}
