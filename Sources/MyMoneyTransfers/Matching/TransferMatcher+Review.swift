/// What the matcher leaves for the user: close calls and hints without a counterpart, with reasons.
extension TransferMatcher {
    /// Candidates beyond the day window that only a close call may hold, grouped by shared legs,
    /// leaving out those touching `taken` legs (paired or in another close call).
    static func lateCloseCalls(_ edges: [CandidateEdge], taken: Set<Int32>) -> [[Int]] {
        let late = edges.indices.filter { edges[$0].reviewOnly && !edges[$0].linked && !taken.contains(edges[$0].from)
            && !taken.contains(edges[$0].to) }
        guard !late.isEmpty else { return [] }
        var groupOfLeg: [Int32: Int] = [:]
        var groups: [[Int]] = []
        for e in late.sorted(by: { TransferAssignment.precedes(edges[$0], edges[$1]) }) {
            let a = groupOfLeg[edges[e].from], b = groupOfLeg[edges[e].to]
            switch (a, b) {
            case (nil, nil):
                groupOfLeg[edges[e].from] = groups.count
                groupOfLeg[edges[e].to] = groups.count
                groups.append([e])
            case let (g?, nil), let (nil, g?):
                groups[g].append(e)
                groupOfLeg[edges[e].from] = g
                groupOfLeg[edges[e].to] = g
            case let (g?, h?):
                if g != h {
                    for x in groups[h] { groupOfLeg[edges[x].from] = g; groupOfLeg[edges[x].to] = g }
                    groups[g] += groups[h]
                    groups[h] = []
                }
                groups[g].append(e)
            }
        }
        return groups.filter { !$0.isEmpty }
    }

    /// A close call built from its candidate edges, with the reasons it is one.
    func closeCall(_ group: [CandidateEdge], legs: LegTable, directory: AccountDirectory, scorer: TransferScorer,
                   input: TransferMatchInput, options: TransferMatchOptions) -> TransferAmbiguity {
        var candidates = group.map { makePair($0, legs: legs, directory: directory, scorer: scorer, input: input, status: .ambiguous) }
        candidates.sort { a, b in a.confidence != b.confidence ? a.confidence > b.confidence : TransferMatcher.pairOrder(a, b) }
        var legSet: [TransferLeg] = []
        var seen = Set<Int>()
        for candidate in candidates {
            for leg in [candidate.from, candidate.to] where seen.insert(leg.transactionIndex ?? -1).inserted { legSet.append(leg) }
        }
        legSet.sort(by: TransferMatcher.legOrder)
        var reasons: [String] = []
        func describe(_ p: TransferPair) -> String {
            "\(p.from.accountName) \(p.from.amount) \(p.from.currency.code) on \(p.from.day) → \(p.to.accountName) \(p.to.amount) \(p.to.currency.code) on \(p.to.day) (\(confidenceText(p.confidence)))"
        }
        if group.contains(where: \.reviewOnly) {
            let gaps = group.map { abs(Int(legs.day[Int($0.to)]) - Int(legs.day[Int($0.from)])) }
            reasons.append("\(gaps.max() ?? 0) days apart, beyond the \(options.windowDays)-day window: that far apart a pair is proposed "
                           + "only when both texts name the other account, a reference or the other leg's amount")
        }
        if candidates.count > 1 {
            reasons.append("\(candidates.count) readings score within \(confidenceText(options.ambiguityMargin)) of each other: "
                           + candidates.map(describe).joined(separator: "; "))
        } else if let only = candidates.first, !group.contains(where: \.reviewOnly) {
            reasons.append("pairing \(describe(only)) would leave a leg out of a reading nearly as good "
                           + "(within \(confidenceText(options.ambiguityMargin)))")
        } else if let only = candidates.first {
            reasons.append("candidate: \(describe(only))")
        }
        return TransferAmbiguity(legs: legSet, candidates: candidates, reasons: reasons)
    }

    /// Legs with a transfer hint that found no counterpart, with the best candidate below the bar.
    func unpairedHints(legs: LegTable, directory: AccountDirectory, scorer: TransferScorer, input: TransferMatchInput,
                       options: TransferMatchOptions, taken: Set<Int32>, feeLines: Set<Int>,
                       nearMisses: [Int32: NearMiss]) -> [UnpairedTransferHint] {
        var result: [UnpairedTransferHint] = []
        for leg in 0..<legs.count where legs.hint[leg] != -1 && !taken.contains(Int32(leg)) && !feeLines.contains(legs.transactionIndex[leg]) {
            let tx = input.transactions[legs.transactionIndex[leg]]
            let own = directory.accounts[Int(legs.account[leg])]
            let transferLeg = TransferLeg(tx, account: own, index: legs.transactionIndex[leg])
            let hint = tx.transferHint ?? ""
            var reasons: [String] = []
            if let miss = nearMisses[Int32(leg)] {
                let other = Int(miss.from) == leg ? Int(miss.to) : Int(miss.from)
                let otherTx = input.transactions[legs.transactionIndex[other]]
                let evaluation = scorer.evaluate(from: Int(miss.from), to: Int(miss.to), relation: miss.relation, explain: true)
                reasons.append("best candidate: \(directory.accounts[Int(legs.account[other])].name) \(otherTx.amount) \(otherTx.currency.code) "
                               + "on \(otherTx.day), scored \(confidenceText(evaluation.score)) (below \(confidenceText(options.threshold))): "
                               + evaluation.reasons.joined(separator: " · "))
            }
            if legs.hint[leg] >= 0 {
                let named = directory.accounts[Int(legs.hint[leg])]
                let cash = named.kind == .cash
                if reasons.isEmpty {
                    reasons.append("no leg of the opposite sign with a fitting amount in \(named.name) within \(options.windowDays) days"
                                   + (options.evidenceWindowDays > options.windowDays ? " (\(options.evidenceWindowDays) when both texts name each other)" : ""))
                }
                let message = cash
                    ? "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) names cash account \(named.name), which has no matching leg: create the counter-leg there"
                    : "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) names \(named.name), but no matching leg was found within \(options.windowDays) days"
                result.append(UnpairedTransferHint(leg: transferLeg, hint: hint, accountId: named.id, accountName: named.name,
                                                   needsCounterLeg: cash, message: message, reasons: reasons))
            } else {
                reasons.append("the hint “\(hint)” names none of your accounts by name or number, or more than one")
                result.append(UnpairedTransferHint(leg: transferLeg, hint: hint, accountId: nil, accountName: nil, needsCounterLeg: false,
                    message: "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) has transfer hint “\(hint)”, which names none (or more than one) of your accounts",
                    reasons: reasons))
            }
        }
        result.sort { TransferMatcher.legOrder($0.leg, $1.leg) }
        return result
    }
}
