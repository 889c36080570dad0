/// Pairs the legs of movements between the user's own accounts, in one currency or across two.
///
/// ```swift
/// let result = TransferMatcher().match(TransferMatchInput(transactions: txs, accounts: accounts, rates: rates))
/// for pair in result.proposed { … set both legs' type to .transfer and store the pair … }
/// ```
/// The match is pure and deterministic: the same input gives the same output.
///
/// - Complexity: O(n log n) in the number of transactions for indexing, plus the candidates
///   found (see ``CandidateSearch``); never all pairs.
public struct TransferMatcher: Sendable {
    public var options: TransferMatchOptions

    public init(options: TransferMatchOptions = TransferMatchOptions()) {
        self.options = options
    }

    public func match(_ input: TransferMatchInput) -> TransferMatchResult {
        let options = self.options.sanitized
        var result = TransferMatchResult()
        var statistics = TransferMatchStatistics()
        for account in input.accounts where account.id == nil {
            result.diagnostics.append(.warning("transfers.account-id",
                "account \(account.name) has no id yet; its transactions take no part in transfer matching"))
        }
        let directory = AccountDirectory(input.accounts, extraCurrencies: Array(Set(input.transactions.map(\.currency))))
        let reader = TextEvidenceReader(accounts: input.accounts, currencies: directory.currencies)

        // Confirmed pairs stay as they are; their legs are out, their rates are references.
        var excluded = input.excludedTransactionIds
        var rates = input.rates
        for pair in input.confirmed {
            for leg in [pair.from, pair.to] + (pair.feeLeg.map { [$0] } ?? []) {
                if let id = leg.transactionId { excluded.insert(id) }
            }
            if let implied = ExchangeRate.implied(by: pair) { rates.append(implied) }
            var kept = pair
            kept.status = .confirmed
            result.pairs.append(kept)
        }
        let legs = LegTable(input: input, accounts: directory, reader: reader, excludedIds: excluded,
                            diagnostics: &result.diagnostics)
        statistics.legs = legs.count
        let table = ExchangeRateTable(rates)
        var rejected = Set<TransferLink>()
        for link in input.rejected {
            rejected.insert(link)
            rejected.insert(TransferLink(fromId: link.toId, toId: link.fromId))
        }
        let scorer = TransferScorer(legs: legs, directory: directory, options: options, reader: reader,
                                    transactions: input.transactions)
        let search = CandidateSearch(legs: legs, options: options, rates: table, directory: directory, scorer: scorer,
                                     rejected: rejected, transactions: input.transactions)
        let edges = search.edges(statistics: &statistics)
        let assignment = TransferAssignment(edges: edges, options: options, statistics: &statistics)

        // Build pairs, then attach separate fee lines.
        var used = Set<Int32>()
        for e in assignment.accepted { used.insert(edges[e].from); used.insert(edges[e].to) }
        var ambiguousLegs = Set<Int32>()
        for group in assignment.ambiguous {
            for e in group { ambiguousLegs.insert(edges[e].from); ambiguousLegs.insert(edges[e].to) }
        }
        var proposed: [TransferPair] = assignment.accepted.map {
            makePair(edges[$0], legs: legs, directory: directory, scorer: scorer, input: input, status: .proposed)
        }
        attachFeeLines(to: &proposed, options: options, legs: legs, directory: directory, reader: reader, input: input,
                       excluding: used.union(ambiguousLegs))
        let feeLines = Set(proposed.compactMap { $0.feeLeg?.transactionIndex })
        result.pairs.append(contentsOf: proposed)
        result.pairs = TransferMatcher.sortedPairs(result.pairs)

        for group in assignment.ambiguous {
            var candidates = group.map { makePair(edges[$0], legs: legs, directory: directory, scorer: scorer, input: input, status: .ambiguous) }
            candidates.sort { a, b in a.confidence != b.confidence ? a.confidence > b.confidence : TransferMatcher.pairOrder(a, b) }
            var legSet: [TransferLeg] = []
            var seen = Set<Int>()
            for candidate in candidates {
                for leg in [candidate.from, candidate.to] where seen.insert(leg.transactionIndex ?? -1).inserted { legSet.append(leg) }
            }
            legSet.sort(by: TransferMatcher.legOrder)
            result.ambiguous.append(TransferAmbiguity(legs: legSet, candidates: candidates))
        }
        result.ambiguous.sort { a, b in
            guard let x = a.legs.first, let y = b.legs.first else { return a.legs.count < b.legs.count }
            return TransferMatcher.legOrder(x, y)
        }

        // Hints that found no counterpart.
        for leg in 0..<legs.count where legs.hint[leg] != -1 && !used.contains(Int32(leg)) && !ambiguousLegs.contains(Int32(leg))
            && !feeLines.contains(legs.transactionIndex[leg]) {
            let tx = input.transactions[legs.transactionIndex[leg]]
            let own = directory.accounts[Int(legs.account[leg])]
            let transferLeg = TransferLeg(tx, account: own, index: legs.transactionIndex[leg])
            let hint = tx.transferHint ?? ""
            if legs.hint[leg] >= 0 {
                let named = directory.accounts[Int(legs.hint[leg])]
                let cash = named.kind == .cash
                let message = cash
                    ? "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) names cash account \(named.name), which has no matching leg: create the counter-leg there"
                    : "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) names \(named.name), but no matching leg was found within \(options.windowDays) days"
                result.unpairedHints.append(UnpairedTransferHint(leg: transferLeg, hint: hint, accountId: named.id,
                                                                 accountName: named.name, needsCounterLeg: cash, message: message))
            } else {
                result.unpairedHints.append(UnpairedTransferHint(leg: transferLeg, hint: hint, accountId: nil, accountName: nil,
                    needsCounterLeg: false,
                    message: "\(own.name) \(tx.amount) \(tx.currency.code) on \(tx.day) has transfer hint “\(hint)”, which names none (or more than one) of your accounts"))
            }
        }
        result.unpairedHints.sort { TransferMatcher.legOrder($0.leg, $1.leg) }
        result.statistics = statistics
        return result
    }

    /// Joins separate fee lines (a small sending leg with a fee word, same account and day as a
    /// transfer's sending leg) to their transfer. With several transfers that day, the one whose
    /// text shares a word with the fee line wins; with no clear winner the fee line stays alone.
    private func attachFeeLines(to pairs: inout [TransferPair], options: TransferMatchOptions, legs: LegTable, directory: AccountDirectory,
                                reader: TextEvidenceReader, input: TransferMatchInput, excluding used: Set<Int32>) {
        let cap = (try? options.feeMaximum.rescaled(to: LegTable.keyScale).units) ?? Int64.max
        struct AccountDay: Hashable { var account: Int64; var day: Day }
        var pairsByDay: [AccountDay: [Int]] = [:]
        for (index, pair) in pairs.enumerated() where pair.fee == nil {
            pairsByDay[AccountDay(account: pair.from.accountId, day: pair.from.day), default: []].append(index)
        }
        guard !pairsByDay.isEmpty else { return }
        var wordCache: [Int: Set<String>] = [:]
        for line in 0..<legs.count where legs.outgoing[line] && legs.text[line].has(.fee) && legs.key[line] <= cap
            && !used.contains(Int32(line)) {
            let tx = input.transactions[legs.transactionIndex[line]]
            let key = AccountDay(account: tx.accountId, day: tx.day)
            guard let candidates = pairsByDay[key], !candidates.isEmpty else { continue }
            var chosen: Int?
            if candidates.count == 1 {
                chosen = candidates[0]
            } else {
                let words = TransferMatcher.distinctiveWords(tx.payee, tx.memo, reader: reader)
                let overlaps = candidates.map { candidate in
                    let theirs = wordCache[candidate] ?? TransferMatcher.distinctiveWords(pairs[candidate].from.payee, pairs[candidate].from.memo, reader: reader)
                    wordCache[candidate] = theirs
                    return words.intersection(theirs).count
                }
                let best = overlaps.max() ?? 0
                if best > 0, overlaps.filter({ $0 == best }).count == 1, let position = overlaps.firstIndex(of: best) {
                    chosen = candidates[position]
                }
            }
            guard let chosen else { continue }
            let account = directory.accounts[Int(legs.account[line])]
            pairs[chosen].feeLeg = TransferLeg(tx, account: account, index: legs.transactionIndex[line])
            pairs[chosen].fee = try? tx.amount.magnitude()
            pairs[chosen].reasons.append("fee \(pairs[chosen].fee?.description ?? "") \(tx.currency.code) booked separately (“\(tx.payee ?? tx.memo ?? "")”)")
            pairsByDay[key]?.removeAll { $0 == chosen }
        }
    }

    /// Upper-cased words of four letters or more, without fee words.
    static func distinctiveWords(_ payee: String?, _ memo: String?, reader: TextEvidenceReader) -> Set<String> {
        var result = Set<String>()
        for text in [payee, memo] {
            guard let text else { continue }
            for word in text.uppercased().split(whereSeparator: { !$0.isLetter && !$0.isNumber }) where word.count >= 4 {
                if !reader.read(String(word), payee: false).has(.fee) { result.insert(String(word)) }
            }
        }
        return result
    }

    private func makePair(_ edge: CandidateEdge, legs: LegTable, directory: AccountDirectory, scorer: TransferScorer,
                          input: TransferMatchInput, status: TransferPair.Status) -> TransferPair {
        let o = Int(edge.from), i = Int(edge.to)
        let outTx = input.transactions[legs.transactionIndex[o]]
        let inTx = input.transactions[legs.transactionIndex[i]]
        let from = TransferLeg(outTx, account: directory.accounts[Int(legs.account[o])], index: legs.transactionIndex[o])
        let to = TransferLeg(inTx, account: directory.accounts[Int(legs.account[i])], index: legs.transactionIndex[i])
        let (score, reasons) = scorer.evaluate(from: o, to: i, relation: edge.relation, explain: true)
        var pair = TransferPair(from: from, to: to, confidence: min(1, max(0, score)), reasons: reasons, status: status)
        switch edge.relation {
        case .equal: break
        case .fee:
            pair.fee = try? pair.sentAmount - pair.receivedAmount
        case .rate:
            pair.rate = TransferPair.displayRate(received: pair.receivedAmount, sent: pair.sentAmount)
        }
        return pair
    }

    /// The pairs in ``pairOrder``, sorting compact keys instead of moving whole pairs around.
    static func sortedPairs(_ pairs: [TransferPair]) -> [TransferPair] {
        let names = Array(Set(pairs.flatMap { [$0.from.accountName, $0.to.accountName] })).sorted()
        var rank: [String: Int] = [:]
        for (index, name) in names.enumerated() { rank[name] = index }
        struct Key { var day: Int32; var account: Int; var amount: Amount; var toDay: Int32; var toAccount: Int; var toAmount: Amount
                     var tie: (Int, Int64, Int, Int64) }
        let keys = pairs.map { p in
            Key(day: p.from.day.daysSinceEpoch, account: rank[p.from.accountName] ?? 0, amount: p.from.amount,
                toDay: p.to.day.daysSinceEpoch, toAccount: rank[p.to.accountName] ?? 0, toAmount: p.to.amount,
                tie: (p.from.transactionIndex ?? -1, p.from.transactionId ?? -1, p.to.transactionIndex ?? -1, p.to.transactionId ?? -1))
        }
        let order = pairs.indices.sorted { x, y in
            let a = keys[x], b = keys[y]
            if a.day != b.day { return a.day < b.day }
            if a.account != b.account { return a.account < b.account }
            if a.amount != b.amount { return a.amount < b.amount }
            if a.toDay != b.toDay { return a.toDay < b.toDay }
            if a.toAccount != b.toAccount { return a.toAccount < b.toAccount }
            if a.toAmount != b.toAmount { return a.toAmount < b.toAmount }
            if a.tie != b.tie { return a.tie < b.tie }
            return x < y
        }
        return order.map { pairs[$0] }
    }

    static func legOrder(_ a: TransferLeg, _ b: TransferLeg) -> Bool {
        if a.day != b.day { return a.day < b.day }
        if a.accountName != b.accountName { return a.accountName < b.accountName }
        if a.amount != b.amount { return a.amount < b.amount }
        return (a.transactionIndex ?? -1, a.transactionId ?? -1) < (b.transactionIndex ?? -1, b.transactionId ?? -1)
    }

    static func pairOrder(_ a: TransferPair, _ b: TransferPair) -> Bool {
        if a.from != b.from { return legOrder(a.from, b.from) }
        return legOrder(a.to, b.to)
    }
}
