import MyMoneyReconcile
import MyMoneyStore

/// Reconciling the ledger's accounts against every balance their statements reported and the
/// user asserted.
enum LedgerReconciliation {
    /// How the accounts' stored transactions are read for reconciling.
    enum RowReading {
        /// Balance rows first, whole transactions only for an account that disagrees somewhere.
        case balancesFirst
        /// Whole transactions always (the plain twin).
        case whole
    }

    /// The checkpoint a stored statement balance stands for (`available` balances are information only).
    static func checkpoint(_ stored: StoredBalance, currency: Currency) -> Checkpoint? {
        let source: Checkpoint.Source
        switch stored.kind {
        case .available: return nil
        case .running: source = .running
        case .opening: source = .opening
        case .closing: source = .closing
        case .ledger: source = .ledger
        }
        return Checkpoint(day: stored.day, balance: stored.amount, source: source, currency: currency, file: stored.sourceFile)
    }

    /// The balances worth storing for a statement: its ledger, opening and closing balances and,
    /// for running balances, the end of each day (after checking the chain).
    static func balancesToStore(for statement: Statement) -> (balances: [StatementBalance], diagnostics: [Diagnostic]) {
        balancesToStore(for: statement, checkpoints: StatementCheckpoints(statement))
    }

    /// As above, with the statement's checkpoints already worked out.
    static func balancesToStore(for statement: Statement, checkpoints: StatementCheckpoints) -> (balances: [StatementBalance], diagnostics: [Diagnostic]) {
        var balances: [StatementBalance] = checkpoints.checkpoints.map { c in
            let kind: StatementBalance.Kind
            switch c.source {
            case .opening: kind = .opening
            case .running: kind = .running
            case .closing: kind = .closing
            case .ledger, .assertion: kind = .ledger
            }
            return StatementBalance(kind: kind, amount: c.balance, day: c.day, currency: c.currency)
        }
        balances += statement.balances.filter { $0.kind == .available && $0.day != nil }
        return (balances, checkpoints.diagnostics)
    }

    /// Reconciles `accounts` (all when nil) with their stored balances and `assertions`.
    ///
    /// `statements` (those just imported) add their running-balance chains, so a break inside
    /// one statement is reported with its rows.
    static func reconcile(_ ledger: Ledger, accounts names: [String]? = nil, assertions: [BalanceAssertion] = [],
                                 statements: [(accountId: Int64, statement: Statement)] = []) throws(LedgerError) -> ReconciliationReport {
        var chains: [Int64: [RunningBalanceChain]] = [:]
        for (accountId, statement) in statements {
            if let chain = StatementCheckpoints(statement).chain { chains[accountId, default: []].append(chain) }
        }
        return try reconcile(ledger, accounts: names, assertions: assertions, chains: chains) { _ in nil }
    }

    /// The stored balances to check: where two imports stored `running` or `closing` balances for
    /// the same day (an export that ended mid-day, then a later one that covers the rest of that
    /// day), only the later import's count for that day. Other kinds are kept as stored.
    static func latestPerDay(_ balances: [StoredBalance]) -> [StoredBalance] {
        var latestBatch: [Int32: Int64] = [:]
        for b in balances where b.kind == .running || b.kind == .closing {
            latestBatch[b.day.daysSinceEpoch] = max(latestBatch[b.day.daysSinceEpoch] ?? Int64.min, b.batchId ?? 0)
        }
        return balances.filter { b in
            guard b.kind == .running || b.kind == .closing else { return true }
            return (b.batchId ?? 0) == latestBatch[b.day.daysSinceEpoch]
        }
    }

    /// As above, with the statements' running-balance chains worked out by account, and
    /// `knownTransactions` giving all of an account's transactions when the caller has them loaded
    /// (nil: they are read from the ledger). Accounts are reconciled one at a time, so only one
    /// account's transactions are held at once. `skippedRows` (by account id) are the statement
    /// rows the import skipped as already stored (those it keeps are in the ledger as batch
    /// `batchId`, left out there). Each account also gets what the ledger knows of how its rows
    /// came in (``ReconcileEvidence``): hand edits, kept skipped rows and, when a balance
    /// disagrees, the other accounts' legs naming it.
    ///
    /// An account read from the ledger is first checked on its balance rows alone
    /// (``Ledger/balanceRows(accountId:)``: id, day, amount; ``Reconciler/reconcileIfAgreeing(_:rows:)``);
    /// only when a checkpoint disagrees are its whole transactions read and the account
    /// reconciled, its difference diagnosed once, on their texts. `rows: .whole` always reads them
    /// whole (the plain twin: both give the same report).
    static func reconcile(_ ledger: Ledger, accounts names: [String]? = nil, assertions: [BalanceAssertion] = [], chains: [Int64: [RunningBalanceChain]],
                          skippedRows: [Int64: [LedgerTransaction]], batchId: Int64? = nil, rows: RowReading = .balancesFirst,
                          knownTransactions: (Int64) -> [LedgerTransaction]?) throws(LedgerError) -> ReconciliationReport {
        try reconcile(ledger, accounts: names, assertions: assertions, chains: chains, skippedRowsOf: { skippedRows[$0] ?? [] },
                      batchId: batchId, rows: rows, knownTransactions: knownTransactions)
    }

    /// As above, with the skipped rows of an account asked for only when a difference is diagnosed
    /// (a re-import skips every row; copying them for accounts whose balances agree was wasted).
    static func reconcile(_ ledger: Ledger, accounts names: [String]? = nil, assertions: [BalanceAssertion] = [], chains: [Int64: [RunningBalanceChain]],
                          skippedRowsOf: (Int64) -> [LedgerTransaction] = { _ in [] }, batchId: Int64? = nil, rows: RowReading = .balancesFirst,
                          knownTransactions: (Int64) -> [LedgerTransaction]?,
                          knownBalanceRows: (Int64) -> [LedgerBalanceRow]? = { _ in nil }) throws(LedgerError) -> ReconciliationReport {
        var accounts = try ledger.accounts()
        if let names {
            accounts = accounts.filter { a in names.contains { $0.caseInsensitiveCompare(a.name) == .orderedSame } }
        }
        let stored = try ledger.statementBalances()
        var reconciled: [AccountReconciliation] = []
        for account in accounts {
            guard let id = account.id else { continue }
            // The balance rows of known transactions first, as those of the ledger's: the
            // transactions (a copy of each, ``LedgerNeighbourhood/transactions(of:)``) only when a
            // checkpoint disagrees.
            let knownRows = rows == .balancesFirst ? knownBalanceRows(id) : nil
            var known = knownRows == nil ? knownTransactions(id) : nil
            var input = ReconciliationInput(account: account, transactions: known ?? [])
            input.checkpoints = latestPerDay(stored.filter { $0.accountId == id }).compactMap { checkpoint($0, currency: account.currency) }
            input.chains = chains[id] ?? []
            try ReconcileEvidence.fill(&input, ledger: ledger, excludingBatch: batchId)
            // After the ledger's own skipped rows, as ``ReconcileEvidence/fill`` orders them.
            func addSkippedRows() { input.skippedStatementRows += skippedRowsOf(id) }
            input.add(assertions)
            var legsError: LedgerError?
            func legs() -> [LedgerTransaction] {
                do throws(LedgerError) { return try ReconcileEvidence.counterpartLegs(of: account, ledger: ledger) } catch {
                    legsError = error
                    return []
                }
            }
            // Balance rows first (none to read without a checkpoint): an account that agrees
            // everywhere is done with them; one that disagrees is read whole and diagnosed once
            // (skipped rows serve only that diagnosis).
            func balanceRows() throws(LedgerError) -> [LedgerBalanceRow] {
                if input.checkpoints.isEmpty { return [] }
                if let knownRows { return knownRows }
                return try ledger.balanceRows(accountId: id)
            }
            if known == nil, rows == .balancesFirst, let agreeing = Reconciler().reconcileIfAgreeing(input, rows: try balanceRows()) {
                reconciled.append(agreeing)
                continue
            }
            if knownRows != nil { known = knownTransactions(id) }
            if let known { input.transactions = known } else { input.transactions = try ledger.transactions(matching: TransactionFilter(accountIds: [id])) }
            addSkippedRows()
            let result = Reconciler().reconcile(input, counterparts: legs)
            if let legsError { throw legsError }
            reconciled.append(result)
        }
        return ReconciliationReport(accounts: reconciled)
    }
}
