/// Whether a backtracking engine (PCRE, ICU, Java, Python, JavaScript, `grep -P`) can take
/// exponential time on a pattern, for the `rules.regex-backtracking` warning.
///
/// My Money matches every pattern in linear time, so this is a warning about other tools the
/// rules may be shared with, not about My Money. The test is exact for the patterns it can
/// afford: a pattern is exponential under backtracking when its position automaton (Glushkov's,
/// counting the distinct ways one position can follow another) is exponentially ambiguous, that is
/// some position has two different loops back to itself that read the same text (`(a+)+`,
/// `(a|a)*`, `(\w+\s?)+$`). Patterns that are only polynomial (`.*.*`, `(a|ab)*c`) are not flagged.
///
/// - Complexity: O(k² × d²) per cycle of k positions with d successors each; cycles of more
///   than 64 positions are not analysed (and not flagged).
enum BacktrackingRisk {
    static func isExponential(_ node: RegexNode) -> Bool {
        // Two loops over the same text need a loop whose body can match in more than one way:
        // one holding an alternation or another repetition. Most patterns have none.
        guard hasAmbiguousLoop(node, insideLoop: false) else { return false }
        var automaton = PositionAutomaton()
        guard automaton.build(node) != nil else { return false }
        return automaton.hasTwoLoopsReadingTheSameText()
    }
}

extension BacktrackingRisk {
    /// Whether an unbounded (or long) repetition contains an alternation or a repetition.
    static func hasAmbiguousLoop(_ node: RegexNode, insideLoop: Bool) -> Bool {
        switch node {
        case .empty, .set, .assertion: return false
        case .group(let inner, _): return hasAmbiguousLoop(inner, insideLoop: insideLoop)
        case .concatenation(let parts): return parts.contains { hasAmbiguousLoop($0, insideLoop: insideLoop) }
        case .alternation(let branches):
            return insideLoop || branches.contains { hasAmbiguousLoop($0, insideLoop: false) }
        case .repetition(let inner, let low, let high, _):
            if insideLoop { return true }
            let loops = high.map { $0 - low > 3 || $0 > 3 } ?? true
            return hasAmbiguousLoop(inner, insideLoop: loops)
        }
    }
}

/// The position automaton with edge multiplicities (1, or 2 for "two or more").
private struct PositionAutomaton {
    static let maximumPositions = 400
    static let maximumCycle = 64

    var sets: [RegexCharacterSet] = []
    /// `follow[p][q]`: in how many ways q can come right after p.
    var follow: [[Int: UInt8]] = []

    /// Positions a fragment starts and ends with (with multiplicities) and how many ways it matches empty.
    struct Fragment { var first: [Int: UInt8]; var last: [Int: UInt8]; var empties: UInt8 }

    static func add(_ a: UInt8, _ b: UInt8) -> UInt8 { min(2, a &+ b) }
    static func times(_ a: UInt8, _ b: UInt8) -> UInt8 { min(2, a * b) }

    mutating func link(_ from: [Int: UInt8], _ to: [Int: UInt8]) {
        for (p, a) in from { for (q, b) in to { follow[p][q] = Self.add(follow[p][q] ?? 0, Self.times(a, b)) } }
    }

    static func merge(_ a: [Int: UInt8], _ b: [Int: UInt8], scale: UInt8 = 1) -> [Int: UInt8] {
        var out = a
        for (p, m) in b where scale > 0 { out[p] = add(out[p] ?? 0, times(m, scale)) }
        return out
    }

    mutating func concatenate(_ a: Fragment, _ b: Fragment) -> Fragment {
        link(a.last, b.first)
        return Fragment(first: Self.merge(a.first, b.first, scale: a.empties), last: Self.merge(b.last, a.last, scale: b.empties),
                        empties: Self.times(a.empties, b.empties))
    }

    /// The fragment of `node`, or nil when the pattern has too many positions to analyse.
    mutating func build(_ node: RegexNode) -> Fragment? {
        switch node {
        case .empty, .assertion:
            return Fragment(first: [:], last: [:], empties: 1)
        case .set(let set):
            guard sets.count < Self.maximumPositions else { return nil }
            sets.append(set)
            follow.append([:])
            return Fragment(first: [sets.count - 1: 1], last: [sets.count - 1: 1], empties: 0)
        case .group(let inner, _):
            return build(inner)
        case .concatenation(let parts):
            var result = Fragment(first: [:], last: [:], empties: 1)
            for part in parts {
                guard let f = build(part) else { return nil }
                result = concatenate(result, f)
            }
            return result
        case .alternation(let branches):
            var result = Fragment(first: [:], last: [:], empties: 0)
            for branch in branches {
                guard let f = build(branch) else { return nil }
                result = Fragment(first: Self.merge(result.first, f.first), last: Self.merge(result.last, f.last),
                                  empties: Self.add(result.empties, f.empties))
            }
            return result
        case .repetition(let inner, let low, let high, _):
            // Long counted runs behave like their first copies followed by a loop.
            let required = min(low, 3)
            let unbounded = high == nil || high! - low > 3
            var result = Fragment(first: [:], last: [:], empties: 1)
            for _ in 0..<required {
                guard let f = build(inner) else { return nil }
                result = concatenate(result, f)
            }
            if unbounded {
                guard let f = build(inner) else { return nil }
                link(f.last, f.first)
                let loop = Fragment(first: f.first, last: f.last, empties: Self.add(1, f.empties))
                result = concatenate(result, loop)
            } else if let high {
                for _ in low..<high {
                    guard let f = build(inner) else { return nil }
                    result = concatenate(result, Fragment(first: f.first, last: f.last, empties: Self.add(1, f.empties)))
                }
            }
            return result
        }
    }

    func overlap(_ p: Int, _ q: Int) -> Bool {
        let a = sets[p], b = sets[q]
        if a.low & b.low != 0 || a.high & b.high != 0 { return true }
        return !a.isASCIIOnly && !b.isASCIIOnly
    }

    /// Whether some position has two different loops back to itself reading the same text.
    func hasTwoLoopsReadingTheSameText() -> Bool {
        let graph = follow.map { Array($0.keys).sorted() }
        for component in StronglyConnected.components(graph) {
            guard component.count <= Self.maximumCycle else { continue }
            let k = component.count
            if k == 1 && follow[component[0]][component[0]] == nil { continue }
            var local: [Int: Int] = [:]
            for (i, p) in component.enumerated() { local[p] = i }
            // Pairs (i, j) of positions read at the same time by two runs.
            var pairs = [[Int]](repeating: [], count: k * k)
            var divergent = Set<Int>()   // diagonal pairs with a doubled edge to a diagonal pair: from * k² + to
            for i in 0..<k {
                for j in 0..<k where i == j || overlap(component[i], component[j]) {
                    for (p2, m1) in follow[component[i]] {
                        guard let a = local[p2] else { continue }
                        for (q2, _) in follow[component[j]] {
                            guard let b = local[q2], overlap(p2, q2) else { continue }
                            pairs[i * k + j].append(a * k + b)
                            if i == j && a == b && m1 >= 2 { divergent.insert((i * k + j) * k * k + a * k + b) }
                        }
                    }
                }
            }
            for group in StronglyConnected.components(pairs) {
                let members = Set(group)
                guard group.contains(where: { $0 / k == $0 % k }) else { continue }
                if group.contains(where: { $0 / k != $0 % k }) { return true }
                for from in group { for to in pairs[from] where members.contains(to) && divergent.contains(from * k * k + to) { return true } }
            }
        }
        return false
    }
}

/// Tarjan's strongly connected components, without recursion.
enum StronglyConnected {
    static func components(_ graph: [[Int]]) -> [[Int]] {
        let n = graph.count
        var index = [Int](repeating: -1, count: n), low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var stack: [Int] = [], result: [[Int]] = [], counter = 0
        for root in 0..<n where index[root] < 0 {
            var work: [(node: Int, edge: Int)] = [(root, 0)]
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while let (v, e) = work.last {
                if e < graph[v].count {
                    work[work.count - 1].edge += 1
                    let w = graph[v][e]
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(w); onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                work.removeLast()
                if let parent = work.last { low[parent.node] = min(low[parent.node], low[v]) }
                if low[v] == index[v] {
                    var component: [Int] = []
                    while let w = stack.popLast() {
                        onStack[w] = false
                        component.append(w)
                        if w == v { break }
                    }
                    result.append(component)
                }
            }
        }
        return result
    }
}
