import Testing
@testable import MyMoneyCore
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

    /// Rows after the first look, plain ASCII (built from bytes) mixed with cells that need
    /// cleaning or are wider than they are long: each line is what cleaning the cells, widening
    /// the columns by their characters and `TextTable.line` give (the plain twin).
    @Test func plainASCIIRowsAfterTheFirstLookAreTheLinesCharactersGive() {
        var random = SeededGenerator(seed: 29)
        let plain = ["", "x", "REWE", "Shop 12", "-1200.00", "a  b ", " lead", "2026-03-01", String(repeating: "w", count: 40)]
        for _ in 0..<300 {
            let headers = ["id", "payee", "amount", "tags"]
            let alignments: [TextTable.Alignment] = [.right, .left, .right, .left]
            let rows = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    Int.random(in: 0..<5, using: &random) == 0 ? Self.cells.randomElement(using: &random)! : plain.randomElement(using: &random)!
                }
            }
            let lookahead = Int.random(in: 0...3, using: &random)
            var lines: [String] = []
            var table = StreamingTextTable(headers, alignments: alignments, lookahead: lookahead) { lines.append($0) }
            for row in rows { table.add(row) }
            table.finish()
            // The twin: cleaned cells, widths by characters, TextTable.line (the first row is
            // always held, also without a first look).
            let cleaned = rows.map { $0.map(TextTable.cell) }
            let held = max(1, lookahead)
            var widths = headers.map(\.count)
            for row in cleaned.prefix(held) {
                for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
            }
            var expected = [TextTable.line(headers, widths: widths, alignments: alignments), TextTable.rule(widths, alignments: alignments)]
            expected += cleaned.prefix(held).map { TextTable.line($0, widths: widths, alignments: alignments) }
            for row in cleaned.dropFirst(held) {
                for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
                expected.append(TextTable.line(row, widths: widths, alignments: alignments))
            }
            #expect(lines == expected)
        }
        var widths = [3, 3]
        #expect(StreamingTextTable.plainLine(["é", "x"], widths: &widths, alignments: [.left, .left]) == nil)
        #expect(StreamingTextTable.plainLine(["abcd", "x"], widths: &widths, alignments: [.right, .left]) == "abcd  x")
        #expect(widths == [4, 3])
    }

    /// Rows given as bytes (`TableRowBytes`) make the lines their cells as Strings make, with and
    /// without a taker of plain lines: printable ASCII, cells that need cleaning (a tab, ESC,
    /// accents), bytes that are not UTF-8, more or fewer cells than columns, every width.
    @Test func rowsAsBytesAreTheLinesOfTheirCells() {
        var random = SeededGenerator(seed: 31)
        let plain = ["", "x", "REWE", "Shop 12", "-1200.00", "a  b ", " lead", "2026-03-01", String(repeating: "w", count: 40)]
        let odd: [[UInt8]] = [[0x43, 0x61, 0x66, 0x9F], [0x09, 0x41], [0x1B, 0x5B, 0x32, 0x4A], Array("Müller".utf8)]
        var plainLinesSeen = 0
        for _ in 0..<300 {
            let headers = ["id", "payee", "amount", "tags"]
            let alignments: [TextTable.Alignment] = [.right, .left, .right, .left]
            let rows: [[[UInt8]]] = (0..<Int.random(in: 0...30, using: &random)).map { _ in
                (0..<Int.random(in: 0...5, using: &random)).map { _ in
                    Int.random(in: 0..<6, using: &random) == 0 ? odd.randomElement(using: &random)! : Array(plain.randomElement(using: &random)!.utf8)
                }
            }
            let lookahead = Int.random(in: 0...3, using: &random)
            var expected: [String] = []
            var twin = StreamingTextTable(headers, alignments: alignments, lookahead: lookahead) { expected.append($0) }
            var lines: [String] = [], viaBytes: [String] = []
            var table = StreamingTextTable(headers, alignments: alignments, lookahead: lookahead, lines: { lines.append($0) },
                                           plainLines: { lines.append(String(decoding: $0, as: UTF8.self)) })
            var bare = StreamingTextTable(headers, alignments: alignments, lookahead: lookahead) { viaBytes.append($0) }
            var bytes = TableRowBytes()
            for row in rows {
                bytes.removeAll()
                for cell in row {
                    cell.withUnsafeBufferPointer { bytes.append($0) }
                    bytes.endCell()
                }
                twin.add(row.map { String(decoding: $0, as: UTF8.self) })
                table.add(bytes)
                bare.add(bytes)
            }
            twin.finish(); table.finish(); bare.finish()
            #expect(lines == expected)
            #expect(viaBytes == expected)
            plainLinesSeen += rows.dropFirst(max(1, lookahead)).filter { $0.allSatisfy { $0.allSatisfy { (0x20...0x7E).contains($0) } } }.count
        }
        #expect(plainLinesSeen > 500)
        // The values written as bytes are their descriptions.
        var row = TableRowBytes()
        for value in [Int64.min, -10, 0, 7, 1_000_000, Int64.max] { row.append(decimal: value); row.endCell() }
        row.append(day: Day(year: 2026, month: 3, day: 1)!); row.endCell()
        row.append(amount: Amount(units: -5, scale: 2)); row.append(" EUR"); row.endCell()
        #expect(row.cells == ["\(Int64.min)", "-10", "0", "7", "1000000", "\(Int64.max)", "2026-03-01", "-0.05 EUR"])
    }
}
