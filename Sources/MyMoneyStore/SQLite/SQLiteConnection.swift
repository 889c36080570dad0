import Foundation
internal import MyMoneySQLite

/// One open SQLite database handle and its cache of prepared statements.
///
/// Not `Sendable`: a connection belongs to one thread at a time (SQLite is opened with
/// `SQLITE_OPEN_NOMUTEX`). Open one per thread or process; SQLite's locking keeps them apart.
final class SQLiteConnection {
    let handle: OpaquePointer
    private var cache: [String: PreparedStatement] = [:]
    /// How long to keep retrying when another connection holds the write lock.
    let busyTimeout: Double
    /// Write transactions committed on this connection so far (counted by SQLite's commit hook):
    /// what tells an in-memory ledger it has changes to write back.
    private(set) var commits = 0

    init(path: String, readOnly: Bool, busyTimeout: Double) throws(LedgerError) {
        var db: OpaquePointer?
        let flags = (readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE))
            | SQLITE_OPEN_NOMUTEX
        let rc = sqlite3_open_v2(path, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let detail = db.map { String(cString: sqlite3_errmsg($0)) } ?? "code \(rc)"
            if let db { sqlite3_close_v2(db) }
            throw LedgerError(.storage, "cannot open the ledger at \(path)", detail: detail)
        }
        handle = db
        self.busyTimeout = busyTimeout
        sqlite3_busy_timeout(db, Int32(max(0, busyTimeout) * 1000))
        sqlite3_extended_result_codes(db, 1)
        countCommits()
    }

    /// An in-memory database holding `image` (a database file's bytes from
    /// ``allocateImage(_:)``, which it takes over and frees), or an empty one when nil.
    ///
    /// Nothing of it touches the disk: rollback journal and temporary tables and indexes are
    /// kept in memory too.
    init(image: UnsafeMutableRawPointer?, length: Int, readOnly: Bool) throws(LedgerError) {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard rc == SQLITE_OK, let db else {
            if let db { sqlite3_close_v2(db) }
            sqlite3_free(image)
            throw LedgerError(.storage, "cannot open an in-memory database", detail: "code \(rc)")
        }
        if let image, length >= 20 {
            // A file last written in WAL mode says so in bytes 18 and 19; memory has no WAL.
            let header = image.assumingMemoryBound(to: UInt8.self)
            if header[18] == 2 { header[18] = 1 }
            if header[19] == 2 { header[19] = 1 }
        }
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE) | (readOnly ? UInt32(SQLITE_DESERIALIZE_READONLY) : 0)
        let loaded = sqlite3_deserialize(db, "main", image?.assumingMemoryBound(to: UInt8.self), Int64(length), Int64(length), flags)
        guard loaded == SQLITE_OK else {
            let detail = String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
            throw LedgerError(.storage, "cannot load the ledger into memory", detail: detail)
        }
        // memdb stops at 1 GiB by default; memory is the only limit we want.
        var limit: Int64 = 1 << 40
        _ = sqlite3_file_control(db, "main", SQLITE_FCNTL_SIZE_LIMIT, &limit)
        handle = db
        busyTimeout = 0
        sqlite3_extended_result_codes(db, 1)
        countCommits()
        try execute("PRAGMA journal_mode = MEMORY; PRAGMA temp_store = MEMORY")
    }

    /// `length` bytes SQLite can take over as a database image (nil when memory is short).
    static func allocateImage(_ length: Int) -> UnsafeMutableRawPointer? {
        sqlite3_malloc64(UInt64(max(length, 1)))
    }

    /// Frees an image ``allocateImage(_:)`` gave and no connection took over.
    static func freeImage(_ image: UnsafeMutableRawPointer) { sqlite3_free(image) }

    /// Runs `body` with the bytes of this in-memory database, without copying them; nil for a
    /// database that is not in memory. The bytes are valid only inside `body`.
    func withImage<R, E: Error>(_ body: (UnsafeRawBufferPointer) throws(E) -> R) throws(E) -> R? {
        var length: Int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &length, UInt32(SQLITE_SERIALIZE_NOCOPY)) else { return nil }
        return try body(UnsafeRawBufferPointer(start: bytes, count: Int(length)))
    }

    /// A copy of this database's bytes as a database file holds them (for a database on disk:
    /// read through SQLite, so what only the WAL holds yet is in it). The caller frees it with
    /// ``freeImage(_:)``.
    func copyImage() throws(LedgerError) -> (bytes: UnsafeMutableRawPointer, length: Int) {
        var length: Int64 = 0
        guard let bytes = sqlite3_serialize(handle, "main", &length, 0) else {
            throw LedgerError(.storage, "cannot copy the ledger (out of memory?)", detail: lastError)
        }
        return (UnsafeMutableRawPointer(bytes), Int(length))
    }

    private func countCommits() {
        sqlite3_commit_hook(handle, { context in
            if let context { Unmanaged<SQLiteConnection>.fromOpaque(context).takeUnretainedValue().commits += 1 }
            return 0
        }, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        sqlite3_commit_hook(handle, nil, nil)
        cache.removeAll()          // finalizes the statements first
        sqlite3_close_v2(handle)
    }

    /// The last error SQLite reported on this connection.
    var lastError: String { String(cString: sqlite3_errmsg(handle)) }

    /// Runs one or more statements without results.
    func execute(_ sql: String) throws(LedgerError) {
        var message: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &message)
        if rc != SQLITE_OK {
            let detail = message.map { String(cString: $0) } ?? lastError
            sqlite3_free(message)
            throw LedgerError.fromSQLite(rc, detail: detail)
        }
    }

    /// A prepared statement for `sql`, cached for reuse and reset before it is returned.
    func statement(_ sql: String) throws(LedgerError) -> PreparedStatement {
        if let cached = cache[sql] {
            cached.reset()
            return cached
        }
        let statement = try PreparedStatement(connection: self, sql: sql)
        cache[sql] = statement
        return statement
    }

    /// A prepared statement that is not cached (SQL built for one query).
    func uncachedStatement(_ sql: String) throws(LedgerError) -> PreparedStatement {
        try PreparedStatement(connection: self, sql: sql)
    }

    var changes: Int { Int(sqlite3_changes(handle)) }
    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Runs `sql` (a `BEGIN IMMEDIATE`, a journal mode switch), retrying while another connection holds the lock,
    /// up to the busy timeout (the busy handler alone does not cover every WAL case).
    func executeRetryingBusy(_ sql: String) throws(LedgerError) {
        let deadline = Date().addingTimeInterval(busyTimeout)
        while true {
            do {
                try execute(sql)
                return
            } catch let error where error.kind == .busy && Date() < deadline {
                usleep(20_000)
            }
        }
    }
}
