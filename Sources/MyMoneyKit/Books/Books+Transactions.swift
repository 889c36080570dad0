import MyMoneyStore

extension Books {
    /// The stored transactions `filter` selects, by day and id.
    public func transactions(matching filter: TransactionFilter = TransactionFilter()) throws(BooksError) -> [LedgerTransaction] {
        try store { () throws(LedgerError) in try ledger.transactions(matching: filter) }
    }

    public func transaction(id: Int64) throws(BooksError) -> LedgerTransaction {
        try store { () throws(LedgerError) in try ledger.transaction(id: id) }
    }

    /// Adds a transaction typed by hand. One dated inside the account's reconciled period needs `force`.
    public func addTransaction(_ transaction: LedgerTransaction, force: Bool = false) throws(BooksError) -> LedgerTransaction {
        let account = try store { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        if let through = account.reconciledThrough, transaction.day <= through, !force {
            throw BooksError(.locked, "\(account.name) is reconciled through \(through): a transaction on \(transaction.day) changes a reconciled balance (add --force to do it anyway)")
        }
        return try store { () throws(LedgerError) in try ledger.addTransaction(transaction) }
    }

    /// Changes fields of a stored transaction by hand (rules never change them again unless told to).
    public func editTransaction(id: Int64, _ changes: [TransactionChange], force: Bool = false) throws(BooksError) -> LedgerTransaction {
        try checkUnlocked(try transaction(id: id), force: force)
        return try store { () throws(LedgerError) in try ledger.editTransaction(id: id, changes) }
    }

    public func removeTransaction(id: Int64, force: Bool = false) throws(BooksError) {
        try checkUnlocked(try transaction(id: id), force: force)
        try store { () throws(LedgerError) in try ledger.deleteTransaction(id: id) }
    }

    /// Refuses a change to a transaction inside its account's reconciled period unless `force`.
    func checkUnlocked(_ transaction: LedgerTransaction, force: Bool) throws(BooksError) {
        let account = try store { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        if let through = account.reconciledThrough, transaction.day <= through, !force {
            throw BooksError(.locked, "\(account.name) is reconciled through \(through) and this transaction is dated \(transaction.day): changing it changes a reconciled balance (add --force to do it anyway)")
        }
    }

    /// The currency for an ISO 4217 `code` (any case).
    ///
    /// - Throws: ``BooksError`` `invalid` naming the code when it is unknown.
    public static func currency(code: String) throws(BooksError) -> Currency {
        try store { () throws(LedgerError) in try LedgerValidation.currency(code: code) }
    }
}
