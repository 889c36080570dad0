import Testing
import MyMoneyCore
import MyMoneyImport
import MyMoneyTestSupport

/// `parse`'s table streams: `StatementTable.write` against its plain twin `render`, line for
/// line, for statements that fit the first look (up to 1,000 transactions), and a column that
/// widens, not cuts, for a wider payee after it.
@Suite("statement table, streamed")
struct StatementTableStreamingTests {
    static func written(_ s: Statement) -> String {
        var lines: [String] = []
        StatementTable.write(s, style: PlainStyle()) { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    @Test func aStatementThatFitsTheFirstLookIsWrittenAsItRenders() {
        var random = SeededGenerator(seed: 41)
        for _ in 0..<300 {
            let s = StatementJSONStreamingTests.statement(&random)
            #expect(Self.written(s) == StatementTable.render(s, style: PlainStyle()))
        }
        var large = StatementJSONStreamingTests.statement(&random)
        large.transactions = (0..<StreamingTextTable.defaultLookahead).map { _ in StatementJSONStreamingTests.transaction(&random) }
        #expect(Self.written(large) == StatementTable.render(large, style: PlainStyle()))
    }

    @Test func aLongerPayeeAfterTheFirstLookWidensThePayeeColumn() throws {
        let day = try #require(Day(iso: "2026-10-05"))
        var s = Statement(source: StatementSource(file: "big.csv", format: "csv"))
        s.transactions = (0..<StreamingTextTable.defaultLookahead).map { _ in StatementTransaction(day: day, amount: Amount(units: -1), payee: "Shop") }
        s.transactions.append(StatementTransaction(day: day, amount: Amount(units: -1), payee: "Stadtwerke Köln", memo: "Abschlag"))
        let lines = Self.written(s).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.contains("2026-10-05      -1  Shop"))
        #expect(lines.contains("2026-10-05      -1  Stadtwerke Köln  Abschlag"))
        #expect(lines.suffix(2) == ["1001 transactions", ""])
    }
}
