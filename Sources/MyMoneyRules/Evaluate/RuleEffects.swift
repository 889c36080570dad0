import Foundation
import MyMoneyCore

/// A set of ``RuleTarget``s, one bit per rank: which fields the rules changed on one row.
public struct RuleTargetSet: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public init(_ target: RuleTarget) { rawValue = 1 << UInt8(target.rank) }

    public func contains(_ target: RuleTarget) -> Bool { rawValue & (1 << UInt8(target.rank)) != 0 }

    /// The targets, in rank order.
    public var targets: [RuleTarget] { RuleTarget.allCases.filter(contains) }
}

/// What an import needs of the rules over a range of rows, without a ``TransactionOutcome`` per
/// matched row (its `matched` and `changes` arrays, the texts of every change, and freeing them
/// all again cost a fifth of the rule stage on a million rows): which fields each row ended with
/// changed, which rows are ignored, the transfers marked, and the categories to create.
///
/// ``InPlaceRuleRunner/applyForEffects(inPlace:range:accounts:threads:)`` makes it; its plain
/// twin is ``InPlaceRuleRunner/apply(inPlace:range:accounts:threads:)`` (``RuleEffects/init(_:)``
/// reads the same from its outcomes).
public struct RuleEffects: Sendable, Equatable {
    /// A row some rule changed, by its place in the transactions, and the fields that changed.
    public struct ChangedRow: Sendable, Equatable {
        public var index: Int
        public var targets: RuleTargetSet
    }

    /// Rows whose fields ended different, in order (rows only ignored are not among them).
    public var changed: [ChangedRow] = []
    public var ignored: [Int] = []
    public var transfers: [TransferMark] = []
    /// As ``RuleRun/categoriesToCreate``.
    public var categoriesToCreate: [CategoryPath] = []
    /// As ``RuleRun/diagnostics``.
    public var diagnostics: [Diagnostic] = []

    public init() {}

    /// The effects a run with outcomes describes (the plain twin's way to them).
    public init(_ run: RuleRun) {
        for o in run.outcomes where !o.changes.isEmpty {
            var targets: RuleTargetSet = []
            for change in o.changes { targets.insert(RuleTargetSet(change.target)) }
            changed.append(ChangedRow(index: o.index, targets: targets))
        }
        ignored = run.ignored
        transfers = run.transfers
        categoriesToCreate = run.categoriesToCreate
        diagnostics = run.diagnostics
    }
}

/// One thread's share of a run: outcomes (``InPlaceRuleRunner/apply(inPlace:range:accounts:threads:)``)
/// or effects only (``RuleEffects``).
protocol RowCollector: SendableMetatype {
    init(rules: Int)
    /// Whether the evaluator should record outcomes whole (matched rules, changes, overrides).
    static var wantsOutcomes: Bool { get }
    /// Takes what the evaluator left of row `index` (`changed`: only without whole outcomes).
    mutating func collect(_ outcome: consuming TransactionOutcome, changed: RuleTargetSet, categorySetter: Int)
}

/// Whole outcomes of the rows some rule matched.
struct OutcomeCollector: RowCollector {
    var outcomes: [TransactionOutcome] = []
    init(rules: Int) {}
    static var wantsOutcomes: Bool { true }
    mutating func collect(_ outcome: consuming TransactionOutcome, changed: RuleTargetSet, categorySetter: Int) {
        if !outcome.matched.isEmpty { outcomes.append(outcome) }
    }
}

/// Effects only: changed rows, ignored rows, transfers, and which rules' categories were set.
struct EffectsCollector: RowCollector {
    var effects = RuleEffects()
    /// By rule: whether its category ended on some row (for the categories to create).
    var setCategory: [Bool]
    init(rules: Int) { setCategory = [Bool](repeating: false, count: rules) }
    static var wantsOutcomes: Bool { false }
    mutating func collect(_ outcome: consuming TransactionOutcome, changed: RuleTargetSet, categorySetter: Int) {
        if !changed.isEmpty { effects.changed.append(RuleEffects.ChangedRow(index: outcome.index, targets: changed)) }
        if changed.contains(.category) && categorySetter >= 0 { setCategory[categorySetter] = true }
        if outcome.ignoredBy != nil { effects.ignored.append(outcome.index) }
        if let mark = outcome.transfer { effects.transfers.append(mark) }
    }
}

extension InPlaceRuleRunner {
    /// The rules over `transactions[range]` in place, as
    /// ``apply(inPlace:range:accounts:threads:)``, returning only their ``RuleEffects``.
    public func applyForEffects(inPlace transactions: inout [LedgerTransaction], range: Range<Int>, accounts: [Account],
                                threads wanted: Int? = nil) -> RuleEffects {
        let (parts, giveUps) = run(EffectsCollector.self, inPlace: &transactions, range: range, accounts: accounts, threads: wanted)
        var effects = RuleEffects()
        var categoryValues = Set<String>()
        for part in parts {
            effects.changed += part.effects.changed
            effects.ignored += part.effects.ignored
            effects.transfers += part.effects.transfers
            for r in part.setCategory.indices where part.setCategory[r] {
                if let text = rules.categoryText(ofRule: r) { categoryValues.insert(text) }
            }
        }
        effects.categoriesToCreate = rules.categoriesToCreate(values: categoryValues, context: context)
        effects.diagnostics = giveUps.map { rules.diagnostic(for: $0, transactions[$0.transaction], stepLimit: options.regexStepLimit) }
        return effects
    }
}
