import Testing
@testable import MyMoneyStore

/// `blankToNil` returns a text whose ends are printable ASCII as it is, without Foundation's
/// trimming: the answer must be the trimming's for every text, white space of every kind at
/// either end included.
@Suite("blank text: the shortcut against Foundation's trimming")
struct BlankTextTests {
    @Test func theShortcutAgreesWithTrimmingOnEveryKindOfEdge() {
        let edges = ["", " ", "\t", "\n", "\r\n", "\u{00A0}", "\u{2003}", "\u{0085}", "\u{2028}", "\u{3000}", "\u{FEFF}", "é", "e\u{0301}", "x", "!", "~", "\u{7F}"]
        let middles = ["", "a", "Rewe Markt", "ΟΔΟΣ", " b ", "\u{00A0}", "groceries:fruit"]
        var checked = 0
        for head in edges {
            for middle in middles {
                for tail in edges {
                    let text = head + middle + tail
                    #expect(blankToNil(text) == blankToNilPlainly(text), "\(Array(text.unicodeScalars))")
                    checked += 1
                }
            }
        }
        #expect(blankToNil(nil) == nil)
        #expect(blankToNil("  Urlaub 2026 ") == "Urlaub 2026")
        #expect(blankToNil("\u{00A0}") == nil)
        #expect(checked == edges.count * middles.count * edges.count)
    }
}
