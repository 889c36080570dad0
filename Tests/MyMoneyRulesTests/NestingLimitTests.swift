import Testing
@testable import MyMoneyRules

/// Conditions nest at most `RuleFileParser.maximumNesting` deep: deeper ones are a diagnostic, not
/// a stack overflow (the fuzzer's large inputs crashed the parser with 2,000 `(` in a 4 KB file).
@Suite struct NestingLimitTests {
    static func compile(_ text: String) -> RuleCompilation {
        RuleCompiler.compile(sources: [("deep.rules", text)])
    }

    @Test func parenthesesDeeperThanTheLimitAreASyntaxError() {
        let n = 5_000
        let text = "rule \"deep\"\n  when " + String(repeating: "(", count: n) + "payee contains \"a\""
            + String(repeating: ")", count: n) + "\n  add tag t\n"
        let compilation = Self.compile(text)
        #expect(compilation.ruleSet == nil)
        #expect(compilation.diagnostics.map(\.code) == ["rules.syntax"])
        #expect(compilation.diagnostics.first?.message.contains("nested more than 64 deep") == true)
    }

    @Test func manyNotsAreASyntaxError() {
        let text = "rule \"nots\"\n  when " + String(repeating: "not ", count: 5_000) + "payee contains \"a\"\n  add tag t\n"
        #expect(Self.compile(text).diagnostics.map(\.code) == ["rules.syntax"])
    }

    @Test func nestingUpToTheLimitStillCompiles() {
        let n = RuleFileParser.maximumNesting - 1
        let text = "rule \"deep\"\n  when not " + String(repeating: "(", count: n - 1) + "payee contains \"REWE\""
            + String(repeating: ")", count: n - 1) + "\n  add tag t\n"
        let compilation = Self.compile(text)
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.ruleSet?.rules.count == 1)
    }

    @Test func thousandsOfOrLinesJoinIntoOneList() throws {
        let text = "rule \"many\"\n  when payee is x\n" + String(repeating: "  or payee is y\n", count: 5_000) + "  add tag t\n"
        let file = RuleParser.parse(name: "many.rules", text: text)
        #expect(file.diagnostics.isEmpty)
        let condition = try #require(file.rules.first?.condition)
        guard case .any(let parts) = condition else { Issue.record("expected one `any`, got \(condition)"); return }
        #expect(parts.count == 5_001)
        #expect(Self.compile(text).ruleSet != nil)
    }

    @Test func alternatingAndOrLinesBeyondTheLimitAreASyntaxError() {
        let text = "rule \"zigzag\"\n  when payee is x\n" + String(repeating: "  or payee is y\n  and memo is z\n", count: 2_500)
            + "  add tag t\n"
        let compilation = Self.compile(text)
        #expect(compilation.ruleSet == nil)
        #expect(compilation.diagnostics.map(\.code) == ["rules.syntax"])
    }

    @Test func andOrLinesKeepTheirMeaning() throws {
        // `when A` / `or B` / `and C` is ((A) or (B)) and (C).
        let file = RuleParser.parse(name: "m.rules", text: "rule \"m\"\n  when payee is a\n  or payee is b\n  and memo is c\n  add tag t\n")
        let condition = try #require(file.rules.first?.condition)
        guard case .all(let outer) = condition, outer.count == 2, case .any(let inner) = outer[0], inner.count == 2 else {
            Issue.record("expected all(any(a, b), c), got \(condition)"); return
        }
    }
}
