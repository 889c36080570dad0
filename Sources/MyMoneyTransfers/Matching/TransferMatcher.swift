/// Pairs the legs of movements between the user's own accounts, in one currency or across two.
///
/// ```swift
/// let result = TransferMatcher().match(TransferMatchInput(transactions: txs, accounts: accounts, rates: rates))
/// for pair in result.proposed { … set both legs' type to .transfer and store the pair … }
/// ```
/// The match is pure and deterministic: the same input gives the same output. Given the pairs a
/// match proposed as ``TransferMatchInput/linked`` (with their legs), a second match proposes
/// nothing new.
///
/// - Complexity: O(n log n) in the number of transactions for indexing, plus the candidates
///   found (see ``CandidateSearch``); never all pairs.
public struct TransferMatcher: Sendable {
    public var options: TransferMatchOptions
    /// How the leg table keeps ids (``LegTable/IdKeeping``; `.plain` is the twin the tests compare).
    var legIds: LegTable.IdKeeping = .compact
    /// Whether the rows of a single account skip the search for candidates and the reading of
    /// their texts (``canPair(_:)``; `false` is the twin the tests compare).
    var oneAccountShortcut = true

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
        let directory = AccountDirectory(input.accounts, extraCurrencies: TransferMatcher.currencies(of: input.transactions))
        let reader = TextEvidenceReader(accounts: input.accounts, currencies: directory.currencies)
        let figureReader = WrittenFigureReader(accounts: input.accounts, currencies: directory.currencies)

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
        // A stored link whose other leg was not passed in: its leg is taken, so it is left out.
        let linkedIds = Set(input.linked.flatMap { [$0.fromId, $0.toId] })
        if !input.linked.isEmpty {
            let present = TransferMatcher.present(linkedIds, among: input.transactions, plain: legIds == .plain)
            for link in input.linked where present.contains(link.fromId) != present.contains(link.toId) {
                excluded.insert(link.fromId)
                excluded.insert(link.toId)
            }
        }
        let pairing = !oneAccountShortcut || TransferMatcher.canPair(input)
        let legs = LegTable(input: input, accounts: directory, reader: reader, figureReader: figureReader, excludedIds: excluded,
                            linkedIds: linkedIds, keeping: legIds, readingTexts: pairing, diagnostics: &result.diagnostics)
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
        var (edges, nearMisses) = pairing ? search.edges(statistics: &statistics) : ([], [:])
        let linkedLegs = TransferMatcher.markLinked(input.linked, in: &edges, legs: legs, options: options)

        // Candidates beyond the window without strong text compete, but are only ever close calls.
        let assignment = TransferAssignment(edges: edges, options: options, statistics: &statistics) { group in
            TransferMatcher.interchangeableClasses(of: group, legs: legs, transactions: input.transactions)
        }

        // Build pairs, then attach separate fee lines.
        var used = linkedLegs
        for e in assignment.accepted { used.insert(edges[e].from); used.insert(edges[e].to) }
        var ambiguousLegs = Set<Int32>()
        for group in assignment.ambiguous {
            for e in group { ambiguousLegs.insert(edges[e].from); ambiguousLegs.insert(edges[e].to) }
        }
        var groups = assignment.ambiguous
        groups += TransferMatcher.lateCloseCalls(edges, taken: used.union(ambiguousLegs))
        for group in groups { for e in group { ambiguousLegs.insert(edges[e].from); ambiguousLegs.insert(edges[e].to) } }

        var proposed: [TransferPair] = assignment.accepted.map { e in
            var pair = makePair(edges[e], legs: legs, directory: directory, scorer: scorer, input: input, status: .proposed)
            if assignment.interchangeable.contains(e) {
                pair.reasons.append("one of several identical transfers between these accounts that day: the legs are interchangeable, any one-to-one pairing of them is right")
            }
            return pair
        }
        attachFeeLines(to: &proposed, options: options, legs: legs, directory: directory, reader: reader, input: input,
                       excluding: used.union(ambiguousLegs))
        let feeLines = Set(proposed.compactMap { $0.feeLeg?.transactionIndex })
        result.pairs.append(contentsOf: proposed)
        result.pairs = TransferMatcher.sortedPairs(result.pairs)

        result.ambiguous = groups.map { group in
            closeCall(group.map { edges[$0] }, legs: legs, directory: directory, scorer: scorer, input: input, options: options)
        }
        result.ambiguous.sort { a, b in
            guard let x = a.legs.first, let y = b.legs.first else { return a.legs.count < b.legs.count }
            return TransferMatcher.legOrder(x, y)
        }
        result.unpairedHints = unpairedHints(legs: legs, directory: directory, scorer: scorer, input: input, options: options,
                                             taken: used.union(ambiguousLegs), feeLines: feeLines, nearMisses: nearMisses)
        result.statistics = statistics
        return result
    }

    /// Whether any two of the input's rows could be a transfer's legs: rows in two accounts or
    /// more (a candidate is always in another account than its leg), or stored links to mark.
    /// One account's rows (the first import into a new ledger, say) find no candidate, so
    /// nothing reads their texts: their unpaired hints come from the rows' transfer hints alone.
    static func canPair(_ input: TransferMatchInput) -> Bool {
        guard input.linked.isEmpty, let first = input.transactions.first?.accountId else { return true }
        for i in input.transactions.indices where input.transactions[i].accountId != first { return true }
        return false
    }

    /// Which of `ids` are among `transactions`' ids: each transaction's id looked up in `ids` (a
    /// handful), where the plain twin (`plain`) makes a set of every transaction's id.
    static func present(_ ids: Set<Int64>, among transactions: [LedgerTransaction], plain: Bool) -> Set<Int64> {
        if plain { return Set(transactions.compactMap(\.id)).intersection(ids) }
        var found = Set<Int64>()
        for i in transactions.indices {
            if let id = transactions[i].id, ids.contains(id) { found.insert(id) }
        }
        return found
    }

    /// The currencies `transactions` carry, each once (a run of one currency is looked at once).
    static func currencies(of transactions: [LedgerTransaction]) -> [Currency] {
        var seen = Set<Currency>()
        var last: Currency?
        for i in transactions.indices where transactions[i].currency != last {
            last = transactions[i].currency
            seen.insert(transactions[i].currency)
        }
        return Array(seen)
    }

    /// Marks the candidate edges of linked pairs (adding an edge where the pair was no candidate)
    /// and returns their legs.
    static func markLinked(_ links: [TransferLink], in edges: inout [CandidateEdge], legs: LegTable,
                           options: TransferMatchOptions) -> Set<Int32> {
        guard !links.isEmpty else { return [] }
        var wanted: [Int64: Bool] = [:]
        var linkedLegs = Set<Int32>()
        for link in links {
            guard let a = legs.legOfId[link.fromId], let b = legs.legOfId[link.toId],
                  !linkedLegs.contains(a), !linkedLegs.contains(b) else { continue }
            let (from, to) = legs.outgoing[Int(a)] || !legs.outgoing[Int(b)] ? (a, b) : (b, a)
            wanted[Int64(from) << 32 | Int64(to)] = false
            linkedLegs.insert(from)
            linkedLegs.insert(to)
        }
        for e in edges.indices {
            let key = Int64(edges[e].from) << 32 | Int64(edges[e].to)
            if wanted[key] == false {
                edges[e].linked = true
                edges[e].reviewOnly = false
                wanted[key] = true
            }
        }
        for (key, found) in wanted.sorted(by: { $0.key < $1.key }) where !found {
            // Stored, but no candidate today (paired by hand, beyond the window): held all the same.
            edges.append(CandidateEdge(from: Int32(truncatingIfNeeded: key >> 32), to: Int32(truncatingIfNeeded: key),
                                       score: options.threshold + 1, relation: .equal, linked: true))
        }
        return linkedLegs
    }

    /// For the legs of one candidate group: each leg's class, the first leg with the same
    /// account, day, direction, amount, currency and texts (interchangeable legs share one).
    static func interchangeableClasses(of group: [Int32], legs: LegTable, transactions: [LedgerTransaction]) -> [Int32: Int32] {
        struct Signature: Hashable {
            var account: Int32, day: Int32, key: Int64, currency: Int16, outgoing: Bool, hint: Int32
            var payee: String?, memo: String?, type: String?, original: String?
        }
        var first: [Signature: Int32] = [:]
        var result: [Int32: Int32] = [:]
        for leg in group.sorted() where result[leg] == nil {
            let l = Int(leg)
            let t = transactions[legs.transactionIndex[l]]
            let signature = Signature(account: legs.account[l], day: legs.day[l], key: legs.key[l], currency: legs.currency[l],
                                      outgoing: legs.outgoing[l], hint: legs.hint[l], payee: t.payee, memo: t.memo,
                                      type: t.bankType, original: t.originalPayee)
            if let representative = first[signature] {
                result[leg] = representative
            } else {
                first[signature] = leg
                result[leg] = leg
            }
        }
        return result
    }

    func makePair(_ edge: CandidateEdge, legs: LegTable, directory: AccountDirectory, scorer: TransferScorer,
                          input: TransferMatchInput, status: TransferPair.Status) -> TransferPair {
        let o = Int(edge.from), i = Int(edge.to)
        let outTx = input.transactions[legs.transactionIndex[o]]
        let inTx = input.transactions[legs.transactionIndex[i]]
        let from = TransferLeg(outTx, account: directory.accounts[Int(legs.account[o])], index: legs.transactionIndex[o])
        let to = TransferLeg(inTx, account: directory.accounts[Int(legs.account[i])], index: legs.transactionIndex[i])
        let evaluation = scorer.evaluate(from: o, to: i, relation: edge.relation, explain: true)
        var pair = TransferPair(from: from, to: to, confidence: min(evaluation.confidenceCap, 1, max(0, evaluation.score)),
                                reasons: evaluation.reasons, status: status)
        switch edge.relation {
        case .equal: break
        case .fee:
            pair.fee = try? pair.sentAmount - pair.receivedAmount
        case .rate:
            pair.rate = TransferPair.displayRate(received: pair.receivedAmount, sent: pair.sentAmount)
        }
        return pair
    }

}
