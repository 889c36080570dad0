import Foundation

/// A transaction's parts (splits) as rows of their own: `transaction_parts`, with their tags in
/// `transaction_part_tags`.
///
/// Every part has an amount, an optional category, memo, tags and the other own account a QIF
/// split names (`S[Savings]`); the parts of a transaction add up exactly to its amount (checked
/// on every write). Reading a transaction reads its parts (``LedgerTransaction/splits``), in the
/// order they were written.
extension Ledger {
    /// Stores the parts of the stored transaction `id` (none when it has no splits), creating
    /// the categories and tags they name.
    func insertParts(_ t: LedgerTransaction, id: Int64, names: inout NameCache) throws(LedgerError) {
        guard !t.splits.isEmpty else { return }
        let insert = try db.statement("""
            INSERT INTO transaction_parts (transaction_id, position, amount_units, amount_scale, category_id, memo, transfer_account)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """)
        let tagInsert = try db.statement("INSERT OR IGNORE INTO transaction_part_tags (part_id, tag_id) VALUES (?, ?)")
        for (position, split) in t.splits.enumerated() {
            let categoryId = try Ledger.partCategory(split).map { (p) throws(LedgerError) in try names.category(p, in: self) }
            try insert.run([.integer(id), .integer(Int64(position)), .integer(split.amount.units),
                            .integer(Int64(split.amount.scale)), .of(categoryId), .of(blankToNil(split.memo)),
                            .of(blankToNil(split.transferAccount))])
            let partId = db.lastInsertRowID
            for title in split.tags where blankToNil(title) != nil {
                try tagInsert.run([.integer(partId), .integer(try names.tag(title, in: self))])
            }
        }
    }

    /// Replaces the parts of transaction `id` with `splits` (empty removes them).
    func replaceParts(id: Int64, with splits: [StatementSplit], names: inout NameCache) throws(LedgerError) {
        try db.statement("DELETE FROM transaction_parts WHERE transaction_id = ?").run([.integer(id)])
        var t = LedgerTransaction(accountId: 0, day: Day(daysSinceEpoch: 0), amount: .zero, currency: .EUR)
        t.splits = splits
        try insertParts(t, id: id, names: &names)
    }

    /// The parts of the transactions a condition on `t` selects, by transaction id, in order;
    /// empty without a query when the ledger holds no parts at all.
    func parts(sql condition: String, _ values: [SQLValue], cached: Bool) throws(LedgerError) -> [Int64: [StatementSplit]] {
        guard try hasParts() else { return [:] }
        let sql = """
            SELECT tp.transaction_id, tp.amount_units, tp.amount_scale, c.path, tp.memo, tp.transfer_account,
                   (SELECT group_concat(g.title, char(31)) FROM transaction_part_tags x JOIN tags g ON g.id = x.tag_id
                    WHERE x.part_id = tp.id)
            FROM transaction_parts tp JOIN transactions t ON t.id = tp.transaction_id
            LEFT JOIN categories c ON c.id = tp.category_id
            WHERE \(condition) ORDER BY tp.transaction_id, tp.position
            """
        let statement = cached ? try db.statement(sql) : try db.uncachedStatement(sql)
        var result: [Int64: [StatementSplit]] = [:]
        let rows = try statement.rows(values) { row throws(LedgerError) in
            (row.int64(0), StatementSplit(amount: try Ledger.storedAmount(row.int64(1), row.int64(2)), category: row.optionalText(3),
                                          transferAccount: row.optionalText(5), memo: row.optionalText(4),
                                          tags: row.optionalText(6).map { Ledger.sortedTags($0.split(separator: "\u{1F}").map(String.init)) } ?? []))
        }
        for (id, part) in rows { result[id, default: []].append(part) }
        return result
    }

    /// Whether any transaction has parts (one probe): queries skip the parts when none has.
    func hasParts() throws(LedgerError) -> Bool {
        let found = try db.statement("SELECT 1 FROM transaction_parts LIMIT 1").rows { $0.int64(0) }
        return !found.isEmpty
    }

    /// The category a part names, when it names one.
    static func partCategory(_ split: StatementSplit) -> CategoryPath? {
        split.category.flatMap { CategoryPath(parsing: $0) }
    }

    /// The checks the parts of `t` pass: they add up exactly to its amount, and every category
    /// they name is a valid path.
    static func validateParts(of t: LedgerTransaction) throws(LedgerError) {
        guard !t.splits.isEmpty else { return }
        let total = try sum(t.splits.map(\.amount))
        guard total == t.amount else {
            throw .invalid("splits", "the splits of the transaction on \(t.day) add up to \(total), not its amount \(t.amount)")
        }
        for split in t.splits {
            if let path = partCategory(split) { _ = try LedgerValidation.categoryPath(path) }
        }
    }

    /// Moves the splits older ledgers kept as JSON in `transactions.splits` into parts (the JSON
    /// stays as it was, unread). A split whose category is not a valid path keeps no category.
    func moveSplitsIntoParts() throws(LedgerError) {
        let rows = try db.uncachedStatement("SELECT id, splits FROM transactions WHERE splits IS NOT NULL AND splits <> '[]'")
            .rows { ($0.int64(0), $0.text(1)) }
        guard !rows.isEmpty else { return }
        let decoder = JSONDecoder()
        var names = NameCache()
        for (id, json) in rows {
            guard var splits = try? decoder.decode([StatementSplit].self, from: Data(json.utf8)) else { continue }
            for i in splits.indices {
                if let path = Ledger.partCategory(splits[i]), (try? LedgerValidation.categoryPath(path)) == nil {
                    splits[i].category = nil
                }
            }
            try replaceParts(id: id, with: splits, names: &names)
        }
    }
}
