/// Reference rates by currency pair and day, looked up in either direction.
///
/// A rate for EUR→USD also answers USD→EUR (inverted to 10 digits). Rates on the same day from
/// the file win over rates implied by confirmed transfers; two on the same day from the same
/// source: the first given wins.
///
/// - Complexity: building O(r log r); a lookup O(log r) in the rates of one pair.
public struct ExchangeRateTable: Sendable {
    /// One known rate: the day, units of `to` per `from` scaled by 10^10, and its source.
    struct Entry: Sendable {
        var day: Int32
        var units: Int64
        var source: ExchangeRate.Source
        var crossed: Bool = false
    }

    /// Digits the table keeps for a rate.
    static let scale = 10
    private var pairs: [String: [Entry]] = [:]

    public init(_ rates: [ExchangeRate]) {
        var collected: [String: [(Entry, Int)]] = [:]
        for (order, rate) in rates.enumerated() {
            guard rate.from != rate.to, rate.rate.isPositive,
                  let direct = try? rate.rate.rounded(toScale: ExchangeRateTable.scale), direct.units > 0,
                  let inverse = try? Amount(units: 1).divided(by: rate.rate, scale: ExchangeRateTable.scale),
                  inverse.units > 0 else { continue }
            let day = rate.day.daysSinceEpoch
            collected[ExchangeRateTable.key(rate.from, rate.to), default: []]
                .append((Entry(day: day, units: direct.units, source: rate.source), order))
            collected[ExchangeRateTable.key(rate.to, rate.from), default: []]
                .append((Entry(day: day, units: inverse.units, source: rate.source), order))
        }
        for (key, entries) in collected {
            let sorted = entries.sorted { a, b in
                (a.0.day, a.0.source, a.1) < (b.0.day, b.0.source, b.1)
            }
            var unique: [Entry] = []
            for (entry, _) in sorted where unique.last?.day != entry.day { unique.append(entry) }
            pairs[key] = unique
        }
    }

    /// Whether any rate is known between the two currencies.
    public func knows(_ from: Currency, _ to: Currency) -> Bool { pairs[ExchangeRateTable.key(from, to)] != nil }

    /// The rate from `from` to `to` nearest to `day`, at most `maximumDistance` days away
    /// (the earlier day wins a tie), with the day it was quoted for.
    public func rate(from: Currency, to: Currency, near day: Day, maximumDistance: Int) -> (rate: Amount, day: Day, source: ExchangeRate.Source)? {
        guard let entry = entry(from: from, to: to, near: day, maximumDistance: maximumDistance) else { return nil }
        return (Amount(units: entry.units, scale: ExchangeRateTable.scale).normalized, Day(daysSinceEpoch: entry.day), entry.source)
    }

    func entry(from: Currency, to: Currency, near day: Day, maximumDistance: Int) -> Entry? {
        guard let entries = pairs[ExchangeRateTable.key(from, to)] else { return nil }
        return ExchangeRateTable.nearest(in: entries, to: day, maximumDistance: maximumDistance)
    }

    /// The rates known from `from` to `to`, sorted by day.
    func series(from: Currency, to: Currency) -> [Entry]? { pairs[ExchangeRateTable.key(from, to)] }

    static func nearest(in entries: [Entry], to day: Day, maximumDistance: Int) -> Entry? {
        guard !entries.isEmpty else { return nil }
        let target = day.daysSinceEpoch
        var low = 0, high = entries.count
        while low < high {
            let mid = (low + high) / 2
            if entries[mid].day < target { low = mid + 1 } else { high = mid }
        }
        var best: Entry?
        var bestDistance = Int.max
        for index in [low - 1, low] where index >= 0 && index < entries.count {
            let distance = abs(Int(entries[index].day) - Int(target))
            if distance < bestDistance { best = entries[index]; bestDistance = distance }
        }
        guard let best, bestDistance <= maximumDistance else { return nil }
        return best
    }

    static func key(_ from: Currency, _ to: Currency) -> String { from.code + "/" + to.code }
}
