import Foundation
import Testing
import MyMoneyStore

@Suite struct ImportTests {
    /// The Girokonto statement of the sample story, first half of October.
    func firstExport(_ giro: Int64) -> ImportStatement {
        ImportStatement(accountId: giro, sourceFile: "giro-1.csv", transactions: [
            row(giro, 1, "-950.00", "Hausverwaltung Schmidt GmbH", memo: "Miete Oktober"),
            row(giro, 1, "3200.00", "Acme Software GmbH", memo: "Gehalt Oktober"),
            row(giro, 2, "-54.37", "REWE Markt Berlin", memo: "Kartenzahlung"),
            row(giro, 12, "-23.45", "EDEKA Center", memo: "Kartenzahlung"),
        ], balances: [StatementBalance(kind: .closing, amount: amount("4622.18"), day: october(12))])
    }

    @Test func reimportAddsNothing() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto", opening: amount("2450.00"))
        let first = try fixture.ledger.importStatements([firstExport(giro)])
        #expect(first.addedCount == 4)
        #expect(first.accounts.first?.balancesAdded == 1)
        let second = try fixture.ledger.importStatements([firstExport(giro)])
        #expect(second.addedCount == 0)
        #expect(second.skippedCount == 4)
        #expect(second.accounts.first?.skippedCount(.sameFingerprint) == 4)
        #expect(second.accounts.first?.balancesSkipped == 1)
        #expect(second.batchId == nil)
        #expect(try fixture.ledger.transactions().count == 4)
        #expect(try fixture.ledger.importBatches().count == 1)
    }

    @Test func statementBalancesAreStoredOncePerDayKindAndAmount() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        func balances(_ list: [(StatementBalance.Kind, String, Int)]) -> ImportStatement {
            ImportStatement(accountId: giro, sourceFile: "giro.csv", transactions: [],
                            balances: list.map { StatementBalance(kind: $0.0, amount: amount($0.1), day: october($0.2)) })
        }
        let first = try fixture.ledger.importStatements([balances([(.running, "10.00", 1), (.running, "12.50", 2),
                                                                    (.running, "12.5", 2), (.closing, "12.50", 2)])])
        // The same day, kind and amount twice in one statement (12.5 is 12.50) is stored once.
        #expect(first.accounts.first?.balancesAdded == 3)
        #expect(first.accounts.first?.balancesSkipped == 1)
        // Again, with one new day and one changed amount: only those are new.
        let second = try fixture.ledger.importStatements([balances([(.running, "10.00", 1), (.running, "12.50", 2),
                                                                     (.running, "13.00", 2), (.running, "9.00", 3)])])
        #expect(second.accounts.first?.balancesAdded == 2)
        #expect(second.accounts.first?.balancesSkipped == 2)
        #expect(try fixture.ledger.statementBalances(accountId: giro).count == 5)
    }

    @Test func sameDayIdenticalRowsAreKept() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let statement = ImportStatement(accountId: giro, transactions: [
            row(giro, 28, "-3.20", "Bäckerei Kamps", memo: "Kartenzahlung"),
            row(giro, 28, "-3.20", "Bäckerei Kamps", memo: "Kartenzahlung"),
        ])
        #expect(try fixture.ledger.importStatements([statement]).addedCount == 2)
        #expect(try fixture.ledger.importStatements([statement]).addedCount == 0)
        #expect(try fixture.ledger.transactions().count == 2)
    }

    @Test func overlappingExportAddsOnlyNewRows() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.importStatements([firstExport(giro)])
        let overlapping = ImportStatement(accountId: giro, sourceFile: "giro-2.csv", transactions: [
            row(giro, 12, "-23.45", "EDEKA Center", memo: "Kartenzahlung"),
            row(giro, 15, "-500.00", "Alex Morgan", memo: "Umbuchung auf Tagesgeld"),
            row(giro, 28, "-3.20", "Bäckerei Kamps", memo: "Kartenzahlung"),
            row(giro, 28, "-3.20", "Bäckerei Kamps", memo: "Kartenzahlung"),
        ])
        let report = try fixture.ledger.importStatements([overlapping])
        #expect(report.addedCount == 3)
        #expect(report.accounts.first?.added.map(\.index) == [1, 2, 3])
        #expect(report.accounts.first?.skipped.map(\.index) == [0])
        #expect(try fixture.ledger.transactions().count == 7)
    }

    @Test func twoOverlappingFilesInOneRunAddEachRowOnce() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        var second = firstExport(giro)
        second.transactions.append(row(giro, 20, "-8.40", "Café Einstein"))
        let report = try fixture.ledger.importStatements([firstExport(giro), second])
        #expect(report.addedCount == 5)
        #expect(report.skippedCount == 4)
        #expect(report.accounts.count == 1)
    }

    @Test func rewrittenDescriptionIsRecognized() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.importStatements([firstExport(giro)])
        let rewritten = ImportStatement(accountId: giro, transactions: [
            row(giro, 2, "-54.37", "REWE SAGT DANKE 4711", memo: "KARTENZAHLUNG GIROCARD"),
            row(giro, 18, "-31.10", "REWE Markt Berlin", memo: "Kartenzahlung"),
        ])
        let report = try fixture.ledger.importStatements([rewritten])
        #expect(report.addedCount == 1)
        #expect(report.accounts.first?.skipped.first?.reason == .rewrittenDescription)
        #expect(try fixture.ledger.transactions().count == 5)
    }

    @Test func exportCutInsideADayThenTheWholeDayInAnotherOrderKeepsEachRowsOwnText() throws {
        // Issue 18: the first export ends after the REWE row of the 2nd; the second has the whole day,
        // another -54.37 row first and REWE's text rewritten. Before, the other row was taken for the
        // stored REWE row (first in order) and REWE was added again: the count was right, the texts not.
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.importStatements([firstExport(giro)])
        let wholeDay = ImportStatement(accountId: giro, transactions: [
            row(giro, 2, "-54.37", "Apotheke Dr. Lange", memo: "Kartenzahlung"),
            row(giro, 2, "-54.37", "REWE SAGT DANKE 4711", memo: "KARTENZAHLUNG GIROCARD"),
        ])
        let report = try fixture.ledger.importStatements([wholeDay])
        #expect(report.addedCount == 1)
        let payees = try fixture.ledger.transactions().filter { $0.amount == amount("-54.37") }.compactMap(\.payee)
        #expect(payees.sorted() == ["Apotheke Dr. Lange", "REWE Markt Berlin"])
    }

    @Test func reusedFITIDForPurchaseAndFeeKeepsBoth() throws {
        let fixture = try LedgerFixture()
        let visa = try fixture.account("Visa", currency: .USD, kind: .creditCard)
        let statement = ImportStatement(accountId: visa, transactions: [
            row(visa, 4, "-120.00", "HOTEL LISBOA", bankId: "2026100401", currency: .USD),
            row(visa, 4, "-3.60", "FOREIGN TRANSACTION FEE", bankId: "2026100401", currency: .USD),
        ])
        #expect(try fixture.ledger.importStatements([statement]).addedCount == 2)
        let again = try fixture.ledger.importStatements([statement])
        #expect(again.addedCount == 0)
        #expect(again.accounts.first?.skippedCount(.sameBankId) == 2)
    }

    @Test func sameBankIdOnAnotherAccountIsNotADuplicate() throws {
        let fixture = try LedgerFixture()
        let a = try fixture.account("A", currency: .USD)
        let b = try fixture.account("B", currency: .USD)
        try fixture.ledger.importStatements([ImportStatement(accountId: a, transactions: [row(a, 3, "-1", "x", bankId: "1", currency: .USD)])])
        let report = try fixture.ledger.importStatements([ImportStatement(accountId: b, transactions: [row(b, 3, "-1", "x", bankId: "1", currency: .USD)])])
        #expect(report.addedCount == 1)
    }

    @Test func failedImportLeavesNothing() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        var statement = firstExport(giro)
        statement.transactions.append(row(giro, 13, "-1.00", "wrong", currency: .USD))   // fails validation, last
        #expect(throws: LedgerError.self) { try fixture.ledger.importStatements([statement]) }
        #expect(try fixture.ledger.transactions().isEmpty)
        #expect(try fixture.ledger.statementBalances().isEmpty)
        #expect(try fixture.ledger.importBatches().isEmpty)
        #expect(try fixture.ledger.categories().isEmpty)
    }

    @Test func unknownAccountFailsTheWholeImport() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let error = #expect(throws: LedgerError.self) {
            try fixture.ledger.importStatements([firstExport(giro), ImportStatement(accountId: 999, transactions: [])])
        }
        #expect(error?.kind == .notFound)
        #expect(try fixture.ledger.transactions().isEmpty)
    }

    @Test func dryRunReportsTheSameAndWritesNothing() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        var statement = firstExport(giro)
        statement.transactions[2].category = CategoryPath(["Food", "Groceries"])
        statement.transactions[2].tags = ["groceries"]
        let dry = try fixture.ledger.importStatements([statement, firstExport(giro)], dryRun: true)
        #expect(dry.isDryRun)
        #expect(dry.batchId == nil)
        #expect(dry.addedCount == 4)
        #expect(dry.skippedCount == 4)
        #expect(dry.accounts.first?.added.allSatisfy { $0.id == nil } == true)
        #expect(try fixture.ledger.transactions().isEmpty)
        #expect(try fixture.ledger.categories().isEmpty)
        #expect(try fixture.ledger.tags().isEmpty)
        #expect(try fixture.ledger.importBatches().isEmpty)
        let real = try fixture.ledger.importStatements([statement, firstExport(giro)])
        #expect(real.addedCount == dry.addedCount)
        #expect(real.skippedCount == dry.skippedCount)
    }

    @Test func undoRemovesExactlyWhatTheBatchAdded() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let tagesgeld = try fixture.account("Tagesgeld")
        let first = try fixture.ledger.importStatements([firstExport(giro)])
        let second = try fixture.ledger.importStatements([
            ImportStatement(accountId: giro, transactions: [row(giro, 15, "-500.00", "Alex Morgan", tags: ["savings"])],
                            balances: [StatementBalance(kind: .closing, amount: amount("4122.18"), day: october(15))]),
            ImportStatement(accountId: tagesgeld, transactions: [row(tagesgeld, 15, "500.00", "Alex Morgan")]),
        ])
        let secondBatch = try #require(second.batchId)
        let leaving = try #require(second.accounts[0].added.first?.id)
        let arriving = try #require(second.accounts[1].added.first?.id)
        try fixture.ledger.linkTransfer(TransferLink(fromTransactionId: leaving, toTransactionId: arriving))
        // A transfer from the first batch's rent row to the second batch's arrival is also removed.
        #expect(try fixture.ledger.importBatches().map(\.id) == [first.batchId, secondBatch].compactMap { $0 })

        let undo = try fixture.ledger.undoImport(batchId: secondBatch)
        #expect(undo.transactions == 2)
        #expect(undo.balances == 1)
        #expect(undo.transfers == 1)
        #expect(try fixture.ledger.transactions().count == 4)
        #expect(try fixture.ledger.statementBalances().count == 1)
        #expect(try fixture.ledger.transfers().isEmpty)
        // The undone batch stays listed, marked undone.
        #expect(try fixture.ledger.importBatches().map(\.id) == [first.batchId, secondBatch].compactMap { $0 })
        #expect(try fixture.ledger.importBatches().map { $0.undoneAt != nil } == [false, true])
        #expect(try fixture.ledger.integrityProblems().isEmpty)
        #expect(throws: LedgerError.self) { try fixture.ledger.undoImport(batchId: secondBatch) }
        // Importing it again brings it back.
        let again = try fixture.ledger.importStatements([
            ImportStatement(accountId: giro, transactions: [row(giro, 15, "-500.00", "Alex Morgan")])])
        #expect(again.addedCount == 1)
    }

    @Test func undoRestoresTheTypeOfTheOtherLeg() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let wallet = try fixture.account("Wallet", kind: .cash)
        let atm = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [row(giro, 10, "-200.00", "Geldautomat")])])
        let cash = try fixture.ledger.importStatements([ImportStatement(accountId: wallet, transactions: [row(wallet, 10, "200.00", "Geldautomat")])])
        let from = try #require(atm.accounts.first?.added.first?.id)
        let to = try #require(cash.accounts.first?.added.first?.id)
        try fixture.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        #expect(try fixture.ledger.transaction(id: from).type == .transfer)
        try fixture.ledger.undoImport(batchId: try #require(cash.batchId))
        #expect(try fixture.ledger.transaction(id: from).type == .expense)
    }

    @Test func batchesRecordFilesAndCounts() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let report = try fixture.ledger.importStatements([firstExport(giro)], files: ["Samples/girokonto-2026-10.csv"])
        let batch = try #require(try fixture.ledger.importBatches().first)
        #expect(batch.id == report.batchId)
        #expect(batch.files == ["Samples/girokonto-2026-10.csv"])
        #expect(batch.added == 4)
        #expect(batch.balances == 1)
        #expect(batch.createdAt.hasSuffix("Z"))
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(batchId: batch.id)).count == 4)
    }

    @Test func importCreatesNamedCategoriesTagsProjectsAndPlaces() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let statement = ImportStatement(accountId: giro, transactions: [
            row(giro, 2, "-54.37", "REWE", category: "Food:Groceries", tags: ["weekly", "Food"], project: "Household", place: "Berlin"),
            row(giro, 18, "-31.10", "REWE", category: "food:groceries", tags: ["WEEKLY"], place: "berlin"),
        ], ruleFields: [[.category, .tags, .place], []])
        try fixture.ledger.importStatements([statement])
        #expect(try fixture.ledger.categories().map(\.path.description) == ["Food", "Food:Groceries"])
        #expect(try fixture.ledger.tags().map(\.title) == ["Food", "weekly"])
        #expect(try fixture.ledger.places().map(\.name) == ["Berlin"])
        let stored = try fixture.ledger.transactions()
        #expect(stored[0].tags == ["Food", "weekly"])
        #expect(stored[1].category?.description == "Food:Groceries")
        #expect(stored[0].project == "Household")
        #expect(try fixture.ledger.fieldOrigins(transactionId: try #require(stored[0].id))[.category] == .rule)
    }

    @Test func progressIsReported() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let rows = (0..<2500).map { row(giro, 1 + $0 % 28, "-1.00", "row \($0)") }
        var calls: [Int] = []
        try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)]) { done, total in
            #expect(total == 2500)
            calls.append(done)
        }
        #expect(calls == [1000, 2000, 2500])
    }
}

@Suite struct StatementConversionTests {
    @Test func readerStatementImportsWithProvenance() throws {
        let fixture = try LedgerFixture()
        let account = try fixture.ledger.addAccount(Account(name: "US Checking", kind: .bank, currency: .USD,
                                                            numbers: ["000123456789"]))
        let statement = Statement(
            source: StatementSource(file: "Samples/us-checking-2026-10.ofx", format: "ofx"),
            account: StatementAccount(id: "000123456789", currency: .USD),
            balances: [StatementBalance(kind: .ledger, amount: amount("1824.55"), day: october(31)),
                       StatementBalance(kind: .available, amount: amount("1800.00"))],
            transactions: [
                StatementTransaction(day: october(20), amount: amount("-120.00"), payee: "CHECK 1001", id: "20261020001",
                                     bankType: "CHECK", checkNumber: "1001",
                                     position: SourcePosition(offset: 900, line: 41, column: 1)),
                StatementTransaction(day: october(7), amount: amount("100.00"), payee: "WISE INC", memo: "From EUR account",
                                     id: "20261007001", bankType: "XFER", transferAccount: "Girokonto"),
            ])
        let found = try #require(try fixture.ledger.account(forNumber: statement.account.id ?? ""))
        let request = try ImportStatement(statement, account: found)
        #expect(request.balances.count == 1)
        let report = try fixture.ledger.importStatements([request])
        #expect(report.addedCount == 2)
        let check = try #require(try fixture.ledger.transactions(matching: TransactionFilter(text: "check")).first)
        #expect(check.checkNumber == "1001")
        #expect(check.bankType == "CHECK")
        #expect(check.sourceLine == 41)
        #expect(check.sourceFormat == "ofx")
        #expect(check.sourceFile == "Samples/us-checking-2026-10.ofx")
        #expect(check.type == .expense)
        #expect(try fixture.ledger.transactions(matching: TransactionFilter(text: "wise")).first?.transferHint == "Girokonto")
        #expect(account.id == found.id)
    }

    @Test func clearingTheCleanedPayeeShowsTheBanksAgain() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let stored = try fixture.ledger.addTransaction(row(giro, 2, "-54.37", "REWE SAGT DANKE 4711"))
        let id = try #require(stored.id)
        #expect(try fixture.ledger.editTransaction(id: id, [.payee("REWE")]).payee == "REWE")
        let cleared = try fixture.ledger.editTransaction(id: id, [.payee(nil)])
        #expect(cleared.payee == "REWE SAGT DANKE 4711")
        #expect(cleared.originalPayee == "REWE SAGT DANKE 4711")
    }
}
