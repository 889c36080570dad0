import Foundation
import Testing
@testable import MyMoneyStore

/// Killing a process while it writes an encrypted ledger back, or changes its passphrase.
@Suite struct EncryptedLedgerCrashTests {
    static let pathVariable = "MYMONEY_SEALED_CHILD_LEDGER"
    static let markerVariable = "MYMONEY_SEALED_CHILD_MARKER"
    static let modeVariable = "MYMONEY_SEALED_CHILD_MODE"

    /// Not a test of its own: the child process the tests below kill. It starts a write-back
    /// (`write` mode: a large import) or a passphrase change (`rekey` mode) and, once part of
    /// the new file is written, creates the marker and waits to be killed.
    @Test(.enabled(if: ProcessInfo.processInfo.environment[EncryptedLedgerCrashTests.pathVariable] != nil))
    func sealedChildHelper() throws {
        let environment = ProcessInfo.processInfo.environment
        let path = try #require(environment[Self.pathVariable])
        let marker = try #require(environment[Self.markerVariable])
        let pause: (Int, Int) -> Void = { done, total in
            if done < total && !FileManager.default.fileExists(atPath: marker) {
                _ = FileManager.default.createFile(atPath: marker, contents: Data("mid-write".utf8))
                sleep(60)    // killed long before this ends
            }
        }
        if environment[Self.modeVariable] == "rekey" {
            try Ledger.changePassphrase(at: path, current: try EncryptedLedgerFixture.secret(EncryptedLedgerFixture.passphrase),
                                        new: try EncryptedLedgerFixture.secret("never finished"), hashing: .minimum, progress: pause)
        } else {
            let ledger = try Ledger(path: path, busyTimeout: 30, passphrase: { () throws(LedgerError) in
                do { return try EncryptedLedgerFixture.secret(EncryptedLedgerFixture.passphrase) } catch { throw LedgerError(.storage, "test") }
            })
            ledger.writeBackProgress = pause
            let account = try #require(try ledger.account(named: "Checking")?.id)
            try ledger.importStatements([ImportStatement(accountId: account, transactions: EncryptedLedgerFixture.rows(account, count: 20_000, prefix: "Killed"))])
        }
    }

    func killMidWay(_ fixture: EncryptedLedgerFixture, mode: String) throws {
        let marker = fixture.folder.appendingPathComponent("marker").path
        let child = try spawnHelper("sealedChildHelper", [Self.pathVariable: fixture.path, Self.markerVariable: marker, Self.modeVariable: mode])
        let reached = waitForMarker(marker, of: child)
        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        try #require(reached, "the child never got into the middle of writing")
        #expect(child.terminationReason == .uncaughtSignal)
        // It was killed with its new file half written beside the ledger.
        #expect(fixture.folderContents.contains { $0.hasPrefix(".ledger.sqlite.new-") })
    }

    @Test func aProcessKilledWhileWritingBackLeavesThePreviousLedger() throws {
        let fixture = try EncryptedLedgerFixture("kill-write", rows: 40)
        defer { fixture.remove() }
        let before = try fixture.bytes
        try killMidWay(fixture, mode: "write")
        #expect(try fixture.bytes == before)
        let ledger = try fixture.open()
        #expect(try ledger.transactions().count == 40)
        #expect(try ledger.integrityProblems().isEmpty)
    }

    @Test func aPassphraseChangeKilledMidWayLeavesTheOldPassphraseWorking() throws {
        let fixture = try EncryptedLedgerFixture("kill-rekey", rows: 12_000)
        defer { fixture.remove() }
        let before = try fixture.bytes
        try killMidWay(fixture, mode: "rekey")
        #expect(try fixture.bytes == before)
        #expect(fixture.openingError() == nil)
        #expect(fixture.openingError("never finished")?.kind == .wrongPassphrase)
        #expect(fixture.openingError(fixture.recoveryKey.description) == nil)
    }
}
