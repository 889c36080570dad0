import Testing
import MyMoneyStore

/// A transaction whose day, amount or account the user changed keeps the ones it was imported
/// with as its identity: its statement imported again does not add it again.
@Suite struct EditedIdentityTests {
    @Test func anEditedDayAndAmountAreNotImportedAgainAsNew() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let statement = [row(giro, 12, "-23.45", "EDEKA Center"), row(giro, 18, "-31.10", "REWE", bankId: "R18")]
        let first = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: statement)])
        let (edeka, rewe) = (try #require(first.accounts[0].added[0].id), try #require(first.accounts[0].added[1].id))
        try fixture.ledger.editTransaction(id: edeka, [.day(october(13)), .amount(amount("-23.54"))])
        try fixture.ledger.editTransaction(id: rewe, [.amount(amount("-13.10"))])
        let again = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: statement)])
        #expect(again.addedCount == 0 && again.skippedCount == 2)
        let edited = try fixture.ledger.transaction(id: edeka)
        #expect(edited.day == october(13) && edited.amount == amount("-23.54"))
        #expect(try fixture.ledger.fieldOrigins(transactionId: edeka)[.day] == .hand)
    }

    @Test func aTransactionMovedToAnotherAccountIsNotImportedAgainIntoTheFirst() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto"), savings = try fixture.account("Tagesgeld", kind: .savings)
        let statement = [row(giro, 15, "-500.00", "Alex Morgan", memo: "Umbuchung")]
        let first = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: statement)])
        let id = try #require(first.accounts[0].added[0].id)
        try fixture.ledger.editTransaction(id: id, [.account(savings)])
        #expect(try fixture.ledger.transaction(id: id).accountId == savings)
        #expect(try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: statement)]).addedCount == 0)
        // A later edit keeps the identity it was first imported with.
        try fixture.ledger.editTransaction(id: id, [.day(october(16))])
        #expect(try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: statement)]).addedCount == 0)
    }

    @Test func aNewAmountRetypesItUnlessTheTypeWasSetByHand() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let refund = try fixture.ledger.addTransaction(row(giro, 3, "-9.99", "Shop"))
        let id = try #require(refund.id)
        #expect(try fixture.ledger.editTransaction(id: id, [.amount(amount("9.99"))]).type == .income)
        try fixture.ledger.editTransaction(id: id, [.type(.expense)])
        #expect(try fixture.ledger.editTransaction(id: id, [.amount(amount("5.00"))]).type == .expense)
    }

    @Test func aTransactionCannotMoveToAnAccountInAnotherCurrency() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto"), visa = try fixture.account("Visa", currency: .USD)
        let t = try fixture.ledger.addTransaction(row(giro, 3, "-9.99", "Shop"))
        let error = #expect(throws: LedgerError.self) { try fixture.ledger.editTransaction(id: try #require(t.id), [.account(visa)]) }
        #expect(error?.field == "account")
        #expect(try fixture.ledger.transaction(id: try #require(t.id)).accountId == giro)
    }
}
