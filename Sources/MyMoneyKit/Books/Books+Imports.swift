import MyMoneyStore

extension Books {
    /// Every import batch, oldest first.
    public func importBatches() throws(BooksError) -> [ImportBatch] {
        try store { () throws(LedgerError) in try ledger.importBatches() }
    }

    /// Removes exactly what one import added. An import that reached into a reconciled period needs `force`.
    public func undoImport(id: Int64, force: Bool = false) throws(BooksError) -> UndoReport {
        let accounts = try accounts()
        let added = try transactions(matching: TransactionFilter(batchId: id))
        let locked = added.filter { t in
            accounts.first(where: { $0.id == t.accountId })?.reconciledThrough.map { t.day <= $0 } ?? false
        }
        if !locked.isEmpty && !force {
            throw BooksError(.locked, "import \(id) added \(counted(locked.count, "transaction")) to reconciled periods; undoing it changes reconciled balances (add --force to do it anyway)")
        }
        return try store { () throws(LedgerError) in try ledger.undoImport(batchId: id) }
    }
}
