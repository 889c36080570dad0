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
    }

    deinit {
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
