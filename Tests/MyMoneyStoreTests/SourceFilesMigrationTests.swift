import Foundation
import MyMoneyTestSupport
import Testing
@testable import MyMoneyStore

/// `0009-source-files-once`: the paths rows came from move out of the rows into `source_files`,
/// and every reader gives what it gave when the rows held the text.
@Suite struct SourceFilesMigrationTests {
    /// Generated statements of two accounts from several files (and rows without one), with
    /// balances, and skipped rows kept for the reconciler.
    private static func statements(_ accounts: [Int64], seed: UInt64) -> [ImportStatement] {
        var random = SeededGenerator(seed: seed)
        let files = ["2026/giro-10.csv", "2026/giro-11.csv", "/home/anna/Downloads/Umsätze Kreditkarte.ofx"]
        var statements: [ImportStatement] = []
        for k in 0..<6 {
            let accountId = accounts[k % accounts.count]
            let file: String? = k == 5 ? nil : files[random.next(in: 0...files.count - 1)]
            var rows: [LedgerTransaction] = []
            for i in 0..<random.next(in: 5...40) {
                var t = row(accountId, random.next(in: 1...28), "-\(random.next(in: 1...900)).\(random.next(in: 10...99))",
                            ["REWE", "Miete", "Stadtwerke", "Café Zentral"][random.next(in: 0...3)], memo: i % 3 == 0 ? "Karte \(i)" : nil)
                // Some rows name another file than their statement (a transfer rule's counter-leg), some none.
                t.sourceFile = random.next(in: 0...9) == 0 ? files[random.next(in: 0...files.count - 1)] : (random.next(in: 0...9) == 0 ? nil : file)
                t.sourceLine = t.sourceFile == nil ? nil : i + 2
                rows.append(t)
            }
            statements.append(ImportStatement(accountId: accountId, sourceFile: file, transactions: rows,
                                              balances: [StatementBalance(kind: .closing, amount: amount("\(k * 100).00"), day: october(28))]))
        }
        return statements
    }

    /// What the ledger says about where its rows came from, through every reader.
    private struct Facts: Equatable {
        var transactions: [LedgerTransaction]
        var outputFiles: [String?]
        var balances: [StoredBalance]
        var skipped: [Ledger.SkippedStatementRow]
    }

    private static func facts(_ ledger: Ledger, _ accounts: [Int64]) throws -> Facts {
        var outputFiles: [String?] = []
        try ledger.eachTransactionRow { outputFiles.append($0.text(.sourceFile)) }
        return Facts(transactions: try ledger.transactions(), outputFiles: outputFiles, balances: try ledger.statementBalances(),
                     skipped: try accounts.flatMap { try ledger.skippedStatementRows(accountId: $0) })
    }

    /// Turns the ledger back into the layout before 0009: the path text on every row.
    private static func unmigrate(_ path: String) throws {
        let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 5)
        for table in ["transactions", "statement_balances", "skipped_statement_rows"] {
            try db.execute("""
                ALTER TABLE \(table) ADD COLUMN source_file TEXT;
                UPDATE \(table) SET source_file = (SELECT f.path FROM source_files f WHERE f.id = \(table).source_file_id);
                ALTER TABLE \(table) DROP COLUMN source_file_id;
                """)
        }
        try db.execute("DROP TABLE source_files; DELETE FROM migrations WHERE name = '0009-source-files-once'")
    }

    private static func count(_ path: String, _ sql: String) throws -> Int64 {
        let db = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 5)
        return try db.statement(sql).rows { $0.int64(0) }.first ?? -1
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func aLedgerWithPathsOnItsRowsKeepsEveryFactAndAddsNothingTwice(seed: UInt64) throws {
        let fixture = try LedgerFixture()
        let accounts = [try fixture.account("Girokonto"), try fixture.account("Kreditkarte")]
        let statements = Self.statements(accounts, seed: seed)
        let first = try fixture.ledger.importStatements(Array(statements.prefix(4)))
        // The rest with some rows again, so rows are skipped and kept for the reconciler.
        var later = Array(statements.suffix(2))
        later[0].transactions += statements[0].transactions.prefix(3).map { var t = $0; t.accountId = later[0].accountId; return t }
        let second = try fixture.ledger.importStatements(later)
        let batch = try #require(second.batchId)
        try fixture.ledger.recordSkippedStatementRows(second.accounts.flatMap { a in
            a.skipped.map { s in Ledger.SkippedStatementRow(row: later[s.statementIndex].transactions[s.index], reason: s.reason, existingId: s.existingId) }
        }, batchId: batch)
        _ = try fixture.ledger.addTransaction(row(accounts[0], 3, "-1.00", "by hand"))
        let before = try Self.facts(fixture.ledger, accounts)
        #expect(first.addedCount > 0 && !before.skipped.isEmpty)
        #expect(before.transactions.contains { $0.sourceFile == nil } && before.transactions.contains { $0.sourceFile != nil })

        try Self.unmigrate(fixture.path)
        #expect(try Self.count(fixture.path, "SELECT count(DISTINCT source_file) FROM transactions") >= 2)
        let migrated = try Ledger(path: fixture.path)
        #expect(try migrated.appliedMigrations().last == "0009-source-files-once")
        #expect(try migrated.integrityProblems().isEmpty)
        #expect(try Self.facts(migrated, accounts) == before)
        let files = try Self.count(fixture.path, "SELECT count(*) FROM source_files")
        #expect(files == (try Self.count(fixture.path, """
            SELECT count(*) FROM (SELECT source_file_id FROM transactions WHERE source_file_id IS NOT NULL
                                  UNION SELECT source_file_id FROM statement_balances WHERE source_file_id IS NOT NULL)
            """)))

        // Importing the same statements again adds nothing; a new row of a known file adds no path.
        #expect(try migrated.importStatements(statements).addedCount == 0)
        var new = statements[0]
        new.transactions = [row(accounts[0], 20, "-7.77", "Neu")]
        new.transactions[0].sourceFile = statements[0].transactions.compactMap(\.sourceFile).first
        #expect(try migrated.importStatements([new]).addedCount == 1)
        #expect(try Self.count(fixture.path, "SELECT count(*) FROM source_files") == files)
        #expect(try migrated.transactions().last { $0.payee == "Neu" }?.sourceFile == new.transactions[0].sourceFile)
    }

    /// A new ledger and a migrated one have the same columns.
    @Test func aMigratedLedgerHasTheColumnsOfANewOne() throws {
        let fresh = try LedgerFixture(), old = try LedgerFixture()
        _ = try old.account("Girokonto")
        try Self.unmigrate(old.path)
        _ = try Ledger(path: old.path)
        func columns(_ path: String) throws -> [String] {
            let db = try SQLiteConnection(path: path, readOnly: true, busyTimeout: 5)
            return try ["transactions", "statement_balances", "skipped_statement_rows", "source_files"].flatMap { table in
                try db.statement("SELECT name FROM pragma_table_info('\(table)')").rows { "\(table).\($0.text(0))" }
            }
        }
        #expect(try columns(old.path) == (try columns(fresh.path)))
        #expect(try columns(fresh.path).contains("transactions.source_file_id"))
        #expect(try !columns(fresh.path).contains("transactions.source_file"))
    }
}
