import Foundation
import MyMoneyTestSupport
import Testing
@testable import MyMoneyStore

/// A new ledger's schema made in one step (``CurrentSchema``) against its plain twin, the
/// migrations one after another: the same `sqlite_master`, row by row in its order, the same
/// migrations recorded, nothing else in any table. When a migration is added, the failure
/// prints the text for ``CurrentSchema/sql``.
@Suite("a new ledger's schema in one step")
struct MigrationSnapshotTests {
    struct Schema: Equatable {
        var master: [String]
        var migrations: [String]
        var rowsInTables: [String]
        var userVersion: Int64
    }

    func schema(of ledger: Ledger) throws -> Schema {
        let master = try ledger.db.uncachedStatement("SELECT type, name, tbl_name, COALESCE(sql, '') FROM sqlite_master ORDER BY rowid")
            .rows { "\($0.text(0)) \($0.text(1)) on \($0.text(2)): \($0.text(3))" }
        let tables = try ledger.db.uncachedStatement("SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'migrations' ORDER BY name")
            .rows { $0.text(0) }
        var rows = try ledger.db.uncachedStatement("SELECT name, seq FROM sqlite_sequence ORDER BY rowid")
            .rows { "sqlite_sequence \($0.text(0)) \($0.int64(1))" }
        for table in tables where table != "sqlite_sequence" {
            let count = try ledger.db.uncachedStatement("SELECT count(*) FROM \"\(table)\"").rows { $0.int64(0) }.first ?? -1
            if count != 0 { rows.append("\(table): \(count)") }
        }
        let version = try ledger.db.uncachedStatement("PRAGMA user_version").rows { $0.int64(0) }.first ?? -1
        return Schema(master: master, migrations: try ledger.appliedMigrations(), rowsInTables: rows, userVersion: version)
    }

    @Test func aNewLedgerHasWhatTheMigrationsMake() throws {
        let dir = MyMoneyBinary.scratch("schema-snapshot")
        let inOneStep = try Ledger(path: dir.appendingPathComponent("one-step.sqlite").path)
        let byMigrations = try Ledger(path: dir.appendingPathComponent("migrations.sqlite").path, schemaByMigrations: true)
        let fresh = try schema(of: inOneStep)
        let migrated = try schema(of: byMigrations)
        #expect(CurrentSchema.migrations == Migration.all.map(\.name),
                "a migration was added: put the text below in CurrentSchema.sql and its name in CurrentSchema.migrations")
        #expect(fresh == migrated)
        #expect(migrated.migrations == Migration.all.map(\.name))
        #expect(migrated.master.count > 40)
        #expect(migrated.master.contains { $0.hasPrefix("index transactions_for_reports on transactions:") })
        if fresh != migrated || CurrentSchema.migrations != Migration.all.map(\.name) {
            let text = try byMigrations.db.uncachedStatement("""
                SELECT sql || ';' FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid
                """).rows { $0.text(0) }.joined(separator: "\n")
            let sequences = try byMigrations.db.uncachedStatement("SELECT name, seq FROM sqlite_sequence ORDER BY rowid")
                .rows { "('\($0.text(0))', \($0.int64(1)))" }.joined(separator: ", ")
            Issue.record("CurrentSchema.sql should be:\n\(text)\nINSERT INTO sqlite_sequence (name, seq) VALUES \(sequences);")
        }
    }

    /// A new ledger in one step is a ledger like any other: it takes rows, and opening it again
    /// (read-only too) finds it current.
    @Test func aLedgerMadeInOneStepIsCurrentAndTakesRows() throws {
        let path = MyMoneyBinary.scratch("schema-snapshot-use").appendingPathComponent("ledger.sqlite").path
        do {
            let ledger = try Ledger(path: path)
            let account = try ledger.addAccount(Account(name: "Giro", kind: .bank, currency: .EUR))
            _ = try ledger.addTransaction(LedgerTransaction(accountId: try #require(account.id), day: october(2), amount: amount("-12.50"),
                                                            currency: .EUR, originalPayee: "Bäckerei", payee: "Bäckerei", type: .expense))
            #expect(try ledger.integrityProblems().isEmpty)
        }
        let reopened = try Ledger(path: path, readOnly: true)
        #expect(try reopened.appliedMigrations() == Migration.all.map(\.name))
        #expect(try reopened.transactions().count == 1)
    }
}
