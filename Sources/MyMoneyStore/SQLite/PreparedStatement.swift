import Foundation
internal import MyMoneySQLite

/// `SQLITE_TRANSIENT`: SQLite copies bound text (the macro is not imported into Swift).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// One compiled SQL statement, reused with new bindings; finalized when released.
///
/// Not `Sendable`: it belongs to its connection's thread.
final class PreparedStatement {
    let pointer: OpaquePointer
    unowned let connection: SQLiteConnection
    /// Text staged for the next ``stepStaged()``.
    ///
    /// Not checked for exclusive access at run time: only this class's own methods touch it,
    /// none of them re-entrantly, on its connection's one thread; the checks cost two runtime calls
    /// per staged text on an import's hot path (about 1.6 % of a 100k import's instructions).
    @exclusivity(unchecked) private var staged = StagedText()

    init(connection: SQLiteConnection, sql: String) throws(LedgerError) {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(connection.handle, sql, -1, 0, &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw LedgerError.fromSQLite(rc, detail: "\(connection.lastError) in: \(sql)")
        }
        self.pointer = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(pointer) }

    /// The number of parameters (`?`) the statement takes.
    var parameterCount: Int { Int(sqlite3_bind_parameter_count(pointer)) }

    func reset() {
        sqlite3_reset(pointer)
        sqlite3_clear_bindings(pointer)
    }

    /// Resets for the next step; the caller rebinds every parameter.
    func resetKeepingBindings() {
        sqlite3_reset(pointer)
    }

    // MARK: Binding (1-based indexes)

    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(pointer, index, value) } else { sqlite3_bind_null(pointer, index) }
    }

    func bind(_ index: Int32, _ value: Int?) { bind(index, value.map(Int64.init)) }

    func bind(_ index: Int32, _ value: String?) {
        guard var value else { sqlite3_bind_null(pointer, index); return }
        value.withUTF8 { bytes in
            if let base = bytes.baseAddress, bytes.count > 0 {
                base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    _ = sqlite3_bind_text(pointer, index, $0, Int32(bytes.count), transient)
                }
            } else {
                _ = sqlite3_bind_text(pointer, index, "", 0, transient)
            }
        }
    }

    func bind(_ index: Int32, _ value: Double?) {
        if let value { sqlite3_bind_double(pointer, index, value) } else { sqlite3_bind_null(pointer, index) }
    }

    /// Binds several values from position 1 on.
    func bind(_ values: [SQLValue]) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .null: sqlite3_bind_null(pointer, index)
            case .integer(let v): sqlite3_bind_int64(pointer, index, v)
            case .text(let v): sqlite3_bind_text(pointer, index, v, -1, transient)
            case .real(let v): sqlite3_bind_double(pointer, index, v)
            }
        }
    }

    /// Stages text for parameter `index` (nil binds NULL now). Staged text is copied once into a reused
    /// buffer and bound without another copy by ``stepStaged()``: the hot path of an import.
    func stageText(_ index: Int32, _ value: String?) {
        guard let value else { sqlite3_bind_null(pointer, index); return }
        staged.append(index, value)
    }

    /// Binds the staged text (SQLite reads it in place during the step) and steps to completion.
    /// Every staged parameter must be staged again before the next step.
    func stepStaged() throws(LedgerError) {
        let pointer = self.pointer
        let rc: Int32 = staged.bindEach { chars, slots in
            for slot in slots { sqlite3_bind_text(pointer, slot.index, chars + slot.start, slot.count, nil) }
            var rc = sqlite3_step(pointer)
            while rc == SQLITE_ROW { rc = sqlite3_step(pointer) }
            return rc
        }
        if rc != SQLITE_DONE {
            let detail = connection.lastError
            sqlite3_reset(pointer)
            throw LedgerError.fromSQLite(rc, detail: detail)
        }
    }

    // MARK: Stepping

    /// Steps once: true when a row is ready, false when done.
    @discardableResult
    func step() throws(LedgerError) -> Bool {
        let rc = sqlite3_step(pointer)
        if rc == SQLITE_ROW { return true }
        if rc == SQLITE_DONE { return false }
        let detail = connection.lastError
        sqlite3_reset(pointer)
        throw LedgerError.fromSQLite(rc, detail: detail)
    }

    /// Runs a statement without results, returning the number of rows changed.
    @discardableResult
    func run(_ values: [SQLValue] = []) throws(LedgerError) -> Int {
        reset()
        bind(values)
        while try step() {}
        let changed = connection.changes
        sqlite3_reset(pointer)
        return changed
    }

    /// Runs a query and maps each row.
    func rows<T>(_ values: [SQLValue] = [], reserving capacity: Int = 0,
                 _ map: (PreparedStatement) throws(LedgerError) -> T) throws(LedgerError) -> [T] {
        reset()
        bind(values)
        var result: [T] = []
        result.reserveCapacity(capacity)
        while try step() { result.append(try map(self)) }
        sqlite3_reset(pointer)
        return result
    }

    // MARK: Columns (0-based indexes)

    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(pointer, column) == SQLITE_NULL }

    func int64(_ column: Int32) -> Int64 { sqlite3_column_int64(pointer, column) }

    func optionalInt64(_ column: Int32) -> Int64? { isNull(column) ? nil : int64(column) }

    func double(_ column: Int32) -> Double { sqlite3_column_double(pointer, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(pointer, column) else { return "" }
        let count = Int(sqlite3_column_bytes(pointer, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? { isNull(column) ? nil : text(column) }
}

/// A value bound to a statement.
enum SQLValue {
    case null
    case integer(Int64)
    case text(String)
    case real(Double)

    static func of(_ v: Int64?) -> SQLValue { v.map { .integer($0) } ?? .null }
    static func of(_ v: Int?) -> SQLValue { v.map { .integer(Int64($0)) } ?? .null }
    static func of(_ v: String?) -> SQLValue { v.map { .text($0) } ?? .null }
    static func of(_ v: Day?) -> SQLValue { v.map { .integer(Int64($0.daysSinceEpoch)) } ?? .null }
}
