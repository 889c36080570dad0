/// Payments that recur in an account: the same payee and the same amount at a steady interval
/// (weekly, fortnightly, monthly, quarterly), and the days where one is due but absent.
///
/// A series needs three occurrences or more whose gaps stay within a fifth (at least three days)
/// of their median. An occurrence is due at the median gap after the one before; it is absent
/// when no row of the series lies within a quarter of the gap (at least three days) of that day.
///
/// - Complexity: O(n log n) to find the series once per account (a sort of 16-byte keys), then
///   O(r) per window for r rows in series.
struct RecurringSeries: Sendable {
    struct Series: Sendable {
        /// A sorted position of one of its rows (for its text).
        var example: Int
        var units: Int64
        /// Days of its rows, ascending.
        var days: [Int32]
        /// The median gap in days.
        var gap: Int32
    }

    let series: [Series]

    init(_ balances: LedgerBalances) {
        // Key each row by its text and amount; sort the keys to find rows that repeat.
        var keyed: [(key: UInt64, position: Int)] = []
        keyed.reserveCapacity(balances.count)
        for p in 0..<balances.count where balances.units[p] != 0 {
            let t = balances.transaction(at: p)
            var hasher = Hasher()
            hasher.combine(t.originalPayee ?? t.payee ?? t.memo ?? "")
            hasher.combine(balances.units[p])
            keyed.append((UInt64(bitPattern: Int64(hasher.finalize())), p))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.position < $1.position }
        var found: [Series] = []
        var start = 0
        while start < keyed.count {
            var end = start + 1
            while end < keyed.count, keyed[end].key == keyed[start].key { end += 1 }
            if end - start >= 3 {
                let positions = keyed[start..<end].map(\.position)
                let days = positions.map { balances.days[$0] }
                let gaps = zip(days.dropFirst(), days).map { $0 - $1 }.filter { $0 > 0 }.sorted()
                if gaps.count >= 2 {
                    let median = gaps[(gaps.count - 1) / 2] // the lower median: a hole of two gaps does not set it
                    let slack = max(3, median / 5)
                    if median >= 6, median <= 95, gaps.allSatisfy({ abs($0 - median) <= slack || $0 >= median * 2 - slack }) {
                        found.append(Series(example: positions[0], units: balances.units[positions[0]], days: days, gap: median))
                    }
                }
            }
            start = end
        }
        series = found
    }

    /// Occurrences due on `range`'s days (through its last day) that no row of their series matches.
    func absent(in range: ClosedRange<Int32>) -> [(series: Int, day: Int32)] {
        var result: [(Int, Int32)] = []
        for (index, s) in series.enumerated() {
            guard let first = s.days.first, first < range.upperBound else { continue }
            let tolerance = max(3, s.gap / 4)
            guard let last = s.days.last else { continue }
            var due = first + s.gap
            var k = 1
            // Holes between its rows, and the one occurrence due after its last row (a series
            // that stopped is flagged once, not in every later window).
            while due <= min(range.upperBound, last + s.gap) {
                while k < s.days.count, s.days[k] < due - tolerance { k += 1 }
                let present = k < s.days.count && abs(s.days[k] - due) <= tolerance
                if present {
                    due = s.days[k] + s.gap
                    k += 1
                } else {
                    if range.contains(due) { result.append((index, due)) }
                    due += s.gap
                }
            }
        }
        return result
    }
}
