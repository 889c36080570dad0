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

    @Test func withoutSourceOrPositionOnlyTheHeadLine() {
        #expect(DiagnosticRenderer().render(.error("csv.empty", "the file holds no rows", file: "a.csv")) == "a.csv: error: the file holds no rows [csv.empty]")
        #expect(DiagnosticRenderer().render(Diagnostic(.note, code: "x.y", "hello")) == "note: hello [x.y]")
    }

    @Test func colorPaintsTheSeverityWord() {
        let out = DiagnosticRenderer(color: true).render(.error("a.b", "m", file: "f"))
        #expect(out == "f: \u{1B}[1;31merror\u{1B}[0m: m [a.b]")
    }
}
