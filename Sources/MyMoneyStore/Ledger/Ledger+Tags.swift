import Foundation

/// Tags: a title unique in the ledger (case-insensitive) and an optional `#RRGGBB` color.
extension Ledger {
    /// Stores a new tag.
    ///
    /// - Throws: `.invalid` "title should not be blank", "color should look like #RRGGBB";
    ///   `.duplicate` when a tag with that title exists.
    @discardableResult
    package func addTag(_ tag: LedgerTag) throws(LedgerError) -> LedgerTag {
        let title = try LedgerValidation.title(tag.title)
        let color = try tag.color.flatMap(blankToNil).map { (c) throws(LedgerError) in try LedgerValidation.color(c) }
        return try atomically { () throws(LedgerError) -> LedgerTag in
            if let other = try self.tag(titled: title) {
                throw LedgerError(.duplicate, "a tag named \(other.title) already exists", field: "title")
            }
            try db.statement("INSERT INTO tags (title, title_key, color) VALUES (?, ?, ?)")
                .run([.text(title), .text(LedgerValidation.key(title)), .of(color)])
            return LedgerTag(id: db.lastInsertRowID, title: title, color: color)
        }
    }

    /// Saves a changed title or color of a stored tag.
    @discardableResult
    package func updateTag(_ tag: LedgerTag) throws(LedgerError) -> LedgerTag {
        guard let id = tag.id else { throw .notFound("the tag has no id: add it first") }
        let title = try LedgerValidation.title(tag.title)
        let color = try tag.color.flatMap(blankToNil).map { (c) throws(LedgerError) in try LedgerValidation.color(c) }
        return try atomically { () throws(LedgerError) -> LedgerTag in
            if let other = try self.tag(titled: title), other.id != id {
                throw LedgerError(.duplicate, "a tag named \(other.title) already exists", field: "title")
            }
            let changed = try db.statement("UPDATE tags SET title = ?, title_key = ?, color = ? WHERE id = ?")
                .run([.text(title), .text(LedgerValidation.key(title)), .of(color), .integer(id)])
            guard changed == 1 else { throw .notFound("there is no tag with id \(id)") }
            return LedgerTag(id: id, title: title, color: color)
        }
    }

    /// Removes a tag from the ledger and from every transaction and part; refused while a budget uses it.
    package func deleteTag(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            let budgets = try db.statement("SELECT COUNT(*) FROM budgets WHERE tag_id = ?").rows([.integer(id)]) { $0.int64(0) }.first ?? 0
            if budgets > 0 { throw LedgerError(.inUse, "the tag still has \(counted(Int(budgets), "budget")): it cannot be deleted") }
            try db.statement("DELETE FROM transaction_tags WHERE tag_id = ?").run([.integer(id)])
            try db.statement("DELETE FROM transaction_part_tags WHERE tag_id = ?").run([.integer(id)])
            guard try db.statement("DELETE FROM tags WHERE id = ?").run([.integer(id)]) == 1 else {
                throw .notFound("there is no tag with id \(id)")
            }
        }
    }

    /// Every tag, by title (case-insensitive), then id.
    package func tags() throws(LedgerError) -> [LedgerTag] {
        try db.statement("SELECT id, title, color FROM tags ORDER BY title_key, id")
            .rows { LedgerTag(id: $0.int64(0), title: $0.text(1), color: $0.optionalText(2)) }
    }

    /// The tag with this title (case- and space-insensitive), or nil.
    package func tag(titled title: String) throws(LedgerError) -> LedgerTag? {
        try db.statement("SELECT id, title, color FROM tags WHERE title_key = ?")
            .rows([.text(LedgerValidation.key(title))]) { LedgerTag(id: $0.int64(0), title: $0.text(1), color: $0.optionalText(2)) }
            .first
    }

    /// The id of the tag titled `title`, creating it when missing.
    func ensureTag(_ title: String) throws(LedgerError) -> Int64 {
        if let id = try db.statement("SELECT id FROM tags WHERE title_key = ?")
            .rows([.text(LedgerValidation.key(title))], { $0.int64(0) }).first { return id }
        return try addTag(LedgerTag(title: title)).id ?? 0
    }
}
