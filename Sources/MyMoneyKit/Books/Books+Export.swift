import MyMoneyStore

/// The formats `mymoney export` writes.
public enum ExportFormat: String, Sendable, CaseIterable {
    case hledger, beancount, csv, json
}

extension Books {
    /// Everything the books hold, as values, for an export or the HTML report.
    ///
    /// - Parameters:
    ///   - from, through: only transactions and balances of these days (inclusive); the opening
    ///     balance of each account is then its balance at the end of the day before `from`.
    ///   - accountNames: only these accounts' transactions and balances (all when empty); a
    ///     transfer to an account left out keeps only its selected leg.
    /// - Throws: ``BooksError`` `notFound` when a name is no account's.
    public func snapshot(from: Day? = nil, through: Day? = nil, accountNames: [String] = []) throws(BooksError) -> BooksSnapshot {
        var accountIds: [Int64] = []
        for name in accountNames { if let id = try account(named: name).id { accountIds.append(id) } }
        let selected = Set(accountIds)
        let accounts = try accounts()
        let transactions = try transactions(matching: TransactionFilter(from: from, through: through, accountIds: accountIds))
        let links = try store { () throws(LedgerError) in try ledger.transfers() }
        let balances = try store { () throws(LedgerError) in try ledger.statementBalances() }.filter { b in
            (selected.isEmpty || selected.contains(b.accountId))
                && (from.map { b.day >= $0 } ?? true) && (through.map { b.day <= $0 } ?? true)
        }
        var openings: [Int64: Amount] = [:]
        if let from {
            for (account, balance) in try store({ () throws(LedgerError) in try ledger.balances(asOf: from.advanced(by: -1)) }) {
                if let id = account.id { openings[id] = balance }
            }
        }
        return BooksSnapshot(
            accounts: accounts,
            categories: try store { () throws(LedgerError) in try ledger.categories() }.sorted { $0.id < $1.id },
            tags: try store { () throws(LedgerError) in try ledger.tags() },
            projects: try store { () throws(LedgerError) in try ledger.projects() },
            places: try store { () throws(LedgerError) in try ledger.places() },
            budgets: try budgets(),
            transactions: transactions,
            transfers: links.map { l in
                BooksSnapshot.TransferRecord(id: l.id ?? 0, fromTransactionId: l.fromTransactionId, toTransactionId: l.toTransactionId,
                                             rate: l.rate, fee: l.fee, confidence: l.confidence,
                                             status: l.status == .confirmed ? .confirmed : .proposed, reasons: l.reasons)
            },
            balances: balances,
            prices: try store { () throws(LedgerError) in try ledger.rates() }.filter { r in through.map { r.day <= $0 } ?? true }.map { r in
                BooksSnapshot.Price(day: r.day, base: r.from, quote: r.to, rate: r.rate, source: r.source.rawValue, file: r.file)
            },
            batches: try importBatches(),
            batchOfTransaction: try store { () throws(LedgerError) in try ledger.transactionBatches() },
            openingBalances: openings, from: from, through: through)
    }

    /// The books in `format`, as text.
    ///
    /// - Throws: ``BooksError`` `notFound` for an unknown account; `invalid` when a sum overflows.
    public func export(_ format: ExportFormat, from: Day? = nil, through: Day? = nil,
                       accountNames: [String] = []) throws(BooksError) -> String {
        let books = try snapshot(from: from, through: through, accountNames: accountNames)
        do {
            switch format {
            case .hledger: return try HledgerJournal(books).render()
            case .beancount: return try BeancountJournal(books).render()
            case .csv: return TransactionsCSV(books).render()
            case .json: return LedgerJSON(books).render()
            }
        } catch {
            throw BooksError(.invalid, "the books do not fit in an export: \(error)")
        }
    }
}
