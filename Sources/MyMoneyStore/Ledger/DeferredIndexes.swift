/// Secondary indexes of `transactions` that a bulk import into an empty ledger drops before its
/// INSERTs and builds again after them, inside the import's SQL transaction.
///
/// Every account's statement covers the same days, so the report index (`day` first) takes each
/// statement's rows all over its b-tree: maintained row by row it cost 1.5–3 s of CPU per million
/// rows; built once from the finished table it is one sort. The indexes are recreated from the
/// SQL the schema holds for them (whatever migration wrote it), so the ledger ends with exactly
/// the indexes it had. A failed import rolls the DROP back with everything else.
///
/// `transactions_by_account_day`, which the import reads itself (the duplicate check of a
/// statement looks up its account's stored rows by day), is deferred only when the ledger holds
/// no transactions at all: its rows are then those this import wrote, so a statement of an account
/// it has not written yet has no stored row to look up (``looksUp(accountId:)``), and the index is
/// built at once the first time an account comes again (``readyForLookUps(db:)``).
struct DeferredIndexes {
    /// The indexes a bulk import defers, when the schema has them (the tag index of
    /// `transaction_tags` too: a handful of tags take rows all over it as well).
    static let names = ["transactions_for_reports", "transactions_by_category", "transaction_tags_by_tag"]

    /// The index the import's duplicate check reads: deferred into an empty ledger only.
    static let accountDay = "transactions_by_account_day"

    /// Rows an import into an empty ledger must bring before its indexes are rebuilt: below it, the
    /// schema change costs more than the row-by-row upkeep.
    static let bulkThreshold = 2_000

    /// Each dropped index's name and the SQL that creates it again.
    private(set) var dropped: [(name: String, sql: String)] = []

    /// Accounts this import has written rows for, while ``accountDay`` is dropped.
    private var written: Set<Int64> = []

    /// Drops the deferred indexes of `db` when `upkeep` says so for an import of `rowCount` rows.
    init(_ upkeep: IndexUpkeep, rowCount: Int, db: SQLiteConnection) throws(LedgerError) {
        if case .maintained = upkeep { return }
        let empty = try db.statement("SELECT NOT EXISTS (SELECT 1 FROM transactions)").rows { $0.int64(0) }.first == 1
        if case .automatic = upkeep, rowCount < DeferredIndexes.bulkThreshold || !empty { return }
        let names = DeferredIndexes.names + (empty ? [DeferredIndexes.accountDay] : [])
        let list = names.map { "'\($0)'" }.joined(separator: ", ")
        dropped = try db.uncachedStatement("""
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('transactions', 'transaction_tags') AND name IN (\(list)) ORDER BY name
            """).rows { ($0.text(0), $0.text(1)) }
        for index in dropped { try db.execute("DROP INDEX \(index.name)") }
    }

    /// Whether a statement of `accountId` must look up stored rows: false while ``accountDay`` is
    /// dropped and this import has written no row of the account (the ledger holds none). Counts
    /// the account as written from now on.
    mutating func looksUp(accountId: Int64) -> Bool {
        guard dropped.contains(where: { $0.name == DeferredIndexes.accountDay }) else { return true }
        return !written.insert(accountId).inserted
    }

    /// Builds ``accountDay`` again now, if it is dropped (before a look-up of stored rows).
    mutating func readyForLookUps(db: SQLiteConnection) throws(LedgerError) {
        guard let at = dropped.firstIndex(where: { $0.name == DeferredIndexes.accountDay }) else { return }
        try db.execute(dropped[at].sql)
        dropped.remove(at: at)
    }

    /// Builds the dropped indexes again (call once, after the last INSERT).
    mutating func rebuild(db: SQLiteConnection) throws(LedgerError) {
        for index in dropped { try db.execute(index.sql) }
        dropped = []
    }
}

extension Ledger {
    /// Builds the indexes an import left to its caller (``ImportReport/indexesToRebuild``), in
    /// its SQL transaction. (Sorting their keys on SQLite's worker threads cost more CPU and no
    /// wall time: docs/benchmarks.md, tenth round, `after10`.)
    package func rebuildIndexes(_ sql: [String]) throws(LedgerError) {
        for statement in sql { try db.execute(statement) }
    }

    /// The indexes of `transactions` and `transaction_tags` by name, with the SQL that made them
    /// (what a bulk import must leave as it found).
    package func transactionIndexes() throws(LedgerError) -> [String: String] {
        let rows = try db.uncachedStatement("""
            SELECT name, COALESCE(sql, '') FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('transactions', 'transaction_tags')
            """).rows { ($0.text(0), $0.text(1)) }
        return Dictionary(rows, uniquingKeysWith: { first, _ in first })
    }
}
