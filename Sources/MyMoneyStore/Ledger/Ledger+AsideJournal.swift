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
extension Ledger {
    /// Switches this ledger's file to a rollback journal kept in memory. Only for a file no other
    /// connection has open (a ledger built aside); a no-op for a ledger in memory.
    ///
    /// - Throws: ``LedgerError`` when called inside a transaction or SQLite refuses the switch.
    package func journalInMemoryWhileAside() throws(LedgerError) {
        guard case .file = storage else { return }
        guard !db.isInTransaction else { throw LedgerError(.storage, "the journal cannot change inside a transaction") }
        try switchJournal(to: "memory")
    }

    /// Puts the file back in WAL mode (what every ledger file is in), after
    /// ``journalInMemoryWhileAside()``; a no-op when it already is.
    package func restoreWriteAheadLog() throws(LedgerError) {
        guard case .file = storage else { return }
        guard !db.isInTransaction else { throw LedgerError(.storage, "the journal cannot change inside a transaction") }
        try switchJournal(to: "wal")
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
        try db.uncachedStatement("PRAGMA foreign_key_check").rows {
            "a row of \($0.text(0))\($0.optionalInt64(1).map { " (\($0))" } ?? "") names a missing \($0.text(2)) row"
        }
    }
}
