import MyMoneyStore

extension Books {
    /// The stored transactions `filter` selects, by day and id, each with its splits.
    public func transactions(matching filter: TransactionFilter = TransactionFilter()) throws(BooksError) -> [LedgerTransaction] {
        try store { () throws(LedgerError) in try ledger.transactions(matching: filter) }
    }

    /// The same transactions as ``transactions(matching:)``, in the same order, handed to `body`
    /// one at a time as they are read: output of any size in flat memory. `body` must not use
    /// these books (the queries are open while it runs).
    public func eachTransaction(matching filter: TransactionFilter = TransactionFilter(),
                                _ body: (LedgerTransaction) -> Void) throws(BooksError) {
        try store { () throws(LedgerError) in try ledger.eachTransaction(matching: filter) { body($0) } }
    }

    /// The same transactions as ``eachTransaction(matching:_:)``, in the same order, handed to
    /// `body` as the columns of their rows (valid only during the call), without a
    /// ``LedgerTransaction`` for each: for output written straight from the columns. `body`
    /// must not use these books.
    public func eachTransactionRow(matching filter: TransactionFilter = TransactionFilter(),
                                   _ body: (LedgerTransactionColumns) -> Void) throws(BooksError) {
        try store { () throws(LedgerError) in try ledger.eachTransactionRow(matching: filter) { body($0) } }
    }

    public func transaction(id: Int64) throws(BooksError) -> LedgerTransaction {
        try store { () throws(LedgerError) in try ledger.transaction(id: id) }
    }

    /// Adds a transaction typed by hand, in its account's currency, amounts kept at that
    /// currency's minor units. One dated inside the account's reconciled period needs `force`.
    ///
    /// - Parameter known: problems the caller found already (values it could not read); they are
    ///   reported with the transaction's own.
    /// - Throws: ``BooksError`` `invalid` with every problem (see ``TransactionChecks``), `locked`.
    public func addTransaction(_ transaction: LedgerTransaction, force: Bool = false,
                               problems known: FieldProblems = FieldProblems()) throws(BooksError) -> LedgerTransaction {
        let account = try store { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        var problems = known
        problems.add(TransactionChecks.problems(in: transaction, account: account))
        try problems.throwIfAny()
        if let through = account.reconciledThrough, transaction.day <= through, !force {
            throw BooksError(.locked, "\(account.name) is reconciled through \(through): a transaction on \(transaction.day) changes a reconciled balance (add --force to do it anyway)")
        }
        let stored = TransactionChecks.stored(transaction)
        return try store { () throws(LedgerError) in try ledger.addTransaction(stored) }
    }

    /// Changes fields of a stored transaction by hand (rules never change them again unless told
    /// to): also its day, amount, account and splits.
    ///
    /// An imported transaction keeps the account, day and amount it was imported with as its
    /// identity: importing its statement again does not add it again. A leg of a transfer keeps
    /// its side (the leaving leg negative) and stays on another account than the other leg; a new
    /// amount works the transfer's rate or fee out again. Changes in a reconciled period (where
    /// the transaction is, or where it moves to) need `force`.
    ///
    /// - Parameter known: problems the caller found already; they are reported with the edit's own.
    /// - Throws: ``BooksError`` `invalid` with every problem of the edited transaction, `locked`,
    ///   `notFound`.
    public func editTransaction(id: Int64, _ changes: [TransactionChange], force: Bool = false,
                                problems known: FieldProblems = FieldProblems()) throws(BooksError) -> LedgerTransaction {
        let current = try transaction(id: id)
        var problems = known
        let accounts = try self.accounts()
        let edited = TransactionChecks.applying(changes, to: current)
        guard let account = accounts.first(where: { $0.id == edited.accountId }) else {
            throw BooksError(.notFound, "there is no account with id \(edited.accountId)")
        }
        problems.add(TransactionChecks.problems(in: edited, account: account, fields: Set(changes.map(\.field))))
        let link = try store { () throws(LedgerError) in try ledger.transfer(involving: id) }
        if let link {
            let leaving = link.fromTransactionId == id
            if leaving ? !edited.amount.isNegative : !edited.amount.isPositive {
                problems.add("amount", "transaction \(id) is the \(leaving ? "leaving" : "arriving") leg of transfer \(link.id ?? 0): its amount should stay \(leaving ? "negative" : "positive") (unlink the transfer first)")
            }
            if (leaving ? link.toAccountId : link.fromAccountId) == edited.accountId {
                problems.add("account", "transaction \(id) is a leg of transfer \(link.id ?? 0) with \(account.name): both legs cannot be on one account")
            }
        }
        try problems.throwIfAny()
        if !force {
            for (t, verb) in [(current, "changing it"), (edited, "moving it there")] {
                guard let a = accounts.first(where: { $0.id == t.accountId }), let through = a.reconciledThrough, t.day <= through else { continue }
                throw BooksError(.locked, "\(a.name) is reconciled through \(through) and the transaction is dated \(t.day): \(verb) changes a reconciled balance (add --force to do it anyway)")
            }
        }
        let changes = TransactionChecks.stored(changes, currency: current.currency)
        return try atomically {
            let saved = try ledger.editTransaction(id: id, changes)
            if let link, let linkId = link.id, changes.contains(where: { $0.field == .amount }) {
                let from = try ledger.transaction(id: link.fromTransactionId), to = try ledger.transaction(id: link.toTransactionId)
                var ignored = FieldProblems()
                let terms = TransferTerms.terms(from: from, to: to, rate: nil, fee: from.currency == to.currency ? nil : link.fee,
                                                problems: &ignored)
                try ledger.updateTransferTerms(id: linkId, rate: terms.rate, fee: terms.fee)
            }
            return saved
        }
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
