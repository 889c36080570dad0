/// Receiving legs sorted by (currency, day, magnitude), with each (currency, day) bucket's range:
/// a sending leg finds its candidates with a binary search per day of the window.
///
/// - Complexity: building O(n log n); a query O(w · log b + k) for a window of w days, buckets of
///   b legs and k results.
struct IncomingIndex: Sendable {
    private(set) var order: [Int32] = []
    private(set) var keys: [Int64] = []
    private var buckets: [Int64: (start: Int32, end: Int32)] = [:]
    /// The currencies that have receiving legs.
    private(set) var currencies: [Int16] = []

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
        var start = 0
        var seen = Set<Int16>()
        while start < selected.count {
            let first = Int(selected[start])
            var end = start + 1
            while end < selected.count, legs.currency[Int(selected[end])] == legs.currency[first],
                  legs.day[Int(selected[end])] == legs.day[first] { end += 1 }
            buckets[IncomingIndex.bucket(legs.currency[first], legs.day[first])] = (Int32(start), Int32(end))
            if seen.insert(legs.currency[first]).inserted { currencies.append(legs.currency[first]) }
            start = end
        }
        currencies.sort()
    }

    static func bucket(_ currency: Int16, _ day: Int32) -> Int64 { Int64(currency) << 32 | Int64(UInt32(bitPattern: day)) }

    /// Calls `body` with every receiving leg in `currency` on `day` whose key lies in `low...high`.
    func forEach(currency: Int16, day: Int32, keys range: ClosedRange<Int64>, _ body: (Int32) -> Void) {
        guard let (start, end) = buckets[IncomingIndex.bucket(currency, day)] else { return }
        var low = Int(start), high = Int(end)
        while low < high {
            let mid = (low + high) >> 1
            if keys[mid] < range.lowerBound { low = mid + 1 } else { high = mid }
        }
        var i = low
        while i < Int(end), keys[i] <= range.upperBound {
            body(order[i])
            i += 1
        }
    }

    /// Calls `body` with every receiving leg in `currency` on `day`.
    func forEach(currency: Int16, day: Int32, _ body: (Int32) -> Void) {
        guard let (start, end) = buckets[IncomingIndex.bucket(currency, day)] else { return }
        for i in Int(start)..<Int(end) { body(order[i]) }
    }
}
