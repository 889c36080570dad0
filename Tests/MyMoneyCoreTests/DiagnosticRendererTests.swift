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

/// Diagnostics on very long lines (one-line OFX files): bounded work per diagnostic, an excerpt
/// around the offset. The fuzzer's one-line OFX file of 2,000 undated transactions (82 KB) took
/// 16 s of CPU to render its warnings, each one copying the whole line.
@Suite struct LongLineRenderingTests {
    static let prefix = String(repeating: "<A>x</A>", count: 2_000)   // 16,000 bytes, no line break

    @Test func farIntoALongLineTheExcerptStartsShortlyBeforeTheOffset() {
        let text = Self.prefix + "<TRNAMT>1,2O</TRNAMT>" + Self.prefix
        let source = SourceFile(name: "one.ofx", string: text)
        let offset = Self.prefix.utf8.count + 8
        let d = Diagnostic.warning("ofx.amount", "bad amount", file: "one.ofx", at: source.position(ofOffset: offset))
        let out = DiagnosticRenderer(sources: ["one.ofx": source]).render(d)
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0] == "one.ofx:1:\(offset + 1): warning: bad amount [ofx.amount]")
        #expect(lines[1].hasPrefix("1 | …"))
        // The caret stands under the offending text.
        let caret = lines[2].distance(from: lines[2].startIndex, to: lines[2].firstIndex(of: "^")!)
        let shown = Array(lines[1])
        #expect(String(shown[caret..<caret + 4]) == "1,2O")
        #expect(lines[1].count <= 4 + 1 + 300)
    }

    @Test func nearTheStartOfALongLineTheLineIsShownFromItsStart() {
        let text = "<A>ä</A>" + Self.prefix
        let source = SourceFile(name: "one.ofx", string: text)
        let d = Diagnostic.warning("ofx.x", "here", file: "one.ofx", at: source.position(ofOffset: 9))
        let out = DiagnosticRenderer(sources: ["one.ofx": source]).render(d)
        #expect(out.hasPrefix("one.ofx:1:9: warning: here [ofx.x]\n1 | <A>ä</A><A>x</A>"))
        #expect(out.hasSuffix("\n  |         ^"))
    }

    @Test func aWindowNeverStartsInsideACharacter() {
        let text = String(repeating: "é", count: 5_000) + "!"
        let source = SourceFile(name: "f", string: text)
        for offset in [9_000, 9_001, 10_000] {
            let window = source.lineText(containing: offset, limit: 81)
            #expect(!window.isWhole)
            #expect(source.text[window.start] & 0xC0 != 0x80)
        }
        #expect(source.lineText(containing: 10, limit: 4096).isWhole)
    }
}

@Suite struct LineBreakRenderingTests {
    /// A file whose lines end in a lone CR showed the whole file up to the offset as "the line"
    /// and a column counted from the start of the file (`3:50` for `3:14`).
    @Test func loneCarriageReturnsEndLines() {
        let text = "Date,Payee,Amount\r2026-10-01,A,1.00\r2026-10-02,B,x1\r"
        let source = SourceFile(name: "cr.csv", string: text)
        let offset = text.utf8.count - 3
        let d = Diagnostic.error("csv.amount", "bad", file: "cr.csv", at: SourcePosition(offset: offset, line: 3, column: 14))
        #expect(DiagnosticRenderer(sources: ["cr.csv": source]).render(d) == """
        cr.csv:3:14: error: bad [csv.amount]
        3 | 2026-10-02,B,x1
          |              ^
        """)
    }

    @Test func crlfLinesStillRenderWithoutTheirBreak() {
        let text = "a;b\r\n1;x\r\n"
        let source = SourceFile(name: "f", string: text)
        let d = Diagnostic.error("csv.x", "bad", file: "f", at: SourcePosition(offset: 7, line: 2, column: 3))
        #expect(DiagnosticRenderer(sources: ["f": source]).render(d) == "f:2:3: error: bad [csv.x]\n2 | 1;x\n  |   ^")
    }
}
