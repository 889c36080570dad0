import Testing
import MyMoneyStore

@Suite struct ExactnessTests {
    @Test func amountsKeepTheirScale() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.addTransaction(row(giro, 1, "-6.60", "Kiosk"))
        try fixture.ledger.addTransaction(row(giro, 2, "0.1", "Rounding"))
        let stored = try fixture.ledger.transactions()
        #expect(stored.map(\.amount.description) == ["-6.60", "0.1"])
        #expect(try fixture.ledger.balance(accountId: giro, asOf: october(2)).description == "-6.50")
    }

    @Test func totalsTooLargeAreAnErrorNotAWrap() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let huge = Amount(units: Int64.max / 2 + 1, scale: 2)
        for day in 1...2 {
            try fixture.ledger.addTransaction(LedgerTransaction(accountId: giro, day: october(day), amount: huge, currency: .EUR,
                                                                originalPayee: "huge \(day)"))
        }
        let error = #expect(throws: LedgerError.self) { try fixture.ledger.balance(accountId: giro, asOf: october(31)) }
        #expect(error?.message == "a total is too large to compute exactly")
    }

    @Test func deletingATransactionUnlinksItsTransfer() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf")
        let to = try story.id("Umbuchung von")
        try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        try story.ledger.deleteTransaction(id: from)
        #expect(try story.ledger.transfers().isEmpty)
        #expect(try story.ledger.transaction(id: to).type == .income)
        #expect(throws: LedgerError.self) { try story.ledger.transaction(id: from) }
        #expect(try story.ledger.integrityProblems().isEmpty)
    }
}
