/// Secondary indexes of `transactions` that a bulk import into an empty ledger drops before its
/// INSERTs and builds again after them, inside the import's SQL transaction.
///
/// Every account's statement covers the same days, so the report index (`day` first) takes each
/// statement's rows all over its b-tree: maintained row by row it cost 1.5–3 s of CPU per million
/// rows; built once from the finished table it is one sort. The indexes are recreated from the
/// SQL the schema holds for them (whatever migration wrote it), so the ledger ends with exactly
/// the indexes it had. A failed import rolls the DROP back with everything else.
///
/// Only indexes the import itself never reads are deferred: `transactions_by_account_day` stays,
/// since the duplicate check of a second statement of the same account looks rows up by it.
/// (Deferring it too into an empty ledger, looking nothing up for an account not written yet,
/// took 0.4 s of CPU per million rows off the store and added more than that to the rebuild:
/// docs/benchmarks.md, eleventh round.)
struct DeferredIndexes {
    /// The indexes a bulk import defers, when the schema has them (the tag index of
    /// `transaction_tags` too: a handful of tags take rows all over it as well).
    static let names = ["transactions_for_reports", "transactions_by_category", "transaction_tags_by_tag"]

    /// Rows an import into an empty ledger must bring before its indexes are rebuilt: below it, the
    /// schema change costs more than the row-by-row upkeep.
    static let bulkThreshold = 2_000

    /// Each dropped index's name and the SQL that creates it again.
    private(set) var dropped: [(name: String, sql: String)] = []

    /// Drops the deferred indexes of `db` when `upkeep` says so for an import of `rowCount` rows.
    init(_ upkeep: IndexUpkeep, rowCount: Int, db: SQLiteConnection) throws(LedgerError) {
        switch upkeep {
        case .maintained: return
        case .automatic:
            guard rowCount >= DeferredIndexes.bulkThreshold else { return }
            let empty = try db.statement("SELECT NOT EXISTS (SELECT 1 FROM transactions)").rows { $0.int64(0) }
            guard empty.first == 1 else { return }
        case .rebuilt: break
        }
        let list = DeferredIndexes.names.map { "'\($0)'" }.joined(separator: ", ")
        dropped = try db.uncachedStatement("""
            SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name IN ('transactions', 'transaction_tags') AND name IN (\(list)) ORDER BY name
            """).rows { ($0.text(0), $0.text(1)) }
        for index in dropped { try db.execute("DROP INDEX \(index.name)") }
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
