extension DifferenceDiagnosis {
    // MARK: - Several stored transactions

    /// Two or three stored transactions that together are the difference: over the whole window
    /// those with suspect entries (``SubsetSumSearch``), and any among the nearest to the checkpoint.
    func subsets(_ d: Int64, lo: Int, hi: Int, window: DayRange) -> ([Suspect], DiagnosisScope?) {
        guard options.maximumSubsetSize >= 2, d != .min else { return ([], nil) }
        let target = -d
        let triples = options.maximumSubsetSize >= 3
        // Suspect entries of the window, the most recent entry first.
        var suspects = (lo..<hi).filter { provenance[$0] != .imported }
        suspects.sort { (balances.transaction(at: $0).id ?? .max, $0) > (balances.transaction(at: $1).id ?? .max, $1) }
        let found = SubsetSumSearch.fast(units: balances.units, window: lo..<hi, suspects: suspects, target: target, triples: triples)
        let nearestFrom = max(lo, hi - max(0, options.subsetCandidates))
        var sets: [(positions: [Int], suspect: Int)] = []
        var seen = Set<[Int]>()
        for set in found.pairs + found.triples where seen.insert(set).inserted {
            sets.append((set, set.filter { provenance[$0] != .imported }.count))
        }
        for set in nearestSubsets(target, from: nearestFrom, to: hi, triples: triples) where seen.insert(set).inserted {
            sets.append((set, set.filter { provenance[$0] != .imported }.count))
        }
        func confidence(_ s: (positions: [Int], suspect: Int)) -> Double {
            let all = s.suspect == s.positions.count
            switch (s.positions.count, all) {
            case (2, true): return 0.8
            case (2, false): return s.suspect > 0 ? 0.45 : 0.4
            case (_, true): return 0.75
            default: return s.suspect >= 2 ? 0.45 : 0.3
            }
        }
        func recency(_ s: [Int]) -> Int64 { s.map { balances.transaction(at: $0).id ?? .max }.min() ?? 0 }
        sets.sort { a, b in
            let (x, y) = (confidence(a), confidence(b))
            if x != y { return x > y }
            if recency(a.positions) != recency(b.positions) { return recency(a.positions) > recency(b.positions) }
            return b.positions.lexicographicallyPrecedes(a.positions)
        }
        let scope = DiagnosisScope(transactions: hi - lo, suspectEntries: suspects.count, triplesCut: found.triplesCut,
                                   nearest: hi - nearestFrom)
        let result = sets.prefix(max(0, options.maximumSubsets)).map { set in
            let ts = set.positions.map { balances.transaction(at: $0) }
            let how = set.suspect == set.positions.count
                ? (set.positions.count == 2 ? " (both" : " (all") + " typed, edited or entered late)" : ""
            return Suspect(kind: .subsetSum, transactions: ts,
                           reason: "these \(ts.count) transactions add up to the difference\(how): " + set.positions.map(described).joined(separator: ", "),
                           confidence: confidence(set))
        }
        return (result, scope)
    }

    /// Pairs and triples of any stored transactions between `from` and `to` (the nearest the
    /// checkpoint) adding up to `target`, through a hash table: O(k²).
    func nearestSubsets(_ target: Int64, from: Int, to: Int, triples: Bool) -> [[Int]] {
        let candidates = (from..<to).filter { balances.units[$0] != 0 }
        var byValue: [Int64: [Int]] = [:]
        for (n, pos) in candidates.enumerated() { byValue[balances.units[pos], default: []].append(n) }
        var sets: [[Int]] = []
        let limit = max(0, options.maximumSubsets) * 4
        let wide = Int128(target)
        outer: for a in 0..<candidates.count {
            let ua = Int128(balances.units[candidates[a]])
            if let need = Int64(exactly: wide - ua), let list = byValue[need] {
                for b in list where b > a {
                    sets.append([candidates[a], candidates[b]])
                    if sets.count >= limit { break outer }
                }
            }
        }
        guard triples, sets.count < limit else { return sets }
        outer: for a in 0..<candidates.count {
            let ua = Int128(balances.units[candidates[a]])
            for b in (a + 1)..<max(a + 1, candidates.count) {
                let ub = Int128(balances.units[candidates[b]])
                guard let need = Int64(exactly: wide - ua - ub), let list = byValue[need] else { continue }
                for c in list where c > b {
                    sets.append([candidates[a], candidates[b], candidates[c]])
                    if sets.count >= limit { break outer }
                }
            }
        }
        return sets
    }

    // MARK: - Rows the ledger lacks

    /// Rows the ledger may lack whose amounts are the difference, alone or two together: rows
    /// the import skipped, counter-legs of other accounts' transfer legs, recurring payments due.
    func missingRows(_ d: Int64, window: DayRange) -> [Suspect] {
        let candidates = missingCandidates(window)
        guard !candidates.isEmpty else { return [] }
        var result: [Suspect] = []
        var byUnits: [Int64: [Int]] = [:]
        for (n, c) in candidates.enumerated() { byUnits[c.units, default: []].append(n) }
        for n in byUnits[d] ?? [] {
            let c = candidates[n]
            result.append(Suspect(kind: c.kind, amount: c.row.amount, window: window,
                                  reason: "\(c.why): it is missing from the ledger and is exactly the difference",
                                  confidence: c.confidence, missingRows: [c.row]))
        }
        var seen = Set<[Int]>()
        for (a, c) in candidates.enumerated() {
            let (need, o) = d.subtractingReportingOverflow(c.units)
            guard !o, let list = byUnits[need] else { continue }
            for b in list where b != a && seen.insert([min(a, b), max(a, b)]).inserted {
                let pair = [candidates[min(a, b)], candidates[max(a, b)]]
                result.append(Suspect(kind: .missingRows, amount: balances.amount(d), window: window,
                                      reason: "two rows the ledger lacks add up to the difference: " + pair.map(\.why).joined(separator: "; "),
                                      confidence: min(pair[0].confidence, pair[1].confidence) - 0.02, missingRows: pair.map(\.row)))
            }
        }
        return Array(result.prefix(max(1, options.maximumSuspects)))
    }

    /// One row the ledger may lack, as it would be stored here.
    struct MissingCandidate {
        var row: LedgerTransaction
        var units: Int64
        var kind: Suspect.Kind
        var confidence: Double
        var why: String
    }

    func missingCandidates(_ window: DayRange) -> [MissingCandidate] {
        var result: [MissingCandidate] = []
        let slack = max(1, options.datingSlackDays)
        func stored(_ units: Int64, near day: Day, within days: Int) -> Bool {
            let from = balances.lowerBound(day.advanced(by: -days)), to = balances.upperBound(day.advanced(by: days))
            return (from..<to).contains { balances.units[$0] == units }
        }
        // A skipped row has a stored look-alike by definition (that is why it was skipped). It may
        // be dated on the day before the window, the last day the previous checkpoint includes: an
        // export cut in the middle of a day agrees through that day, and the rest of the day comes
        // with the next export, where the import takes a second real purchase for the first.
        for row in skippedRows where row.day >= window.start.advanced(by: -1) && row.day <= window.end {
            guard let u = balances.unitsOf(row.amount) else { continue }
            var missing = row
            missing.id = nil
            result.append(MissingCandidate(row: missing, units: u, kind: .skippedStatementRow, confidence: 0.85,
                                           why: "the import skipped \(MyMoneyReconcile.describe(row))\(row.sourceFile.map { " of \($0)" } ?? "") as already stored"))
        }
        for leg in counterpartLegs where leg.day >= window.start.advanced(by: -slack) && leg.day <= window.end {
            guard let negated = try? -leg.amount, let u = balances.unitsOf(negated), !stored(u, near: leg.day, within: slack) else { continue }
            let row = LedgerTransaction(accountId: balances.transactions.first?.accountId ?? leg.accountId, day: max(leg.day, window.start),
                                        amount: negated, currency: leg.currency, originalPayee: leg.payee, memo: leg.memo)
            result.append(MissingCandidate(row: row, units: u, kind: .missingTransferLeg, confidence: 0.8,
                                           why: "\(MyMoneyReconcile.describe(leg)) in another account names this one, and its counter-leg of \(negated) is not here"))
        }
        for (series, due) in recurring.absent(in: window.start.daysSinceEpoch...window.end.daysSinceEpoch) {
            let s = recurring.series[series]
            let example = balances.transaction(at: s.example)
            let day = Day(daysSinceEpoch: due)
            let row = LedgerTransaction(accountId: example.accountId, day: day, amount: balances.amount(s.units),
                                        currency: example.currency, originalPayee: example.originalPayee ?? example.payee, memo: example.memo)
            // Below a digit swap in an imported row (0.65): in a long ledger some payee and amount
            // repeat at a steady interval by chance (a 200k-row ledger of eight payees has hundreds).
            result.append(MissingCandidate(row: row, units: s.units, kind: .missingRecurring, confidence: 0.6,
                                           why: "\(MyMoneyReconcile.describe(row)) recurs every \(s.gap) days (\(s.days.count) times so far) and is absent around \(day)"))
        }
        return result
    }
}
