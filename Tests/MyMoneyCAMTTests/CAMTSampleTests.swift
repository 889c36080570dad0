import Foundation
import Testing
import MyMoneyCAMT
import MyMoneyTestSupport

/// The sample story's savings account, `Samples/tagesgeld-2026-10.camt053.xml` (camt.053.001.08):
/// the transactions and balances the Tagesgeld has in Samples/README.md.
@Suite struct CAMTSampleTests {
    @Test func tagesgeldIsReadCleanly() throws {
        let url = Corpus.samples.appendingPathComponent("tagesgeld-2026-10.camt053.xml")
        let result = CAMTReader().read(Array(try Data(contentsOf: url)), file: "Samples/tagesgeld-2026-10.camt053.xml", options: ReadOptions())
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        let s = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(s.source.format == "camt.053")
        #expect(s.account.id == "DE02120300000000202051")
        #expect(s.account.currency == .EUR)
        #expect(s.account.bankId == "BYLADEM1001")
        #expect(s.period == DayRange(start: day("2026-10-01"), end: day("2026-10-31")))
        #expect(s.balances.map(\.kind) == [.opening, .closing])
        #expect(s.balances.map(\.amount) == [amount("5000.00"), amount("5501.23")])
        #expect(s.balances.map(\.day) == [day("2026-10-01"), day("2026-10-31")])
        #expect(s.transactions.map(\.day) == [day("2026-10-15"), day("2026-10-31")])
        #expect(s.transactions.map(\.amount) == [amount("500.00"), amount("1.23")])
        #expect(s.transactions.map(\.payee) == ["Alex Morgan", "Musterbank"])
        #expect(s.transactions.map(\.memo) == ["Umbuchung von Girokonto", "Zinsen"])
        #expect(s.transactions.first?.extra("counterparty.iban") == "DE89370400440532013000")
        #expect(s.extra.first { $0.key == "message" }?.value == "camt.053.001.08")
    }
}
