import Foundation
import Testing
@testable import MyMoneyStore

/// Ids are never given twice: an undone import, a removed transaction or an unlinked transfer
/// keeps its id to itself (SQLite's AUTOINCREMENT), and an undone batch stays listed.
@Suite struct LastingIdTests {
    @Test func anUndoneBatchKeepsItsIdAndItsTransactionsTheirs() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let first = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [
            row(giro, 1, "-950.00", "Miete"), row(giro, 2, "-54.37", "REWE")])])
        let ids = first.accounts[0].added.compactMap(\.id)
        try fixture.ledger.undoImport(batchId: try #require(first.batchId))
        let again = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [
            row(giro, 1, "-950.00", "Miete"), row(giro, 2, "-54.37", "REWE")])])
        #expect(again.batchId == 2)
        #expect(again.accounts[0].added.compactMap(\.id).allSatisfy { $0 > ids.max()! })
        let batches = try fixture.ledger.importBatches()
        #expect(batches.map(\.id) == [1, 2])
        #expect(batches[0].undoneAt != nil && batches[1].undoneAt == nil)
        let error = #expect(throws: LedgerError.self) { try fixture.ledger.undoImport(batchId: 1) }
        #expect(error?.message.hasPrefix("import 1 was undone before") == true)
    }

    @Test func theLastTransactionRemovedLeavesItsIdUnused() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let a = try fixture.ledger.addTransaction(row(giro, 1, "-1.00", "A"))
        let b = try fixture.ledger.addTransaction(row(giro, 2, "-2.00", "B"))
        try fixture.ledger.deleteTransaction(id: try #require(b.id))
        let c = try fixture.ledger.addTransaction(row(giro, 3, "-3.00", "C"))
        #expect(try #require(c.id) > (try #require(b.id)))
        #expect(try #require(a.id) < (try #require(b.id)))
    }

    @Test func aRemovedBudgetLeavesItsIdUnused() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.ledger.addCategory(CategoryPath(["Food"]))
        func budget(_ limit: String) -> Budget {
            Budget(target: .category(CategoryPath(["Food"])), amount: amount(limit), currency: .EUR, period: .month, startDay: october(1))
        }
        let first = try fixture.ledger.addBudget(budget("100.00"))
        try fixture.ledger.deleteBudget(id: try #require(first.id))
        let second = try fixture.ledger.addBudget(budget("150.00"))
        #expect(try #require(second.id) > (try #require(first.id)))
    }

    @Test func anUnlinkedOrRejectedTransferLeavesItsIdUnused() throws {
        let story = try StoryLedger()
        let from = try story.id("Umbuchung auf"), to = try story.id("Umbuchung von")
        let first = try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        try story.ledger.unlinkTransfer(id: try #require(first.id))
        let second = try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        #expect(try #require(second.id) > (try #require(first.id)))
        try story.ledger.rejectTransfer(from, to)
        let third = try story.ledger.linkTransfer(TransferLink(fromTransactionId: from, toTransactionId: to))
        #expect(try #require(third.id) > (try #require(second.id)))
    }

    @Test func anImportThatAddsNothingGivesBackItsBatchId() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let rows = [row(giro, 1, "-950.00", "Miete")]
        #expect(try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)]).batchId == 1)
        #expect(try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)]).batchId == nil)
        let next = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [row(giro, 2, "-1.00", "X")])])
        #expect(next.batchId == 2)
    }

    /// A ledger written before 0003 (ids, batches and JSON splits as they were) opens with every
    /// row and id kept, its splits as parts, and ids never reused from then on.
    @Test func anOlderLedgerIsRebuiltKeepingEveryRowAndId() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-old-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ledger.sqlite").path
        do {
            let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 5)
            try db.execute("PRAGMA foreign_keys = ON")
            try db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            for migration in Migration.all.prefix(2) {
                try db.execute(migration.sql)
                try db.execute("INSERT INTO migrations VALUES ('\(migration.name)', '2026-01-01T00:00:00Z')")
            }
            let splits = String(decoding: try JSONEncoder().encode([
                StatementSplit(amount: amount("-18.00"), category: "Food:Groceries", memo: "Gemüse"),
                StatementSplit(amount: amount("-5.50"), category: "Gifts:Flowers", memo: "Tulpen", tags: ["market"]),
            ]), as: UTF8.self)
            try db.execute("""
                INSERT INTO accounts (id, name, name_key, kind, currency) VALUES (1, 'Wallet', 'wallet', 'cash', 'EUR');
                INSERT INTO import_batches (id, created_at, files) VALUES (1, '2026-01-01T00:00:00Z', '["w.qif"]'), (3, '2026-01-02T00:00:00Z', '[]');
                INSERT INTO transactions (id, account_id, day, amount_units, amount_scale, currency, type, original_payee, text_key, batch_id, splits)
                VALUES (5, 1, 20737, -2350, 2, 'EUR', 'expense', 'Wochenmarkt', 'wochenmarkt', 1, '\(splits)'),
                       (9, 1, 20738, 20000, 2, 'EUR', 'income', 'Geldautomat', 'geldautomat', 3, NULL);
                INSERT INTO transfers (id, from_transaction_id, to_transaction_id, confidence, status) VALUES (7, 5, 9, 1, 'proposed');
                INSERT INTO statement_balances (account_id, day, amount_units, amount_scale, kind, batch_id) VALUES (1, 20737, 5000, 2, 'opening', 1);
                """)
        }
        let ledger = try Ledger(path: path)
        #expect(try ledger.appliedMigrations().contains("0004-lasting-ids-parts-close-calls"))  // later migrations follow
        #expect(try ledger.integrityProblems().isEmpty)
        #expect(try ledger.transactions().map(\.id) == [5, 9])
        #expect(try ledger.importBatches().map(\.id) == [1, 3])
        #expect(try ledger.transfers().map(\.id) == [7])
        #expect(try ledger.statementBalances().count == 1)
        let market = try ledger.transaction(id: 5)
        #expect(market.splits.map(\.category) == ["Food:Groceries", "Gifts:Flowers"])
        #expect(market.splits.map(\.memo) == ["Gemüse", "Tulpen"])
        #expect(market.splits[1].tags == ["market"])
        #expect(try ledger.transactions(matching: TransactionFilter(category: CategoryPath(["Gifts"]))).map(\.id) == [5])
        // From now on ids go up from the largest kept.
        try ledger.deleteTransaction(id: 9)
        #expect(try ledger.addTransaction(row(1, 20, "-1.00", "later")).id == 10)
    }
}
