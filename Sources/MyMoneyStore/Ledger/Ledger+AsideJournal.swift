/// Writing a new ledger file that no other process knows yet without the write-ahead log.
///
/// A ledger that does not exist yet is built aside, in a hidden file of its own, and appears at
/// its path only once the import has committed (`Books.importStatements`). In WAL mode every page
/// of such a file was written twice: once into the log during the import and once more into the
/// file by the checkpoint at commit or close (a ledger of 100k rows is 20 MB, of a million 200 MB;
/// the checkpoint was a tenth of a 100k import's CPU, on its critical path). With the rollback
/// journal in memory the pages go once, into the file; a failure still rolls everything back
/// (the journal lives in memory), and a crash leaves only the hidden file, which is never
/// published. The file goes back to WAL mode (``restoreWriteAheadLog()``) before it is published,
/// so the published ledger is exactly what a WAL import would have left.
///
/// While aside, the page cache is also smaller (``asideCacheKiB``): the large cache of a ledger
/// in WAL mode (``cacheKiB``) keeps a big import's pages from spilling into the log mid-way, to
/// be written there again; a file without a log takes a spilled page where it belongs, once,
/// and rows written to a new file touch few pages again. On the bench's 1M folder the smaller
/// cache took the peak from 640 to 584 MiB at the same wall time (docs/benchmarks.md,
/// "Fifteenth round").
extension Ledger {
    /// The page cache of a ledger opened for writing, in KiB.
    static let cacheKiB = 65_536
    /// The page cache while a new ledger is written aside, in KiB.
    static let asideCacheKiB = 16_384

    /// Switches this ledger's file to a rollback journal kept in memory, with the smaller page
    /// cache. Only for a file no other connection has open (a ledger built aside); a no-op for a
    /// ledger in memory.
    ///
    /// - Throws: ``LedgerError`` when called inside a transaction or SQLite refuses the switch.
    package func journalInMemoryWhileAside() throws(LedgerError) {
        guard case .file = storage else { return }
        guard !db.isInTransaction else { throw LedgerError(.storage, "the journal cannot change inside a transaction") }
        try switchJournal(to: "memory")
        try db.execute("PRAGMA cache_size = -\(Ledger.asideCacheKiB)")
    }

    /// Puts the file back in WAL mode (what every ledger file is in), with the page cache of
    /// every writing connection, after ``journalInMemoryWhileAside()``; a no-op when it already is.
    package func restoreWriteAheadLog() throws(LedgerError) {
        guard case .file = storage else { return }
        guard !db.isInTransaction else { throw LedgerError(.storage, "the journal cannot change inside a transaction") }
        try switchJournal(to: "wal")
        try db.execute("PRAGMA cache_size = -\(Ledger.cacheKiB)")
    }

    /// The page cache's size in KiB (what `PRAGMA cache_size` reports, as a positive number).
    package func pageCacheKiB() throws(LedgerError) -> Int {
        let size = try db.uncachedStatement("PRAGMA cache_size").rows { $0.int64(0) }.first ?? 0
        return Int(size < 0 ? -size : size * 4)
    }

    /// The journal mode SQLite reports for the main database (`wal`, `memory`, …).
    package func journalMode() throws(LedgerError) -> String {
        try db.uncachedStatement("PRAGMA journal_mode").rows { $0.text(0) }.first ?? ""
    }

    private func switchJournal(to mode: String) throws(LedgerError) {
        let now = try db.uncachedStatement("PRAGMA journal_mode = \(mode)").rows { $0.text(0) }.first ?? ""
        guard now.lowercased() == mode else {
            throw LedgerError(.storage, "the ledger's journal could not be switched to \(mode) (it stays \(now))")
        }
    }

    /// Stops checking foreign keys row by row on this connection: for a ledger built aside, whose
    /// every reference ``foreignKeyProblems()`` checks once, over the whole file, before it is
    /// published. Each row an import writes names up to five others (its account, category,
    /// project, place and batch); looked up one INSERT at a time they cost about 1.5 s of CPU per
    /// million rows, on the store's thread, where checking the finished file takes about 0.4 s.
    ///
    /// - Throws: ``LedgerError`` when called inside a transaction (SQLite would ignore it there).
    package func foreignKeysUncheckedWhileAside() throws(LedgerError) {
        guard !db.isInTransaction else { throw LedgerError(.storage, "foreign key checks cannot change inside a transaction") }
        try db.execute("PRAGMA foreign_keys = OFF")
    }

    /// Checks foreign keys row by row again, as every connection to a ledger does (after
    /// ``foreignKeysUncheckedWhileAside()``).
    package func restoreForeignKeyChecks() throws(LedgerError) {
        guard !db.isInTransaction else { throw LedgerError(.storage, "foreign key checks cannot change inside a transaction") }
        try db.execute("PRAGMA foreign_keys = ON")
    }

    /// Every row that names a row its table does not have (SQLite's `foreign_key_check`), as
    /// "a row of TABLE (ROWID) names a missing PARENT row"; empty when every reference holds.
    package func foreignKeyProblems() throws(LedgerError) -> [String] {
        try Ledger.foreignKeyProblems(db)
    }

    fileprivate static func foreignKeyProblems(_ db: SQLiteConnection) throws(LedgerError) -> [String] {
        try db.uncachedStatement("PRAGMA foreign_key_check").rows {
            "a row of \($0.text(0))\($0.optionalInt64(1).map { " (\($0))" } ?? "") names a missing \($0.text(2)) row"
        }
    }

    /// A check of every reference in this ledger's file as last committed (``ReferenceCheck``),
    /// on a connection of its own, its snapshot taken now. Only for a file no other process
    /// knows (a ledger built aside): this connection's next writes wait for the check to end.
    ///
    /// - Throws: ``LedgerError`` for a ledger that is not a plain file, inside a transaction, or
    ///   when the file cannot be opened again.
    package func referenceCheck() throws(LedgerError) -> ReferenceCheck {
        guard case .file = storage else { throw LedgerError(.storage, "only a ledger file can be checked on a connection of its own") }
        guard !db.isInTransaction else { throw LedgerError(.storage, "a reference check starts outside a transaction") }
        return try ReferenceCheck(path: path, busyTimeout: db.busyTimeout)
    }

    /// Runs `body` with this connection waiting as long as it takes for a lock another connection
    /// of this process holds (a ``ReferenceCheck`` reading beside it): SQLite's busy timeout is
    /// meant for other processes, and a write that must wait for the check (a page spilled, the
    /// commit) would fail once it ran out. Only for a file no other process knows.
    package func waitingForOwnReaders<T>(_ body: () throws -> T) throws -> T {
        try db.execute("PRAGMA busy_timeout = \(Int32.max)")
        defer { try? db.execute("PRAGMA busy_timeout = \(Int(max(0, db.busyTimeout) * 1000))") }
        return try body()
    }
}

/// Every reference of a ledger file checked (SQLite's `foreign_key_check`) on a connection of
/// its own, so that another core can do it while the ledger's own connection goes on writing
/// (``Ledger/referenceCheck()``). Its read snapshot is taken when it is made: it sees the file as
/// last committed, and holds it (the writer's commit waits) until ``problems()`` has run.
///
/// Used by one thread at a time: made on one, run once on another.
package final class ReferenceCheck: @unchecked Sendable {
    private var db: SQLiteConnection?

    fileprivate init(path: String, busyTimeout: Double) throws(LedgerError) {
        let db = try SQLiteConnection(path: path, readOnly: true, busyTimeout: busyTimeout)
        try db.execute("BEGIN")
        // A read transaction takes its snapshot with its first read.
        _ = try db.uncachedStatement("SELECT count(*) FROM sqlite_master").rows { $0.int64(0) }
        self.db = db
    }

    /// Every row that names a row its table does not have, as ``Ledger/foreignKeyProblems()``;
    /// ends the read (and closes the connection). Call once.
    package func problems() -> Result<[String], LedgerError> {
        guard let db else { return .failure(LedgerError(.storage, "a reference check runs once")) }
        defer { self.db = nil }
        do throws(LedgerError) {
            let found = try Ledger.foreignKeyProblems(db)
            try db.execute("COMMIT")
            return .success(found)
        } catch {
            return .failure(error)
        }
    }
}
