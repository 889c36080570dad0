import Testing
import MyMoneyCore
import MyMoneyImport

/// The outputs `parse` streams statements into: a statement written piece by piece is the
/// statement written whole (JSON byte for byte; the table while it is shorter than the first
/// look), and a long table puts its head below its rows.
@Suite("statement stream outputs")
struct StatementStreamOutputTests {
    struct Plain: TextStyle {
        func bold(_ text: String) -> String { text }
        func green(_ text: String) -> String { text }
        func red(_ text: String) -> String { text }
        func yellow(_ text: String) -> String { text }
        func dim(_ text: String) -> String { text }
    }

    static func statement(_ count: Int) -> Statement {
        var s = Statement(source: StatementSource(file: "a.ofx", format: "ofx", encoding: "utf-8"),
                          account: StatementAccount(id: "111", kind: .bank, currency: Currency(code: "USD")),
                          period: DayRange(start: Day(iso: "2026-10-01")!, end: Day(iso: "2026-10-31")!),
                          balances: [StatementBalance(kind: .ledger, amount: Amount(units: 1000, scale: 2), day: Day(iso: "2026-10-31"))])
        s.transactions = (0..<count).map { i in
            StatementTransaction(day: Day(iso: "2026-10-05")!, amount: Amount(units: Int64(-i), scale: 2), payee: "PAYEE \(i)", id: "F\(i)")
        }
        return s
    }

    @Test(arguments: [0, 1, 3, 1_500])
    func aStatementStreamedIsItsJSONWrittenWhole(_ count: Int) {
        let s = Self.statement(count)
        let whole = CollectedBytes(), streamed = CollectedBytes()
        var a = JSONWriter(into: whole)
        StatementJSON.beginDocument(into: &a)
        StatementJSON.write(s, into: &a)
        StatementJSON.endDocument(into: &a)
        a.finish()
        var output = StatementJSONStream(JSONWriter(into: streamed))
        StatementJSON.beginDocument(into: &output.json)
        output.beginStatement()
        for t in s.transactions { output.add(t) }
        output.endStatement(Statement(source: s.source, account: s.account, period: s.period, balances: s.balances))
        StatementJSON.endDocument(into: &output.json)
        output.json.finish()
        #expect(streamed.text == whole.text)
        #expect(streamed.text == StatementJSON.document([s]).serialized(pretty: true))
    }

    @Test func transactionsComeFirstInAStatementsObject() {
        let text = StatementJSON.document([Self.statement(1)]).serialized(pretty: false)
        let keys = ["\"transactions\"", "\"source\"", "\"account\"", "\"period\"", "\"balances\""].map { text.range(of: $0)!.lowerBound }
        #expect(keys == keys.sorted())
    }

    static func tableLines(_ s: Statement, streamed: Bool) -> [String] {
        var lines: [String] = []
        var output = StatementTableStream(style: Plain()) { lines.append($0) }
        if streamed {
            output.beginStatement()
            for t in s.transactions { output.add(t) }
            output.endStatement(s)
        } else {
            output.write(s)
        }
        return lines
    }

    @Test(arguments: [0, 1, 999])
    func aShortStatementsTableIsTheWholeTable(_ count: Int) {
        let s = Self.statement(count)
        var whole: [String] = []
        StatementTable.write(s, style: Plain(), lines: { whole.append($0) })
        #expect(Self.tableLines(s, streamed: true) == whole)
        #expect(Self.tableLines(s, streamed: false) == whole)
    }

    @Test func aLongStatementsHeadIsWrittenBelowItsRows() {
        let s = Self.statement(1_200)
        let lines = Self.tableLines(s, streamed: true)
        #expect(lines.count == 1_200 + 2 + 3 + 2)
        #expect(lines[0].hasPrefix("date"))
        #expect(lines[lines.count - 5] == "a.ofx (ofx, utf-8)")
        #expect(lines[lines.count - 4] == "account: 111  kind: bank  currency: USD  period: 2026-10-01 … 2026-10-31")
        #expect(lines[lines.count - 3] == "ledger balance: 10.00 as of 2026-10-31")
        #expect(lines[lines.count - 2] == "1200 transactions")
        // Held whole, the head stays on top.
        #expect(Self.tableLines(s, streamed: false).first == "a.ofx (ofx, utf-8)")
    }
}
