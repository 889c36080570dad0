import MyMoneyStore
import MyMoneyRules

/// What `rules apply` changed (or, in a dry run, would change).
public struct RuleApplication: Sendable {
    /// Fields changed, over all transactions.
    public var changedFields: Int
    /// Transactions with at least one changed field.
    public var changedTransactions: Int
    /// Transactions the rules looked at.
    public var considered: Int
    /// Transactions left alone because they lie in reconciled periods (without `force`).
    public var lockedSkipped: Int
    public var isDryRun: Bool
    /// What the rules said while running (a regex that ran out of its step budget: no match).
    public var diagnostics: [Diagnostic] = []
}

extension Books {
    /// What the rules know of the books: projects with their dates, categories, accounts, and the
    /// cash accounts that have no statements of their own. Import, apply, test, explain and stats
    /// all evaluate rules with it, so a rule decides the same way whichever runs it.
    public func ruleContext() throws(BooksError) -> RuleContext {
        try step { try ImportWorkflow.ruleContext(ledger: ledger, accounts: try ledger.accounts()) }
    }

    /// Every stored transaction as the rules first saw it (see ``RuleInputs``).
    public func ruleInputs() throws(BooksError) -> [RuleInput] {
        let stored = try transactions()
        let accounts = try accounts()
        return try store { () throws(LedgerError) in try RuleInputs.asImported(stored, ledger: ledger, accounts: accounts) }
    }

    /// One stored transaction as the rules first saw it, for `rules explain`.
    public func ruleInput(transactionId id: Int64) throws(BooksError) -> RuleInput {
        let transaction = try transaction(id: id)
        let account = try store { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        return try store { () throws(LedgerError) in try RuleInputs.asImported([transaction], ledger: ledger, accounts: [account])[0] }
    }

    /// Rules proposed from the categorized transactions (at least `minimumSupport` per payee).
    public func ruleSuggestions(minimumSupport: Int) throws(BooksError) -> [RuleSuggestion] {
        RuleSuggester.suggest(from: try transactions(), minimumSupport: minimumSupport)
    }

    /// Applies `rules` to the stored transactions again. Fields set by hand stay unless
    /// `overwriteManual`; transactions in reconciled periods stay unless `force`.
    public func applyRules(_ rules: CompiledRuleSet, dryRun: Bool = false, force: Bool = false,
                           overwriteManual: Bool = false) throws(BooksError) -> RuleApplication {
        let accounts = try accounts()
        var stored = try transactions()
        let locked = Dictionary(accounts.compactMap { a in a.id.flatMap { id in a.reconciledThrough.map { (id, $0) } } },
                                uniquingKeysWith: { a, _ in a })
        func inLockedPeriod(_ t: LedgerTransaction) -> Bool { locked[t.accountId].map { t.day <= $0 } ?? false }
        var lockedSkipped = 0
        if !force {
            lockedSkipped = stored.count(where: inLockedPeriod)
            if lockedSkipped > 0 { stored.removeAll(where: inLockedPeriod) }
        }
        var inputs = try store { () throws(LedgerError) in try RuleInputs.asImported(stored, ledger: ledger, accounts: accounts) }
        if overwriteManual { for i in inputs.indices { inputs[i].lockedFields = [] } }
        let run = rules.apply(to: inputs, context: try ruleContext(), options: RuleApplyOptions(overwriteManual: overwriteManual))
        var results: [RuleResult] = []
        for outcome in run.outcomes where !outcome.changes.isEmpty {
            guard let id = stored[outcome.index].id else { continue }
            let after = run.transactions[outcome.index]
            let now = stored[outcome.index]
            var changes: [TransactionChange] = []
            for target in Set(outcome.changes.map(\.target)) {
                switch target {
                case .category where after.category != now.category: changes.append(.category(after.category))
                case .tags where after.tags.sorted() != now.tags.sorted(): changes.append(.tags(after.tags))
                case .project where after.project != now.project: changes.append(.project(after.project))
                case .place where after.place != now.place: changes.append(.place(after.place))
                case .payee where after.payee != now.payee: changes.append(.payee(after.payee))
                case .notes where after.notes != now.notes: changes.append(.notes(after.notes))
                default: continue
                }
            }
            if !changes.isEmpty { results.append(RuleResult(transactionId: id, changes: changes.sorted { $0.field < $1.field })) }
        }
        let changed = try step { try ledger.applyRuleResults(results, overwriteManual: overwriteManual, dryRun: dryRun) }
        return RuleApplication(changedFields: changed, changedTransactions: results.count, considered: stored.count,
                               lockedSkipped: lockedSkipped, isDryRun: dryRun, diagnostics: run.diagnostics)
    }
}
