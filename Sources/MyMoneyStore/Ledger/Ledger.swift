import Foundation
internal import MyMoneySQLite

/// The user's ledger: one SQLite file holding accounts, transactions and everything attached to them,
/// or, encrypted, one authenticated encrypted file whose database lives in memory while it is open.
///
/// Open one `Ledger` per thread or process. A plain file is created on first open (mode 0600, its
/// folder 0700), put in WAL mode with `foreign_keys=ON`, and migrated to the current schema.
/// Writers wait up to `busyTimeout` seconds for another process's write to finish, then fail with
/// ``LedgerError/Kind/busy``.
///
/// An encrypted ledger (see `Ledger+Sealing.swift`) is read whole into memory when opened (for
/// writing, under a lock file that keeps other processes out until it is closed) and written back
/// whole, atomically, after each committed transaction or when ``save()`` is called.
///
/// Not `Sendable`: it owns a SQLite connection and its prepared statements, which belong to one thread.
package final class Ledger {
    /// The file this ledger lives in.
    package let path: String
    /// Opened with `readOnly: true`: every write fails.
    package let isReadOnly: Bool
    let db: SQLiteConnection
    /// Where the database lives: a SQLite file, or memory written back to an encrypted file.
    let storage: LedgerStorage
    private var savepointDepth = 0
    /// The file's permissions before this open made it readable by its owner only (`0o644`), when
    /// it was readable or writable by others; nil when it already was private.
    package private(set) var permissionsTightened: UInt16?

    /// Opens (creating when needed) the ledger at `path`.
    ///
    /// - Parameters:
    ///   - readOnly: opens an existing ledger for queries only; fails when the file is absent.
    ///   - busyTimeout: seconds to wait for another writer before giving up.
    ///   - passphrase: what unlocks an encrypted ledger (its passphrase or recovery key); called
    ///     only when the file is encrypted, after its header has been checked.
    ///   - schemaByMigrations: a new ledger's schema made migration by migration, not in one step
    ///     (``CurrentSchema``; the plain twin).
    /// - Throws: ``LedgerError`` with kind `.storage` when the file cannot be created or is not a
    ///   ledger; `.passphraseRequired`, `.wrongPassphrase` or `.damaged` for an encrypted one.
    package init(path: String, readOnly: Bool = false, busyTimeout: Double = 5,
                 passphrase: (() throws(LedgerError) -> SecretBytes)? = nil, schemaByMigrations: Bool = false) throws(LedgerError) {
        self.path = path
        self.isReadOnly = readOnly
        let exists = FileManager.default.fileExists(atPath: path)
        if readOnly && !exists {
            throw LedgerError(.storage, "there is no ledger at \(path)")
        }
        if exists, let sealed = try Ledger.openSealed(path, readOnly: readOnly, busyTimeout: busyTimeout, passphrase: passphrase) {
            db = sealed.connection
            storage = .sealed(sealed.state)
            if !readOnly { permissionsTightened = Ledger.tightenPermissions(of: path) }
        } else {
            if !exists { try Ledger.createFile(at: path) } else if !readOnly { permissionsTightened = Ledger.tightenPermissions(of: path) }
            db = try SQLiteConnection(path: path, readOnly: readOnly, busyTimeout: busyTimeout)
            storage = .file(FileIdentity(of: path))
        }
        try db.execute("PRAGMA foreign_keys = ON")
        if !readOnly {
            if case .file = storage {
                // Switching a new file to WAL needs it to itself for a moment: several connections
                // opening one new ledger at once wait for each other here.
                try db.executeRetryingBusy("PRAGMA journal_mode = WAL")
                try db.execute("PRAGMA synchronous = NORMAL")
            }
            // A large import keeps its pages in memory instead of spilling them to the WAL mid-way.
            try db.execute("PRAGMA cache_size = -\(Ledger.cacheKiB)")
            try migrate(oneByOne: schemaByMigrations)
        } else {
            try checkSchemaIsCurrent()
        }
    }

    /// A new, empty ledger in memory for `path`, not on disk until ``publish(encryptingWith:hashing:)``.
    package init(unpublishedAt path: String) throws(LedgerError) {
        self.path = path
        self.isReadOnly = false
        db = try SQLiteConnection(image: nil, length: 0, readOnly: false)
        storage = .unpublished(UnpublishedState())
        try db.execute("PRAGMA foreign_keys = ON")
        try migrate()
    }

    deinit {
        // Changes committed but not written back yet (a program that did not call save()): the
        // command line always saves; this is a last, best-effort chance for other programs.
        if case .sealed(let state) = storage, state.failure == nil, db.commits != state.savedCommits {
            try? save()
        }
    }

    /// Creates the folder of a ledger at `path` (0700) when it is missing.
    static func createFolder(for path: String) throws(LedgerError) {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty && !FileManager.default.fileExists(atPath: folder) {
            let code = makeFolder(folder)
            // One plain sentence naming the folder and the system's reason.
            if code != 0 {
                throw LedgerError(.storage, "cannot create the folder \(folder) for the ledger: \(String(cString: strerror(code)).lowercased())")
            }
        }
    }

    /// Creates an empty file readable only by its owner, and its folder (0700) when missing.
    private static func createFile(at path: String) throws(LedgerError) {
        try createFolder(for: path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            let code = errno
            if code == EEXIST { return }     // another process created it first
            throw LedgerError(.storage, "cannot create the ledger at \(path): \(String(cString: strerror(code)).lowercased())")
        }
        fchmod(fd, 0o600)                    // the umask may have removed bits, never added: make it exact
        close(fd)
    }

    /// Creates `folder` and its missing parents with mode 0700; returns 0, or the `errno` of the
    /// first folder that could not be made.
    private static func makeFolder(_ folder: String) -> Int32 {
        if mkdir(folder, 0o700) == 0 { chmod(folder, 0o700); return 0 }
        var code = errno
        if code == EEXIST { return 0 }
        let parent = (folder as NSString).deletingLastPathComponent
        if code == ENOENT, !parent.isEmpty, parent != folder {
            let failed = makeFolder(parent)
            if failed != 0 { return failed }
            if mkdir(folder, 0o700) == 0 { chmod(folder, 0o700); return 0 }
            code = errno
            if code == EEXIST { return 0 }
        }
        return code
    }

    /// Makes an existing ledger file readable and writable by its owner only; returns its former
    /// permission bits when they allowed anyone else in (nil when they did not, or it is not ours).
    static func tightenPermissions(of path: String) -> UInt16? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_uid == geteuid() else { return nil }
        let mode = UInt16(info.st_mode & 0o777)
        guard mode & 0o077 != 0 else { return nil }
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            chmod(path + suffix, 0o600)
        }
        return mode
    }

    // MARK: Migrations

    /// Names of migrations applied to this file, in the order applied.
    package func appliedMigrations() throws(LedgerError) -> [String] {
        guard try tableExists("migrations") else { return [] }
        return try db.statement("SELECT name FROM migrations ORDER BY rowid").rows { $0.text(0) }
    }

    private func tableExists(_ name: String) throws(LedgerError) -> Bool {
        try !db.statement("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?")
            .rows([.text(name)]) { $0.int64(0) }.isEmpty
    }

    private func migrate(oneByOne: Bool = false) throws(LedgerError) {
        // Up to date (the usual case): no write lock needed, so opening never waits for another writer.
        let known = Set(try appliedMigrations())
        if Migration.all.allSatisfy({ known.contains($0.name) }) { return }
        try atomically { () throws(LedgerError) in
            // A new file (nothing in it, checked under the write lock): the current schema at once.
            let isNew = try db.statement("SELECT count(*) FROM sqlite_master").rows { $0.int64(0) } == [0]
            if isNew && !oneByOne {
                try db.execute(CurrentSchema.sql)
                let now = Ledger.timestamp()
                for name in CurrentSchema.migrations {
                    try db.statement("INSERT INTO migrations (name, applied_at) VALUES (?, ?)").run([.text(name), .text(now)])
                }
            }
            try db.execute("CREATE TABLE IF NOT EXISTS migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            let applied = Set(try appliedMigrations())
            for migration in Migration.all where !applied.contains(migration.name) {
                try db.execute(migration.sql)
                try migration.finish?(self)
                try db.statement("INSERT INTO migrations (name, applied_at) VALUES (?, ?)")
                    .run([.text(migration.name), .text(Ledger.timestamp())])
            }
        }
    }

    private func checkSchemaIsCurrent() throws(LedgerError) {
        let applied = Set(try appliedMigrations())
        if let missing = Migration.all.first(where: { !applied.contains($0.name) }) {
            throw LedgerError(.storage, "the ledger at \(path) needs an upgrade (\(missing.name)); open it for writing once",
                              detail: nil)
        }
    }

    static func timestamp(_ date: Date = Date()) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: date)
    }

    // MARK: Transactions

    /// Runs `body` atomically: everything it writes is kept together or not at all.
    ///
    /// The outermost call takes the write lock up front (`BEGIN IMMEDIATE`, waiting for other
    /// writers), so what `body` reads cannot change before it writes. Nested calls become savepoints.
    /// With `dryRun`, everything is rolled back after `body` returns, and its result is still returned.
    @discardableResult
    package func transaction<T>(dryRun: Bool = false, _ body: () throws -> T) throws -> T {
        if savepointDepth == 0 && db.isInTransaction {
            throw LedgerError(.storage, "the ledger is in an unexpected transaction state")
        }
        let name = "sp\(savepointDepth)"
        if savepointDepth == 0 {
            try checkWritable()
            try db.executeRetryingBusy("BEGIN IMMEDIATE")
            do { try checkFileIsStillOurs() } catch {
                try? db.execute("ROLLBACK")
                throw error
            }
        } else {
            try db.execute("SAVEPOINT \(name)")
        }
        savepointDepth += 1
        let result: T
        do {
            result = try body()
        } catch {
            savepointDepth -= 1
            rollback(savepoint: name)
            throw error
        }
        savepointDepth -= 1
        if dryRun {
            rollback(savepoint: name)
        } else if savepointDepth == 0 {
            do {
                try db.execute("COMMIT")
            } catch {
                rollback(savepoint: name)
                throw error
            }
            try writeBackAfterCommit()
        } else {
            try db.execute("RELEASE \(name)")
        }
        return result
    }

    /// ``transaction(dryRun:_:)`` with typed throws, for the store's own code.
    func atomically<T>(dryRun: Bool = false, _ body: () throws(LedgerError) -> T) throws(LedgerError) -> T {
        do {
            return try transaction(dryRun: dryRun) { () throws -> T in try body() }
        } catch let error as LedgerError {
            throw error
        } catch {
            throw LedgerError(.storage, "unexpected failure", detail: String(describing: error))
        }
    }

    private func rollback(savepoint name: String) {
        if savepointDepth == 0 {
            try? db.execute("ROLLBACK")
        } else {
            try? db.execute("ROLLBACK TO \(name)")
            try? db.execute("RELEASE \(name)")
        }
    }

    /// Runs SQLite's own consistency check; returns its findings (empty when the file is sound).
    package func integrityProblems() throws(LedgerError) -> [String] {
        let rows = try db.uncachedStatement("PRAGMA integrity_check").rows { $0.text(0) }
        let keys = try db.uncachedStatement("PRAGMA foreign_key_check").rows { "foreign key: \($0.text(0)) row \($0.int64(1))" }
        return rows.filter { $0 != "ok" } + keys
    }
}
