import Foundation

/// Encrypted ledgers: opening one into memory, writing it back, and turning encryption on and off.
///
/// The database of an encrypted ledger is read whole into memory (`sqlite3_deserialize`) and
/// written back whole as one new authenticated, encrypted file that replaces the old one
/// atomically (write beside, fsync, rename, fsync the folder): nothing of it, no WAL, journal or
/// temporary file, is ever on disk in the clear. A writer holds the ledger's lock file from open
/// to close, so two processes never both write. Design and trade-offs: docs/encryption.md.
extension Ledger {
    /// Whether the file at `path` is an encrypted ledger (by its first bytes; false when there is none).
    package static func isEncrypted(at path: String) -> Bool {
        SealedHeader.starts(FileBytes.prefix(of: path, count: SealedHeader.magic.count))
    }

    /// Whether this ledger is encrypted.
    package var isEncrypted: Bool {
        if case .sealed = storage { return true }
        return false
    }

    /// Whether committed changes are waiting to be written back (an encrypted ledger only).
    package var hasUnsavedChanges: Bool {
        if case .sealed(let state) = storage { return db.commits != state.savedCommits }
        return false
    }

    /// Whether an encrypted ledger writes back after each committed transaction (the default),
    /// or only when ``save()`` is called (a command that saves once, at its end).
    package var writesBackEachCommit: Bool {
        get { if case .sealed(let state) = storage { return state.writesBackEachCommit } else { return true } }
        set { if case .sealed(let state) = storage { state.writesBackEachCommit = newValue } }
    }

    /// Hears the plain bytes written after each chunk of a write-back (done, total).
    package var writeBackProgress: ((Int, Int) -> Void)? {
        get { if case .sealed(let state) = storage { return state.progress } else { return nil } }
        set { if case .sealed(let state) = storage { state.progress = newValue } }
    }

    /// Writes an encrypted ledger's committed changes back to its file; nothing when there are
    /// none, or for a plain ledger (whose commits are on disk already).
    ///
    /// - Throws: ``LedgerError`` `storage` when the file cannot be written: it is then as it was
    ///   before, and this ledger refuses further changes (memory and file differ).
    package func save() throws(LedgerError) {
        guard case .sealed(let state) = storage else { return }
        if let failure = state.failure { throw failure }
        let commits = db.commits
        guard commits != state.savedCommits else { return }
        do throws(LedgerError) {
            let written: Void? = try db.withImage { (image) throws(LedgerError) in
                try state.file.write(image, progress: state.progress)
            }
            guard written != nil else { throw LedgerError(.storage, "the ledger's database is not in memory") }
        } catch {
            let failure = LedgerError(.storage, "the ledger could not be written back to \(path): the changes were not saved, and the file is as it was",
                                      detail: error.detail ?? error.message)
            state.failure = failure
            throw failure
        }
        state.savedCommits = commits
    }

    /// Runs `body` with write-backs held: what it commits is written back once, when it ends
    /// (also when it throws after committing), instead of after each transaction.
    package func holdingWriteBack<T>(_ body: () throws -> T) throws -> T {
        guard case .sealed(let state) = storage else { return try body() }
        state.holds += 1
        let result: Result<T, any Error> = Result { try body() }
        state.holds -= 1
        if state.holds == 0 && state.writesBackEachCommit { try save() }
        return try result.get()
    }

    /// After the outermost commit: an encrypted ledger writes itself back unless held.
    func writeBackAfterCommit() throws(LedgerError) {
        guard case .sealed(let state) = storage, state.holds == 0, state.writesBackEachCommit else { return }
        try save()
    }

    /// Refuses changes to a ledger whose memory and file no longer agree, or that was published.
    func checkWritable() throws(LedgerError) {
        switch storage {
        case .sealed(let state): if let failure = state.failure { throw failure }
        case .unpublished(let state):
            if state.published { throw LedgerError(.storage, "this new ledger was written to \(path); open it there to change it") }
        case .file: break
        }
    }

    /// Refuses to write into a plain file that another process replaced after this one opened it
    /// (encrypted it, decrypted it, restored it): the changes would go to a file nothing reads.
    func checkFileIsStillOurs() throws(LedgerError) {
        guard case .file(let opened?) = storage, FileIdentity(of: path) != opened else { return }
        throw LedgerError(.storage, "the ledger file at \(path) was replaced by another process (encrypted, decrypted or restored) after this command opened it; nothing was changed: run the command again")
    }

    // MARK: Opening

    /// Opens the encrypted ledger at `path` into memory, or returns nil when the file there is a
    /// plain one. For writing, the ledger's lock is taken first (waiting up to `busyTimeout`) and
    /// the file checked again under it: another process may have decrypted it meanwhile.
    static func openSealed(_ path: String, readOnly: Bool, busyTimeout: Double,
                           passphrase: (() throws(LedgerError) -> SecretBytes)?) throws(LedgerError) -> (connection: SQLiteConnection, state: SealedState)? {
        guard isEncrypted(at: path) else { return nil }
        let lock = readOnly ? nil : try LedgerLock(for: path, timeout: busyTimeout)
        guard isEncrypted(at: path) else { return nil }
        guard let passphrase else {
            throw LedgerError(.passphraseRequired, "the ledger at \(path) is encrypted: its passphrase is needed to open it")
        }
        let opened = try SealedLedgerFile.open(at: path, secret: passphrase)
        guard let image = SQLiteConnection.allocateImage(opened.plainLength) else {
            close(opened.fd)
            throw LedgerError(.storage, "not enough memory to open the encrypted ledger at \(path) (\(opened.plainLength >> 20) MiB)")
        }
        do {
            try SealedLedgerFile.readBody(opened, into: UnsafeMutableRawBufferPointer(start: image, count: opened.plainLength))
        } catch {
            SQLiteConnection.freeImage(image)
            throw error
        }
        let connection = try SQLiteConnection(image: image, length: opened.plainLength, readOnly: readOnly)
        if lock != nil { removeClearCompanions(of: path) }
        return (connection, SealedState(file: opened.file, lock: lock, savedCommits: connection.commits))
    }

    /// Removes SQLite side files left beside an encrypted ledger (they can only be a plain
    /// ledger's, from before it was encrypted, and may hold its pages in the clear).
    static func removeClearCompanions(of path: String) {
        for suffix in ["-wal", "-shm", "-journal"] { unlink(path + suffix) }
    }

    // MARK: Publishing a new ledger

    /// Writes this new in-memory ledger to its path, encrypted with `passphrase` when given,
    /// never replacing a file there (`link(2)`); returns the recovery key of an encrypted one.
    ///
    /// - Throws: ``LedgerError`` `duplicate` when a ledger is at the path already (it is left as
    ///   it is), `storage` when the file cannot be written (nothing is left behind).
    package func publish(encryptingWith passphrase: SecretBytes?, hashing: PassphraseHashing = .standard) throws(LedgerError) -> RecoveryKey? {
        guard case .unpublished(let state) = storage, !state.published else {
            throw LedgerError(.storage, "this ledger is already on disk at \(path)")
        }
        try Ledger.createFolder(for: path)
        var recovery: RecoveryKey?
        let written: Void? = try db.withImage { (image) throws(LedgerError) in
            if let passphrase {
                let (file, key) = try SealedLedgerFile.create(at: path, passphrase: passphrase, hashing: hashing)
                try file.write(image, placement: .onlyIfAbsent)
                recovery = key
            } else {
                try AtomicFile.write(path, .onlyIfAbsent) { (fd) throws(LedgerError) in try FileBytes.write(fd, image, path: path) }
            }
        }
        guard written != nil else { throw LedgerError(.storage, "the new ledger's database is not in memory") }
        state.published = true
        return recovery
    }

    // MARK: Turning encryption on and off

    /// Encrypts the plain ledger at `path` with `passphrase`; returns its new recovery key.
    ///
    /// Under the ledger's lock and SQLite's write lock (other writers wait, then find the file
    /// replaced and stop), the database is copied with what its WAL holds, sealed into a new file
    /// that is renamed over the plain one, and the plain one's WAL and shared-memory files are
    /// removed. A crash leaves the plain ledger or the encrypted one, never neither.
    package static func encrypt(at path: String, passphrase: SecretBytes, hashing: PassphraseHashing = .standard,
                                busyTimeout: Double = 5) throws(LedgerError) -> RecoveryKey {
        let lock = try LedgerLock(for: path, timeout: busyTimeout)
        defer { withExtendedLifetime(lock) {} }
        guard FileManager.default.fileExists(atPath: path) else { throw LedgerError(.notFound, "there is no ledger at \(path)") }
        guard !isEncrypted(at: path) else { throw LedgerError(.invalid, "the ledger at \(path) is encrypted already") }
        let recovery: RecoveryKey
        do {
            let ledger = try Ledger(path: path, busyTimeout: busyTimeout)
            // Best effort: an empty WAL holds nothing in the clear even if removing it fails below.
            try? ledger.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            try ledger.db.executeRetryingBusy("BEGIN IMMEDIATE")
            defer { try? ledger.db.execute("ROLLBACK") }
            try ledger.checkFileIsStillOurs()
            let image = try ledger.db.copyImage()
            defer { SQLiteConnection.freeImage(image.bytes) }
            let (file, key) = try SealedLedgerFile.create(at: path, passphrase: passphrase, hashing: hashing)
            try file.write(UnsafeRawBufferPointer(start: image.bytes, count: image.length), placement: .replacing)
            recovery = key
        }
        removeClearCompanions(of: path)
        return recovery
    }

    /// Decrypts the encrypted ledger at `path` back into a plain SQLite file, on purpose: a new
    /// plain file replaces the encrypted one whole.
    package static func decrypt(at path: String, passphrase: @escaping () throws(LedgerError) -> SecretBytes,
                                busyTimeout: Double = 5) throws(LedgerError) {
        guard isEncrypted(at: path) else { throw LedgerError(.invalid, "the ledger at \(path) is not encrypted") }
        let ledger = try Ledger(path: path, busyTimeout: busyTimeout, passphrase: passphrase)
        guard case .sealed(let state) = ledger.storage else { throw LedgerError(.invalid, "the ledger at \(path) is not encrypted") }
        let written: Void? = try ledger.db.withImage { (image) throws(LedgerError) in
            try AtomicFile.write(path, .replacing) { (fd) throws(LedgerError) in try FileBytes.write(fd, image, path: path) }
        }
        guard written != nil else { throw LedgerError(.storage, "the ledger's database is not in memory") }
        state.savedCommits = ledger.db.commits
        state.failure = LedgerError(.storage, "the ledger at \(path) was decrypted; open it again")
    }

    /// Gives the encrypted ledger at `path` a new passphrase, under its lock; `current` is its
    /// passphrase or recovery key. Only the header is rewritten (the body is copied as it is,
    /// never decrypted); the recovery key keeps working.
    package static func changePassphrase(at path: String, current: SecretBytes, new: SecretBytes,
                                         hashing: PassphraseHashing = .standard, busyTimeout: Double = 5,
                                         progress: ((Int, Int) -> Void)? = nil) throws(LedgerError) {
        let lock = try LedgerLock(for: path, timeout: busyTimeout)
        defer { withExtendedLifetime(lock) {} }
        guard isEncrypted(at: path) else { throw LedgerError(.invalid, "the ledger at \(path) is not encrypted") }
        try SealedLedgerFile.changePassphrase(at: path, current: current, new: new, hashing: hashing, progress: progress)
    }
}
