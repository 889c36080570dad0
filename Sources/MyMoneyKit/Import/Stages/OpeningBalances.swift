import MyMoneyStore
import MyMoneyReconcile

/// Import stage 7: opening balances of the imported accounts that had none, derived from their
/// first checkpoint (a statement's opening balance, or the running balance before its first row).
enum OpeningBalances {
    /// Derives and stores the opening balance of every imported account that had no transactions
    /// before (or only rows typed by hand or counter-legs, like a cash wallet) and still has a zero
    /// opening balance or is new. The change is recorded on `batchId`, so undoing the import puts
    /// the old opening balance back.
    ///
    /// - Parameter known: all of an account's transactions when the caller has them (an account
    ///   new to the ledger has only this import's rows); nil to read them.
    /// - Parameter knownRows: the balance rows of those transactions when the caller has them
    ///   cheaper than the transactions (``LedgerNeighbourhood/balanceRows(of:)``); nil for `known`.
    static func derive(accounts importedAccountIds: Set<Int64>, before: AccountPlacement.AccountsBefore, batchId: Int64?,
                       ledger: Ledger, known: (Int64) -> [LedgerTransaction]?,
                       knownRows: (Int64) -> [LedgerBalanceRow]? = { _ in nil }) throws {
        for accountId in importedAccountIds.sorted() where before.hadTransactions[accountId] != nil {
            var account = try ledger.account(id: accountId)
            guard account.openingBalance.isZero || !before.existing.contains(accountId) else { continue }
            var rows: [LedgerBalanceRow]?
            var transactions: [LedgerTransaction] = []
            if before.hadTransactions[accountId] == false {
                rows = knownRows(accountId)
                if rows == nil { transactions = try known(accountId) ?? ledger.transactions(matching: TransactionFilter(accountIds: [accountId])) }
            } else {
                guard account.openingBalance.isZero, !before.hadStatementRows.contains(accountId) else { continue }
                transactions = try ledger.transactions(matching: TransactionFilter(accountIds: [accountId]))
            }
            let checkpoints = try ledger.statementBalances(accountId: accountId)
                .compactMap { LedgerReconciliation.checkpoint($0, currency: account.currency) }
            let found = try rows.map { try DerivedOpeningBalance(account: account, rows: $0, checkpoints: checkpoints) }
                ?? DerivedOpeningBalance(account: account, transactions: transactions, checkpoints: checkpoints)
            guard let derived = found, derived.amount != account.openingBalance else { continue }
            if let batchId {
                try ledger.recordOpeningBalanceChange(batchId: batchId, accountId: accountId, previous: account.openingBalance)
            }
            account.openingBalance = derived.amount
            _ = try ledger.updateAccount(account)
        }
    }
}
