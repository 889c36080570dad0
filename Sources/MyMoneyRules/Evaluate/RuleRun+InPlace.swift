import Foundation
import MyMoneyCore

extension CompiledRuleSet {
    /// Applies the rules, as ``apply(to:context:options:)`` does, to `transactions[range]`,
    /// changing them in place: what an import uses, so no transaction is copied into an input, out
    /// into a result and back.
    ///
    /// The returned run differs from ``apply(to:context:options:)``'s in two ways a caller must
    /// know: its ``RuleRun/transactions`` is empty (the changed transactions are in
    /// `transactions`), and its ``RuleRun/outcomes`` holds only the transactions some rule
    /// matched, in order. Every index in it (outcomes, ``RuleRun/ignored``, transfers,
    /// diagnostics) is a place in `transactions`, not in `range`. Each transaction's account is
    /// the one of `accounts` with its `accountId` (the first, if several share it); no field is
    /// locked (rows read from a statement have no hand-set fields).
    ///
    /// - Complexity: as ``apply(to:context:options:)``, without its two copies of every
    ///   transaction.
    public func apply(inPlace transactions: inout [LedgerTransaction], range: Range<Int>, accounts: [Account],
                      context: RuleContext = RuleContext(), options: RuleApplyOptions = RuleApplyOptions()) -> RuleRun {
        InPlaceRuleRunner(self, context: context, options: options).apply(inPlace: &transactions, range: range, accounts: accounts)
    }
}

/// Applies one rule set in place, part after part (an import's statement in parts of 50,000),
/// keeping each thread's evaluator between parts: its regex DFAs (built state by state as texts
/// need them), account bits and copied tables. A new evaluator per part built every DFA again.
///
/// One ``apply(inPlace:range:accounts:threads:)`` at a time: it is not for several threads at once
/// (it uses several itself). The result never depends on the thread count or on earlier parts.
public final class InPlaceRuleRunner: @unchecked Sendable {
    public let rules: CompiledRuleSet
    public let context: RuleContext
    public let options: RuleApplyOptions
    /// One per thread used so far, reused by the next part (only the thread of its part touches it).
    private var evaluators: [RuleEvaluator] = []

    public init(_ rules: CompiledRuleSet, context: RuleContext = RuleContext(), options: RuleApplyOptions = RuleApplyOptions()) {
        self.rules = rules
        self.context = context
        self.options = options
    }

    /// ``CompiledRuleSet/apply(inPlace:range:accounts:context:options:)`` with this runner's
    /// rules, context and options; `threads` (when given) instead of the options' count.
    public func apply(inPlace transactions: inout [LedgerTransaction], range: Range<Int>, accounts: [Account],
                      threads wanted: Int? = nil) -> RuleRun {
        let (parts, giveUps) = run(OutcomeCollector.self, inPlace: &transactions, range: range, accounts: accounts, threads: wanted)
        var run = rules.finish(outcomes: Array(parts.map(\.outcomes).joined()), transactions: [], context: context)
        run.diagnostics = giveUps.map { rules.diagnostic(for: $0, transactions[$0.transaction], stepLimit: options.regexStepLimit) }
        return run
    }

    /// The rules over `transactions[range]` on the threads asked for, each thread's rows handed
    /// to a collector of its own: the collectors in part order, and the regex give-ups in input order.
    func run<Collector: RowCollector>(_: Collector.Type, inPlace transactions: inout [LedgerTransaction], range: Range<Int>,
                                      accounts: [Account], threads wanted: Int?) -> ([Collector], [RegexGiveUp]) {
        precondition(range.lowerBound >= 0 && range.upperBound <= transactions.count, "range outside the transactions")
        let count = range.count
        let threads = max(1, min(wanted ?? options.threads ?? (count >= 20_000 ? ProcessInfo.processInfo.activeProcessorCount : 1), 64))
        let chunk = (count + threads - 1) / max(1, threads)
        while evaluators.count < threads { evaluators.append(RuleEvaluator(set: rules, context: context, options: options)) }
        var byId: [Int64: Account] = [:]
        for account in accounts { if let id = account.id, byId[id] == nil { byId[id] = account } }
        let accountsById = byId
        let ruleCount = rules.rules.count
        var parts = (0..<threads).map { _ in Collector(rules: ruleCount) }
        let wantsOutcomes = Collector.wantsOutcomes
        var giveUps = [[RegexGiveUp]](repeating: [], count: threads)
        transactions.withUnsafeMutableBufferPointer { buffer in
            parts.withUnsafeMutableBufferPointer { partBuffer in
                giveUps.withUnsafeMutableBufferPointer { giveUpBuffer in
                    evaluators.withUnsafeMutableBufferPointer { evaluatorBuffer in
                        let shared = InPlaceSlots(transactions: buffer, collectors: partBuffer, giveUps: giveUpBuffer,
                                                  evaluators: evaluatorBuffer)
                        let work: @Sendable (Int) -> Void = { part in
                            let lo = range.lowerBound + min(count, part * chunk), hi = min(range.upperBound, lo + chunk)
                            guard lo < hi, let base = shared.transactions.baseAddress,
                                  let evaluator = shared.evaluators.baseAddress.map({ $0 + part }),
                                  let collector = shared.collectors.baseAddress.map({ $0 + part }) else { return }
                            evaluator.pointee.recordsOutcomes = wantsOutcomes
                            var trace: RuleTrace?
                            // Statements are of one account: look it up when the id changes.
                            var accountId = base[lo].accountId
                            var account = accountsById[accountId]
                            for i in lo..<hi {
                                let slot = base + i
                                if slot.pointee.accountId != accountId {
                                    accountId = slot.pointee.accountId
                                    account = accountsById[accountId]
                                }
                                // Moved out and back: no retain of the transaction's strings.
                                var t = slot.move()
                                var original = OriginalFields()
                                let outcome = evaluator.pointee.evaluate(&t, account, locked: [], index: i, original: &original, trace: &trace)
                                slot.initialize(to: consume t)
                                collector.pointee.collect(outcome, changed: evaluator.pointee.lastChanged,
                                                          categorySetter: evaluator.pointee.lastCategorySetter)
                            }
                            shared.giveUps[part] = evaluator.pointee.gaveUp
                            evaluator.pointee.gaveUp.removeAll()
                        }
                        if threads == 1 {
                            work(0)
                        } else {
                            DispatchQueue.concurrentPerform(iterations: threads) { part in work(part) }
                        }
                    }
                }
            }
        }
        return (parts, Array(giveUps.joined()))
    }
}

/// The transactions, changed in place by several threads on disjoint index ranges, and one slot
/// per part (thread) for its evaluator, collector and give-ups, read only after every thread finished.
private struct InPlaceSlots<Collector>: @unchecked Sendable {
    let transactions: UnsafeMutableBufferPointer<LedgerTransaction>
    /// Part `k`'s collector, evaluator and give-ups, used by part `k`'s thread only.
    let collectors: UnsafeMutableBufferPointer<Collector>
    let giveUps: UnsafeMutableBufferPointer<[RegexGiveUp]>
    let evaluators: UnsafeMutableBufferPointer<RuleEvaluator>
}
