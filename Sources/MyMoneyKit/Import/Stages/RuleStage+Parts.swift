import MyMoneyImport
import MyMoneyRules
import MyMoneyStore

/// A large statement handed to the store in parts: the rules and the store at work at the same
/// time on the two cores (the store writes one part while the rules work on the next), where a
/// statement handed whole kept the store waiting until the rules were done with all of it.
extension RuleStage {
    /// Whether `rules` leave every row of a statement in it and identified as it was, so the
    /// store may decide the statement's duplicates from its rows before the rules ran: no
    /// `ignore` (it takes rows out), no payee action (a row without an original payee is known
    /// by its payee). A `transfer` changes the type only; its counter-legs come in statements of
    /// their own after every other.
    static func handsOnInParts(_ rules: CompiledRuleSet) -> Bool {
        let targets = rules.actionTargets
        return !targets.contains(.ignored) && !targets.contains(.payee)
    }

    /// The rules over `transactions` (of statement `slot`) part by part, each part put in `queue`
    /// once done; the first part carries the identities of all the statement's rows (taken before
    /// the rules, which change none of them: ``handsOnInParts(_:)``), the last the balances.
    func handOnInParts(_ transactions: consuming [LedgerTransaction], slot: Int, balances: [StatementBalance],
                       rules: CompiledRuleSet, into queue: RuledStatementQueue,
                       summary: inout Summary, counterLegs: inout CounterLegPlan) {
        var rows = transactions
        let identities = rows.map(IdentityCandidate.init)
        // What a row leaves behind once handed on (its texts let go).
        let handed = LedgerTransaction(accountId: 0, day: Day(daysSinceEpoch: 0), amount: .zero, currency: .EUR)
        var categorized = Set<Int>()
        var lo = 0
        while lo < rows.count {
            if queue.isCancelled { return }
            let hi = min(rows.count, lo + part)
            let cores = queue.storeIsWaiting ? threadsWhileStoreWaits : threads
            let input = Array(rows[lo..<hi])
            rows.replaceSubrange(lo..<hi, with: repeatElement(handed, count: hi - lo))
            let run = rules.apply(to: input, accounts: ledgerAccounts, context: context, options: RuleApplyOptions(threads: cores))
            summary.categoriesToCreate.formUnion(run.categoriesToCreate)
            summary.diagnostics += run.diagnostics
            var ruleFields = Array(repeating: Set<TransactionField>(), count: run.transactions.count)
            for outcome in run.outcomes {
                for change in outcome.changes {
                    if let field = change.target.storedField { ruleFields[outcome.index].insert(field) }
                }
                if outcome.changes.contains(where: { $0.target == .category }) { categorized.insert(lo + outcome.index) }
            }
            for mark in run.transfers where mark.createsOtherLeg {
                counterLegs.add(for: run.transactions[mark.transaction], at: (slot, lo + mark.transaction), mark: mark)
            }
            var statement = ImportStatement(accountId: accounts[slot].id ?? 0, sourceFile: sourceFiles[slot],
                                            transactions: run.transactions, balances: hi == rows.count ? balances : [],
                                            ruleFields: ruleFields)
            statement.identities = lo == 0 ? identities : nil
            statement.continues = hi < rows.count
            queue.put(statement)
            lo = hi
        }
        if !categorized.isEmpty { summary.categorized[slot] = categorized }
    }
}
