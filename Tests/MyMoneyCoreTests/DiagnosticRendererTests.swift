import Testing
import MyMoneyCore

@Suite struct DiagnosticRendererTests {
    @Test func rendersFileLineColumnSourceLineAndCaret() {
        let text = "Date;Payee;Amount\n2024-03-02;Coffee;1.234,5O\n"
        let source = SourceFile(name: "statements/acme.csv", string: text)
        let offset = text.utf8.count - 3
        let d = Diagnostic.error("csv.amount", "cannot parse \"1.234,5O\" as an amount", file: "statements/acme.csv",
                                 at: source.position(ofOffset: offset),
                                 notes: ["column \"Amount\" is mapped by Rules/profiles/acme.csvprofile:3"])
        let out = DiagnosticRenderer(sources: ["statements/acme.csv": source]).render(d)
        #expect(out == """
        statements/acme.csv:2:25: error: cannot parse "1.234,5O" as an amount [csv.amount]
        2 | 2024-03-02;Coffee;1.234,5O
          |                         ^
        note: column "Amount" is mapped by Rules/profiles/acme.csvprofile:3
        """)
    }

    @Test func columnCountsCharactersNotBytes() {
        let text = "Bäckerei;x\n"
        let source = SourceFile(name: "f", string: text)
        let d = Diagnostic.warning("csv.x", "here", file: "f", at: source.position(ofOffset: 10))
        #expect(source.position(ofOffset: 10).column == 11)
        #expect(DiagnosticRenderer(sources: ["f": source]).render(d) == "f:1:10: warning: here [csv.x]\n1 | Bäckerei;x\n  |          ^")
    }

    @Test func aRangeUnderlinesTheWholeField() {
        let text = "Date;Payee;Amount\n2024-03-02;Bäckerei;1.234,5O\n"
        let source = SourceFile(name: "a.csv", string: text)
        let start = text.utf8.count - 9
        let range = SourceRange(start: source.position(ofOffset: start), length: 8)
        let d = Diagnostic.error("csv.amount", "cannot parse \"1.234,5O\" as an amount", file: "a.csv", in: range)
        #expect(d.range == range)
        #expect(DiagnosticRenderer(sources: ["a.csv": source]).render(d) == """
        a.csv:2:21: error: cannot parse "1.234,5O" as an amount [csv.amount]
        2 | 2024-03-02;Bäckerei;1.234,5O
          |                     ^~~~~~~~
        """)
    }

    @Test func anUnderlineCountsCharactersAndStopsAtTheLineEnd() {
        let text = "Bäckerei;x\nnext\n"
        let source = SourceFile(name: "f", string: text)
        // "Bäckerei" is 9 bytes, 8 characters; a length running past the line is cut there.
        let field = Diagnostic.warning("x.y", "payee", file: "f", in: SourceRange(start: source.position(ofOffset: 0), length: 9))
        #expect(DiagnosticRenderer(sources: ["f": source]).render(field).hasSuffix("\n  | ^~~~~~~~"))
        let long = Diagnostic.warning("x.y", "rest", file: "f", in: SourceRange(start: source.position(ofOffset: 10), length: 40))
        #expect(DiagnosticRenderer(sources: ["f": source]).render(long).hasSuffix("\n  |          ^"))
    }

    @Test func withoutSourceOrPositionOnlyTheHeadLine() {
        #expect(DiagnosticRenderer().render(.error("csv.empty", "the file holds no rows", file: "a.csv")) == "a.csv: error: the file holds no rows [csv.empty]")
        #expect(DiagnosticRenderer().render(Diagnostic(.note, code: "x.y", "hello")) == "note: hello [x.y]")
    }

    @Test func colorPaintsTheSeverityWord() {
        let out = DiagnosticRenderer(color: true).render(.error("a.b", "m", file: "f"))
        #expect(out == "f: \u{1B}[1;31merror\u{1B}[0m: m [a.b]")
    }
}
