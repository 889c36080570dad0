import Foundation
import Testing
@testable import MyMoneyStore

@Suite("encrypted ledger")
struct EncryptedLedgerTests {
    @Test func thePassphraseAndTheRecoveryKeyBothOpenIt() throws {
        let fixture = try EncryptedLedgerFixture("both-keys")
        defer { fixture.remove() }
        let byPassphrase = try fixture.open()
        #expect(byPassphrase.isEncrypted)
        #expect(try byPassphrase.transactions().count == 40)
        let byRecovery = try fixture.open(fixture.recoveryKey.description.lowercased(), readOnly: true)
        #expect(try byRecovery.transactions().map(\.originalPayee) == byPassphrase.transactions().map(\.originalPayee))
    }

    @Test func nothingOfItIsOnDiskInTheClear() throws {
        let fixture = try EncryptedLedgerFixture("clear")
        defer { fixture.remove() }
        let ledger = try fixture.open()
        let account = try #require(try ledger.account(named: "Checking")?.id)
        try ledger.importStatements([ImportStatement(accountId: account, transactions: EncryptedLedgerFixture.rows(account, count: 500, prefix: "Later payee"))])
        let text = String(decoding: try fixture.bytes, as: Unicode.ASCII.self)
        #expect(!text.contains("Secret payee"))
        #expect(!text.contains("Later payee"))
        #expect(!text.contains("SQLite format 3"))
        #expect(!text.contains("CREATE TABLE"))
        // No WAL, journal or temporary file beside it: the ledger and its lock file only.
        #expect(fixture.folderContents == [".ledger.sqlite.lock", "ledger.sqlite"])
    }

    @Test func aWrongPassphraseIsItsOwnKindOfFailure() throws {
        let fixture = try EncryptedLedgerFixture("wrong")
        defer { fixture.remove() }
        let error = try #require(fixture.openingError("correct horse battery stapler"))
        #expect(error.kind == .wrongPassphrase)
        #expect(error.message == "the passphrase does not open the encrypted ledger at \(fixture.path)")
    }

    @Test func aRecoveryKeyWithATypoIsToldApartFromAWrongPassphrase() throws {
        let fixture = try EncryptedLedgerFixture("typo")
        defer { fixture.remove() }
        var typed = Array(fixture.recoveryKey.description)
        typed[0] = typed[0] == "A" ? "B" : "A"
        let error = try #require(fixture.openingError(String(typed)))
        #expect(error.kind == .wrongPassphrase)
        #expect(error.detail?.contains("it has a typo") == true)
    }

    @Test func withoutAPassphraseItSaysOneIsNeeded() throws {
        let fixture = try EncryptedLedgerFixture("none")
        defer { fixture.remove() }
        #expect(throws: LedgerError(.passphraseRequired, "the ledger at \(fixture.path) is encrypted: its passphrase is needed to open it")) {
            _ = try Ledger(path: fixture.path)
        }
    }

    /// Cut at every kind of place: inside the magic, the header, the slots, the checksum, the
    /// stream header, the first chunk, exactly after a whole chunk, one byte short.
    @Test(arguments: [3, 10, 17, 60, 100, 200, 279, 280, 290, 400, 1000])
    func aFileCutShortIsDamagedNeverRead(_ keep: Int) throws {
        let fixture = try EncryptedLedgerFixture("cut-\(keep)")
        defer { fixture.remove() }
        try fixture.write(Array(try fixture.bytes.prefix(keep)))
        let error = try #require(fixture.openingError())
        #expect(error.kind == .damaged, "\(error)")
    }

    @Test func aFileCutAtAChunkBoundaryIsCutShort() throws {
        let fixture = try EncryptedLedgerFixture("boundary", rows: 12_000)
        defer { fixture.remove() }
        let bytes = try fixture.bytes
        let header = try SealedHeader.decode(Array(bytes.prefix(88))) { Array(bytes[88..<(88 + $0)]) }
        let oneChunk = header.length + SealedBody.streamHeaderLength + header.chunkSize + SealedBody.overhead
        try #require(bytes.count > oneChunk + SealedBody.overhead, "the fixture should span more than one chunk")
        try fixture.write(Array(bytes.prefix(oneChunk)))
        let error = try #require(fixture.openingError())
        #expect(error.kind == .damaged)
        #expect(error.message.contains("cut short"))
        // One byte short of the whole file: the last chunk fails.
        try fixture.write(Array(bytes.dropLast()))
        #expect(fixture.openingError()?.kind == .damaged)
        try fixture.write(bytes + [0])
        #expect(fixture.openingError()?.kind == .damaged)
    }

    /// A flipped byte anywhere after the magic is found: in the header by its checksum, in the
    /// body by authentication. The version byte reads as a newer format, which is refused too.
    @Test func aFlippedByteAnywhereIsDetected() throws {
        let fixture = try EncryptedLedgerFixture("flip", rows: 3_000)
        defer { fixture.remove() }
        let original = try fixture.bytes
        var positions = [16, 20, 30, 45, 50, 70, 80, 90, 150, 250, 279, 280, 300, 500, original.count / 2, original.count - 1]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10 { positions.append(Int.random(in: 17..<original.count, using: &generator)) }
        for position in positions {
            var damaged = original
            damaged[position] ^= 0x20
            try fixture.write(damaged)
            let error = try #require(fixture.openingError(), "flipped byte \(position) went unnoticed")
            if position == 16 {
                #expect(error.message.contains("newer version"), "byte \(position): \(error)")
            } else {
                #expect(error.kind == .damaged, "byte \(position): \(error)")
            }
        }
        try fixture.write(original)
        #expect(fixture.openingError() == nil)
    }

    @Test func aDryRunAndAReadWriteNothingBack() throws {
        let fixture = try EncryptedLedgerFixture("dry")
        defer { fixture.remove() }
        let before = try fixture.bytes
        let ledger = try fixture.open()
        let account = try #require(try ledger.account(named: "Checking")?.id)
        _ = try ledger.transactions()
        try ledger.importStatements([ImportStatement(accountId: account, transactions: EncryptedLedgerFixture.rows(account, count: 5, prefix: "Dry"))],
                                    dryRun: true)
        #expect(!ledger.hasUnsavedChanges)
        #expect(try fixture.bytes == before)
    }

    @Test func heldWriteBacksWriteTheFileOnce() throws {
        let fixture = try EncryptedLedgerFixture("held")
        defer { fixture.remove() }
        let ledger = try fixture.open()
        var finished = 0
        ledger.writeBackProgress = { done, total in if done == total { finished += 1 } }
        try ledger.holdingWriteBack {
            for name in ["Savings", "Cash", "Visa"] { _ = try ledger.addAccount(Account(name: name, kind: .bank, currency: .EUR)) }
        }
        #expect(finished == 1)
        _ = try ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: .EUR))
        #expect(finished == 2)
        ledger.writesBackEachCommit = false
        _ = try ledger.addAccount(Account(name: "Travel", kind: .cash, currency: .EUR))
        #expect(finished == 2 && ledger.hasUnsavedChanges)
        try ledger.save()
        #expect(finished == 3 && !ledger.hasUnsavedChanges)
        let again = try fixture.open(readOnly: true)
        #expect(try again.accounts().map(\.name).sorted() == ["Cash", "Checking", "Savings", "Travel", "Visa", "Wallet"])
    }

    @Test func aSecondWriterWaitsForTheFirstThenGivesUpAsBusy() throws {
        let fixture = try EncryptedLedgerFixture("busy")
        defer { fixture.remove() }
        let first = try fixture.open()
        #expect(throws: LedgerError(.busy, "the ledger is busy: another mymoney process is using it; try again")) {
            _ = try fixture.open(busyTimeout: 0.2)
        }
        // Readers need no lock: they read the last file written back whole.
        #expect(try fixture.open(readOnly: true).transactions().count == 40)
        withExtendedLifetime(first) {}
    }

    @Test func encryptingAndDecryptingAPlainLedgerKeepsEverythingAndLeavesNothingClearBeside() throws {
        let plain = try LedgerFixture("to-seal")
        let account = try plain.account("Checking")
        try plain.ledger.importStatements([ImportStatement(accountId: account, transactions: EncryptedLedgerFixture.rows(account, count: 300, prefix: "Plain payee"))])
        #expect(FileManager.default.fileExists(atPath: plain.path + "-wal"))
        let recovery = try Ledger.encrypt(at: plain.path, passphrase: try EncryptedLedgerFixture.secret("new passphrase"), hashing: .minimum)
        #expect(Ledger.isEncrypted(at: plain.path))
        for suffix in ["-wal", "-shm", "-journal"] { #expect(!FileManager.default.fileExists(atPath: plain.path + suffix), "\(suffix) left") }
        #expect(!String(decoding: try Data(contentsOf: URL(fileURLWithPath: plain.path)), as: Unicode.ASCII.self).contains("Plain payee"))
        // The connection opened before encryption notices the file is not its own any more.
        #expect(throws: LedgerError.self) { _ = try plain.ledger.addAccount(Account(name: "Late", kind: .cash, currency: .EUR)) }

        try Ledger.decrypt(at: plain.path, passphrase: { () throws(LedgerError) in
            do { return try EncryptedLedgerFixture.secret(recovery.description) } catch { throw LedgerError(.storage, "test") }
        })
        #expect(!Ledger.isEncrypted(at: plain.path))
        let reopened = try Ledger(path: plain.path)
        #expect(try reopened.transactions().count == 300)
        #expect(try reopened.integrityProblems().isEmpty)
    }

    @Test func aNewLedgerIsNeverPublishedOverAnother() throws {
        let fixture = try EncryptedLedgerFixture("taken")
        defer { fixture.remove() }
        let before = try fixture.bytes
        let newcomer = try Ledger(unpublishedAt: fixture.path)
        #expect(throws: LedgerError.self) { _ = try newcomer.publish(encryptingWith: try EncryptedLedgerFixture.secret("other"), hashing: .minimum) }
        #expect(try fixture.bytes == before)
        #expect(fixture.folderContents == [".ledger.sqlite.lock", "ledger.sqlite"] || fixture.folderContents == ["ledger.sqlite"])
    }

    @Test func changingThePassphraseRewritesOnlyTheHeader() throws {
        let fixture = try EncryptedLedgerFixture("rekey")
        defer { fixture.remove() }
        let before = try fixture.bytes
        try Ledger.changePassphrase(at: fixture.path, current: try EncryptedLedgerFixture.secret(EncryptedLedgerFixture.passphrase),
                                    new: try EncryptedLedgerFixture.secret("a brand new passphrase"), hashing: .minimum)
        let after = try fixture.bytes
        let headerLength = try SealedHeader.decode(Array(before.prefix(88))) { Array(before[88..<(88 + $0)]) }.length
        #expect(after.count == before.count)
        #expect(after.prefix(headerLength) != before.prefix(headerLength))
        #expect(after.dropFirst(headerLength) == before.dropFirst(headerLength))
        #expect(fixture.openingError()?.kind == .wrongPassphrase)
        #expect(fixture.openingError("a brand new passphrase") == nil)
        #expect(fixture.openingError(fixture.recoveryKey.description) == nil)
    }

    @Test func aHeaderAskingForAbsurdKeyDerivationCostIsRefusedBeforeAnyWork() throws {
        let fixture = try EncryptedLedgerFixture("cost")
        defer { fixture.remove() }
        var bytes = try fixture.bytes
        let header = try SealedHeader.decode(Array(bytes.prefix(88))) { Array(bytes[88..<(88 + $0)]) }
        var hostile = header
        hostile.hashing = PassphraseHashing(operations: 3, memoryBytes: 1 << 42)
        let encoded = hostile.encoded
        bytes.replaceSubrange(0..<header.length, with: encoded)
        try fixture.write(bytes)
        let error = try #require(fixture.openingError())
        #expect(error.kind == .damaged)
        #expect(error.detail?.contains("key derivation cost") == true)
    }
}
