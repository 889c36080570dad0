/// What the exports need beyond the ledger's usual queries.
extension Ledger {
    /// The import batch of every imported transaction, by transaction id (hand-entered ones are absent).
    package func transactionBatches() throws(LedgerError) -> [Int64: Int64] {
        let pairs = try db.statement("SELECT id, batch_id FROM transactions WHERE batch_id IS NOT NULL")
            .rows([]) { row throws(LedgerError) in (row.int64(0), row.int64(1)) }
        var result: [Int64: Int64] = [:]
        result.reserveCapacity(pairs.count)
        for (id, batch) in pairs { result[id] = batch }
        return result
    }
}
