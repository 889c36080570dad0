import MyMoneyImport
internal import MyMoneySQLite

/// Transactions read as rows: each handed on as its columns, no ``LedgerTransaction`` made.
extension Ledger {
    /// The transactions `filter` selects, in the order and with the values of
    /// ``eachTransaction(matching:_:)`` (its plain twin, held to it by the tests), handed to
    /// `body` as ``LedgerTransactionColumns``: for writers that copy columns into their output.
    ///
    /// Only the columns the output shows are read, without joins (``StoredOutputRow``), unless
    /// the filter is checked in Swift or `query` asks for the whole rows (``TransactionRowQuery/wholeRows``,
    /// the twin, held to it by the tests); a row with parts is then read again whole by its id.
    ///
    /// Tags are read once for the whole stream (``TransactionTagLists``), not by a query per
    /// row, unless a small `limit` makes a query per row cheaper; only rows with parts, and every
    /// row when the filter checks amounts or text in Swift, are decoded into a whole value
    /// (``LedgerTransactionColumns/transaction``). `body` runs while the queries are open, so it
    /// must not use this ledger.
    ///
    /// - Complexity: O(n·a) comparisons for n rows of a accounts; memory grows only with the
    ///   tagged transactions (one 16-byte entry each, the distinct tag lists once), the ids
    ///   of transactions with parts and, unless a small limit reads few rows, the parts of the
    ///   selected rows (read in one query instead of one per row with parts).
    /// - Throws: `.notFound` when the filter names a category, tag, project or place the ledger
    ///   lacks; what `body` throws, which stops the stream.
    package func eachTransactionRow(matching filter: TransactionFilter = TransactionFilter(), query: TransactionRowQuery = .outputColumns,
                                    _ body: (LedgerTransactionColumns) throws(LedgerError) -> Void) throws(LedgerError) {
        let (conditions, values) = try sqlConditions(for: filter)
        let tagLinks = try db.statement("SELECT EXISTS (SELECT 1 FROM transaction_tags)").rows { $0.int64(0) }.first ?? 0
        let tagsPerRow = tagLinks != 0 && (filter.limit ?? Int.max) <= TransactionTagLists.perRowBelowLimit
        let tagLists = tagLinks != 0 && !tagsPerRow ? try TransactionTagLists(db) : TransactionTagLists()
        let checkedInSwift = Ledger.needsSwiftFilter(filter)
        // A filter checked in Swift needs every row whole: the whole query then.
        let narrow = query == .outputColumns && !checkedInSwift
        let tagsColumn = tagsPerRow ? StoredTransactionRow.tagsPerRow : "NULL"
        let sql = (narrow ? StoredOutputRow.select(tags: tagsColumn) : StoredTransactionRow.select(tags: tagsColumn)) + " WHERE "
            + (["t.account_id = ?"] + conditions).joined(separator: " AND ") + " ORDER BY t.day, t.id"
        var cursors = try DayOrderedCursors(db, sql: sql, values: values, accountIds: try streamedAccountIds(filter))
        let withParts = Set(try db.statement("SELECT DISTINCT transaction_id FROM transaction_parts").rows { $0.int64(0) })
        var left = filter.limit ?? Int.max
        if narrow {
            var reader = try StoredOutputRow(db)
            // The parts of the rows the filter selects, in one query, unless a small limit reads few rows.
            let partsUpFront = !withParts.isEmpty && (filter.limit ?? Int.max) > TransactionTagLists.perRowBelowLimit
            let parts = partsUpFront ? try parts(sql: conditions.isEmpty ? "1" : conditions.joined(separator: " AND "), values, cached: false) : [:]
            while left > 0, let row = try cursors.next() {
                let id = row.int64(0)
                let tags = tagsPerRow ? StoredTransactionRow.tags(row, column: StoredOutputRow.tagsColumn) : tagLists.tags(of: id)
                // A row with parts is read again whole, by its id (parts are few), its parts from those read up front.
                let whole = withParts.isEmpty || !withParts.contains(id) ? nil
                    : partsUpFront ? try wholeTransaction(id: id, parts: parts[id] ?? []) : try transaction(id: id)
                try body(try reader.columns(row, tags: tags, transaction: whole))
                left -= 1
            }
            return
        }
        var decoder = StoredTransactionRow()
        let text = StoredRowText()
        while left > 0, let row = try cursors.next() {
            let id = row.int64(0)
            let tags = tagsPerRow ? StoredTransactionRow.tags(row) : tagLists.tags(of: id)
            var whole: LedgerTransaction?
            if checkedInSwift || withParts.contains(id) {
                var t = try decoder.transaction(row, tags: tags)
                if withParts.contains(id) { t.splits = try parts(ofTransaction: id) }
                if checkedInSwift, !Ledger.passesSwiftFilter(t, filter) { continue }
                whole = t
            }
            try body(try decoder.columns(row, text: text, tags: tags, transaction: whole))
            left -= 1
        }
    }

    /// Transaction `id` whole, as ``transaction(id:)`` reads it, with `parts` (its parts, read
    /// already) instead of a query for them.
    private func wholeTransaction(id: Int64, parts: [StatementSplit]) throws(LedgerError) -> LedgerTransaction {
        guard var found = try transactions(sql: "t.id = ?", [.integer(id)], noParts: true).first else {
            throw .notFound("there is no transaction with id \(id)")
        }
        found.splits = parts
        return found
    }

    /// Which query ``eachTransactionRow(matching:query:_:)`` reads.
    package enum TransactionRowQuery: Sendable {
        /// The columns the output shows, from the transactions table alone (``StoredOutputRow``).
        case outputColumns
        /// Every column with the joins of the whole values (``StoredTransactionRow``): the plain twin.
        case wholeRows
    }
}
