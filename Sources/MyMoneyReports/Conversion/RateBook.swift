/// Every known rate by currency pair and day: the one place that decides which rate converts an
/// amount of one currency on one day into another.
///
/// The rule: an amount converts at the latest rate on or before its day. A rate quoted `A → B`
/// also converts `B → A` (its inverse, divided exactly, not rounded to a few digits). When no rate
/// links two currencies directly, one step through a common currency is taken (`GBP → EUR → USD`
/// from two ECB quotes), through the currency whose older leg is the most recent (ties: by code).
/// A direct or inverted rate, however old, wins over a cross. On one day and pair, a rate file
/// wins over a confirmed transfer, a rate as quoted over an inverted one, and a later import over
/// an earlier one. Never a rate of 1 between two currencies: without a rate there is no conversion.
///
/// - Complexity: building O(r log r) for r rates; a lookup O(log r) for one pair, O(k log r) for a
///   cross through k candidate currencies.
public struct RateBook: Sendable {
    struct Entry: Sendable {
        var day: Int32
        var factor: RateFactor
        var step: AppliedRate.Step
        /// Smaller wins on one day: (transfer, inverted, -id, order).
        var rank: (Int, Int, Int64, Int)
    }

    struct Pair: Sendable, Hashable {
        var from: Currency
        var to: Currency
    }

    private var series: [Pair: [Entry]] = [:]
    private var neighbours: [Currency: [Currency]] = [:]

    /// The rates of files and the rates confirmed cross-currency transfers imply (the leaving leg's
    /// day, what arrived over what left).
    public init(rates: [StoredRate], transfers: [TransferLegAmount] = []) {
        var collected: [Pair: [Entry]] = [:]
        var order = 0
        func add(day: Day, from: Currency, to: Currency, factor: RateFactor, source: StoredRate.Source, id: Int64) {
            guard from != to else { return }
            order += 1
            let transfer = source == .transfer ? 1 : 0
            let direct = AppliedRate.Step(from: from, to: to, day: day, source: source, inverted: false)
            collected[Pair(from: from, to: to), default: []].append(
                Entry(day: day.daysSinceEpoch, factor: factor, step: direct, rank: (transfer, 0, -id, order)))
            let inverse = AppliedRate.Step(from: from, to: to, day: day, source: source, inverted: true)
            collected[Pair(from: to, to: from), default: []].append(
                Entry(day: day.daysSinceEpoch, factor: factor.inverted, step: inverse, rank: (transfer, 1, -id, order)))
        }
        for rate in rates where rate.rate.isPositive {
            add(day: rate.day, from: rate.from, to: rate.to, factor: RateFactor(rate: rate.rate), source: rate.source, id: rate.id ?? 0)
        }
        for leg in transfers {
            guard let other = leg.other, other.confirmed, leg.amount.isNegative, other.amount.isPositive,
                  other.currency != leg.currency, let sent = try? leg.amount.magnitude() else { continue }
            add(day: leg.day, from: leg.currency, to: other.currency, factor: RateFactor(other.amount, over: sent),
                source: .transfer, id: leg.transactionId)
        }
        for (pair, entries) in collected {
            let sorted = entries.sorted { ($0.day, $0.rank.0, $0.rank.1, $0.rank.2, $0.rank.3) < ($1.day, $1.rank.0, $1.rank.1, $1.rank.2, $1.rank.3) }
            var unique: [Entry] = []
            unique.reserveCapacity(sorted.count)
            for entry in sorted where unique.last?.day != entry.day { unique.append(entry) }
            series[pair] = unique
            neighbours[pair.from, default: []].append(pair.to)
        }
        for (currency, list) in neighbours { neighbours[currency] = list.sorted() }
    }

    /// Whether no rate at all is known.
    public var isEmpty: Bool { series.isEmpty }

    /// The rate converting `from` into `to` on `day`, or nil when none is known on or before it.
    public func rate(from: Currency, to: Currency, on day: Day) -> AppliedRate? {
        if from == to { return .identity }
        if let entry = latest(Pair(from: from, to: to), onOrBefore: day.daysSinceEpoch) {
            return AppliedRate(factor: entry.factor, steps: [entry.step])
        }
        var best: (first: Entry, second: Entry, freshness: Int32)?
        for middle in neighbours[from] ?? [] where middle != to {
            guard let first = latest(Pair(from: from, to: middle), onOrBefore: day.daysSinceEpoch),
                  let second = latest(Pair(from: middle, to: to), onOrBefore: day.daysSinceEpoch) else { continue }
            let freshness = min(first.day, second.day)
            if best == nil || freshness > best!.freshness { best = (first, second, freshness) }
        }
        guard let best else { return nil }
        return AppliedRate(factor: best.first.factor.then(best.second.factor), steps: [best.first.step, best.second.step])
    }

    /// The first day on which `from` converts into `to`, directly, inverted or through one other
    /// currency; nil when never.
    public func firstDay(from: Currency, to: Currency) -> Day? {
        if from == to { return nil }
        var first = series[Pair(from: from, to: to)]?.first?.day
        for middle in neighbours[from] ?? [] where middle != to {
            guard let a = series[Pair(from: from, to: middle)]?.first?.day,
                  let b = series[Pair(from: middle, to: to)]?.first?.day else { continue }
            first = min(first ?? .max, max(a, b))
        }
        return first.map { Day(daysSinceEpoch: $0) }
    }

    private func latest(_ pair: Pair, onOrBefore day: Int32) -> Entry? {
        guard let entries = series[pair] else { return nil }
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day <= day { low = mid + 1 } else { high = mid }
        }
        return low > 0 ? entries[low - 1] : nil
    }
}
