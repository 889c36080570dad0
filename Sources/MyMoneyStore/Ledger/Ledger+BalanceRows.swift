/// An account's transactions as far as its balance goes: what reconciling reads first.
extension Ledger {
    /// Every transaction of `accountId` as its id, day and amount (no texts, category, tags or
    /// parts), in the ledger's `(day, id)` order.
    ///
    /// The balance through a day needs nothing else: reconciling a million rows reads three
    /// columns of each into 32-byte values instead of decoding whole transactions. A caller that
    /// needs the rest (diagnosing a difference) reads ``transactions(matching:)``.
    package func balanceRows(accountId: Int64) throws(LedgerError) -> [LedgerBalanceRow] {
        let expected = try db.statement("SELECT count(*) FROM transactions WHERE account_id = ?")
            .rows([.integer(accountId)]) { Int($0.int64(0)) }.first ?? 0
        return try db.statement("""
            SELECT id, day, amount_units, amount_scale FROM transactions WHERE account_id = ? ORDER BY day, id
            """).rows([.integer(accountId)], reserving: expected) { row throws(LedgerError) in
                LedgerBalanceRow(id: row.int64(0), day: Ledger.day(row.int64(1)),
                                 amount: try Ledger.storedAmount(row.int64(2), row.int64(3)))
            }
    }
}
