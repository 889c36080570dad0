/// An account's transactions as far as its balance goes: what reconciling reads first.
extension Ledger {
    /// Every transaction of `accountId` with only its id, account, day, amount, currency and type
    /// (no texts, category, tags or parts), in the ledger's `(account, day, id)` order.
    ///
    /// The balance through a day needs nothing else: reconciling a million rows reads four
    /// columns of each instead of decoding whole transactions. A caller that needs the rest
    /// (diagnosing a difference) reads ``transactions(matching:)``.
    package func balanceRows(accountId: Int64) throws(LedgerError) -> [LedgerTransaction] {
        let currency = try self.account(id: accountId).currency
        let expected = try db.statement("SELECT count(*) FROM transactions WHERE account_id = ?")
            .rows([.integer(accountId)]) { Int($0.int64(0)) }.first ?? 0
        return try db.statement("""
            SELECT id, day, amount_units, amount_scale, CASE type WHEN 'income' THEN 0 WHEN 'expense' THEN 1 ELSE 2 END
            FROM transactions WHERE account_id = ? ORDER BY day, id
            """).rows([.integer(accountId)], reserving: expected) { row throws(LedgerError) in
                LedgerTransaction(id: row.int64(0), accountId: accountId, day: Ledger.day(row.int64(1)),
                                  amount: try Ledger.storedAmount(row.int64(2), row.int64(3)), currency: currency,
                                  type: Ledger.balanceRowTypes[Int(row.int64(4))])
            }
    }

    /// The types by the number the balance-rows query gives them.
    private static let balanceRowTypes: [TransactionType] = [.income, .expense, .transfer]
}
