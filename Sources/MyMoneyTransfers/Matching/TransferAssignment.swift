/// Chooses which candidate pairs become transfers: one-to-one, globally, with close calls held back.
///
/// Candidates that share a leg form a group (connected components of the candidate graph). In a
/// group of up to ``TransferMatchOptions/exactGroupLimit`` candidates the matcher finds the set of
/// disjoint pairs with the highest total of (score − threshold) (branch and bound, candidates ordered by score, then
/// sending leg, then receiving leg, so ties always resolve the same way). A chosen pair is a close
/// call when leaving it out costs less than ``TransferMatchOptions/ambiguityMargin``: another
/// reading of the same legs is nearly as good, so its legs are held for review instead.
/// Larger groups are taken greedily by the same order, and a pair is a close call when a competing
/// candidate for one of its legs scores within the margin.
struct TransferAssignment: Sendable {
    /// Chosen edges (indices into the edge list).
    var accepted: [Int] = []
    /// Close calls: groups of edge indices.
    var ambiguous: [[Int]] = []

    init(edges: [CandidateEdge], options: TransferMatchOptions, statistics: inout TransferMatchStatistics) {
        guard !edges.isEmpty else { return }
        // Union-find over legs.
        var parent = [Int32: Int32]()
        func find(_ x: Int32) -> Int32 {
            var root = x
            while let p = parent[root], p != root { root = p }
            var node = x
            while let p = parent[node], p != root { parent[node] = root; node = p }
            return root
        }
        for edge in edges {
            if parent[edge.from] == nil { parent[edge.from] = edge.from }
            if parent[edge.to] == nil { parent[edge.to] = edge.to }
            let a = find(edge.from), b = find(edge.to)
            if a != b { parent[max(a, b)] = min(a, b) }
        }
        var groups: [Int32: [Int]] = [:]
        for (index, edge) in edges.enumerated() { groups[find(edge.from), default: []].append(index) }
        let ordered = groups.keys.sorted()
        for root in ordered {
            guard var members = groups[root] else { continue }
            members.sort { TransferAssignment.precedes(edges[$0], edges[$1]) }
            if members.count == 1 {
                accepted.append(members[0])
                statistics.groupsSolvedExactly += 1
            } else if members.count <= options.exactGroupLimit {
                solveExactly(members, edges, options)
                statistics.groupsSolvedExactly += 1
            } else {
                solveGreedily(members, edges, options)
                statistics.groupsSolvedGreedily += 1
            }
        }
        accepted.sort()
    }

    /// Best first; ties by sending leg, then receiving leg.
    static func precedes(_ a: CandidateEdge, _ b: CandidateEdge) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.from != b.from { return a.from < b.from }
        return a.to < b.to
    }

    private mutating func solveExactly(_ members: [Int], _ edges: [CandidateEdge], _ options: TransferMatchOptions) {
        // Local bit per leg.
        var bit: [Int32: Int] = [:]
        for e in members {
            if bit[edges[e].from] == nil { bit[edges[e].from] = bit.count }
            if bit[edges[e].to] == nil { bit[edges[e].to] = bit.count }
        }
        let masks = members.map { (UInt64(1) << UInt64(bit[edges[$0].from] ?? 0)) | (UInt64(1) << UInt64(bit[edges[$0].to] ?? 0)) }
        // Weigh each pair by its evidence above the threshold, so that two weak pairs do not
        // outvote one strong pair that shares a leg with them.
        let scores = members.map { edges[$0].score - options.threshold + 0.01 }
        var suffix = Array(repeating: 0.0, count: members.count + 1)
        for k in stride(from: members.count - 1, through: 0, by: -1) { suffix[k] = suffix[k + 1] + scores[k] }

        func best(excluding excluded: Int?) -> (total: Double, chosen: [Int]) {
            var bestTotal = -1.0
            var bestChosen: [Int] = []
            var chosen: [Int] = []
            func search(_ k: Int, _ used: UInt64, _ total: Double) {
                if total + suffix[k] <= bestTotal + 1e-9 { return }
                if k == members.count {
                    bestTotal = total
                    bestChosen = chosen
                    return
                }
                if k != excluded, used & masks[k] == 0 {
                    chosen.append(k)
                    search(k + 1, used | masks[k], total + scores[k])
                    chosen.removeLast()
                }
                search(k + 1, used, total)
            }
            search(0, 0, 0)
            return (bestTotal, bestChosen)
        }

        let (total, chosen) = best(excluding: nil)
        var close: [Int] = []
        for k in chosen {
            let alternative = best(excluding: k)
            if total - alternative.total < options.ambiguityMargin { close.append(k) }
        }
        let closeSet = Set(close)
        var usedLegs = Set<Int32>()
        for k in chosen where !closeSet.contains(k) {
            accepted.append(members[k])
            usedLegs.insert(edges[members[k]].from)
            usedLegs.insert(edges[members[k]].to)
        }
        guard !close.isEmpty else { return }
        // The close calls and every candidate touching their legs that does not touch a chosen pair.
        var held = Set<Int32>()
        for k in close { held.insert(edges[members[k]].from); held.insert(edges[members[k]].to) }
        let group = members.filter { e in
            (held.contains(edges[e].from) || held.contains(edges[e].to))
                && !usedLegs.contains(edges[e].from) && !usedLegs.contains(edges[e].to)
        }
        ambiguous.append(group)
    }

    private mutating func solveGreedily(_ members: [Int], _ edges: [CandidateEdge], _ options: TransferMatchOptions) {
        // Positions (in best-first order) of the candidates touching each leg.
        var byLeg: [Int32: [Int]] = [:]
        for (position, e) in members.enumerated() {
            byLeg[edges[e].from, default: []].append(position)
            byLeg[edges[e].to, default: []].append(position)
        }
        var taken = Set<Int32>()
        for (position, e) in members.enumerated() {
            let edge = edges[e]
            guard !taken.contains(edge.from), !taken.contains(edge.to) else { continue }
            var rivalPositions = Set<Int>()
            for p in (byLeg[edge.from] ?? []) + (byLeg[edge.to] ?? []) where p > position {
                let rival = edges[members[p]]
                guard !taken.contains(rival.from), !taken.contains(rival.to) else { continue }
                if edge.score - rival.score < options.ambiguityMargin { rivalPositions.insert(p) }
            }
            if rivalPositions.isEmpty {
                accepted.append(e)
                taken.insert(edge.from)
                taken.insert(edge.to)
            } else {
                let group = [e] + rivalPositions.sorted().map { members[$0] }
                for r in group { taken.insert(edges[r].from); taken.insert(edges[r].to) }
                ambiguous.append(group)
            }
        }
    }
}
