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
///
/// Interchangeable legs (same account, day, amount and texts: two identical transfers on one day)
/// make no close call among themselves: a reading that only swaps them is the same reading.
/// Review-only edges (beyond the day window without texts naming each other) compete like any
/// other but are never accepted: when the best reading holds one, its legs are a close call, and
/// a nearer pair that a review-only rival nearly equals is a close call too (a weak late arrival
/// is not handed to another transfer's leg just because it is late).
/// Linked edges (transfers already stored) are held as chosen: when the best reading of their
/// group contains them all (a second match over the same legs) everything is decided as in the
/// first match; otherwise (new legs arrived) the group is solved with them fixed.
struct TransferAssignment: Sendable {
    /// Chosen edges (indices into the edge list), linked ones left out.
    var accepted: [Int] = []
    /// Close calls: groups of edge indices.
    var ambiguous: [[Int]] = []
    /// Chosen edges whose legs are interchangeable with another chosen edge's.
    var interchangeable = Set<Int>()

    /// - Parameter classes: for the legs of one group, each leg's class (legs of one class are interchangeable).
    init(edges: [CandidateEdge], options: TransferMatchOptions, statistics: inout TransferMatchStatistics,
         classes: ([Int32]) -> [Int32: Int32]) {
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
                let edge = edges[members[0]]
                if edge.linked {
                } else if edge.reviewOnly {
                    ambiguous.append(members)
                } else {
                    accepted.append(members[0])
                }
                statistics.groupsSolvedExactly += 1
                continue
            }
            var legs: [Int32] = []
            for e in members { legs.append(edges[e].from); legs.append(edges[e].to) }
            let legClass = classes(legs)
            let pairClass = members.map { ClassPair(from: legClass[edges[$0].from] ?? edges[$0].from, to: legClass[edges[$0].to] ?? edges[$0].to) }
            if members.count <= options.exactGroupLimit, Set(legs).count <= 64, solveExactly(members, pairClass, edges, options) {
                statistics.groupsSolvedExactly += 1
            } else {
                solveGreedily(members, pairClass, edges, options)
                statistics.groupsSolvedGreedily += 1
            }
        }
        accepted.sort()
    }

    /// The classes of an edge's two legs: equal for interchangeable edges.
    struct ClassPair: Hashable {
        var from: Int32
        var to: Int32
    }

    /// Best first; ties by sending leg, then receiving leg.
    static func precedes(_ a: CandidateEdge, _ b: CandidateEdge) -> Bool {
        if a.score != b.score { return a.score > b.score }
        if a.from != b.from { return a.from < b.from }
        return a.to < b.to
    }
}
