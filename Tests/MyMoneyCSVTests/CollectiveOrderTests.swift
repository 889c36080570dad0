import Testing
import MyMoneyCSV

/// Lines that belong to a transaction are not transactions: the undated lines below a
/// collective order are its splits, or text that continues its memo.
@Suite struct CollectiveOrderTests {
    @Test func detailLinesOfACollectiveOrderBecomeItsSplits() throws {
        let result = readFixture("collective-order.csv")
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.transactions.map(\.amount) == [amount("-450.00"), amount("2500.00")])
        let order = try #require(s.transactions.first)
        #expect(order.splits.map(\.amount) == ["-100.00", "-150.00", "-200.00"].map(amount))
        #expect(order.splits.map(\.memo) == ["Miete Garage", "Strom", "Versicherung"])
        #expect(s.balances.filter { $0.kind == .running }.count == 2)
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func textOnlyLinesBelowATransactionContinueItsMemo() throws {
        let result = readFixture("detail-text-lines.csv")
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.count == 2)
        #expect(s.transactions.first?.payee == "SEPA transfer")
        #expect(s.transactions.first?.memo == "Invoice 2026-114; Ref. ACME-77")
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func unsignedDetailAmountsTakeTheOrdersSign() throws {
        let text = "Date;Payee;Amount;Balance\n2026-10-01;Order;-30,00;70,00\n;Part A;10,00;\n;Part B;20,00;\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.first?.splits.map(\.amount) == [amount("-10.00"), amount("-20.00")])
    }

    @Test func detailAmountsThatDoNotAddUpAreAnError() {
        let text = "Date,Payee,Amount\n2026-10-01,Order,-30.00\n,Part A,-10.00\n2026-10-02,Tea,-2.00\n"
        let result = readCSV(text)
        #expect(result.diagnostics.contains { $0.code == "csv.detail.sum" && $0.severity == .error && $0.position?.line == 3 })
    }

    @Test func anUndatedLineAboveEveryTransactionIsAnError() {
        let result = readCSV("Date,Payee,Amount\n,Lost,-1.00\n2026-10-02,Tea,-2.00\n")
        #expect(result.diagnostics.contains { $0.code == "csv.date" && $0.position?.line == 2 })
    }
}
