/// Finds the candidate pairs for every sending leg without comparing all pairs.
///
/// Same currency: receiving legs in the window whose magnitude lies in [sent − fee bound, sent]
/// (one binary search per day). Other currency with a reference rate: magnitudes in the band
/// around sent × rate. Other currency without any reference: only when both legs carry transfer
/// evidence (hint, account mention, transfer word, currency code), from a separate index of such
/// receiving legs, within ±25% of the coarse built-in rate where ``CoarseRates`` knows the pair.
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

    func edges(statistics: inout TransferMatchStatistics) -> [CandidateEdge] {
        let all = IncomingIndex(legs: legs) { _ in true }
        let telling = IncomingIndex(legs: legs) { legs.text[$0].suggestsTransfer || legs.hint[$0] >= 0 }
        let currencies = directory.currencies
        // Rate series per (from, to) currency index, looked up once; pairs without a direct
        // series get cross rates through a third currency (USD→GBP via EUR→USD and EUR→GBP).
        var series: [[[ExchangeRateTable.Entry]?]] = Array(repeating: Array(repeating: nil, count: currencies.count),
                                                           count: currencies.count)
        for a in currencies.indices {
            for b in currencies.indices where a != b { series[a][b] = rates.series(from: currencies[a], to: currencies[b]) }
        }
        for a in currencies.indices {
            for b in currencies.indices where a != b && series[a][b] == nil {
                for k in currencies.indices where k != a && k != b {
                    if let first = series[a][k], let second = series[k][b],
                       let cross = CandidateSearch.crossSeries(first, second, maximumDistance: options.referenceDays) {
                        series[a][b] = cross
                        break
                    }
                }
            }
        }
        let window = options.windowDays
        func days(around day: Int32) -> ClosedRange<Int32> {
            Int32(clamping: Int(day) - window)...Int32(clamping: Int(day) + window)
        }
        let fraction = options.feeMaximumFraction
        let feeCap = (try? options.feeMaximum.rescaled(to: LegTable.keyScale).units) ?? Int64.max
        var edges: [CandidateEdge] = []
        var scored = 0
        let coarse: [[Int64?]] = currencies.map { a in currencies.map { b in a == b ? nil : CoarseRates.rate(from: a, to: b) } }

        // A small leg that says FEE is a fee line, never a transfer's leg.
        func isFeeLine(_ leg: Int) -> Bool { legs.text[leg].has(.fee) && legs.key[leg] <= feeCap }
        for o in 0..<legs.count where legs.outgoing[o] && !isFeeLine(o) {
            let m = legs.key[o]
            let c = legs.currency[o]
            let day = legs.day[o]
            let oAccount = legs.account[o]
            func consider(_ i: Int32, _ relation: AmountRelation) {
                guard legs.account[Int(i)] != oAccount, !isFeeLine(Int(i)), !isRejected(o, Int(i)) else { return }
                scored += 1
                let (score, _) = scorer.evaluate(from: o, to: Int(i), relation: relation, explain: false)
                if score >= options.threshold {
                    edges.append(CandidateEdge(from: Int32(o), to: i, score: score, relation: relation))
                }
            }
            // Same currency.
            let feeRoom = min(CandidateSearch.multiply(m, fraction, roundingUp: false) ?? 0, feeCap)
            let low = m - max(0, feeRoom)
            for d in days(around: day) {
                all.forEach(currency: c, day: d, keys: low...m) { i in
                    let n = legs.key[Int(i)]
                    consider(i, n == m ? .equal : .fee(m - n))
                }
            }
            // Other currencies.
            for t in all.currencies where t != c {
                let pairSeries = Int(c) < series.count && Int(t) < series.count ? series[Int(c)][Int(t)] : nil
                var check = RateCheck(tier: .none, referenceUnits: 0, referenceDay: 0, source: .file, deviation: 0)
                var band = options.referenceBand
                if let pairSeries {
                    if let near = ExchangeRateTable.nearest(in: pairSeries, to: Day(daysSinceEpoch: day), maximumDistance: options.referenceDays) {
                        check = RateCheck(tier: .near, referenceUnits: near.units, referenceDay: near.day, source: near.source,
                                          deviation: 0, crossed: near.crossed)
                    } else if let wide = ExchangeRateTable.nearest(in: pairSeries, to: Day(daysSinceEpoch: day), maximumDistance: options.wideReferenceDays) {
                        check = RateCheck(tier: .wide, referenceUnits: wide.units, referenceDay: wide.day, source: wide.source,
                                          deviation: 0, crossed: wide.crossed)
                        band = options.wideReferenceBand
                    }
                }
                if check.tier != .none {
                    guard let range = CandidateSearch.bandRange(m, rate: check.referenceUnits, band: band) else { continue }
                    for d in days(around: day) {
                        all.forEach(currency: t, day: d, keys: range) { i in
                            var c2 = check
                            c2.deviation = CandidateSearch.deviation(sent: m, received: legs.key[Int(i)], reference: check.referenceUnits)
                            consider(i, .rate(c2))
                        }
                    }
                } else if legs.text[o].suggestsTransfer || legs.hint[o] >= 0 {
                    // No reference: both legs must carry words, and the rate must be plausible.
                    if let coarse = coarse[Int(c)][Int(t)] {
                        guard let range = CandidateSearch.bandRange(m, rate: coarse, band: CoarseRates.band) else { continue }
                        for d in days(around: day) {
                            telling.forEach(currency: t, day: d, keys: range) { i in
                                let check = RateCheck(tier: .coarse, referenceUnits: coarse, referenceDay: 0, source: .file,
                                                      deviation: CandidateSearch.deviation(sent: m, received: legs.key[Int(i)], reference: coarse))
                                consider(i, .rate(check))
                            }
                        }
                    } else {
                        for d in days(around: day) {
                            telling.forEach(currency: t, day: d) { i in consider(i, .rate(check)) }
                        }
                    }
                }
            }
        }
        statistics.candidatesScored = scored
        statistics.candidatesKept = edges.count
        return edges
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

    /// The receiving keys within `band` of `sent × rate` (rate scaled by 10^10), exactly:
    /// ⌈sent·rate·(1−band)⌉ … ⌊sent·rate·(1+band)⌋.
    static func bandRange(_ sent: Int64, rate: Int64, band: Amount) -> ClosedRange<Int64>? {
        var bandScale: Int128 = 1
        for _ in 0..<band.scale { bandScale *= 10 }
        let rateScale: Int128 = 10_000_000_000
        let (base, o1) = Int128(sent).multipliedReportingOverflow(by: Int128(rate))
        guard !o1, band.units >= 0 else { return nil }
        let (lowNumerator, o2) = base.multipliedReportingOverflow(by: bandScale - Int128(band.units))
        let (highNumerator, o3) = base.multipliedReportingOverflow(by: bandScale + Int128(band.units))
        guard !o2, !o3 else { return nil }
        let denominator = rateScale * bandScale
        var low = lowNumerator / denominator
        if lowNumerator % denominator > 0 { low += 1 }
        let high = highNumerator / denominator
        guard let l = Int64(exactly: max(1, low)), let h = Int64(exactly: high), l <= h else { return nil }
        return l...h
    }

    static func deviation(sent: Int64, received: Int64, reference: Int64) -> Double {
        guard sent > 0, reference > 0 else { return 0 }
        return (Double(received) / Double(sent) * 1e10) / Double(reference) - 1
    }
}
