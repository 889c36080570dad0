import Foundation
import Testing
import MyMoneyStore

@Suite struct LedgerFileTests {
    @Test func ledgerFileIsReadableOnlyByItsOwner() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.account("Girokonto")
        let attributes = try FileManager.default.attributesOfItem(atPath: fixture.path)
        let mode = try #require(attributes[.posixPermissions] as? Int)
        #expect(mode & 0o777 == 0o600)
        let wal = fixture.path + "-wal"
        if FileManager.default.fileExists(atPath: wal) {
            let walMode = try #require(try FileManager.default.attributesOfItem(atPath: wal)[.posixPermissions] as? Int)
            #expect(walMode & 0o077 == 0)
        }
    }

    @Test func missingFoldersAreCreated() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-nested-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a/b/ledger.sqlite").path
        _ = try Ledger(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
    }

    @Test func migrationsAreRecordedByNameAndAppliedOnce() throws {
        let fixture = try LedgerFixture()
        #expect(try fixture.ledger.appliedMigrations() == Migration.all.map(\.name))
        // Append-only: the first migrations keep their names and order.
        #expect(Migration.all.map(\.name).starts(with: ["0001-initial", "0002-batch-opening-balances", "0003-settings", "0004-lasting-ids-parts-close-calls"]))
        _ = try fixture.account("Girokonto")
        let reopened = try Ledger(path: fixture.path)
        #expect(try reopened.appliedMigrations() == Migration.all.map(\.name))
        #expect(try reopened.accounts().map(\.name) == ["Girokonto"])
    }

    @Test func readOnlyLedgerAnswersQueriesAndRefusesWrites() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.account("Girokonto")
        let reader = try Ledger(path: fixture.path, readOnly: true)
        #expect(try reader.accounts().count == 1)
        #expect(throws: LedgerError.self) { try reader.addTag(LedgerTag(title: "x")) }
    }

    @Test func readOnlyOpenOfAMissingFileFails() {
        let error = #expect(throws: LedgerError.self) {
            _ = try Ledger(path: "/nonexistent-\(UUID().uuidString)/ledger.sqlite", readOnly: true)
        }
        #expect(error?.message.hasPrefix("there is no ledger at") == true)
    }

    @Test func aFileThatIsNotALedgerIsRefusedWithAMessage() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("not-a-ledger-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(String(repeating: "this is not sqlite ", count: 100).utf8).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: LedgerError.self) { _ = try Ledger(path: path) }
        #expect(error?.kind == .storage)
        #expect(error?.detail != nil)
    }


    @Test func newLedgerPassesIntegrityCheck() throws {
        let fixture = try LedgerFixture()
        #expect(try fixture.ledger.integrityProblems().isEmpty)
    }
}
