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
    /// Problems met while applying, in input order: a regular expression that ran out of steps
    /// on a transaction (`rules.regex-budget`; the test counted as not matching). Render them with
    /// the rule set's ``CompiledRuleSet/sources``.
    public var diagnostics: [Diagnostic] = []

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
        let count = inputs.count
        let chunk = (count + threads - 1) / max(1, threads)
        var outcomes: [TransactionOutcome] = []
        var giveUps = [[RegexGiveUp]](repeating: [], count: threads)
        let results = [LedgerTransaction](unsafeUninitializedCapacity: count) { resultBuffer, resultCount in
            outcomes = [TransactionOutcome](unsafeUninitializedCapacity: count) { outcomeBuffer, outcomeCount in
                giveUps.withUnsafeMutableBufferPointer { giveUpBuffer in
                    let slots = OutputSlots(transactions: resultBuffer, outcomes: outcomeBuffer, giveUps: giveUpBuffer)
                    inputs.withUnsafeBufferPointer { input in
                        let shared = SharedInputs(buffer: input)
                        let work: @Sendable (Int) -> Void = { part in
                            let lo = min(count, part * chunk), hi = min(count, lo + chunk)
                            var evaluator = RuleEvaluator(set: self, context: context, options: options)
                            var trace: RuleTrace?
                            for i in lo..<hi {
                                let (t, o) = evaluator.run(shared.buffer, index: i, trace: &trace)
                                slots.store(i, t, o)
                            }
                            slots.store(part: part, evaluator.gaveUp)
                        }
                        if threads == 1 {
                            work(0)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: threads) { part in work(part) }
                        }
                    }
                }
                outcomeCount = count
            }
            resultCount = count
        }
        var run = finish(outcomes: outcomes, transactions: results, context: context)
        run.diagnostics = giveUps.joined().map { diagnostic(for: $0, inputs[$0.transaction], stepLimit: options.regexStepLimit) }
        return run
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
        var categoryValues = Set<String>()
        var projectValues = Set<String>()
        for o in outcomes {
            if o.ignoredBy != nil { ignored.append(o.index) }
            if let t = o.transfer { transfers.append(t) }
            for change in o.changes {
                if change.target == .category, let value = change.value { categoryValues.insert(value) }
                if change.target == .project, let value = change.value { projectValues.insert(value) }
            }
        }
        let knownProjects = Set(context.projects.map { $0.name.lowercased() })
        let projects = projectValues.filter { !knownProjects.contains($0.lowercased()) }
        return RuleRun(outcomes: outcomes, transactions: transactions, ignored: ignored, transfers: transfers,
                       categoriesToCreate: categoriesToCreate(values: categoryValues, context: context), projectsToCreate: projects.sorted())
    }

    /// The categories named by `values` (category texts rules set) and their parents that
    /// `context` lacks, sorted.
    func categoriesToCreate(values: Set<String>, context: RuleContext) -> [CategoryPath] {
        let existing = Set(context.categories.map { $0.description.lowercased() })
        var categories = Set<CategoryPath>()
        for value in values {
            guard var path = CategoryPath(parsing: value) else { continue }
            while !existing.contains(path.description.lowercased()) {
                categories.insert(path)
                guard let parent = path.parent else { break }
                path = parent
            }
        }
        return categories.sorted()
    }

    /// The text of the category rule `r` sets (its last `set category`), nil when it sets none.
    func categoryText(ofRule r: Int) -> String? {
        ruleActions[r].compactMap { if case .setCategory(let path) = $0 { return path.description } else { return nil } }.last
    }
}

/// The output buffers, each index initialized exactly once by exactly one thread (each part's give-ups by its thread).
private struct OutputSlots: @unchecked Sendable {
    // Threads write disjoint index ranges; the arrays are read only after all threads finished.
    let transactions: UnsafeMutableBufferPointer<LedgerTransaction>
    let outcomes: UnsafeMutableBufferPointer<TransactionOutcome>
    /// One slot per part (thread), already initialized.
    let giveUps: UnsafeMutableBufferPointer<[RegexGiveUp]>

    func store(_ i: Int, _ t: consuming LedgerTransaction, _ o: consuming TransactionOutcome) {
        guard let tb = transactions.baseAddress, let ob = outcomes.baseAddress else { return }
        (tb + i).initialize(to: t)
        (ob + i).initialize(to: o)
    }

    func store(part: Int, _ list: [RegexGiveUp]) {
        giveUps[part] = list
    }
}

/// The input buffer, read concurrently and never written while the threads run.
private struct SharedInputs: @unchecked Sendable {
    let buffer: UnsafeBufferPointer<RuleInput>
}
