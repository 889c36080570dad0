import MyMoneyImport
internal import MyMoneySQLite

/// Transactions read as rows: each handed on as its columns, no ``LedgerTransaction`` made.
extension Ledger {
    /// The transactions `filter` selects, in the order and with the values of
    /// ``eachTransaction(matching:_:)`` (its plain twin, held to it by the tests), handed to
    /// `body` as ``LedgerTransactionColumns``: for writers that copy columns into their output.
    ///
    /// Tags are read once for the whole stream (``TransactionTagLists``), not by a query per
    /// row, unless a small `limit` makes a query per row cheaper; only rows with parts, and every
    /// row when the filter checks amounts or text in Swift, are decoded into a whole value
    /// (``LedgerTransactionColumns/transaction``). `body` runs while the queries are open, so it
    /// must not use this ledger.
    ///
    /// - Complexity: O(n·a) comparisons for n rows of a accounts; memory grows only with the
    ///   tagged transactions (one 16-byte entry each, the distinct tag lists once) and the ids
    ///   of transactions with parts.
    /// - Throws: `.notFound` when the filter names a category, tag, project or place the ledger
    ///   lacks; what `body` throws, which stops the stream.
    package func eachTransactionRow(matching filter: TransactionFilter = TransactionFilter(),
                                    _ body: (LedgerTransactionColumns) throws(LedgerError) -> Void) throws(LedgerError) {
        let (conditions, values) = try sqlConditions(for: filter)
        let tagLinks = try db.statement("SELECT EXISTS (SELECT 1 FROM transaction_tags)").rows { $0.int64(0) }.first ?? 0
        let tagsPerRow = tagLinks != 0 && (filter.limit ?? Int.max) <= TransactionTagLists.perRowBelowLimit
        let tagLists = tagLinks != 0 && !tagsPerRow ? try TransactionTagLists(db) : TransactionTagLists()
        let sql = StoredTransactionRow.select(tags: tagsPerRow ? StoredTransactionRow.tagsPerRow : "NULL") + " WHERE "
            + (["t.account_id = ?"] + conditions).joined(separator: " AND ") + " ORDER BY t.day, t.id"
        var cursors = try DayOrderedCursors(db, sql: sql, values: values, accountIds: try streamedAccountIds(filter))
        let withParts = Set(try db.statement("SELECT DISTINCT transaction_id FROM transaction_parts").rows { $0.int64(0) })
        let checkedInSwift = Ledger.needsSwiftFilter(filter)
        var left = filter.limit ?? Int.max
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
}

/// The tags of every tagged transaction in the ledger, read in one query: each distinct list
/// of titles kept once (sorted in the ledger's order), each transaction holding the number of
/// its list.
///
/// Not `Sendable` only by use: built and read on the ledger's thread.
struct TransactionTagLists {
    /// Below this limit a stream asks for each row's tags with its row instead.
    static let perRowBelowLimit = 10_000

    private var listOf: [Int64: Int32] = [:]
    private var lists: [[String]] = []

    /// No tags at all.
    init() {}

    /// Reads the tag links of the whole ledger.
    init(_ db: SQLiteConnection) throws(LedgerError) {
        var known: [String: Int32] = [:]
        let query = try db.statement("""
            SELECT x.transaction_id, group_concat(g.title, char(31)) FROM transaction_tags x JOIN tags g ON g.id = x.tag_id
            GROUP BY x.transaction_id
            """)
        query.reset()
        defer { query.reset() }
        while try query.step() {
            let text = query.text(1)
            let index: Int32
            if let found = known[text] { index = found } else {
                index = Int32(lists.count)
                lists.append(Ledger.sortedTags(text.split(separator: "\u{1F}").map(String.init)))
                known[text] = index
            }
            listOf[query.int64(0)] = index
        }
    }

    /// The tags of transaction `id`, in the ledger's order (none when it has none).
    func tags(of id: Int64) -> [String] {
        listOf[id].map { lists[Int($0)] } ?? []
    }
}
