import Foundation

/// The category tree: at most five levels, names unique among siblings (case-insensitive).
extension Ledger {
    /// Creates the category at `path`, and its missing parents; returns it (or the existing one,
    /// with `icon` set when given).
    ///
    /// - Throws: `.invalid` "categories nest at most 5 levels deep", or for a blank part.
    @discardableResult
    package func addCategory(_ path: CategoryPath, icon: String? = nil) throws(LedgerError) -> LedgerCategory {
        let path = try LedgerValidation.categoryPath(path)
        return try atomically { () throws(LedgerError) -> LedgerCategory in
            let id = try ensureCategory(path)
            if let icon = blankToNil(icon) {
                try db.statement("UPDATE categories SET icon = ? WHERE id = ?").run([.text(icon), .integer(id)])
            }
            return try category(id: id)
        }
    }

    /// Every category, in tree order (parents before children, siblings by name, case-insensitive).
    package func categories() throws(LedgerError) -> [LedgerCategory] {
        try db.statement("SELECT id, parent_id, path, icon FROM categories ORDER BY path_key, id")
            .rows { Ledger.readCategory($0) }
    }

    /// The category with this id.
    package func category(id: Int64) throws(LedgerError) -> LedgerCategory {
        guard let category = try db.statement("SELECT id, parent_id, path, icon FROM categories WHERE id = ?")
            .rows([.integer(id)], { Ledger.readCategory($0) }).first else {
            throw .notFound("there is no category with id \(id)")
        }
        return category
    }

    /// The category at `path` (case-insensitive), or nil.
    package func category(at path: CategoryPath) throws(LedgerError) -> LedgerCategory? {
        try db.statement("SELECT id, parent_id, path, icon FROM categories WHERE path_key = ?")
            .rows([.text(Ledger.pathKey(path))], { Ledger.readCategory($0) }).first
    }

    /// Renames a category (its children follow) and sets its icon (nil clears it).
    @discardableResult
    package func updateCategory(id: Int64, name: String, icon: String?) throws(LedgerError) -> LedgerCategory {
        try atomically { () throws(LedgerError) -> LedgerCategory in
            let old = try category(id: id)
            var components = old.path.components
            components[components.count - 1] = name
            let newPath = try LedgerValidation.categoryPath(CategoryPath(components))
            if Ledger.pathKey(newPath) != Ledger.pathKey(old.path), let clash = try category(at: newPath) {
                throw LedgerError(.duplicate, "a category \(clash.path) already exists", field: "category name")
            }
            try movePaths(from: old.path, to: newPath)
            try db.statement("UPDATE categories SET name = ?, icon = ? WHERE id = ?")
                .run([.text(newPath.name), .of(blankToNil(icon)), .integer(id)])
            return try category(id: id)
        }
    }

    /// Removes a category that has no children, no transactions (nor parts of one) and no budgets.
    package func deleteCategory(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            let category = try self.category(id: id)
            for (sql, one, many) in [("SELECT COUNT(*) FROM categories WHERE parent_id = ?", "subcategory", "subcategories"),
                                     ("SELECT COUNT(*) FROM transactions WHERE category_id = ?", "transaction", "transactions"),
                                     ("SELECT COUNT(*) FROM transaction_parts WHERE category_id = ?", "split part", "split parts"),
                                     ("SELECT COUNT(*) FROM budgets WHERE category_id = ?", "budget", "budgets")] {
                let n = try db.statement(sql).rows([.integer(id)]) { $0.int64(0) }.first ?? 0
                if n > 0 { throw LedgerError(.inUse, "\(category.path) still has \(counted(Int(n), one, many)): it cannot be deleted") }
            }
            try db.statement("DELETE FROM categories WHERE id = ?").run([.integer(id)])
        }
    }

    // MARK: Internals

    /// The id of the category at `path`, creating it and its parents when missing.
    func ensureCategory(_ path: CategoryPath) throws(LedgerError) -> Int64 {
        if let existing = try db.statement("SELECT id FROM categories WHERE path_key = ?")
            .rows([.text(Ledger.pathKey(path))], { $0.int64(0) }).first { return existing }
        let path = try LedgerValidation.categoryPath(path)
        let parentId = try path.parent.map { (parent) throws(LedgerError) -> Int64 in try ensureCategory(parent) }
        try db.statement("INSERT INTO categories (parent_id, name, path, path_key, depth) VALUES (?, ?, ?, ?, ?)")
            .run([.of(parentId), .text(path.name), .text(path.description), .text(Ledger.pathKey(path)),
                  .integer(Int64(path.depth))])
        return db.lastInsertRowID
    }

    private func movePaths(from old: CategoryPath, to new: CategoryPath) throws(LedgerError) {
        let subtree = try db.statement("SELECT id, path FROM categories WHERE path_key = ? OR (path_key >= ? AND path_key < ?)")
            .rows(Ledger.subtreeBounds(old)) { ($0.int64(0), $0.text(1)) }
        for (id, pathText) in subtree {
            let components = CategoryPath(parsing: pathText)?.components ?? []
            let moved = CategoryPath(new.components + components.dropFirst(old.depth))
            try db.statement("UPDATE categories SET path = ?, path_key = ? WHERE id = ?")
                .run([.text(moved.description), .text(Ledger.pathKey(moved)), .integer(id)])
        }
    }

    static func readCategory(_ row: PreparedStatement) -> LedgerCategory {
        LedgerCategory(id: row.int64(0), path: CategoryPath(parsing: row.text(2)) ?? CategoryPath([row.text(2)]),
                       parentId: row.optionalInt64(1), icon: row.optionalText(3))
    }

    /// Lower-cased, each part space-folded, joined by `:`.
    static func pathKey(_ path: CategoryPath) -> String {
        path.components.map { LedgerValidation.key($0) }.joined(separator: ":")
    }

    /// Bindings (key, lower, upper) selecting a category and everything below it:
    /// `path_key = key OR (path_key >= "key:" AND path_key < "key;")` (`;` follows `:`).
    static func subtreeBounds(_ path: CategoryPath) -> [SQLValue] {
        let key = pathKey(path)
        return [.text(key), .text(key + ":"), .text(key + ";")]
    }
}
