/// Near misses: for rules whose tests partly held, the first test that failed and what it saw.
extension RuleEvaluator {
    // MARK: explanations

    /// How many written tests (not compiled leaves: `in (a, b)` is one test) held outside any `not`.
    mutating func positiveTrueLeaves(_ node: ConditionNode, _ t: LedgerTransaction, _ account: Account?) -> Int {
        var held = Set<Int>()
        func walk(_ node: ConditionNode) {
            switch node {
            case .leaf(let i): if leafHolds(i, t, account) { held.insert(set.leaves[i].range.start.offset) }
            case .all(let c), .any(let c): c.forEach(walk)
            case .not: break
            }
        }
        walk(node)
        return held.count
    }

    /// How many tests the condition has as written.
    func leafCount(_ node: ConditionNode) -> Int {
        var tests = Set<Int>()
        func walk(_ node: ConditionNode) {
            switch node {
            case .leaf(let i): tests.insert(set.leaves[i].range.start.offset)
            case .all(let c), .any(let c): c.forEach(walk)
            case .not(let inner): walk(inner)
            }
        }
        walk(node)
        return tests.count
    }

    /// The first leaf that made `node` false (`negated` when it is a leaf under `not` that held).
    mutating func failing(_ node: ConditionNode, _ t: LedgerTransaction, _ account: Account?) -> (Int, Bool)? {
        switch node {
        case .leaf(let i): return leafHolds(i, t, account) ? nil : (i, false)
        case .all(let children):
            for c in children where !holds(c, t, account) { return failing(c, t, account) }
            return nil
        case .any(let children):
            guard let best = children.enumerated().max(by: { a, b in
                let x = positiveTrueLeaves(a.element, t, account), y = positiveTrueLeaves(b.element, t, account)
                return x != y ? x < y : a.offset > b.offset
            }) else { return nil }
            return failing(best.element, t, account)
        case .not(let inner):
            guard holds(inner, t, account) else { return nil }
            return firstHolding(inner, t, account).map { ($0, true) }
        }
    }

    mutating func firstHolding(_ node: ConditionNode, _ t: LedgerTransaction, _ account: Account?) -> Int? {
        switch node {
        case .leaf(let i): return leafHolds(i, t, account) ? i : nil
        case .all(let c), .any(let c):
            for child in c { if let found = firstHolding(child, t, account) { return found } }
            return nil
        case .not(let inner): return firstHolding(inner, t, account)
        }
    }

    mutating func nearMiss(_ condition: ConditionNode, rule: Int, _ t: LedgerTransaction, _ account: Account?,
                           always: Bool = false) -> NearMiss? {
        let held = positiveTrueLeaves(condition, t, account)
        guard held > 0 || always, let (leafIndex, negated) = failing(condition, t, account) else { return nil }
        let leaf = set.leaves[leafIndex]
        return NearMiss(rule: rule, condition: negated ? "not \(leaf.text)" : leaf.text, field: leaf.field.description,
                        actual: FieldValues.shown(leaf.field, t, account), line: leaf.range.start.line,
                        column: leaf.range.start.column, conditionsHeld: held, conditions: leafCount(condition))
    }
}

/// Extra detail collected while explaining one transaction.
struct RuleTrace {
    var nearMisses: [NearMiss] = []
    /// Rules to report even when none of their tests held.
    var focus: Set<Int> = []
}

/// A rule whose conditions partly held: the first condition that failed and the value it saw.
public struct NearMiss: Sendable, Hashable, Codable {
    public var rule: Int
    /// The failing test as written (`payee contains "Café"`), prefixed `not` when a negated test held.
    public var condition: String
    public var field: String
    /// The value the test saw, as shown to people (`"REWE Markt Berlin"`, `-54.37`, `(empty)`).
    public var actual: String
    /// Where the test is written.
    public var line: Int
    public var column: Int
    /// How many of the rule's tests held, of how many.
    public var conditionsHeld: Int
    public var conditions: Int
}
