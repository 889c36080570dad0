/// The conditions of all rules flattened into plain arrays, evaluated without reference counting.
///
/// `ConditionNode` trees stay for explanations; the hot loop reads these trivially copyable
/// values instead (each copy of a tree node or leaf with strings costs atomic retains, which two
/// threads sharing one rule set would fight over).
struct ConditionProgram: Sendable {
    struct Node: Sendable {
        enum Kind: UInt8, Sendable { case leaf, all, any, not }
        var kind: Kind
        /// leaf: the leaf index; all/any: first child slot in `children`; not: the inner node.
        var a: Int32
        /// all/any: one past the last child slot.
        var b: Int32
    }

    /// A leaf test with only trivial values.
    struct Leaf: Sendable {
        enum Kind: UInt8, Sendable { case literal, regex, empty, amount, days, number, weekdays }
        var kind: Kind
        var bit: Int32 = -1
        var regex: Int32 = -1
        /// Prefilter sets: `prefilterBits[prefilterLow..<prefilterHigh]`, each set ended by -1; low < 0 means no prefilter.
        var prefilterLow: Int32 = -1
        var prefilterHigh: Int32 = -1
        /// regex `A.*B` (``ConditionLeaf/ordered``): the bits of `A` are `prefilterBits[orderedLow..<orderedMiddle]`,
        /// those of `B` `prefilterBits[orderedMiddle..<orderedHigh]`; low < 0 when it is not of that shape.
        var orderedLow: Int32 = -1
        var orderedMiddle: Int32 = -1
        var orderedHigh: Int32 = -1
        /// empty: want empty; amount: compare the absolute value; regex: decided by its first
        /// prefilter set on ASCII text (``ConditionLeaf/decidedByLiterals``).
        var flag = false
        var exclusive = false
        var low: Amount?
        var high: Amount?
        var intLow: Int32 = .min
        var intHigh: Int32 = .max
        var isMonth = false
        /// Bit `d` set for ISO weekday `d` (1…7).
        var weekdays: UInt8 = 0
    }

    var nodes: [Node] = []
    var children: [Int32] = []
    var leaves: [Leaf] = []
    var prefilterBits: [Int32] = []
    /// The root node of each rule's condition, -1 when it has none.
    var roots: [Int32] = []
    /// The rule (evaluation index) each leaf belongs to.
    var leafRules: [Int32] = []

    init(rules: [CompiledRule], leaves source: [ConditionLeaf]) {
        for leaf in source {
            var code = Leaf(kind: .literal)
            switch leaf.test {
            case .literal(let bit):
                code.bit = Int32(bit)
            case .regex(let r, let prefilter):
                code.kind = .regex
                code.regex = Int32(r)
                code.flag = leaf.decidedByLiterals && !prefilter.isEmpty
                if !prefilter.isEmpty {
                    code.prefilterLow = Int32(prefilterBits.count)
                    for alternatives in prefilter {
                        prefilterBits.append(contentsOf: alternatives.map { Int32($0) })
                        prefilterBits.append(-1)
                    }
                    code.prefilterHigh = Int32(prefilterBits.count)
                }
                if let ordered = leaf.ordered, ordered.count == 2 {
                    code.orderedLow = Int32(prefilterBits.count)
                    prefilterBits.append(contentsOf: ordered[0].map { Int32($0) })
                    code.orderedMiddle = Int32(prefilterBits.count)
                    prefilterBits.append(contentsOf: ordered[1].map { Int32($0) })
                    code.orderedHigh = Int32(prefilterBits.count)
                }
            case .empty(let wantEmpty):
                code.kind = .empty
                code.flag = wantEmpty
            case .amount(let low, let high, let absolute, let exclusive):
                code.kind = .amount
                code.low = low
                code.high = high
                code.flag = absolute
                code.exclusive = exclusive
            case .days(let low, let high):
                code.kind = .days
                code.intLow = low ?? .min
                code.intHigh = high ?? .max
            case .number(let low, let high):
                code.kind = .number
                code.intLow = Int32(clamping: low ?? Int(Int32.min))
                code.intHigh = Int32(clamping: high ?? Int(Int32.max))
                code.isMonth = leaf.field == .month
            case .weekdays(let days):
                code.kind = .weekdays
                for d in days where (1...7).contains(d) { code.weekdays |= 1 << UInt8(d) }
            }
            leaves.append(code)
        }
        for rule in rules {
            roots.append(rule.condition.map { add($0) } ?? -1)
        }
        var owners = [Int32](repeating: -1, count: source.count)
        func mark(_ node: ConditionNode, _ r: Int) {
            switch node {
            case .leaf(let i): owners[i] = Int32(r)
            case .all(let list), .any(let list): list.forEach { mark($0, r) }
            case .not(let inner): mark(inner, r)
            }
        }
        for rule in rules { if let condition = rule.condition { mark(condition, rule.index) } }
        leafRules = owners
    }

    private mutating func add(_ node: ConditionNode) -> Int32 {
        switch node {
        case .leaf(let i):
            nodes.append(Node(kind: .leaf, a: Int32(i), b: 0))
        case .not(let inner):
            let child = add(inner)
            nodes.append(Node(kind: .not, a: child, b: 0))
        case .all(let list), .any(let list):
            let ids = list.map { add($0) }
            let start = Int32(children.count)
            children.append(contentsOf: ids)
            let kind: Node.Kind
            if case .all = node { kind = .all } else { kind = .any }
            nodes.append(Node(kind: kind, a: start, b: Int32(children.count)))
        }
        return Int32(nodes.count - 1)
    }
}
