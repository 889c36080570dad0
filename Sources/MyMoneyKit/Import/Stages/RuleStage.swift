import Foundation
import MyMoneyRules
import MyMoneyStore

/// Import stage 4: the rules over every converted statement, one statement after another, each
/// handed to the store (through a ``RuledStatementQueue``) as soon as the rules are done with it.
struct RuleStage: Sendable {
    /// A leg a rule marked as a transfer into an account without statements (a cash wallet), and
    /// the counter-leg made for it: both by their statement slot and place among its stored rows.
    struct CounterLeg: Sendable {
        var leg: (slot: Int, index: Int)
        var counter: (slot: Int, index: Int)
        /// The marked leg is the one leaving its account.
        var legLeaves: Bool
    }

    /// What the rules did over the whole import.
    struct Summary: Sendable {
        var ignored = 0
        var categoriesToCreate = Set<CategoryPath>()
        /// By slot: places (among the statement's rows handed to the store) the rules categorized.
        var categorized: [Int: Set<Int>] = [:]
        var counterLegs: [CounterLeg] = []
        /// What the rules said while running (a regex that ran out of its step budget).
        var diagnostics: [Diagnostic] = []
    }

    /// The statements' accounts, by slot.
    var accounts: [Account]
    var sourceFiles: [String]
    var rules: CompiledRuleSet?
    var context: RuleContext
    /// Every account of the ledger (for rule conditions and counter-legs).
    var ledgerAccounts: [Account]
    /// Slots whose rows are all stored already (by bank id) and that the rules may pass over:
    /// see ``rulesMaySkip(_:context:)``; a held statement brings what they leave behind of its
    /// rows (``HeldRuleEffects``).
    var storedWhole: Set<Int> = []
    /// Rule inputs held at a time.
    var part = 50_000
    /// A statement of more than one part goes to the store part by part as the rules finish each,
    /// when the rules cannot change which rows it has nor what identifies them
    /// (``handsOnInParts(_:)``), so the store writes while the rules work on the next part; false
    /// hands every statement on whole (the plain twin).
    var inParts = true
    /// Threads the rules use while the store writes on a core of its own.
    var threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)
    /// Threads the rules use while the store waits for them (a lone large statement: nothing is
    /// ready to write until its rules are done). The result never depends on the count.
    var threadsWhileStoreWaits = max(1, ProcessInfo.processInfo.activeProcessorCount)

    /// Runs the rules over `converted` statement by statement and puts each into `queue` (rows a
    /// rule ignores left out); the counter-leg statements come last, in slots after the statements'.
    func run(_ converted: consuming [StatementConversion.Converted], into queue: RuledStatementQueue) -> Summary {
        defer { queue.finish() }
        var summary = Summary()
        var counterLegs = CounterLegPlan(accounts: ledgerAccounts, firstSlot: converted.count)
        // One runner for every part of every statement: each thread keeps its regex DFAs.
        let runner = rules.map { InPlaceRuleRunner($0, context: context) }
        for slot in converted.indices {
            if queue.isCancelled { return summary }
            var transactions = converted[slot].transactions
            converted[slot].transactions = []
            // Taken, not shared: the store lets go of them once the statement is stored.
            let identities = converted[slot].identities
            converted[slot].identities = nil
            if let rules, let runner, !storedWhole.contains(slot), inParts, transactions.count > part, RuleStage.handsOnInParts(rules) {
                handOnInParts(consume transactions, slot: slot, balances: converted[slot].balances, identities: consume identities,
                              runner: runner, into: queue, summary: &summary, counterLegs: &counterLegs,
                              shortEnds: (first: slot == 0, last: slot == converted.count - 1))
                continue
            }
            var ruleFields = Array(repeating: Set<TransactionField>(), count: transactions.count)
            var ignored = Set<Int>()
            var categorized = Set<Int>()
            var marks: [TransferMark] = []
            if let runner, !storedWhole.contains(slot) {
                var fieldSets = RuleFieldSets()
                var lo = 0
                while lo < transactions.count {
                    let hi = min(transactions.count, lo + part)
                    let cores = queue.storeIsWaiting ? threadsWhileStoreWaits : threads
                    // In place; what changed, by place in `transactions`.
                    let run = runner.applyForEffects(inPlace: &transactions, range: lo..<hi, accounts: ledgerAccounts, threads: cores)
                    summary.categoriesToCreate.formUnion(run.categoriesToCreate)
                    summary.diagnostics += run.diagnostics
                    for row in run.changed {
                        ruleFields[row.index] = fieldSets.fields(changed: row.targets)
                        if row.targets.contains(.category) { categorized.insert(row.index) }
                    }
                    for i in run.ignored { ignored.insert(i) }
                    for mark in run.transfers where mark.createsOtherLeg { marks.append(mark) }
                    lo = hi
                }
            }
            // A statement the ledger holds whole: what the rules leave behind of its skipped rows.
            if let held = converted[slot].held {
                summary.categoriesToCreate.formUnion(held.ruled.categoriesToCreate)
                for c in held.ruled.counterLegs { counterLegs.add(for: c.leg, at: (slot, c.index), mark: c.mark) }
            }
            // Places among the rows handed on (ignored rows left out).
            var handedOn = Array(repeating: -1, count: transactions.count)
            var next = 0
            for i in transactions.indices where !ignored.contains(i) { handedOn[i] = next; next += 1 }
            for mark in marks where handedOn[mark.transaction] >= 0 {
                counterLegs.add(for: transactions[mark.transaction], at: (slot, handedOn[mark.transaction]), mark: mark)
            }
            if !ignored.isEmpty {
                summary.ignored += ignored.count
                transactions = transactions.indices.filter { handedOn[$0] >= 0 }.map { transactions[$0] }
                ruleFields = ruleFields.indices.filter { handedOn[$0] >= 0 }.map { ruleFields[$0] }
                categorized = Set(categorized.compactMap { handedOn[$0] >= 0 ? handedOn[$0] : nil })
            }
            if !categorized.isEmpty { summary.categorized[slot] = categorized }
            var statement = ImportStatement(accountId: accounts[slot].id ?? 0, sourceFile: sourceFiles[slot],
                                            transactions: transactions, balances: converted[slot].balances, ruleFields: ruleFields,
                                            heldRows: converted[slot].held?.matches)
            // Made beside the conversion (``MovingConversion``): the store need not make them.
            if ignored.isEmpty, identities?.count == transactions.count { statement.identities = identities }
            queue.put(statement)
        }
        for statement in counterLegs.statements { queue.put(statement) }
        summary.counterLegs = counterLegs.legs
        return summary
    }
}

extension RuleStage {
    /// Whether running `rules` on rows the store will skip as duplicates changes nothing the import
    /// reports or stores, so a statement imported again may go to the store without them. The
    /// rules' effects on a skipped row are lost with it, except: `ignore` (an ignored row is not
    /// a duplicate), `transfer` (counter-legs, counted as duplicates in turn), the payee (the
    /// duplicates' list shows it as the rules left it), a category the ledger lacks (the import
    /// creates every category a rule set), and a regex that gives up (it warns for the row).
    static func rulesMaySkip(_ rules: CompiledRuleSet, context: RuleContext) -> Bool {
        let targets = rules.actionTargets
        return !targets.contains(.ignored) && !targets.contains(.transfer) && !targets.contains(.payee)
            && !rules.hasRegexConditions && rules.categories.allSatisfy { context.categories.contains($0) }
    }
}

/// The stored fields rule changes touched, one shared set per combination: most categorized rows
/// get the same two (category and tags), and a set built per row cost a hash table each.
struct RuleFieldSets {
    private var byMask: [RuleTargetSet: Set<TransactionField>] = [:]

    /// The stored fields of `targets`.
    mutating func fields(changed targets: RuleTargetSet) -> Set<TransactionField> {
        if let known = byMask[targets] { return known }
        let fields = Set(targets.targets.compactMap(\.storedField))
        byMask[targets] = fields
        return fields
    }
}

/// The counter-legs rules ask for, gathered into one statement per account without statements,
/// so they belong to the import batch (undo removes them) and go through the same duplicate checks
/// as any other row (a wallet statement imported later, or a hand-entered withdrawal, does not
/// count them twice).
struct CounterLegPlan {
    var accounts: [Account]
    /// The slot of the first counter-leg statement (after the import's statements).
    var firstSlot: Int
    private(set) var statements: [ImportStatement] = []
    private(set) var legs: [RuleStage.CounterLeg] = []
    private var slotOfAccount: [Int64: Int] = [:]

    init(accounts: [Account], firstSlot: Int) {
        self.accounts = accounts
        self.firstSlot = firstSlot
    }

    /// Plans the counter-leg of `leg` (at `place`) in the account `mark` names, when that account
    /// exists in the leg's currency.
    mutating func add(for leg: LedgerTransaction, at place: (slot: Int, index: Int), mark: TransferMark) {
        guard let other = accounts.first(where: { $0.name.caseInsensitiveCompare(mark.account) == .orderedSame }),
              let otherId = other.id, other.currency == leg.currency, let amount = try? -leg.amount else { return }
        let s: Int
        if let known = slotOfAccount[otherId] { s = known } else {
            s = statements.count
            slotOfAccount[otherId] = s
            statements.append(ImportStatement(accountId: otherId, sourceFile: leg.sourceFile, transactions: []))
        }
        statements[s].transactions.append(LedgerTransaction(
            accountId: otherId, day: leg.day, amount: amount, currency: other.currency, originalPayee: leg.payee,
            memo: leg.memo, type: .transfer, sourceFormat: "manual", sourceFile: leg.sourceFile, sourceLine: leg.sourceLine))
        legs.append(RuleStage.CounterLeg(leg: place, counter: (firstSlot + s, statements[s].transactions.count - 1),
                                         legLeaves: leg.amount.isNegative))
    }
}
