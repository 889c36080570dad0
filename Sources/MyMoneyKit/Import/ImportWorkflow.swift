import Foundation
import MyMoneyImport
import MyMoneyRules
import MyMoneyStore
import MyMoneyTransfers
import MyMoneyReconcile

/// `mymoney import` as its stages, each a function over values in a file of its own
/// (`Import/Stages/`):
///
/// 1. **read** every file, one per core (``StatementReading``); a file that cannot be read stops
///    the import before the ledger is touched;
/// 2. **place** each statement in its account (``AccountPlacement``);
/// 3. **convert** the statements into ledger transactions (``StatementConversion``);
/// 4. **apply the rules** (``RuleStage``) on one core while
/// 5. the **store** writes what the rules finished on another (``StoreStage``, through a
///    ``RuledStatementQueue``), with counter-legs for rule transfers into cash accounts;
/// 6. load the ledger's rows around the imported days (``LedgerNeighbourhood``);
/// 7. **match transfers** on one core (``TransferLinking``) while **opening balances** are derived
///    (``OpeningBalances``) and the touched accounts **reconciled** (``LedgerReconciliation``) on
///    the other;
/// 8. **link** the transfers found.
///
/// Stages 2 to 8 run in one SQL transaction: a failure anywhere rolls everything back; a dry run
/// rolls it back at the end. Work on several cores goes through ``Concurrently`` only.
enum ImportWorkflow {
    /// Stage 1: reads every file of the request; nothing else is touched.
    static func read(_ request: ImportRequest, readers: StatementReaders, progress: ((String) -> Void)?) throws(InputError) -> ImportOutcome {
        ImportOutcome(readings: try StatementReading.read(request.paths, readers: readers, format: request.format,
                                                          options: request.readOptions, loadingOnce: request.loadsFilesOnce,
                                                          progress: progress),
                      isDryRun: request.dryRun)
    }

    /// Stages 2 to 8 for what `outcome` read, into `ledger`, in one SQL transaction (rolled back
    /// for a dry run). `outcome` is changed in place: its readings hand their statements over, and
    /// the statements let go of their transactions once converted (a copy held anywhere would keep
    /// every transaction of the import alive).
    static func run(_ request: ImportRequest, _ outcome: inout ImportOutcome, ledger: Ledger, rules: CompiledRuleSet?,
                    progress: ((String) -> Void)? = nil) throws {
        if outcome.readFailed { return }
        try ledger.transaction(dryRun: request.dryRun) { () throws in
            try store(request, into: &outcome, ledger: ledger, rules: rules, progress: progress)
        }
        outcome.stored = true
        // A dry run's batch was rolled back: there is nothing to undo.
        if request.dryRun { outcome.batchId = nil }
    }

    static func store(_ request: ImportRequest, into outcome: inout ImportOutcome,
                      ledger: Ledger, rules: CompiledRuleSet?, progress: ((String) -> Void)?) throws {
        progress?("choosing accounts")
        var placed = try AccountPlacement.place(&outcome.readings, request: request, ledger: ledger)
        // Moved, not shared: the statements let go of their transactions once converted.
        swap(&outcome.statements, &placed.statements)
        outcome.declaredAccountsCreated = placed.declaredAccountsCreated

        let total = outcome.statements.reduce(0) { $0 + $1.statement.transactions.count }
        var context = RuleContext()
        if rules != nil, total > 0 {
            context = try ruleContext(ledger: ledger, accounts: placed.accounts)
            // Accounts this import brings statements for have statements of their own.
            for imported in outcome.statements { context.accountsWithoutStatements.remove(imported.account.name) }
        }
        // Rules only on what is new: a statement whose rows the ledger holds whole (imported again)
        // goes to the store without them, when that changes nothing (``RuleStage/rulesMaySkip``),
        // or with what they leave behind of its skipped rows, found from the few rows it can come
        // from (``HeldRuleEffects``; a statement where they must run on every row is not held).
        let rulesMaySkip = rules.map { request.rulesOnNewRowsOnly && RuleStage.rulesMaySkip($0, context: context) } ?? true
        let rulesOnHeldRows = rulesMaySkip || !request.rulesOnNewRowsOnly ? nil : rules
        // Such a statement is found from its rows as read, and not converted (``HeldStatement``).
        let findHeld: StatementConversion.HeldLookup? = request.duplicatesBeforeConversion && (rulesMaySkip || rulesOnHeldRows != nil) && total > 0
            ? { [before = placed.before, accounts = placed.accounts, context] statements in
                var found: [Int: (matches: [IdentityMatch?], days: ClosedRange<Day>, ruled: HeldRuleEffects)] = [:]
                for (slot, h) in try HeldStatement.matches(of: statements, ledger: ledger, hadRows: { before.hadTransactions[$0] != false }) {
                    let ruled = rulesOnHeldRows.map { HeldRuleEffects.of(statements[slot], rules: $0, context: context, accounts: accounts) }
                    guard let effects = ruled ?? HeldRuleEffects() else { continue }
                    found[slot] = (h.matches, h.days, effects)
                }
                return found
            } : nil

        progress?("converting statements")
        // Identities beside the conversion only where the rules leave them as converted.
        var converted = try StatementConversion.convert(&outcome.statements, findHeld: findHeld, moving: request.convertByMoving,
                                                        identities: rules.map(RuleStage.handsOnInParts) ?? true)
        let held = Set(converted.indices.filter { converted[$0].held != nil })
        let window = LedgerNeighbourhood.window(around: converted.map(\.transactions), days: converted.compactMap(\.held?.days))
        var chains: [Int64: [RunningBalanceChain]] = [:]
        for (slot, c) in converted.enumerated() {
            outcome.diagnostics += c.balanceProblems
            if let chain = c.chain { chains[outcome.statements[slot].account.id ?? 0, default: []].append(chain) }
        }

        var ruleStaging = RuleStage(accounts: outcome.statements.map(\.account), sourceFiles: outcome.statements.map(\.statement.source.file),
                                  rules: total > 0 ? rules : nil, context: context, ledgerAccounts: placed.accounts)
        ruleStaging.storedWhole = held
        ruleStaging.inParts = request.storeInParts
        ruleStaging.part = request.rulePart
        if request.rulesOnNewRowsOnly, !request.duplicatesBeforeConversion, rules != nil, total > 0, rulesMaySkip {
            for (slot, c) in converted.enumerated() {
                guard let accountId = outcome.statements[slot].account.id,
                      try ledger.holdsEveryRowByBankId(accountId: accountId, c.transactions) else { continue }
                ruleStaging.storedWhole.insert(slot)
            }
        }
        let ruleStage = ruleStaging
        // The import's rows get ids above this one: the ledger's other rows are those up to it.
        let lastIdBefore = try ledger.lastTransactionId()
        let stage = rules == nil ? "storing" : "applying rules and storing"
        progress?("\(stage) \(total) transactions")
        let queue = RuledStatementQueue()
        var heldRows: [Int: HeldStatement] = [:]
        for slot in converted.indices { if let h = converted[slot].held { heldRows[slot] = h } }
        let handed = Handoff(converted)
        converted = []
        // One binding only: a second one would keep the stored rows alive while they are moved on.
        var (rulesDid, stored) = try Concurrently.alongside({ ruleStage.run(handed.take() ?? [], into: queue) }) {
            try StoreStage.store(from: queue, files: outcome.readings.map(\.path), transactionCount: total, ledger: ledger,
                                 trustIds: request.trustIds, leavingIndexes: request.indexesWhileMatching, held: heldRows,
                                 stage: stage, partsReleasedAside: request.rowsReleasedAside, progress: progress)
        }
        record(stored, rulesDid, into: &outcome)
        if let batchId = stored.batchId {
            // Only statements that also added rows keep skipped rows, only those skipped by text and
            // day (``ReconcileEvidence/rowsToKeep``): the others are not copied out.
            let details = stored.skippedDetails { slot, reason in (stored.addedBySlot[slot] ?? 0) > 0 && ReconcileEvidence.mayKeep(reason) }
            try ledger.recordSkippedStatementRows(ReconcileEvidence.rowsToKeep(details, addedBySlot: stored.addedBySlot), batchId: batchId)
        }
        outcome.diagnostics += rulesDid.diagnostics
        // Categories the rules name that no stored row uses yet (the store created the others).
        for path in rulesDid.categoriesToCreate.sorted() where try ledger.category(at: path) == nil {
            _ = try ledger.addCategory(path)
        }
        outcome.diagnostics += reconciledPeriodWarnings(stored, statements: outcome.statements)
        outcome.counterLegsCreated = try linkCounterLegs(rulesDid.counterLegs, stored: stored, ledger: ledger)

        // What the reading, the conversion and the store freed (the statement rows, the parts, the
        // text keys), given back before the neighbourhood and the matcher allocate (``FreedMemory``).
        FreedMemory.giveBack()
        progress?("loading the transactions around the imported days")
        let importedAccounts = Set(outcome.statements.compactMap(\.account.id))
        var added = stored.takeAddedRows()
        // Nothing new (a statement imported again): no new leg to pair, no opening balance to
        // derive from new rows; the ledger's rows are not loaded and the matcher does not run.
        let nothingNew = stored.added == 0
        var neighbourhood = try (nothingNew ? nil : window).map { w in
            try LedgerNeighbourhood(window: w, lastIdBefore: lastIdBefore, batchId: stored.batchId, stored: &added, ledger: ledger)
        } ?? LedgerNeighbourhood()
        added = []
        func known(_ accountId: Int64) -> [LedgerTransaction]? {
            window != nil && placed.before.hadTransactions[accountId] == false ? neighbourhood.transactions(of: accountId) : nil
        }
        func knownRows(_ accountId: Int64) -> [LedgerBalanceRow]? {
            request.balanceRowsOfNewAccounts && window != nil && placed.before.hadTransactions[accountId] == false
                ? neighbourhood.balanceRows(of: accountId) : nil
        }

        // Matching needs neither the opening balances nor the reconciliation, which do not look at
        // the types linking changes: they run side by side.
        var matchInput = window == nil || nothingNew ? TransferMatchInput(transactions: [], accounts: [])
                                       : try TransferLinking.matchInput(ledger: ledger, candidates: neighbourhood.transactions, rates: request.rates)
        // The indexes the store's bulk INSERTs dropped are built beside the matcher
        // (``ImportRequest/indexesWhileMatching``), before anything below reads the ledger; or,
        // when the matcher has no pair of accounts to look at (its work is a moment), by the
        // caller after the commit, beside the reference check of a new ledger
        // (``ImportRequest/asideIndexesBesideCheck``: what reads it below takes the rows of new
        // accounts from the neighbourhood, not from the ledger).
        let indexesLeft = request.leavesIndexesToCaller && neighbourhood.accountCount < 2
        let (matched, reconciliation) = try Concurrently.alongside({ [matchInput] in TransferMatcher(options: TransferMatchOptions()).match(matchInput) }) {
            if indexesLeft {
                outcome.indexesToRebuild = stored.indexesToRebuild
            } else if !stored.indexesToRebuild.isEmpty {
                progress?("indexing the new transactions")
                try ledger.rebuildIndexes(stored.indexesToRebuild)
            }
            progress?("deriving opening balances")
            try OpeningBalances.derive(accounts: importedAccounts, before: placed.before, batchId: stored.batchId, ledger: ledger, known: known, knownRows: knownRows)
            progress?("reconciling balances")
            let names = try ledger.accounts().filter { importedAccounts.contains($0.id ?? -1) }.map(\.name)
            return try LedgerReconciliation.reconcile(ledger, accounts: names, chains: chains, skippedRowsOf: { [stored] in stored.skippedRows(of: $0) }, batchId: stored.batchId,
                                                      knownTransactions: known, knownBalanceRows: knownRows)
        }
        outcome.reconciliation = reconciliation
        // Nothing below reads the rows: a million of them take a quarter of a second to free,
        // which the other core, idle now, does while linking and the commit go on here.
        if request.rowsReleasedAside {
            matchInput = TransferMatchInput(transactions: [], accounts: [])
            Concurrently.releaseAside(neighbourhood.takeTransactions())
        }

        progress?("linking transfers")
        let matching = try TransferLinking.link(matched, ledger: ledger, confirmThreshold: request.confirmThreshold)
        outcome.transfers = matching.result
        outcome.transfersConfirmed = matching.confirmed
        outcome.transfersProposed = matching.proposed
        outcome.diagnostics += matching.result.diagnostics
        // What is left is committing the SQL transaction (a dry run rolls it back).
        progress?(request.dryRun ? "rolling back" : "writing the ledger file")
    }

    /// The store's and the rules' counts in the outcome.
    static func record(_ stored: StoreStage.Stored, _ rulesDid: RuleStage.Summary, into outcome: inout ImportOutcome) {
        outcome.batchId = stored.batchId
        outcome.addedCount = stored.added
        outcome.duplicateCount = stored.duplicates.count
        outcome.duplicates = stored.duplicates
        for slot in outcome.statements.indices {
            outcome.statements[slot].added = stored.addedBySlot[slot] ?? 0
            outcome.statements[slot].duplicates = stored.skippedBySlot[slot] ?? 0
            outcome.statements[slot].reissuedIds = stored.reissuedBySlot[slot] ?? 0
        }
        outcome.ignored = rulesDid.ignored
        // Transactions the rules categorized that the store added (a dry run stores too, inside the
        // SQL transaction it rolls back).
        for (slot, places) in rulesDid.categorized {
            outcome.categorized += places.count { stored.id(at: (slot, $0)) != nil }
        }
    }

    /// New transactions in reconciled periods change balances the user already agreed with the bank.
    static func reconciledPeriodWarnings(_ stored: StoreStage.Stored, statements: [ImportedStatement]) -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (slot, imported) in statements.enumerated() {
            guard let through = imported.account.reconciledThrough, stored.rows.indices.contains(slot) else { continue }
            let late = stored.rows[slot].count { $0.id != nil && $0.day <= through }
            if late > 0 {
                warnings.append(.warning("import.reconciled-period",
                    "\(late) new transaction\(late == 1 ? "" : "s") of \(imported.account.name) fall on or before \(through), the day it is reconciled through",
                    file: imported.statement.source.file,
                    notes: ["run 'mymoney reconcile --account \(imported.account.name)' to check the balances again"]))
            }
        }
        return warnings
    }

    /// Links each stored counter-leg to its leg as a confirmed transfer; returns how many.
    static func linkCounterLegs(_ planned: [RuleStage.CounterLeg], stored: StoreStage.Stored, ledger: Ledger) throws -> Int {
        var links: [MyMoneyStore.TransferLink] = []
        for c in planned {
            guard let legId = stored.id(at: c.leg), let counterId = stored.id(at: c.counter) else { continue }
            let (from, to) = c.legLeaves ? (legId, counterId) : (counterId, legId)
            links.append(MyMoneyStore.TransferLink(fromTransactionId: from, toTransactionId: to, confidence: 1, status: .confirmed))
        }
        return try ledger.linkTransfers(links, sparingHandTypedLegs: false).count { $0 != nil }
    }

    static func ruleContext(ledger: Ledger, accounts: [Account]) throws -> RuleContext {
        let categories = Set(try ledger.categories().map(\.path))
        let projects = try ledger.projects().map { p in
            RuleProject(name: p.title, dates: p.startDay.map { DayRange(start: $0, end: p.endDay ?? Day(year: 9999, month: 12, day: 31)!) })
        }
        var withoutStatements: Set<String> = []
        for account in accounts where account.kind == .cash {
            guard let id = account.id else { continue }
            if try !ledger.hasImportedTransactions(accountId: id) { withoutStatements.insert(account.name) }
        }
        return RuleContext(projects: projects, categories: categories, accounts: accounts, accountsWithoutStatements: withoutStatements)
    }
}

/// A value handed from one thread to another: the receiver takes it, and it is held nowhere else
/// (arrays taken this way are changed in place, not copied).
final class Handoff<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    func take() -> Value? {
        lock.lock()
        defer { lock.unlock() }
        let taken = value
        value = nil
        return taken
    }
}
