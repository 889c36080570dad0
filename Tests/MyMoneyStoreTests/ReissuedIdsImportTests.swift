import Testing
import MyMoneyStore

/// Issue 18: a bank re-issued its FITIDs (same rows, new ids) and every row was added twice.
@Suite struct ReissuedIdsImportTests {
    /// An OFX-like statement: every row with a bank id, two identical coffees on the 9th.
    func statement(_ account: Int64, ids prefix: String) -> ImportStatement {
        ImportStatement(accountId: account, sourceFile: "checking.ofx", transactions: [
            row(account, 3, "-42.10", "Whole Foods", bankId: prefix + "1"),
            row(account, 7, "2500.00", "Payroll ACME", bankId: prefix + "2"),
            row(account, 9, "-3.80", "Blue Bottle", memo: "coffee", bankId: prefix + "3"),
            row(account, 9, "-3.80", "Blue Bottle", memo: "coffee", bankId: prefix + "4"),
            row(account, 15, "-120.00", "Con Edison", bankId: prefix + "5"),
            row(account, 21, "-9.99", "Netflix", bankId: prefix + "6"),
        ])
    }

    @Test func sameRowsUnderNewIdsAddNothing() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        #expect(try fixture.ledger.importStatements([statement(checking, ids: "A")]).addedCount == 6)
        let again = try fixture.ledger.importStatements([statement(checking, ids: "B")])
        #expect(again.addedCount == 0)
        #expect(again.accounts.first?.skippedCount(.sameRowsNewIds) == 6)
        #expect(try fixture.ledger.transactions().count == 6)
    }

    @Test func identicalRowsOnOneDayAreMatchedOneToOne() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        let again = try fixture.ledger.importStatements([statement(checking, ids: "B")])
        let coffees = (again.accounts.first?.skipped ?? []).filter { $0.index == 2 || $0.index == 3 }
        #expect(coffees.count == 2)
        #expect(Set(coffees.map(\.existingId)).count == 2)
        #expect(Set((again.accounts.first?.skipped ?? []).map(\.existingId)).count == 6)
        // A third coffee re-issued is one more than the ledger holds: the statement is not the same rows.
        var three = statement(checking, ids: "C")
        three.transactions.append(row(checking, 9, "-3.80", "Blue Bottle", memo: "coffee", bankId: "C7"))
        let third = try fixture.ledger.importStatements([three])
        #expect(third.accounts.first?.skippedCount(.sameRowsNewIds) == 0)
        #expect(third.addedCount == 7)
    }

    @Test func trustIdsAddsTheSameRowsUnderNewIds() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        let trusted = try fixture.ledger.importStatements([statement(checking, ids: "B")], trustIds: true)
        #expect(trusted.addedCount == 6)
        #expect(try fixture.ledger.transactions().count == 12)
    }

    @Test func someKnownIdsMeanTheNewOnesAreRealNewRows() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        // Half the rows keep their ids; the other half have new ids and other amounts.
        var mixed = statement(checking, ids: "A")
        for i in [1, 3, 5] {
            mixed.transactions[i].bankId = "N\(i)"
            mixed.transactions[i].amount = amount("-1.2\(i)")
        }
        let report = try fixture.ledger.importStatements([mixed])
        #expect(report.addedCount == 3)
        #expect(report.accounts.first?.skippedCount(.sameBankId) == 3)
        #expect(report.accounts.first?.skippedCount(.sameRowsNewIds) == 0)
    }

    @Test func someKnownIdsWithTheSameRowsAreStillAdded() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        // Only some ids are new: not a re-issued statement, so its new-id rows are new rows (as before).
        var mixed = statement(checking, ids: "A")
        mixed.transactions[5].bankId = "N5"
        let report = try fixture.ledger.importStatements([mixed])
        #expect(report.addedCount == 1)
        #expect(report.accounts.first?.skippedCount(.sameRowsNewIds) == 0)
    }

    @Test func aStatementWithOneUnknownRowIsNotReissued() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        var longer = statement(checking, ids: "B")
        longer.transactions.append(row(checking, 25, "-60.00", "Shell", bankId: "B9"))
        let report = try fixture.ledger.importStatements([longer])
        #expect(report.addedCount == 7)
        #expect(report.accounts.first?.skippedCount(.sameRowsNewIds) == 0)
    }

    @Test func anotherAccountsRowsAreNotMatched() throws {
        let fixture = try LedgerFixture()
        let checking = try fixture.account("Checking")
        let savings = try fixture.account("Savings")
        try fixture.ledger.importStatements([statement(checking, ids: "A")])
        let report = try fixture.ledger.importStatements([statement(savings, ids: "B")])
        #expect(report.addedCount == 6)
    }
}
