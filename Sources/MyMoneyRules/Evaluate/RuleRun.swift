import Foundation

/// The result of applying rules to transactions: what changed, which rule did it, what was dropped.
public struct RuleRun: Sendable {
    /// One outcome per input transaction, in input order.
    public var outcomes: [TransactionOutcome]
    /// The transactions after the rules, one per input, in input order (ignored ones included;
    /// see ``importable``).
    public var transactions: [LedgerTransaction]
    /// Indices of transactions a rule's `ignore` drops.
    public var ignored: [Int]
    /// Transfers rules marked, in input order.
    public var transfers: [TransferMark]
    /// Categories that rules set but ``RuleContext/categories`` lacks, parents first, sorted.
    public var categoriesToCreate: [CategoryPath]
    /// Projects that rules set but ``RuleContext/projects`` lacks, sorted.
    public var projectsToCreate: [String]

    /// The transactions to import: all but the ignored ones, in input order.
    public var importable: [LedgerTransaction] {
        let dropped = Set(ignored)
        return transactions.enumerated().filter { !dropped.contains($0.offset) }.map(\.element)
    }
}

extension CompiledRuleSet {
    /// Applies the rules to every input: stages in order, file order within a stage, `stop` ends a
    /// transaction's evaluation. Fields in ``RuleInput/lockedFields`` stay as they are unless
    /// `options.overwriteManual`.
    ///
    /// Large inputs are split across cores; each part is evaluated alone and the parts are joined
    /// in input order, so the result never depends on the thread count.
    ///
    /// - Complexity: per transaction, one scan of each tested text field plus the rules whose
    ///   literal anchors occurred (and the few rules without one).
    public func apply(to inputs: [RuleInput], context: RuleContext = RuleContext(),
                      options: RuleApplyOptions = RuleApplyOptions()) -> RuleRun {
        let threads = max(1, min(options.threads ?? (inputs.count >= 20_000 ? ProcessInfo.processInfo.activeProcessorCount : 1), 64))
        var outcomes: [TransactionOutcome] = []
        var results: [LedgerTransaction] = []
        if threads == 1 {
            var evaluator = RuleEvaluator(set: self, context: context, options: options)
            var trace: RuleTrace?
            outcomes.reserveCapacity(inputs.count)
            results.reserveCapacity(inputs.count)
            for (i, input) in inputs.enumerated() {
                let (t, o) = evaluator.run(input, index: i, trace: &trace)
                results.append(t)
                outcomes.append(o)
            }
        } else {
            let chunk = (inputs.count + threads - 1) / threads
            let parts = ChunkResults(count: threads)
            DispatchQueue.concurrentPerform(iterations: threads) { part in
                let lo = min(inputs.count, part * chunk), hi = min(inputs.count, lo + chunk)
                var evaluator = RuleEvaluator(set: self, context: context, options: options)
                var trace: RuleTrace?
                var ts: [LedgerTransaction] = []
                var os: [TransactionOutcome] = []
                ts.reserveCapacity(hi - lo)
                os.reserveCapacity(hi - lo)
                for i in lo..<hi {
                    let (t, o) = evaluator.run(inputs[i], index: i, trace: &trace)
                    ts.append(t)
                    os.append(o)
                }
                parts.store(part, ts, os)
            }
            outcomes.reserveCapacity(inputs.count)
            results.reserveCapacity(inputs.count)
            for part in 0..<threads {
                let (ts, os) = parts.take(part)
                results.append(contentsOf: ts)
                outcomes.append(contentsOf: os)
            }
        }
        return finish(outcomes: outcomes, transactions: results, context: context)
    }

    /// Applies the rules to transactions paired with their accounts by `accountId`.
    public func apply(to transactions: [LedgerTransaction], accounts: [Account],
                      lockedFields: [Int: Set<RuleTarget>] = [:], context: RuleContext = RuleContext(),
                      options: RuleApplyOptions = RuleApplyOptions()) -> RuleRun {
        apply(to: RuleInput.inputs(transactions, accounts: accounts, lockedFields: lockedFields), context: context, options: options)
    }

    func finish(outcomes: [TransactionOutcome], transactions: [LedgerTransaction], context: RuleContext) -> RuleRun {
        var ignored: [Int] = []
        var transfers: [TransferMark] = []
        var categories = Set<CategoryPath>()
        var projects = Set<String>()
        let existing = Set(context.categories.map { $0.description.lowercased() })
        let knownProjects = Set(context.projects.map { $0.name.lowercased() })
        for o in outcomes {
            if o.ignoredBy != nil { ignored.append(o.index) }
            if let t = o.transfer { transfers.append(t) }
            for change in o.changes {
                if change.target == .category, let value = change.value, var path = CategoryPath(parsing: value) {
                    while !existing.contains(path.description.lowercased()) {
                        categories.insert(path)
                        guard let parent = path.parent else { break }
                        path = parent
                    }
                }
                if change.target == .project, let value = change.value, !knownProjects.contains(value.lowercased()) {
                    projects.insert(value)
                }
            }
        }
        return RuleRun(outcomes: outcomes, transactions: transactions, ignored: ignored, transfers: transfers,
                       categoriesToCreate: categories.sorted(), projectsToCreate: projects.sorted())
    }
}

/// Per-thread results, each slot written by one thread, read after all finished.
private final class ChunkResults: @unchecked Sendable {
    // Guarded by `lock`; each slot is written once.
    private let lock = NSLock()
    private var slots: [([LedgerTransaction], [TransactionOutcome])]

    init(count: Int) { slots = Array(repeating: ([], []), count: count) }

    func store(_ part: Int, _ ts: [LedgerTransaction], _ os: [TransactionOutcome]) {
        lock.lock(); defer { lock.unlock() }
        slots[part] = (ts, os)
    }

    func take(_ part: Int) -> ([LedgerTransaction], [TransactionOutcome]) {
        lock.lock(); defer { lock.unlock() }
        let value = slots[part]
        slots[part] = ([], [])
        return value
    }
}
