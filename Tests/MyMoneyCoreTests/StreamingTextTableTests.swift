import Testing
import MyMoneyCore
import MyMoneyTestSupport

/// `StreamingTextTable` against its plain twin `TextTable`: the same lines for a table that fits
/// the first look, and columns that widen (never cut) for a wider cell after it.
@Suite("text tables, streamed")
struct StreamingTextTableTests {
    static let cells = ["", "x", "REWE", "Crédit\r\nAgricole", "tab\there", "\u{1B}[31mred", "Müller € 12", "-1200.00", "🇩🇪 flag", "é" + "\u{301}"]

    static func streamed(_ headers: [String], _ rows: [[String]], lookahead: Int, separator: Bool = true) -> String {
        var lines: [String] = []
        var table = StreamingTextTable(headers, alignments: [.right, .left, .left], separator: separator, lookahead: lookahead) { lines.append($0) }
        for row in rows { table.add(row) }
        table.finish()
        #expect(table.count == rows.count)
        return lines.joined(separator: "\n")
    }

    @Test func aTableThatFitsTheFirstLookIsTheWholeTable() {
        var random = SeededGenerator(seed: 11)
        for _ in 0..<200 {
            let rows = (0..<Int.random(in: 0...12, using: &random)).map { _ in
                (0..<Int.random(in: 0...4, using: &random)).map { _ in Self.cells.randomElement(using: &random)! }
            }
            let separator = Bool.random(using: &random)
            var whole = TextTable(["id", "payee", "amount"], alignments: [.right, .left, .left], separator: separator)
            for row in rows { whole.add(row) }
            #expect(Self.streamed(["id", "payee", "amount"], rows, lookahead: 12, separator: separator) == whole.render())
        }
    }

    @Test func rowsAfterTheFirstLookKeepItsWidths() {
        let rows = (1...6).map { [String($0), "Shop", "1.00"] }
        var whole = TextTable(["id", "payee", "amount"], alignments: [.right, .left, .left])
        for row in rows { whole.add(row) }
        #expect(Self.streamed(["id", "payee", "amount"], rows, lookahead: 2) == whole.render())
    }

    @Test func aWiderCellAfterTheFirstLookWidensItsColumnFromThatRowOn() {
        let rows = [["1", "Shop", "a"], ["2", "Stadtwerke Köln", "b"], ["3", "Shop", "c"]]
        #expect(Self.streamed(["id", "payee", "x"], rows, lookahead: 1) == """
        id  payee  x
        --  -----  -
         1  Shop   a
         2  Stadtwerke Köln  b
         3  Shop             c
        """)
    }

    @Test func anEmptyTableIsItsHeader() {
        #expect(Self.streamed(["id", "payee"], [], lookahead: 5) == TextTable(["id", "payee"], alignments: [.right, .left, .left]).render())
    }
}
