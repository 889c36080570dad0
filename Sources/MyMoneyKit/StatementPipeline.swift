import Foundation
import MyMoneyRules
import MyMoneyStore

/// Statements on their way from the rules to the store: the rules work on one statement while the
/// store writes the ones before it (two cores instead of one after the other).
///
/// One thread puts statements in (``put(_:)``, then ``finish()``), another takes them out in the
/// same order (``next()``); the taker may ``cancel()`` (the store failed) and the maker stops at its
/// next statement.
final class StatementPipeline: @unchecked Sendable {
    private let condition = NSCondition()
    private var ready: [ImportStatement] = []
    private var taken = 0
    private var finished = false
    private var cancelled = false

    func put(_ statement: ImportStatement) {
        condition.lock()
        ready.append(statement)
        condition.signal()
        condition.unlock()
    }

    /// No more statements will come.
    func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// The next statement, waiting for it when it is still being made; nil once all were taken.
    func next() -> ImportStatement? {
        condition.lock()
        defer { condition.unlock() }
        while taken == ready.count && !finished { condition.wait() }
        guard taken < ready.count else { return nil }
        // Handed over, not kept: the taker holds it from now on.
        var statement = ImportStatement(accountId: 0, transactions: [])
        swap(&statement, &ready[taken])
        taken += 1
        return statement
    }

    func cancel() {
        condition.lock()
        cancelled = true
        condition.unlock()
    }

    var isCancelled: Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled
    }
}

/// Steps 3 and 4 of an import for one statement after another: the rules (in parts, so only one
/// part's rule inputs are held at a time), then the statement as the store takes it (ignored
/// transactions left out), and at the end the counter-leg statements rules asked for.
struct RulePass: Sendable {
    /// What the rules did over the whole import, once every statement passed.
    struct Summary: Sendable {
        var ignored = 0
        var marks: [TransferMark] = []
        var categoriesToCreate = Set<CategoryPath>()
        /// By statement: indexes (among the statement's kept transactions) the rules categorized.
        var categorized: [Int: Set<Int>] = [:]
        var counterLegs: [ImportWorkflow.CounterLeg] = []
    }

    var statements: [ImportedStatement]
    var ranges: [Range<Int>]
    var balances: [[StatementBalance]]
    var rules: CompiledRuleSet?
    var context: RuleContext
    var accounts: [Account]
    /// Rule inputs held at a time.
    var part: Int
    /// Threads the rules use: the store writes on a core of its own meanwhile.
    var threads = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)

    /// Runs the rules over `converted` statement by statement and puts each statement into `pipeline`.
    func run(_ converted: consuming [[LedgerTransaction]], into pipeline: StatementPipeline) -> Summary {
        defer { pipeline.finish() }
        var summary = Summary()
        let total = ranges.last?.upperBound ?? 0
        var keep = Array(repeating: true, count: total)
        var markedLegs: [Int: LedgerTransaction] = [:]
        for (s, imported) in statements.enumerated() {
            if pipeline.isCancelled { return summary }
            var transactions = converted[s]
            converted[s] = []
            let base = ranges[s].lowerBound
            var ruleFields = Array(repeating: Set<TransactionField>(), count: transactions.count)
            var categorized = Set<Int>()
            let marksBefore = summary.marks.count
            if let rules {
                var lo = 0
                while lo < transactions.count {
                    let hi = min(transactions.count, lo + part)
                    let run = rules.apply(to: Array(transactions[lo..<hi]), accounts: accounts, context: context,
                                          options: RuleApplyOptions(threads: threads))
                    summary.categoriesToCreate.formUnion(run.categoriesToCreate)
                    for outcome in run.outcomes {
                        for change in outcome.changes {
                            if let field = TransactionField(ruleTarget: change.target) { ruleFields[lo + outcome.index].insert(field) }
                        }
                        if outcome.changes.contains(where: { $0.target == .category }) { categorized.insert(lo + outcome.index) }
                    }
                    for i in run.ignored { keep[base + lo + i] = false }
                    summary.ignored += run.ignored.count
                    for var mark in run.transfers {
                        mark.transaction += base + lo
                        summary.marks.append(mark)
                    }
                    transactions.replaceSubrange(lo..<hi, with: run.transactions)
                    lo = hi
                }
            }
            for mark in summary.marks[marksBefore...] where mark.createsOtherLeg && keep[mark.transaction] {
                markedLegs[mark.transaction] = transactions[mark.transaction - base]
            }
            let kept = transactions.indices.filter { keep[base + $0] }
            if kept.count != transactions.count {
                transactions = kept.map { transactions[$0] }
                ruleFields = kept.map { ruleFields[$0] }
                var keptIndex: [Int: Int] = [:]
                for (k, i) in kept.enumerated() { keptIndex[i] = k }
                categorized = Set(categorized.compactMap { keptIndex[$0] })
            }
            if !categorized.isEmpty { summary.categorized[s] = categorized }
            pipeline.put(ImportStatement(accountId: imported.account.id ?? 0, sourceFile: imported.statement.source.file,
                                         transactions: transactions, balances: balances[s], ruleFields: ruleFields))
        }
        let counterLegs = ImportWorkflow.counterLegStatements(summary.marks, legs: markedLegs, ranges: ranges, keep: keep,
                                                              accounts: accounts, firstStatement: statements.count)
        for statement in counterLegs.statements { pipeline.put(statement) }
        summary.counterLegs = counterLegs.legs
        return summary
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
