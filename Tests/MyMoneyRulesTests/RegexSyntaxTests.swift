import Testing
@testable import MyMoneyRules

/// What the regex parser accepts, what it refuses (with which code, where), and what it flags.
@Suite struct RegexSyntaxTests {
    func answer(_ pattern: String, _ text: String, caseSensitive: Bool = false) throws -> RegexAnswer {
        let regex = try RuleRegex(pattern: pattern, caseSensitive: caseSensitive)
        var matcher = RegexMatcher(regexes: [regex])
        return matcher.captures(0, text)
    }

    func refusal(_ pattern: String) -> RegexSyntaxError? {
        do {
            _ = try RuleRegex(pattern: pattern, caseSensitive: false)
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        ("(?i)rewe", "REWE", true), ("a(?i)bc", "aBC", true), ("(?i:a)b", "AB", false), ("(?i:a)b", "Ab", true),
        ("\\x{20AC}", "€", true), ("\\u00e9", "é", true), ("\\x41", "a", true), ("\\0101", "A", true), ("\\cA", "\u{01}", true),
        ("\\Qa.b\\E", "a.b", true), ("\\Qa.b\\E", "axb", false), ("[]a]", "]", true), ("[a-]", "-", true), ("[\\d-z]", "-", true),
        ("a(?#comment)b", "ab", true), ("(?<name>a)", "a", true), ("abc$", "abc\n", true), ("abc$", "abc\r\n", true),
        ("abc$", "abc\n\n", false), ("abc\\z", "abc\n", false), ("abc\\Z", "abc\n", true), (".", "\r", false), ("(?s).", "\n", true),
        ("\\w+", "Bäckerei", true), ("\\d", "٣", true), ("\\p{L}", "é", true), ("\\p{Lu}", "a", true), ("[[:alpha:]]", "x", true),
        ("\\bBerlin\\b", "REWE Berlin", true), ("\\bBerlin\\b", "Berliner", false), ("\\B", "", true), ("\\b", "", false),
        ("^*a", "a", true), ("a{2}", "a", false), ("a{2,}", "aaa", true), ("\\h", "\t", true), ("\\v", "\u{0B}", true),
        ("café", "CAFÉ", true), ("CAFÉ", "cafe\u{301}", true),
    ])
    func supportedSyntax(pattern: String, text: String, matches: Bool) throws {
        let result = try answer(pattern, text, caseSensitive: pattern.hasPrefix("(?i:"))
        #expect((result != .noMatch) == matches, "/\(pattern)/ on \(text.debugDescription)")
    }

    /// Where ICU (full case folding) and My Money (folding like `contains`) part ways, on purpose.
    @Test func caseFoldsLikeContainsNotLikeICU() throws {
        #expect(try answer("straße", "STRASSE") == .noMatch)
        #expect(try answer("σ", "ς") == .noMatch)
        #expect(try answer("s", "ſ") == .noMatch)
        #expect(try answer("ǆ", "ǅ") != .noMatch)
    }

    @Test func capturesComeFromTheTextInNFC() throws {
        #expect(try answer("^(REWE)\\s+Markt\\s+(\\w+)", "REWE Markt Köln") == .match(["REWE Markt Köln", "REWE", "Köln"]))
        #expect(try answer("(a)|b", "b") == .match(["b", ""]))
        #expect(try answer("(a|ab)(c|bcd)(d*)", "abcd") == .match(["abcd", "a", "bcd", ""]))
        #expect(try answer("(\\w+)", "Cafe\u{301}!") == .match(["Café", "Café"]))
    }

    @Test(arguments: [
        ("(a)\\1", "rules.regex-unsupported", 3), ("(?=a)b", "rules.regex-unsupported", 0), ("x(?!a)", "rules.regex-unsupported", 1),
        ("(?<=a)b", "rules.regex-unsupported", 0), ("(?<!a)b", "rules.regex-unsupported", 0), ("(?>a)", "rules.regex-unsupported", 0),
        ("a*+", "rules.regex-unsupported", 2), ("(?m)^a", "rules.regex-unsupported", 2), ("\\p{Greek}", "rules.regex-unsupported", 0),
        ("\\k<n>", "rules.regex-unsupported", 0), ("[a[b]]", "rules.regex-unsupported", 2), ("\\X", "rules.regex-unsupported", 0),
        ("(a", "rules.bad-regex", 0), ("a)", "rules.bad-regex", 1), ("[a", "rules.bad-regex", 0), ("a**", "rules.bad-regex", 2),
        ("*a", "rules.bad-regex", 0), ("a{2", "rules.bad-regex", 1), ("[z-a]", "rules.bad-regex", 1), ("\\q", "rules.bad-regex", 0),
        ("a{3,2}", "rules.bad-regex", 1), ("a}", "rules.bad-regex", 1), ("[]", "rules.bad-regex", 0), ("\\", "rules.bad-regex", 0),
        ("[\\b]", "rules.bad-regex", 1), ("a{1001}", "rules.regex-too-large", 1), ("(a{1000}){1000}", "rules.regex-too-large", -1),
        (String(repeating: "(", count: 101) + String(repeating: ")", count: 101), "rules.regex-too-large", 100),
    ])
    func refusedWithCodeAndPlace(pattern: String, code: String, offset: Int) {
        let error = refusal(pattern)
        #expect(error?.code == code, "/\(pattern)/: \(error?.message ?? "accepted")")
        #expect(error?.offset == offset, "/\(pattern)/: \(error?.message ?? "accepted")")
        #expect(error.map { !$0.notes.isEmpty } ?? false)
    }

    /// The caret of a regex diagnostic points into the pattern, past escaped slashes.
    @Test func diagnosticsPointIntoThePattern() {
        let compilation = RuleCompiler.compile(sources: [("r.rules", "rule \"R\"\n  when payee matches /a\\/b(?=c)/\n  add tag x\n")])
        #expect(compilation.diagnostics.map(\.code) == ["rules.regex-unsupported"])
        #expect(compilation.diagnostics.first?.position?.column == 27)
    }

    @Test(arguments: [
        ("(a+)+", true), ("(a|a)*", true), ("(\\w+\\s?)+$", true), ("(a*)*b", true), ("(x+x+)+y", true), ("^(\\d+|\\d+\\.)+$", true),
        ("(a|aa)+$", true), ("((ab)*)*c", true),
        ("(a|ab)*c", false), (".*.*", false), ("^(POS [0-9]+ |CARD [0-9]+ )?(GEICO|PROGRESSIVE)", false), ("(A|B).*(X|Y)", false),
        ("a+b+", false), ("(ab)+", false), ("\\d{8}", false), ("([A-Z]+ [0-9]+)+$", false), ("(a|b)*", false), ("(.*a){12}", false),
    ])
    func exponentialBacktrackingIsRecognised(pattern: String, exponential: Bool) throws {
        let regex = try RuleRegex(pattern: pattern, caseSensitive: false)
        #expect(BacktrackingRisk.isExponential(regex.tree) == exponential, "/\(pattern)/")
    }
}
