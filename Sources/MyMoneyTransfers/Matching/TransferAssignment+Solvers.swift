extension TransferAssignment {
    /// The search steps one exact search may take: the best reading of a group that needs more is
    /// taken greedily instead, and a pair whose close-call check needs more is held as a close call.
    static let exactStepBudget = 400_000

    /// The best set of disjoint pairs of a small group, its close calls, and the candidates held
    /// with them; false (and nothing recorded) when the best reading takes more than
    /// ``exactStepBudget`` steps to find. Each search has its own budget and depends only on the
    /// group's candidates, so a second match over the same legs (its pairs linked) decides alike.
    ///
    /// - Complexity: O(2^k) in the worst case for k candidates (at most 64 legs), bounded by the step budget.
    mutating func solveExactly(_ members: [Int], _ pairClass: [ClassPair], _ edges: [CandidateEdge], _ options: TransferMatchOptions) -> Bool {
        // Local bit per leg.
        var bit: [Int32: Int] = [:]
        for e in members {
            if bit[edges[e].from] == nil { bit[edges[e].from] = bit.count }
            if bit[edges[e].to] == nil { bit[edges[e].to] = bit.count }
        }
        let masks = members.map { (UInt64(1) << UInt64(bit[edges[$0].from] ?? 0)) | (UInt64(1) << UInt64(bit[edges[$0].to] ?? 0)) }
        let linked = members.map { edges[$0].linked }
        let reviewOnly = members.map { edges[$0].reviewOnly && !edges[$0].linked }
        // Weigh each pair by its evidence above the threshold, so that two weak pairs do not
        // outvote one strong pair that shares a leg with them.
        let scores = members.map { edges[$0].score - options.threshold + 0.01 }
        var suffix = Array(repeating: 0.0, count: members.count + 1)
        for k in stride(from: members.count - 1, through: 0, by: -1) { suffix[k] = suffix[k + 1] + max(0, scores[k]) }

        /// The best reading using at most `limit` candidates of class pair `limited`, with linked
        /// candidates always chosen when `forced`; total −1 when there is none; `complete` false
        /// when the search ran out of steps (the total is then only a lower bound).
        func best(limiting limited: ClassPair?, to limit: Int, forced: Bool) -> (total: Double, chosen: [Int], complete: Bool) {
            var steps = 0
            var bestTotal = -1.0
            var bestChosen: [Int] = []
            var chosen: [Int] = []
            func search(_ k: Int, _ used: UInt64, _ total: Double, _ count: Int) {
                steps += 1
                if steps > TransferAssignment.exactStepBudget { return }
                if total + suffix[k] <= bestTotal + 1e-9 { return }
                if k == members.count {
                    bestTotal = total
                    bestChosen = chosen
                    return
                }
                let counted = limited != nil && pairClass[k] == limited
                if used & masks[k] == 0, !(counted && count >= limit) {
                    chosen.append(k)
                    search(k + 1, used | masks[k], total + scores[k], count + (counted ? 1 : 0))
                    chosen.removeLast()
                }
                if !(forced && linked[k]) { search(k + 1, used, total, count) }
            }
            search(0, 0, 0, 0)
            return (bestTotal, bestChosen, steps <= TransferAssignment.exactStepBudget)
        }

        let first = best(limiting: nil, to: 0, forced: false)
        guard first.complete else { return false }
        var (total, chosen) = (first.total, first.chosen)
        var forced = false
        if linked.contains(true) {
            let chosenSet = Set(chosen)
            if !members.indices.filter({ linked[$0] }).allSatisfy(chosenSet.contains) {
                let fixed = best(limiting: nil, to: 0, forced: true)
                if !fixed.complete { return false }
                if fixed.total >= 0 { (total, chosen) = (fixed.total, fixed.chosen); forced = true }
            }
        }
        var chosenOfClass: [ClassPair: Int] = [:]
        var membersOfClass: [ClassPair: Int] = [:]
        for k in chosen { chosenOfClass[pairClass[k], default: 0] += 1 }
        for p in pairClass { membersOfClass[p, default: 0] += 1 }
        // A pair is a close call when a reading with one pair fewer of its kind is nearly as good.
        var closeByClass: [ClassPair: Bool] = [:]
        var close: [Int] = []
        for k in chosen where !linked[k] {
            let p = pairClass[k]
            let isClose: Bool
            if reviewOnly[k] {
                isClose = true // the best reading holds a late pair without strong text: the user decides
            } else if let known = closeByClass[p] {
                isClose = known
            } else {
                let alternative = best(limiting: p, to: (chosenOfClass[p] ?? 1) - 1, forced: forced)
                // Out of steps: the alternative may be better than found, so it may be close.
                isClose = !alternative.complete || total - alternative.total < options.ambiguityMargin
                closeByClass[p] = isClose
            }
            if isClose { close.append(k) }
        }
        let closeSet = Set(close)
        var usedLegs = Set<Int32>()
        for k in chosen where !closeSet.contains(k) {
            if !linked[k] {
                accepted.append(members[k])
                if (membersOfClass[pairClass[k]] ?? 0) > 1 { interchangeable.insert(members[k]) }
            }
            usedLegs.insert(edges[members[k]].from)
            usedLegs.insert(edges[members[k]].to)
        }
        guard !close.isEmpty else { return true }
        // The close calls and every candidate touching their legs that does not touch a chosen pair.
        var held = Set<Int32>()
        for k in close { held.insert(edges[members[k]].from); held.insert(edges[members[k]].to) }
        let group = members.filter { e in
            (held.contains(edges[e].from) || held.contains(edges[e].to))
                && !usedLegs.contains(edges[e].from) && !usedLegs.contains(edges[e].to) && !edges[e].linked
        }
        ambiguous.append(group)
        return true
    }

    /// Best first over a large group; a pair is a close call when a competing candidate for one
    /// of its legs (not one that only swaps interchangeable legs) scores within the margin.
    /// Linked candidates are fixed first.
    ///
    /// - Complexity: O(k log k + Σ d²) for k candidates and d candidates per leg.
    mutating func solveGreedily(_ members: [Int], _ pairClass: [ClassPair], _ edges: [CandidateEdge], _ options: TransferMatchOptions) {
        // Positions (in best-first order) of the candidates touching each leg.
        var byLeg: [Int32: [Int]] = [:]
        var membersOfClass: [ClassPair: Int] = [:]
        for (position, e) in members.enumerated() {
            byLeg[edges[e].from, default: []].append(position)
            byLeg[edges[e].to, default: []].append(position)
            membersOfClass[pairClass[position], default: 0] += 1
        }
        var taken = Set<Int32>()
        for e in members where edges[e].linked {
            taken.insert(edges[e].from)
            taken.insert(edges[e].to)
        }
        for (position, e) in members.enumerated() where !edges[e].linked {
            let edge = edges[e]
            guard !taken.contains(edge.from), !taken.contains(edge.to) else { continue }
            var rivalPositions = Set<Int>()
            for p in (byLeg[edge.from] ?? []) + (byLeg[edge.to] ?? []) where p > position && pairClass[p] != pairClass[position] {
                let rival = edges[members[p]]
                guard !taken.contains(rival.from), !taken.contains(rival.to) else { continue }
                if edge.score - rival.score < options.ambiguityMargin { rivalPositions.insert(p) }
            }
            if rivalPositions.isEmpty, !edge.reviewOnly {
                accepted.append(e)
                if (membersOfClass[pairClass[position]] ?? 0) > 1 { interchangeable.insert(e) }
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
