/// Rules ready to apply, compiled once: the rules in evaluation order, shared literal matchers,
/// compiled regular expressions, and an index from literal hits to the rules they can trigger.
///
/// Create with ``RuleCompiler/compile(_:)`` or ``RuleBook/load(directory:displayName:)``.
/// A value: share it freely across threads.
public struct CompiledRuleSet: Sendable {
    /// Every rule in evaluation order: stage `pre`, default, `post`; file order within a stage.
    public let rules: [CompiledRule]
    /// The text of each file, by name (for explanations and the diagnostic renderer).
    public let sources: [String: SourceFile]

    let leaves: [ConditionLeaf]
    let regexes: [RuleRegex]
    let groups: [LiteralGroup]
    let bitWords: Int
    let ruleWords: Int
    /// Rules that have no literal anchor and are tried on every transaction.
    let alwaysCandidates: [UInt64]
    /// For literal bit `b`: `triggerRules[triggerStart[b]..<triggerStart[b+1]]` can only match when `b` fired.
    let triggerStart: [Int32]
    let triggerRules: [Int32]
    /// For each ``RuleTarget`` (by rank): the literal groups to scan again when an action changes it.
    let groupsByTarget: [[Int]]
    /// The conditions as plain arrays for the hot loop.
    let program: ConditionProgram
    /// Per rule, in evaluation order: whether it stops, whether its actions use captures.
    let ruleStops: [Bool]
    let ruleUsesCaptures: [Bool]
    let ruleActions: [[RuleAction]]
    /// Per regex: its shape when it is anchored alternatives (``AnchoredAlternatives``), which
    /// short ASCII texts are matched against without the DFA.
    let anchoredShapes: [AnchoredAlternatives?]

    init(rules: [CompiledRule], leaves: [ConditionLeaf], regexes: [RuleRegex], groups: [LiteralGroup],
         sources: [String: SourceFile]) {
        self.rules = rules
        self.leaves = leaves
        self.regexes = regexes
        self.groups = groups
        self.sources = sources
        let bitCount = groups.last?.bits.upperBound ?? 0
        self.bitWords = max(1, (bitCount + 63) / 64)
        self.ruleWords = max(1, (rules.count + 63) / 64)
        var always = [UInt64](repeating: 0, count: ruleWords)
        var perBit = [[Int32]](repeating: [], count: bitCount)
        func anchors(_ node: ConditionNode) -> [Int]? {
            switch node {
            case .leaf(let i):
                switch leaves[i].test {
                case .literal(let bit): return [bit]
                case .regex(_, let prefilter): return prefilter.first
                default: return nil
                }
            case .all(let children):
                return children.compactMap(anchors).min(by: { $0.count < $1.count })
            case .any(let children):
                var union: [Int] = []
                for child in children {
                    guard let a = anchors(child) else { return nil }
                    union.append(contentsOf: a)
                }
                return union
            case .not:
                return nil
            }
        }
        for rule in rules {
            if let condition = rule.condition, let bits = anchors(condition) {
                for bit in Set(bits) { perBit[bit].append(Int32(rule.index)) }
            } else {
                always[rule.index >> 6] |= 1 << UInt64(rule.index & 63)
            }
        }
        self.alwaysCandidates = always
        var starts: [Int32] = [0]
        var flat: [Int32] = []
        for list in perBit {
            flat.append(contentsOf: list)
            starts.append(Int32(flat.count))
        }
        self.triggerStart = starts
        self.triggerRules = flat
        var byTarget = [[Int]](repeating: [], count: RuleTarget.allCases.count)
        for target in RuleTarget.allCases {
            let fields = CompiledRuleSet.fieldsChanged(by: target)
            byTarget[target.rank] = groups.indices.filter { fields.contains(groups[$0].field) }
        }
        self.groupsByTarget = byTarget
        self.program = ConditionProgram(rules: rules, leaves: leaves)
        self.ruleStops = rules.map(\.stops)
        self.ruleUsesCaptures = rules.map(\.usesCaptures)
        self.ruleActions = rules.map(\.actions)
        self.anchoredShapes = regexes.map { AnchoredAlternatives($0.tree) }
    }

    /// The condition fields whose values an action on `target` changes.
    static func fieldsChanged(by target: RuleTarget) -> [RuleField] {
        switch target {
        case .category: return [.category]
        case .tags: return [.tag]
        case .project: return [.project]
        case .place: return [.place]
        case .payee: return [.payee, .text]
        case .notes: return [.notes, .text]
        case .transfer: return [.transferHint, .type]
        case .ignored: return []
        }
    }

    /// Every category the rules set, sorted.
    public var categories: [CategoryPath] {
        Array(Set(rules.flatMap(\.categories))).sorted()
    }

    /// The rule at an evaluation index.
    public func rule(_ index: Int) -> CompiledRule { rules[index] }
}
