/// Receiving legs sorted by (currency, day, magnitude), with each (currency, day) bucket's range:
/// a sending leg finds its candidates with a binary search per day of the window.
///
/// Bucket ranges live in dense per-currency day tables when the days span less than 200,000
/// (no hashing on the hot path), else in a dictionary.
///
/// - Complexity: building O(n log n); a query O(w · log b + k) for a window of w days, buckets of
///   b legs and k results.
struct IncomingIndex: Sendable {
    private(set) var order: [Int32] = []
    private(set) var keys: [Int64] = []
    /// The currencies that have receiving legs.
    private(set) var currencies: [Int16] = []
    private var buckets: [Int64: (start: Int32, end: Int32)] = [:]
    private var starts: [[Int32]] = []
    private var ends: [[Int32]] = []
    private var firstDay: Int32 = 0
    private static let denseLimit = 200_000

    init(legs: LegTable, where include: (Int) -> Bool) {
        var selected: [Int32] = []
        for i in 0..<legs.count where !legs.outgoing[i] && include(i) { selected.append(Int32(i)) }
        selected.sort { a, b in
            let (x, y) = (Int(a), Int(b))
            if legs.currency[x] != legs.currency[y] { return legs.currency[x] < legs.currency[y] }
            if legs.day[x] != legs.day[y] { return legs.day[x] < legs.day[y] }
            if legs.key[x] != legs.key[y] { return legs.key[x] < legs.key[y] }
            return a < b
        }
        order = selected
        keys = selected.map { legs.key[Int($0)] }
        guard let firstLeg = selected.first else { return }
        var minDay = legs.day[Int(firstLeg)], maxDay = minDay
        for leg in selected {
            minDay = min(minDay, legs.day[Int(leg)])
            maxDay = max(maxDay, legs.day[Int(leg)])
        }
        var ranges: [(currency: Int16, day: Int32, start: Int32, end: Int32)] = []
        var start = 0
        while start < selected.count {
            let first = Int(selected[start])
            var end = start + 1
            while end < selected.count, legs.currency[Int(selected[end])] == legs.currency[first],
                  legs.day[Int(selected[end])] == legs.day[first] { end += 1 }
            ranges.append((legs.currency[first], legs.day[first], Int32(start), Int32(end)))
            if currencies.last != legs.currency[first] { currencies.append(legs.currency[first]) }
            start = end
        }
        if Int(maxDay) - Int(minDay) < IncomingIndex.denseLimit, let top = currencies.last, top >= 0 {
            firstDay = minDay
            let span = Int(maxDay) - Int(minDay) + 1
            starts = Array(repeating: [], count: Int(top) + 1)
            ends = Array(repeating: [], count: Int(top) + 1)
            for currency in currencies {
                starts[Int(currency)] = Array(repeating: -1, count: span)
                ends[Int(currency)] = Array(repeating: -1, count: span)
            }
            for r in ranges {
                starts[Int(r.currency)][Int(r.day - minDay)] = r.start
                ends[Int(r.currency)][Int(r.day - minDay)] = r.end
            }
        } else {
            for r in ranges { buckets[IncomingIndex.bucket(r.currency, r.day)] = (r.start, r.end) }
        }
    }

    static func bucket(_ currency: Int16, _ day: Int32) -> Int64 { Int64(currency) << 32 | Int64(UInt32(bitPattern: day)) }

    @inline(__always)
    private func range(_ currency: Int16, _ day: Int32) -> (start: Int, end: Int)? {
        if !starts.isEmpty {
            let c = Int(currency), d = Int(day) - Int(firstDay)
            guard c >= 0, c < starts.count, d >= 0, d < starts[c].count else { return nil }
            let s = starts[c][d]
            return s < 0 ? nil : (Int(s), Int(ends[c][d]))
        }
        return buckets[IncomingIndex.bucket(currency, day)].map { (Int($0.start), Int($0.end)) }
    }

    /// The receiving legs in `currency` on `day` whose key lies in `range`, in key order.
    ///
    /// A slice, walked by the caller's own loop: legs handed to a closure made the matcher check
    /// at run time every access of the variables that closure's work changed (a tenth of a
    /// 10-account 1M import's matching).
    func legs(currency: Int16, day: Int32, keys range: ClosedRange<Int64>) -> ArraySlice<Int32> {
        guard let (start, end) = self.range(currency, day) else { return [] }
        var low = start, high = end
        while low < high {
            let mid = (low + high) >> 1
            if keys[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var past = low
        while past < end, keys[past] <= range.upperBound { past += 1 }
        return order[low..<past]
    }

    /// The receiving legs in `currency` on `day`.
    func legs(currency: Int16, day: Int32) -> ArraySlice<Int32> {
        guard let (start, end) = self.range(currency, day) else { return [] }
        return order[start..<end]
    }
}
