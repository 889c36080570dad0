import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// After storing, the import works on the values it just stored instead of reading them back from
/// the ledger: those values must be what the ledger holds.
@Suite("import: stored rows without reading them back")
struct StoredRowsTests {
    func ledger() throws -> Ledger {
        try Ledger(path: MyMoneyBinary.scratch("stored-rows").appendingPathComponent("ledger.sqlite").path)
    }

    /// The reconciler can name a row the import skipped as already stored only when the Kit
    /// hands it the skipped rows: the statement says -9.00, the ledger holds one -4.50 bakery
    /// purchase and the second was skipped as its duplicate.
    @Test func aSkippedRowIsNamedWhenTheLedgerLacksItsAmount() throws {
        let ledger = try ledger()
        let eur = Currency(code: "EUR")!
        let checking = try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: eur))
        let bakery = LedgerTransaction(accountId: checking.id!, day: Day(iso: "2026-03-02")!, amount: Amount(units: -450, scale: 2),
                                       currency: eur, originalPayee: "Bakery", bankId: "B1", sourceFormat: "csv", sourceFile: "a.csv")
        try ledger.importStatements([ImportStatement(accountId: checking.id!, sourceFile: "a.csv", transactions: [bakery],
                                                     balances: [StatementBalance(kind: .closing, amount: Amount(units: -900, scale: 2),
                                                                                 day: Day(iso: "2026-03-02")!, currency: eur)])])
        func suspects(_ skipped: [Int64: [LedgerTransaction]]) throws -> [String] {
            let report = try LedgerReconciliation.reconcile(ledger, chains: [:], skippedRows: skipped) { _ in nil }
            let account = try #require(report.accounts.first)
            return account.checkpoints.flatMap(\.suspects).map { "\($0.kind)" }
        }
        #expect(try !suspects([:]).contains("skippedStatementRow"))
        #expect(try suspects([checking.id!: [bakery]]).first == "skippedStatementRow")
    }

    @Test func theRowsTheImportKeepsAreTheRowsTheLedgerHolds() throws {
        let ledger = try ledger()
        let checking = try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: Currency(code: "EUR")!))
        let wallet = try ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: Currency(code: "EUR")!))
        let eur = Currency(code: "EUR")!
        func row(_ account: Account, _ day: String, _ cents: Int64, _ payee: String?, memo: String? = nil,
                 category: String? = nil, tags: [String] = [], bankId: String? = nil, type: TransactionType? = nil) -> LedgerTransaction {
            LedgerTransaction(accountId: account.id!, day: Day(iso: day)!, amount: Amount(units: cents, scale: 2), currency: eur,
                              originalPayee: payee, memo: memo, type: type, category: category.flatMap { CategoryPath(parsing: $0) },
                              tags: tags, bankId: bankId, bankType: "DEBIT", splits: [], extra: [StatementField("ref", "x1")],
                              sourceFormat: "csv", sourceFile: "a.csv", sourceLine: 3)
        }
        // A row already in the ledger: offered again, it is a duplicate and not among the stored rows.
        let existing = row(checking, "2026-03-02", -450, "Bakery", bankId: "B1")
        try ledger.importStatements([ImportStatement(accountId: checking.id!, sourceFile: "old.csv", transactions: [existing])])
        let statements = [
            ImportStatement(accountId: checking.id!, sourceFile: "a.csv", transactions: [
                row(checking, "2026-03-01", -1999, "Grocer", memo: "card 1234", category: "Food:Groceries", tags: ["weekly", "card"]),
                existing,
                row(checking, "2026-03-03", 250000, "Employer", category: "Income:Salary", bankId: "S1"),
                row(checking, "2026-03-03", -5000, "Cash machine", type: .transfer),
                row(checking, "2026-03-03", -5000, nil, memo: "no payee"),
            ]),
            ImportStatement(accountId: wallet.id!, sourceFile: "a.csv", transactions: [
                row(wallet, "2026-03-03", 5000, "Cash machine", type: .transfer),
            ]),
        ]
        let lastIdBefore = try ledger.lastTransactionId()
        let queue = RuledStatementQueue()
        for statement in statements { queue.put(statement) }
        queue.finish()
        var stored = try StoreStage.store(from: queue, files: ["a.csv"], transactionCount: 6, ledger: ledger)
        #expect(stored.added == 5 && stored.duplicates.count == 1)
        #expect(stored.duplicates.first?.reason == .sameBankId)
        #expect(stored.addedBySlot == [0: 4, 1: 1] && stored.skippedBySlot == [0: 1])
        #expect(stored.id(at: (0, 1)) == nil && stored.id(at: (0, 0)) != nil)
        // The skipped row is kept by account for the reconciler (a real second transaction?).
        #expect(stored.skippedRows.keys.sorted() == [checking.id!])
        #expect(stored.skippedRows[checking.id!]?.map(\.amount) == [existing.amount])
        #expect(stored.skippedRows[checking.id!]?.first?.accountId == checking.id)
        var parts = stored.takeAddedRows()
        let kept = TransactionMoves.concatenate(&parts)
        #expect(parts.isEmpty && kept.count == 5)
        var fromMemory = kept
        Ledger.sortByDayAndId(&fromMemory)
        let fromLedger = try ledger.transactions(matching: TransactionFilter(batchId: stored.batchId))
        #expect(fromMemory == fromLedger)
        // The ledger's other rows come from the ledger: together they are what a read of the days gives.
        var otherBatches = TransactionFilter()
        otherBatches.excludedBatchId = stored.batchId
        var storedBefore = TransactionFilter()
        storedBefore.storedThroughId = lastIdBefore
        let others = try ledger.transactions(matching: otherBatches)
        #expect(others == (try ledger.transactions(matching: storedBefore)))
        #expect(others.count == 1)
        var pieces = [others, kept, []]
        var together = TransactionMoves.concatenate(&pieces)
        Ledger.sortByDayAndId(&together)
        #expect(together == (try ledger.transactions()))
    }

    @Test func movingRowsKeepsEveryValueAndLeavesSharedArraysAlone() {
        func rows(_ account: Int64, _ n: Int) -> [LedgerTransaction] {
            (0..<n).map { LedgerTransaction(id: account * 100 + Int64($0), accountId: account, day: Day(daysSinceEpoch: Int32($0)),
                                            amount: Amount(units: Int64($0), scale: 2), currency: .EUR,
                                            originalPayee: "payee \(account) \($0) with a long enough name", tags: ["t\($0)"]) }
        }
        let shared = rows(2, 3)
        var parts = [rows(1, 4), [], shared, rows(3, 1)]
        let expected = rows(1, 4) + shared + rows(3, 1)
        let moved = TransactionMoves.concatenate(&parts)
        #expect(moved == expected)
        #expect(parts.isEmpty)
        #expect(shared == rows(2, 3))   // an array still held elsewhere is copied, not emptied
        var single = [[], rows(4, 2)]
        #expect(TransactionMoves.concatenate(&single) == rows(4, 2))
        var none: [[LedgerTransaction]] = [[], []]
        #expect(TransactionMoves.concatenate(&none).isEmpty)
    }
}
