import Testing
import MyMoneyReconcile

@Suite("Balances file")
struct BalancesFileTests {
    @Test func plainLinesWithSpacesInAccountNames() throws {
        let file = BalancesFile(name: "balances.txt", text: """
            # balances the bank apps show
            2026-10-31 Girokonto 3614.30 EUR
            2026-10-31 US Checking 1824.55 USD

            2026-10-31 "Visa" -154.73
            2026-10-31 Wallet 0
            """)
        #expect(file.diagnostics.isEmpty)
        #expect(file.assertions.map(\.account) == ["Girokonto", "US Checking", "Visa", "Wallet"])
        #expect(file.assertions.map(\.amount) == [try money("3614.30"), try money("1824.55"), try money("-154.73"), .zero])
        #expect(file.assertions.map(\.currency) == [.EUR, .USD, nil, nil])
        #expect(file.assertions.map { $0.position?.line } == [2, 3, 5, 6])
    }

    @Test func csvWithHeaderInAnyOrderAndQuotes() throws {
        let file = BalancesFile(name: "balances.csv", text: "Account;Date;Amount;Currency\r\n\"US Checking\";2026-10-31;1824.55;USD\r\nGirokonto;2026-10-31;-3.20;\r\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.assertions.count == 2)
        #expect(file.assertions.first?.account == "US Checking")
        #expect(file.assertions.first?.day == day("2026-10-31"))
        #expect(file.assertions.last?.currency == nil)
        #expect(file.assertions.last?.amount == (try money("-3.20")))
    }

    @Test func badLinesAreReportedWithPositionAndSkipped() throws {
        let file = BalancesFile(name: "b.txt", text: """
            2026-10-31 Girokonto 1.234,56 EUR
            2026-13-01 Girokonto 1.00
            2026-10-31 Girokonto
            2026-10-31 Girokonto 5.00 XYZ
            2026-10-30 Girokonto 5.00
            """)
        #expect(file.diagnostics.map(\.code) == ["balances.amount", "balances.date", "balances.fields", "balances.currency"])
        #expect(file.diagnostics.map { $0.position?.line } == [1, 2, 3, 4])
        #expect(file.diagnostics.first?.position?.column == 22)
        #expect(file.diagnostics.first?.file == "b.txt")
        #expect(file.assertions.count == 1)
    }

    @Test func conflictingBalancesForOneDayAreWarned() throws {
        let file = BalancesFile(name: "b.txt", text: "2026-10-31 Wallet 5.00\n2026-10-31 wallet 6.00\n2026-10-31 Wallet 5.00\n")
        #expect(file.diagnostics.map(\.code) == ["balances.conflict"])
        #expect(file.diagnostics.first?.severity == .warning)
        #expect(file.assertions.count == 3)
    }

    @Test func csvHeaderWithoutAmountIsReported() throws {
        let file = BalancesFile(name: "b.csv", text: "date,account,balance\n2026-10-31,Wallet,5.00\n")
        #expect(file.diagnostics.map(\.code) == ["balances.header"])
        #expect(file.assertions.isEmpty)
    }

    @Test func assertionsReconcileTheStory() throws {
        let file = BalancesFile(name: "b.txt", text: "2026-10-31 Girokonto 3614.30 EUR\n2026-10-31 US Checking 1824.55 USD\n2026-10-31 Visa -154.70 USD\n")
        var inputs = try Story.inputs()
        for i in inputs.indices { inputs[i].add(file.assertions) }
        let report = Reconciler().reconcile(inputs)
        #expect(report.hasMismatch)
        let visa = try #require(report.accounts.first { $0.account.name == "Visa" })
        let m = try firstMismatch(visa)
        #expect(m.checkpoint.source == .assertion)
        #expect(m.difference == (try money("0.03")))
        let giro = try #require(report.accounts.first { $0.account.name == "Girokonto" })
        #expect(giro.checkpoints.last?.checkpoint.source == .assertion)
        #expect(giro.status == .ok)
    }
}
