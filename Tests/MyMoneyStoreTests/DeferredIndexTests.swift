import Foundation
import Testing
import MyMoneyStore

/// A bulk import into an empty ledger builds its report and category indexes after the INSERTs
/// (``IndexUpkeep``): the ledger must end exactly as when they are kept row by row.
@Suite struct DeferredIndexTests {
    /// Statements of `accounts` accounts over the same 28 days of October, `perAccount` rows each,
    /// some categorized, some tagged, some the same row twice on one day.
    func statements(_ ids: [Int64], perAccount: Int) -> [ImportStatement] {
        ids.enumerated().map { n, id in
            ImportStatement(accountId: id, sourceFile: "account-\(n).csv", transactions: (0..<perAccount).map { i in
                let payee = i % 7 == 0 ? "REWE Markt \(i % 13)" : "Shop \(i % 29)"
                return row(id, 1 + (i * 28) / perAccount, i % 5 == 0 ? "1200.\(i % 100)" : "-\(i % 90 + 1).\(i % 97)", payee,
                           category: i % 3 == 0 ? "Food:Groceries" : (i % 4 == 0 ? "Shopping" : nil),
                           tags: i % 11 == 0 ? ["weekly"] : [])
            })
        }
    }

    /// Everything a reader of the ledger sees of its transactions, in order.
    func dump(_ ledger: Ledger) throws -> [String] {
        try ledger.transactions().map { t in
            "\(t.id ?? 0) \(t.accountId) \(t.day) \(t.amount) \(t.type) \(t.payee ?? "-") \(t.category?.description ?? "-") \(t.tags)"
        }
    }

    func importBoth(perAccount: Int) throws -> (maintained: LedgerFixture, rebuilt: LedgerFixture) {
        let maintained = try LedgerFixture("maintained"), rebuilt = try LedgerFixture("rebuilt")
        for (fixture, upkeep) in [(maintained, IndexUpkeep.maintained), (rebuilt, .rebuilt)] {
            let ids = try (0..<3).map { try fixture.account("Account \($0)") }
            let report = try fixture.ledger.importStatements(statements(ids, perAccount: perAccount), indexes: upkeep)
            #expect(report.addedCount == 3 * perAccount)
        }
        return (maintained, rebuilt)
    }

    @Test func rebuiltIndexesGiveTheSameLedgerAsIndexesKeptRowByRow() throws {
        let (maintained, rebuilt) = try importBoth(perAccount: 3_000)
        #expect(try dump(rebuilt.ledger) == dump(maintained.ledger))
        #expect(try rebuilt.ledger.transactionIndexes() == maintained.ledger.transactionIndexes())
        #expect(try rebuilt.ledger.transactionIndexes()["transactions_for_reports"] != nil)
        // SQLite checks every index entry against its row.
        #expect(try rebuilt.ledger.integrityProblems() == [])
        #expect(try rebuilt.ledger.transactions(matching: TransactionFilter(category: CategoryPath(parsing: "Food")))
                == maintained.ledger.transactions(matching: TransactionFilter(category: CategoryPath(parsing: "Food"))))
    }

    /// Accounts coming twice and three times in one bulk import into an empty ledger (a
    /// statement again whole, one half new, one overlapping another's days) must find the same
    /// duplicates as with every index kept row by row.
    @Test func accountsComingAgainFindTheirDuplicatesAsWithIndexesKept() throws {
        var dumps: [[String]] = [], reports: [[String]] = []
        for upkeep in [IndexUpkeep.maintained, .automatic] {
            let fixture = try LedgerFixture()
            let ids = try (0..<3).map { try fixture.account("Account \($0)") }
            let base = statements(ids, perAccount: 1_200)
            var half = statements([ids[1]], perAccount: 2_400)[0]
            half.sourceFile = "account-1-more.csv"
            var order = [base[0], base[1], base[0], half, base[2], base[1]]
            order[2].sourceFile = "account-0-again.csv"
            let report = try fixture.ledger.importStatements(order, indexes: upkeep)
            reports.append(report.accounts.map { a in
                "\(a.accountName) added \(a.added.map { "\($0.statementIndex).\($0.index)=\($0.id ?? 0)" }) "
                    + "skipped \(a.skipped.map { "\($0.statementIndex).\($0.index)=\($0.existingId):\($0.reason)" })"
            })
            #expect(report.skippedCount > 2_400)
            #expect(try fixture.ledger.transactionIndexes()["transactions_by_account_day"] != nil)
            #expect(try fixture.ledger.integrityProblems() == [])
            dumps.append(try dump(fixture.ledger))
        }
        // Compared as one value each: a difference would print thousands of rows.
        let sameRows = dumps[0] == dumps[1], sameReports = reports[0] == reports[1]
        #expect(sameRows, "the ledgers' rows differ")
        #expect(sameReports, "the import reports differ")
    }

    @Test func secondImportIntoTheBulkLedgerFindsEveryDuplicate() throws {
        let (_, rebuilt) = try importBoth(perAccount: 2_500)
        let ids = try rebuilt.ledger.accounts().compactMap(\.id)
        let again = try rebuilt.ledger.importStatements(statements(ids, perAccount: 2_500))
        #expect(again.addedCount == 0)
        #expect(again.skippedCount == 3 * 2_500)
    }

    @Test func failedBulkImportKeepsTheIndexesAndWritesNothing() throws {
        let fixture = try LedgerFixture()
        let ids = try (0..<2).map { try fixture.account("Account \($0)") }
        let before = try fixture.ledger.transactionIndexes()
        var statements = statements(ids, perAccount: 3_000)
        // The last row of the last statement is in the wrong currency: the import fails there.
        statements[1].transactions[2_999].currency = .USD
        #expect(throws: LedgerError.self) { try fixture.ledger.importStatements(statements, indexes: .rebuilt) }
        #expect(try fixture.ledger.transactionIndexes() == before)
        #expect(try fixture.ledger.transactions().isEmpty)
        #expect(try fixture.ledger.integrityProblems() == [])
    }

    @Test func dryRunBulkImportKeepsTheIndexes() throws {
        let fixture = try LedgerFixture()
        let ids = try (0..<2).map { try fixture.account("Account \($0)") }
        let before = try fixture.ledger.transactionIndexes()
        let report = try fixture.ledger.importStatements(statements(ids, perAccount: 3_000), dryRun: true)
        #expect(report.addedCount == 6_000)
        #expect(try fixture.ledger.transactionIndexes() == before)
        #expect(try fixture.ledger.transactions().isEmpty)
    }

    @Test func automaticUpkeepIntoAnEmptyLedgerEndsWithEveryIndex() throws {
        let fixture = try LedgerFixture()
        let ids = try (0..<2).map { try fixture.account("Account \($0)") }
        let before = try fixture.ledger.transactionIndexes()
        _ = try fixture.ledger.importStatements(statements(ids, perAccount: 3_000))
        #expect(try fixture.ledger.transactionIndexes() == before)
        #expect(try fixture.ledger.integrityProblems() == [])
    }
}
