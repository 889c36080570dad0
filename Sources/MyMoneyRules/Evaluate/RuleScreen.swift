import MyMoneyCore

/// Whether some rules of a set may act on a transaction when the whole set runs on it, answered
/// without running the set: for a caller that needs the effects of a few rules only (an import
/// passing over rows it already holds needs only the rules whose effects outlive a skipped row).
///
/// The screened rules are the wanted ones and, in turn, every rule whose actions change a field a
/// screened rule's condition reads. Until the first screened rule holds in a run, only rules
/// outside them have acted, and those left every field a screened condition reads as it was; so
/// that rule holds for the transaction as it is. ``mayAct(on:account:)`` false (no screened rule
/// holds for the transaction as it is) therefore means no wanted rule acts when the set runs;
/// true means one may, and the caller runs the set on it. ``CompiledRuleSet/apply(to:context:options:)``
/// on every transaction is the plain twin (`RuleScreenTests`).
public struct RuleScreen {
    private var evaluator: RuleEvaluator
    /// The screened rules, by evaluation index, as a bit set over the rules.
    private let screened: [UInt64]
    /// The screened rules, in evaluation order.
    public let rules: [Int]
    /// The fields the screened rules' conditions read: ``mayAct(on:account:)`` looks at no other.
    public let fieldsRead: Set<RuleField>
    /// The longest field value (in UTF-8 bytes) a transaction may have for no regex of the set to
    /// give up on any text the rules can make of it (``regexesCannotGiveUp(on:account:)``).
    public let longestSafeText: Int

    /// Screens the rules `wanted` picks, and those that can change what they read.
    public init(_ set: CompiledRuleSet, context: RuleContext = RuleContext(), options: RuleApplyOptions = RuleApplyOptions(),
                wanted: (CompiledRule) -> Bool) {
        evaluator = RuleEvaluator(set: set, context: context, options: options)
        let reads = set.rules.map { rule in rule.condition.map { Self.fields(read: $0, leaves: set.leaves) } ?? [] }
        let changes = set.ruleActions.map { actions in Set(actions.flatMap { CompiledRuleSet.fieldsChanged(by: $0.target) }) }
        var inScreen = set.rules.map(wanted)
        var read = Set<RuleField>()
        for r in set.rules.indices where inScreen[r] { read.formUnion(reads[r]) }
        var grew = true
        while grew {
            grew = false
            for r in set.rules.indices where !inScreen[r] && !changes[r].isDisjoint(with: read) {
                inScreen[r] = true
                read.formUnion(reads[r])
                grew = true
            }
        }
        rules = set.rules.indices.filter { inScreen[$0] }
        fieldsRead = read
        var mask = [UInt64](repeating: 0, count: set.ruleWords)
        for r in rules { mask[r >> 6] |= 1 << UInt64(r & 63) }
        screened = mask
        longestSafeText = Self.longestSafeText(set, context: context, options: options)
    }

    /// Whether a screened rule holds for `t` as it is (in `account`): false means no wanted rule
    /// acts on `t` when the whole set runs on it.
    ///
    /// - Complexity: the literal scan of one rule run, plus the screened rules it makes candidates.
    public mutating func mayAct(on t: LedgerTransaction, account: Account?) -> Bool {
        if rules.isEmpty { return false }
        evaluator.start(t, account)
        defer { evaluator.gaveUp.removeAll(keepingCapacity: true) }
        for w in screened.indices where screened[w] & evaluator.candidates[w] != 0 {
            var word = screened[w] & evaluator.candidates[w]
            while word != 0 {
                let r = w * 64 + word.trailingZeroBitCount
                word &= word - 1
                let root = evaluator.roots[r]
                if root < 0 || evaluator.holds(node: root, t, account) { return true }
            }
        }
        return false
    }

    /// Whether no regex of the set can run out of steps on `t` when the set runs on it: every
    /// field value is at most ``longestSafeText`` bytes long.
    public func regexesCannotGiveUp(on t: LedgerTransaction, account: Account?) -> Bool {
        if longestSafeText == .max { return true }
        var longest = max(64, account.map { $0.name.utf8.count } ?? 0)
        func see(_ text: String?) { if let text { longest = max(longest, text.utf8.count) } }
        see(t.payee); see(t.originalPayee); see(t.memo); see(t.notes); see(t.bankType); see(t.checkNumber); see(t.bankId)
        see(t.category?.description); see(t.project); see(t.place); see(t.transferHint); see(t.sourceFormat); see(t.sourceFile)
        for tag in t.tags { see(tag) }
        for field in t.extra { see(field.value) }
        return longest <= longestSafeText
    }

    /// The fields a condition's tests read.
    static func fields(read node: ConditionNode, leaves: [ConditionLeaf]) -> Set<RuleField> {
        switch node {
        case .leaf(let i): return [leaves[i].field]
        case .all(let children), .any(let children): return children.reduce(into: []) { $0.formUnion(fields(read: $1, leaves: leaves)) }
        case .not(let inner): return fields(read: inner, leaves: leaves)
        }
    }

    /// The longest starting field value for which every text the rules can make (each action at
    /// most once, each capture at most three times the longest text so far in bytes: a capture is
    /// taken from the text in NFC, which may spell a character longer) stays, with a margin of four,
    /// below the length under which a regex cannot use up its steps (what the evaluator's
    /// `positionsAnswerBelow` relies on: each byte visits each instruction at most once).
    static func longestSafeText(_ set: CompiledRuleSet, context: RuleContext, options: RuleApplyOptions) -> Int {
        guard let instructions = set.regexes.map({ $0.program.instructions.count }).max() else { return .max }
        let limit = (options.regexStepLimit / (instructions + 2) - 2) / 4
        let longestName = (context.accounts.map(\.name.utf8.count) + context.projects.map(\.name.utf8.count)).max() ?? 0
        // Every text after the actions is at most `factor` × the longest value + `added`.
        var factor = 1, added = 0
        for actions in set.ruleActions {
            for action in actions {
                let (captures, bytes) = Self.growth(action)
                let (f, o1) = factor.multipliedReportingOverflow(by: 1 + 3 * captures)
                let (a, o2) = added.multipliedReportingOverflow(by: 1 + 3 * captures)
                let (b, o3) = a.addingReportingOverflow(bytes + longestName + 1)
                if o1 || o2 || o3 { return 0 }
                factor = f
                added = b
            }
        }
        return max(0, (limit - added) / factor)
    }

    /// How much text an action may add: its captures and its own bytes.
    static func growth(_ action: RuleAction) -> (captures: Int, bytes: Int) {
        func template(_ t: ValueTemplate) -> (Int, Int) {
            t.parts.reduce((0, 0)) { sum, part in
                switch part {
                case .text(let s): return (sum.0, sum.1 + s.utf8.count)
                case .capture: return (sum.0 + 1, sum.1)
                }
            }
        }
        switch action {
        case .setCategory(let path): return (0, path.description.utf8.count)
        case .setProject(let name): return (0, name.utf8.count)
        case .setPlace(let t), .setPayee(let t), .setNotes(let t), .appendNotes(let t): return template(t)
        case .addTags(let tags), .removeTags(let tags): return (0, tags.reduce(0) { $0 + $1.tag.utf8.count })
        case .transfer(_, let name): return (0, name.utf8.count)
        case .ignore: return (0, 0)
        }
    }
}

extension CompiledRule {
    /// What the rule's actions change, in order (`ignored` for `ignore`).
    public var targets: [RuleTarget] { actions.map(\.target) }

    /// The accounts the rule's `transfer to|from` actions name.
    public var transferAccounts: [String] {
        actions.compactMap { if case .transfer(_, let name) = $0 { return name } else { return nil } }
    }
}
