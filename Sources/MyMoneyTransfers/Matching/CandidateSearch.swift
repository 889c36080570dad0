/// Finds the candidate pairs for every sending leg without comparing all pairs.
///
/// Same currency: receiving legs in the window whose magnitude lies in [sent − fee bound, sent]
/// (one binary search per day). Other currency with a reference rate: magnitudes in the band
/// around sent × rate. Without a reference, sending legs with transfer evidence (hint, account
/// mention, transfer word, currency code) look among receiving legs with such evidence within
/// ±25% of the coarse built-in rate where ``CoarseRates`` knows the pair (any amount where it
/// does not); with a reference, those whose text points at the other currency (its code, an
/// account in it) do so too when nothing fits the reference's band, so a rates file does not
/// lose a pair that words alone would find. Sending legs
/// whose text names something (an account, an amount, a reference) look further, up to
/// ``TransferMatchOptions/evidenceWindowDays``, among receiving legs with words or figures.
///
/// - Complexity: O(n log n) to index, then O(n · c · w · log b + k) for c currencies, a window of
///   w days, buckets of b legs and k candidates.
struct CandidateSearch: Sendable {
    let legs: LegTable
    let options: TransferMatchOptions
    let rates: ExchangeRateTable
    let directory: AccountDirectory
    let scorer: TransferScorer
    let rejected: Set<TransferLink>
    let transactions: [LedgerTransaction]

    /// Candidate edges at or above the threshold, and for legs with a hint the best one below it.
    func edges(statistics: inout TransferMatchStatistics) -> (edges: [CandidateEdge], nearMisses: [Int32: NearMiss]) {
        let all = IncomingIndex(legs: legs) { _ in true }
        let telling = IncomingIndex(legs: legs) { legs.text[$0].suggestsTransfer || legs.hint[$0] >= 0 }
        let widening = options.evidenceWindowDays > options.windowDays
        let late = widening ? IncomingIndex(legs: legs) { legs.text[$0].suggestsTransfer || legs.hint[$0] >= 0 || legs.figures.has($0) }
                            : IncomingIndex(legs: legs) { _ in false }
        let currencies = directory.currencies
        let series = CandidateSearch.rateSeries(currencies: currencies, rates: rates, maximumDistance: options.referenceDays)
        let window = options.windowDays, wide = options.evidenceWindowDays
        func days(around day: Int32, _ a: Int, _ b: Int) -> ClosedRange<Int32> {
            Int32(clamping: Int(day) + a)...Int32(clamping: Int(day) + b)
        }
        let fraction = options.feeMaximumFraction
        let feeCap = (try? options.feeMaximum.rescaled(to: LegTable.keyScale).units) ?? Int64.max
        var edges: [CandidateEdge] = []
        var nearMisses: [Int32: NearMiss] = [:]
        var scored = 0, beyond = 0, offBand = 0
        let coarse: [[Int64?]] = currencies.map { a in currencies.map { b in a == b ? nil : CoarseRates.rate(from: a, to: b) } }

        // Accounts by currency: a text that names an account in currency t points at t.
        var accountsIn = Array(repeating: UInt64(0), count: currencies.count)
        for (k, account) in directory.accounts.enumerated() where k < 64 {
            accountsIn[directory.currencyIndex(account.currency)] |= 1 << UInt64(k)
        }
        /// The sending leg's text or hint points at currency `t`: its code, or an account in it.
        func pointsAt(_ o: Int, currency t: Int16) -> Bool {
            let bit: UInt64 = t < 64 ? 1 << UInt64(t) : 0
            let hinted = Int(legs.hint[o])
            return legs.text[o].mentionedCurrencies & bit != 0 || legs.text[o].mentionedAccounts & accountsIn[Int(t)] != 0
                || (hinted >= 0 && hinted < 64 && accountsIn[Int(t)] & (1 << UInt64(hinted)) != 0)
        }
        // A small leg that says FEE is a fee line, never a transfer's leg.
        func isFeeLine(_ leg: Int) -> Bool { legs.text[leg].has(.fee) && legs.key[leg] <= feeCap }
        for o in 0..<legs.count where legs.outgoing[o] && !isFeeLine(o) {
            let m = legs.key[o]
            let c = legs.currency[o]
            let day = legs.day[o]
            let oAccount = legs.account[o]
            let oTelling = legs.text[o].suggestsTransfer || legs.hint[o] >= 0
            // Only a text that names something (an account, an amount, a reference) looks further.
            let oNaming = widening && (legs.hint[o] >= 0 || legs.figures.has(o) || legs.mentionsOtherAccount(o))
            // The days to look at: pass 0 the window, among any receiving legs (or those with
            // words); passes 1 and 2 the wider days before and after it, among legs with words or figures.
            let passes = oNaming ? 3 : 1
            let base = days(around: day, -window, window)
            let before = oNaming ? days(around: day, -wide, -window - 1) : base
            let after = oNaming ? days(around: day, window + 1, wide) : base
            func passDays(_ n: Int) -> ClosedRange<Int32> { n == 0 ? base : n == 1 ? before : after }
            func look(_ n: Int, wordy: Bool, currency: Int16, day: Int32, keys: ClosedRange<Int64>?) -> ArraySlice<Int32> {
                switch (n, wordy, keys) {
                case (0, false, let keys?): all.legs(currency: currency, day: day, keys: keys)
                case (0, true, let keys?): telling.legs(currency: currency, day: day, keys: keys)
                case (0, _, nil): telling.legs(currency: currency, day: day)
                case (_, _, let keys?): late.legs(currency: currency, day: day, keys: keys)
                case (_, _, nil): late.legs(currency: currency, day: day)
                }
            }
            func consider(_ i: Int32, _ relation: AmountRelation) {
                guard legs.account[Int(i)] != oAccount, !isFeeLine(Int(i)), !isRejected(o, Int(i)) else { return }
                scored += 1
                if abs(Int(legs.day[Int(i)]) - Int(day)) > window { beyond += 1 }
                if case .rate(let check) = relation, check.offReference { offBand += 1 }
                let evaluation = scorer.evaluate(from: o, to: Int(i), relation: relation, explain: false)
                if evaluation.score >= options.threshold {
                    edges.append(CandidateEdge(from: Int32(o), to: i, score: evaluation.score, relation: relation,
                                               reviewOnly: evaluation.reviewOnly))
                } else if legs.hint[o] >= 0 || legs.hint[Int(i)] >= 0 {
                    func note(_ leg: Int32) {
                        guard legs.hint[Int(leg)] >= 0, evaluation.score > (nearMisses[leg]?.score ?? 0) else { return }
                        nearMisses[leg] = NearMiss(from: Int32(o), to: i, score: evaluation.score, relation: relation)
                    }
                    note(Int32(o))
                    note(i)
                }
            }
            // Same currency.
            let feeRoom = min(CandidateSearch.multiply(m, fraction, roundingUp: false) ?? 0, feeCap)
            let low = m - max(0, feeRoom)
            for n in 0..<passes {
                // Beyond the window, equal amounts only: a fee by difference that late is no lead.
                let keys = n == 0 ? low...m : m...m
                for d in passDays(n) {
                    for i in look(n, wordy: false, currency: c, day: d, keys: keys) {
                        let n = legs.key[Int(i)]
                        consider(i, n == m ? .equal : .fee(m - n))
                    }
                }
            }
            // Other currencies.
            for t in all.currencies where t != c {
                let pairSeries = Int(c) < series.count && Int(t) < series.count ? series[Int(c)][Int(t)] : nil
                var check = RateCheck(tier: .none, referenceUnits: 0, referenceDay: 0, source: .file, deviation: 0)
                var band = (below: options.referenceBand, above: options.referenceBandAbove)
                if let pairSeries {
                    if let near = ExchangeRateTable.nearest(in: pairSeries, to: Day(daysSinceEpoch: day), maximumDistance: options.referenceDays) {
                        check = RateCheck(tier: .near, referenceUnits: near.units, referenceDay: near.day, source: near.source,
                                          deviation: 0, crossed: near.crossed)
                    } else if let wide = ExchangeRateTable.nearest(in: pairSeries, to: Day(daysSinceEpoch: day), maximumDistance: options.wideReferenceDays) {
                        check = RateCheck(tier: .wide, referenceUnits: wide.units, referenceDay: wide.day, source: wide.source,
                                          deviation: 0, crossed: wide.crossed)
                        band = (options.wideReferenceBand, options.wideReferenceBand)
                    }
                }
                var referenceRange: ClosedRange<Int64>? = nil
                let edgesBefore = edges.count
                if check.tier != .none, let range = CandidateSearch.bandRange(m, rate: check.referenceUnits, below: band.below, above: band.above) {
                    referenceRange = range
                    // Beyond the window only toward a currency the text points at.
                    for n in 0..<(pointsAt(o, currency: t) ? passes : 1) {
                        for d in passDays(n) {
                            for i in look(n, wordy: false, currency: t, day: d, keys: range) {
                                var c2 = check
                                c2.deviation = CandidateSearch.deviation(sent: m, received: legs.key[Int(i)], reference: check.referenceUnits)
                                consider(i, .rate(c2))
                            }
                        }
                    }
                }
                // Words on both legs: also within the coarse band (or at any amount, for pairs the
                // built-in table does not know), outside the reference's band; with a reference
                // only when nothing in its band was found (what words alone would find is not lost),
                // and only in the day window.
                guard oTelling, check.tier == .none || (edges.count == edgesBefore && pointsAt(o, currency: t)) else { continue }
                func outsideReference(_ i: Int32) -> Bool { referenceRange.map { !$0.contains(legs.key[Int(i)]) } ?? true }
                func isTelling(_ i: Int32) -> Bool { legs.text[Int(i)].suggestsTransfer || legs.hint[Int(i)] >= 0 }
                let offReference = check.tier != .none
                for n in 0..<(offReference ? 1 : passes) {
                    if let coarse = coarse[Int(c)][Int(t)] {
                        guard let range = CandidateSearch.bandRange(m, rate: coarse, below: CoarseRates.band, above: CoarseRates.band) else { continue }
                        for d in passDays(n) {
                            for i in look(n, wordy: true, currency: t, day: d, keys: range) {
                                guard outsideReference(i), isTelling(i) else { continue }
                                var fallback = check
                                fallback.tier = .coarse
                                fallback.coarseUnits = coarse
                                fallback.offReference = offReference
                                fallback.deviation = CandidateSearch.deviation(sent: m, received: legs.key[Int(i)], reference: coarse)
                                consider(i, .rate(fallback))
                            }
                        }
                    } else {
                        for d in passDays(n) {
                            for i in look(n, wordy: true, currency: t, day: d, keys: nil) {
                                guard outsideReference(i), isTelling(i) else { continue }
                                var fallback = check
                                fallback.tier = .none
                                fallback.offReference = offReference
                                consider(i, .rate(fallback))
                            }
                        }
                    }
                }
            }
        }
        statistics.candidatesScored = scored
        statistics.candidatesBeyondWindow = beyond
        statistics.candidatesOffReference = offBand
        statistics.candidatesKept = edges.count
        return (edges, nearMisses)
    }

    /// Rate series per (from, to) currency index, looked up once; pairs without a direct series
    /// get cross rates through a third currency (USD→GBP via EUR→USD and EUR→GBP).
    static func rateSeries(currencies: [Currency], rates: ExchangeRateTable, maximumDistance: Int) -> [[[ExchangeRateTable.Entry]?]] {
        var series: [[[ExchangeRateTable.Entry]?]] = Array(repeating: Array(repeating: nil, count: currencies.count),
                                                           count: currencies.count)
        for a in currencies.indices {
            for b in currencies.indices where a != b { series[a][b] = rates.series(from: currencies[a], to: currencies[b]) }
        }
        for a in currencies.indices {
            for b in currencies.indices where a != b && series[a][b] == nil {
                for k in currencies.indices where k != a && k != b {
                    if let first = series[a][k], let second = series[k][b],
                       let cross = CandidateSearch.crossSeries(first, second, maximumDistance: maximumDistance) {
                        series[a][b] = cross
                        break
                    }
                }
            }
        }
        return series
    }

    private func isRejected(_ o: Int, _ i: Int) -> Bool {
        guard !rejected.isEmpty, let a = transactions[legs.transactionIndex[o]].id,
              let b = transactions[legs.transactionIndex[i]].id else { return false }
        return rejected.contains(TransferLink(fromId: a, toId: b)) || rejected.contains(TransferLink(fromId: b, toId: a))
    }

    /// Cross rates a→b from a→k and k→b quoted within `maximumDistance` days of each other, dated
    /// on the a→k day; nil when none.
    static func crossSeries(_ first: [ExchangeRateTable.Entry], _ second: [ExchangeRateTable.Entry],
                            maximumDistance: Int) -> [ExchangeRateTable.Entry]? {
        var result: [ExchangeRateTable.Entry] = []
        for entry in first {
            guard let other = ExchangeRateTable.nearest(in: second, to: Day(daysSinceEpoch: entry.day),
                                                        maximumDistance: maximumDistance) else { continue }
            let product = (Int128(entry.units) * Int128(other.units) + 5_000_000_000) / 10_000_000_000
            guard let units = Int64(exactly: product), units > 0 else { continue }
            result.append(ExchangeRateTable.Entry(day: entry.day, units: units,
                                                  source: max(entry.source, other.source), crossed: true))
        }
        return result.isEmpty ? nil : result
    }

    /// `value × fraction` in the same units, rounded down or up; nil on overflow.
    static func multiply(_ value: Int64, _ fraction: Amount, roundingUp: Bool) -> Int64? {
        let product = Int128(value) * Int128(fraction.units)
        var divisor: Int128 = 1
        for _ in 0..<fraction.scale { divisor *= 10 }
        var quotient = product / divisor
        if roundingUp, product % divisor != 0 { quotient += 1 }
        return Int64(exactly: quotient)
    }

    /// The receiving keys from `below` under to `above` over `sent × rate` (rate scaled by
    /// 10^10), exactly: ⌈sent·rate·(1−below)⌉ … ⌊sent·rate·(1+above)⌋.
    static func bandRange(_ sent: Int64, rate: Int64, below: Amount, above: Amount) -> ClosedRange<Int64>? {
        guard below.units >= 0, above.units >= 0 else { return nil }
        let scale = max(below.scale, above.scale)
        guard let low = try? below.rescaled(to: scale), let high = try? above.rescaled(to: scale) else { return nil }
        var bandScale: Int128 = 1
        for _ in 0..<scale { bandScale *= 10 }
        let rateScale: Int128 = 10_000_000_000
        let (base, o1) = Int128(sent).multipliedReportingOverflow(by: Int128(rate))
        guard !o1 else { return nil }
        let (lowNumerator, o2) = base.multipliedReportingOverflow(by: bandScale - Int128(low.units))
        let (highNumerator, o3) = base.multipliedReportingOverflow(by: bandScale + Int128(high.units))
        guard !o2, !o3 else { return nil }
        let denominator = rateScale * bandScale
        var lower = lowNumerator / denominator
        if lowNumerator % denominator > 0 { lower += 1 }
        let upper = highNumerator / denominator
        guard let l = Int64(exactly: max(1, lower)), let h = Int64(exactly: upper), l <= h else { return nil }
        return l...h
    }

    static func deviation(sent: Int64, received: Int64, reference: Int64) -> Double {
        guard sent > 0, reference > 0 else { return 0 }
        return (Double(received) / Double(sent) * 1e10) / Double(reference) - 1
    }
}
