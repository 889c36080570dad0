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
    /// the rules, which change none of them: ``handsOnInParts(_:)``; `identities` when the
    /// conversion made them), the last the balances.
    func handOnInParts(_ transactions: consuming [LedgerTransaction], slot: Int, balances: [StatementBalance],
                       identities made: consuming [IdentityCandidate]? = nil, runner: InPlaceRuleRunner, into queue: RuledStatementQueue,
                       summary: inout Summary, counterLegs: inout CounterLegPlan,
                       shortEnds: (first: Bool, last: Bool)) {
        var rows = transactions
        // Handed on with the first part, held nowhere else: the store changes them in place.
        var identities: [IdentityCandidate]? = (consume made) ?? rows.map(IdentityCandidate.init)
        let count = rows.count
        var categorized = Set<Int>()
        var fieldSets = RuleFieldSets()
        var lo = 0
        while lo < count {
            if queue.isCancelled { return }
            let hi = min(count, lo + RuleStage.partLength(from: lo, of: count, part: part, shortEnds: shortEnds))
            let cores = queue.storeIsWaiting ? threadsWhileStoreWaits : threads
            // In place, with the runner every part shares (each thread keeps its regex DFAs);
            // every index in the run is a place in `rows`.
            let run = runner.applyForEffects(inPlace: &rows, range: lo..<hi, accounts: ledgerAccounts, threads: cores)
            summary.categoriesToCreate.formUnion(run.categoriesToCreate)
            summary.diagnostics += run.diagnostics
            var ruleFields = Array(repeating: Set<TransactionField>(), count: hi - lo)
            for row in run.changed {
                ruleFields[row.index - lo] = fieldSets.fields(changed: row.targets)
                if row.targets.contains(.category) { categorized.insert(row.index) }
            }
            for mark in run.transfers where mark.createsOtherLeg {
                counterLegs.add(for: rows[mark.transaction], at: (slot, mark.transaction), mark: mark)
            }
            // The statement's one array holds the ruled rows (for the stages after storing); the
            // store writes from the part's own copy.
            var statement = ImportStatement(accountId: accounts[slot].id ?? 0, sourceFile: sourceFiles[slot],
                                            transactions: Array(rows[lo..<hi]), balances: hi == count ? balances : [],
                                            ruleFields: ruleFields)
            if lo == 0 { swap(&statement.identities, &identities) }
            statement.continues = hi < count
            if hi == count { queue.putWholeRows(rows, slot: slot) }
            // Ruled parts wait for the store two at a time: the store is the slower, and parts
            // queued ahead of it would hold the statement's rows a second time.
            queue.put(consume statement, waitingForRoomBelow: 2)
            lo = hi
        }
        if !categorized.isEmpty { summary.categorized[slot] = categorized }
    }

    /// How many rows the part starting at row `start` of `count` takes: `part`, but a fifth of
    /// it for the first part of the import's first statement (the store waits for it before it
    /// can begin) and for the parts of the last `part` rows of its last (what the store still has
    /// to write once the rules are done). Between statements the store writes one statement's
    /// last part while the rules work on the next one's first: short parts there cost more than
    /// they save (the 10-account 1M folder: 2–5 % more CPU).
    static func partLength(from start: Int, of count: Int, part: Int, shortEnds: (first: Bool, last: Bool)) -> Int {
        let edge = max(1, part / 5)
        if shortEnds.first && start == 0 { return edge }
        if shortEnds.last && count - start <= part { return edge }
        return max(1, part)
    }
}
