import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The token table's 5-byte fields (``CSVFieldSpans``) against an array of the 8-byte spans, its
/// plain twin: the same spans after random appends and removals, with gaps that fit a byte and
/// gaps that do not (spaces before a quote, blank lines before a row).
@Suite struct CSVFieldSpansTests {
    @Test func spansComeBackAsAppendedWithNearAndFarGaps() {
        var rng = SeededGenerator(seed: 20261202)
        for round in 0..<300 {
            var compact = CSVFieldSpans()
            var plain: [CSVFieldSpan] = []
            var at: Int32 = 0
            for _ in 0..<Int.random(in: 0...400, using: &rng) {
                if !plain.isEmpty, Int.random(in: 0..<10, using: &rng) == 0 {
                    let n = Int.random(in: 1...plain.count, using: &rng)
                    compact.removeLast(n)
                    plain.removeLast(n)
                    at = plain.last?.end ?? 0
                    continue
                }
                let gap = Int32([0, 1, 2, 3, 254, 255, 256, 5_000].randomElement(using: &rng)!)
                let start = at + gap
                let end = start + Int32.random(in: 0...300, using: &rng)
                let span = CSVFieldSpan(start: start, end: end, needsUnescape: Bool.random(using: &rng))
                compact.append(span)
                plain.append(span)
                at = end
            }
            #expect(compact.count == plain.count, "round \(round)")
            #expect((0..<plain.count).map { compact[$0] } == plain, "round \(round)")
        }
    }

    @Test func farGapsSurviveTheTokenizer() {
        let text = Array(("a,b\n" + String(repeating: "\n", count: 300) + "c," + String(repeating: " ", count: 300) + "\"d\"\n").utf8)
        text.withUnsafeBufferPointer { buffer in
            let (table, failure) = CSVTokenizer(delimiter: 0x2C).tokenize(buffer)
            #expect(failure == nil)
            #expect(table.rowCount == 2)
            let cells = (0..<table.rowCount).map { row in (0..<table.fieldCount(row)).map { CSVTable.string(table.span(row, $0)!, in: buffer) } }
            #expect(cells == [["a", "b"], ["c", "d"]])
        }
    }
}
