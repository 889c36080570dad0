import MyMoneyImport
internal import MyMoneySQLite

/// Transactions read as a stream: each handed on as soon as its row is read, none kept.
extension Ledger {
    /// The transactions `filter` selects, handed to `body` one at a time in the order
    /// ``transactions(matching:)`` returns them (by day, then id), with the same splits and tags:
    /// the streaming twin of that list (held to it by the tests), for output of any size in
    /// flat memory.
    ///
    /// One query per account, each read in the order of the `(account_id, day)` index (no sort:
    /// the index holds the id after the day), merged by day, then id; `body` runs while the
    /// queries are open, so it must not use this ledger.
    ///
    /// - Complexity: O(n·a) comparisons for n rows of a accounts, no memory growing with n.
    /// - Throws: `.notFound` when the filter names a category, tag, project or place the ledger
    ///   lacks; what `body` throws, which stops the stream.
    package func eachTransaction(matching filter: TransactionFilter = TransactionFilter(),
                                 _ body: (LedgerTransaction) throws(LedgerError) -> Void) throws(LedgerError) {
        let (conditions, values) = try sqlConditions(for: filter)
        let accountIds = try streamedAccountIds(filter)
        let sql = StoredTransactionRow.select(tags: StoredTransactionRow.tagsPerRow) + " WHERE "
            + (["t.account_id = ?"] + conditions).joined(separator: " AND ") + " ORDER BY t.day, t.id"
        var cursors = try DayOrderedCursors(db, sql: sql, values: values, accountIds: accountIds)
        let withParts = try hasParts()
        let checkedInSwift = Ledger.needsSwiftFilter(filter)
        var left = filter.limit ?? Int.max
        var decoder = StoredTransactionRow()
        while left > 0, let row = try cursors.next() {
            var t = try decoder.transaction(row, tags: StoredTransactionRow.tags(row))
            if withParts, let id = t.id { t.splits = try parts(ofTransaction: id) }
            if checkedInSwift, !Ledger.passesSwiftFilter(t, filter) { continue }
            try body(t)
            left -= 1
        }
    }

    /// The accounts a stream over `filter` opens a cursor for: the filter's, else all.
    func streamedAccountIds(_ filter: TransactionFilter) throws(LedgerError) -> [Int64] {
        filter.accountIds.isEmpty
            ? try db.statement("SELECT id FROM accounts ORDER BY id").rows { $0.int64(0) }
            : Array(Set(filter.accountIds)).sorted()
    }

    /// The parts of one stored transaction, in order (none when it has none).
    func parts(ofTransaction id: Int64) throws(LedgerError) -> [StatementSplit] {
        try db.statement("""
            SELECT tp.amount_units, tp.amount_scale, c.path, tp.memo, tp.transfer_account,
                   (SELECT group_concat(g.title, char(31)) FROM transaction_part_tags x JOIN tags g ON g.id = x.tag_id
                    WHERE x.part_id = tp.id)
            FROM transaction_parts tp LEFT JOIN categories c ON c.id = tp.category_id
            WHERE tp.transaction_id = ? ORDER BY tp.position
            """).rows([.integer(id)]) { row throws(LedgerError) in
            StatementSplit(amount: try Ledger.storedAmount(row.int64(0), row.int64(1)), category: row.optionalText(2),
                           transferAccount: row.optionalText(4), memo: row.optionalText(3),
                           tags: row.optionalText(5).map { Ledger.sortedTags($0.split(separator: "\u{1F}").map(String.init)) } ?? [])
        }
    }
}
