import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// The two OFX files of `Samples/` tell STORY.md's October 2026.
@Suite("OFX samples")
struct OFXSampleTests {
    func sample(_ name: String) throws -> ReadResult {
        let bytes = Array(try Data(contentsOf: Corpus.samples.appendingPathComponent(name)))
        return OFXReader().read(bytes, file: "Samples/\(name)", options: ReadOptions(strict: true))
    }

    @Test func usCheckingReadsCleanlyAndItsLedgerBalanceFollowsFromTheRows() throws {
        let result = try sample("us-checking-2026-10.ofx")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let s = try #require(result.statements.first)
        #expect(result.statements.count == 1)
        #expect(s.source.format == "ofx")
        #expect(s.account.id == "000123456789")
        #expect(s.account.bankId == "021000021")
        #expect(s.account.kind == .bank)
        #expect(s.account.currency == .USD)
        #expect(s.period == DayRange(start: day("2026-10-01"), end: day("2026-10-31")))
        #expect(s.transactions.count == 6)
        #expect(s.transactions.map(\.amount) == ["-64.12", "100.00", "-41.50", "-250.00", "-120.00", "0.17"].map(amount))
        #expect(s.transactions[1].payee == "WISE INC" && s.transactions[1].memo == "From EUR account" && s.transactions[1].bankType == "XFER")
        #expect(s.transactions[4].checkNumber == "1001")
        let ledger = try #require(s.balances.first { $0.kind == .ledger })
        #expect(ledger.amount == amount("1824.55") && ledger.day == day("2026-10-31"))
        var total = amount("2200.00")
        for t in s.transactions { total = try total + t.amount }
        #expect(total == ledger.amount)
    }

    @Test func visaIsQFXAndTheLateEveningRideStaysOnItsDay() throws {
        let result = try sample("visa-2026-10.qfx")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.message))")
        let s = try #require(result.statements.first)
        #expect(s.source.format == "qfx")
        #expect(s.account.id == "4111111111114321")
        #expect(s.account.kind == .creditCard)
        #expect(s.extra.contains(StatementField("INTU.BID", "4321")))
        #expect(s.transactions.count == 6)
        let lyft = try #require(s.transactions.last)
        #expect(lyft.payee == "LYFT RIDE")
        #expect(lyft.day == day("2026-10-24"))
        #expect(lyft.position?.line == 78)
        let ledger = try #require(s.balances.first { $0.kind == .ledger })
        var total = amount("-310.00")
        for t in s.transactions { total = try total + t.amount }
        #expect(ledger.amount == amount("-154.73"))
        #expect(total == ledger.amount)
    }
}
