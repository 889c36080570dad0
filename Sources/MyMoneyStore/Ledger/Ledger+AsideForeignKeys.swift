/// Writing a new ledger file that no other process knows yet without SQLite's foreign-key checks,
/// and verifying every reference of the finished file before it is published.
///
/// With `foreign_keys` on, every row an import writes looks up each row it names (its account,
/// category, project, place and batch; a tag link's transaction and tag), and every INSERT into
/// `transactions` also visits the tables that name transactions. A ledger built aside
/// (`Books.importStatements`) is only published once the import committed, so its references can
/// be checked once, on the finished file, instead: ``restoreForeignKeyChecks()`` runs SQLite's own
/// `PRAGMA foreign_key_check` and refuses the file, naming what is broken, when any reference
/// points nowhere; the import then fails and the file is never published.
extension Ledger {
    /// Turns SQLite's foreign-key checks off on this connection. Only for a ledger no other
    /// connection knows (a ledger built aside), and only with ``restoreForeignKeyChecks()`` before
    /// the file is published.
    ///
    /// - Throws: ``LedgerError`` inside a transaction (SQLite ignores the switch there).
    package func foreignKeysUncheckedWhileAside() throws(LedgerError) {
        guard !db.isInTransaction else { throw LedgerError(.storage, "foreign-key checks cannot change inside a transaction") }
        try db.execute("PRAGMA foreign_keys = OFF")
    }

    /// Turns the foreign-key checks back on and checks every reference the ledger holds
    /// (``brokenReferences()``).
    ///
    /// - Throws: ``LedgerError`` naming the first broken references when there are any (the
    ///   checks stay on), or when called inside a transaction.
    package func restoreForeignKeyChecks() throws(LedgerError) {
        guard !db.isInTransaction else { throw LedgerError(.storage, "foreign-key checks cannot change inside a transaction") }
        try db.execute("PRAGMA foreign_keys = ON")
        let broken = try brokenReferences()
        guard !broken.isEmpty else { return }
        let named = broken.prefix(3).map(\.description).joined(separator: "; ")
        throw LedgerError(.storage, "the new ledger holds \(broken.count) reference\(broken.count == 1 ? "" : "s") to rows it lacks (\(named)\(broken.count > 3 ? "; …" : "")): it was not kept")
    }

    /// Whether SQLite checks foreign keys on this connection now.
    package func checksForeignKeys() throws(LedgerError) -> Bool {
        try db.uncachedStatement("PRAGMA foreign_keys").rows { $0.int64(0) }.first == 1
    }

    /// A row naming a row that is not there (`PRAGMA foreign_key_check`).
    package struct BrokenReference: Sendable, Equatable, CustomStringConvertible {
        /// The table of the row, its rowid (nil for a table without one), the column that names
        /// the missing row and the table it should be in.
        package var table: String
        package var rowId: Int64?
        package var column: String
        package var parent: String

        package var description: String {
            "\(table) row \(rowId.map(String.init) ?? "?") names a row of \(parent) by \(column) that is not there"
        }
    }

    /// Every reference of the ledger that points nowhere, as SQLite's `PRAGMA foreign_key_check`
    /// finds them (whether the checks are on or off).
    package func brokenReferences() throws(LedgerError) -> [BrokenReference] {
        let found = try db.uncachedStatement("PRAGMA foreign_key_check").rows {
            ($0.text(0), $0.optionalInt64(1), $0.text(2), $0.int64(3))
        }
        var columns: [String: [Int64: String]] = [:]
        var broken: [BrokenReference] = []
        for (table, rowId, parent, keyId) in found {
            if columns[table] == nil {
                columns[table] = Dictionary(try db.uncachedStatement("PRAGMA foreign_key_list(\(Ledger.quotedName(table)))")
                    .rows { ($0.int64(0), $0.text(3)) }, uniquingKeysWith: { first, _ in first })
            }
            broken.append(BrokenReference(table: table, rowId: rowId, column: columns[table]?[keyId] ?? "?", parent: parent))
        }
        return broken
    }

    static func quotedName(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
