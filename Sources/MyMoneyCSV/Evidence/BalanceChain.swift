/// Checks a statement's running balances under one reading: each written balance must be the
/// previous balance plus the row's movement. Rows of one day whose balances fit only another
/// order (a newest-first file lists same-day rows as the bank pleases) are put in that order.
///
/// Input is by row index: `movement(i)` (nil when the reading overflows), `after(i)` (the balance
/// written on the row, nil when empty) and `day(i)`; `order` lists the statement's rows by day.
/// A row without a balance carries the chain on (the previous balance plus its movement).
struct BalanceChain {
    /// The first link that does not hold.
    struct Break: Sendable, Equatable {
        /// The position in the checked order and the row index there.
        var position: Int
        var row: Int
        var previous: Amount
        var movement: Amount
        var expected: Amount
        var found: Amount
    }

    /// What one check found.
    struct Outcome: Sendable {
        /// The rows in the order the balances fit (the given order where they fit it).
        var order: [Int]
        var breaks = 0
        var firstBreak: Break?
        /// Links tested (both balances known).
        var links = 0
        /// Days whose rows were put in another order than the given one.
        var reorderedDays = 0
        /// Rows per word class whose link tested the class's sign (index 0: signed rows).
        var testedClasses: [Int] = []
        var holds: Bool { breaks == 0 }
    }

    let movement: (Int) -> Amount?
    let after: (Int) -> Amount?
    let day: (Int) -> Day
    /// The word class of each row (for ``Outcome/testedClasses``); 0 when the reading has none.
    var wordClass: (Int) -> Int = { _ in 0 }
    /// The most steps spent searching one day's order.
    var searchLimit = 4096

    /// Checks `order`, starting from `opening` (the balance before the first row, when known).
    /// With `stopAtFirstBreak` the check ends at the first link that cannot be made to hold.
    ///
    /// - Complexity: O(n) for a chain that holds in the given order; a day that does not fit is
    ///   searched in at most ``searchLimit`` steps.
    func check(_ order: [Int], opening: Amount?, stopAtFirstBreak: Bool = false) -> Outcome {
        var outcome = Outcome(order: order)
        var previous = opening
        var k = 0
        let n = order.count
        var searching = true // after a break that no order mends, the rest is only counted
        while k < n {
            var end = k + 1
            let d = day(order[k])
            while end < n, day(order[end]) == d { end += 1 }
            if searching, end - k > 1, !fits(outcome.order[k..<end], from: previous),
               let better = reorder(Array(outcome.order[k..<end]), from: previous, next: end < n ? order[end] : nil) {
                outcome.order.replaceSubrange(k..<end, with: better)
                outcome.reorderedDays += 1
            }
            for position in k..<end {
                let row = outcome.order[position]
                guard let move = movement(row) else {
                    record(&outcome, Break(position: position, row: row, previous: previous ?? .zero, movement: .zero,
                                           expected: previous ?? .zero, found: after(row) ?? .zero))
                    previous = after(row)
                    continue
                }
                guard let written = after(row) else {
                    previous = previous.flatMap { try? $0 + move }
                    continue
                }
                if let p = previous {
                    outcome.links += 1
                    let c = wordClass(row)
                    if !move.isZero {
                        if outcome.testedClasses.count <= c { outcome.testedClasses += repeatElement(0, count: c + 1 - outcome.testedClasses.count) }
                        outcome.testedClasses[c] += 1
                    }
                    if let expected = try? p + move, expected == written {
                        // holds
                    } else {
                        record(&outcome, Break(position: position, row: row, previous: p, movement: move,
                                               expected: (try? p + move) ?? p, found: written))
                        searching = false
                        if stopAtFirstBreak { return outcome }
                    }
                }
                previous = written
            }
            k = end
        }
        return outcome
    }

    private func record(_ outcome: inout Outcome, _ link: Break) {
        outcome.breaks += 1
        if outcome.firstBreak == nil { outcome.firstBreak = link }
    }

    /// Whether the rows chain in this order from `start` (nil: from the first written balance).
    func fits(_ rows: ArraySlice<Int>, from start: Amount?) -> Bool {
        var previous = start
        for row in rows {
            guard let move = movement(row) else { return false }
            guard let written = after(row) else { previous = previous.flatMap { try? $0 + move }; continue }
            if let p = previous, (try? p + move) != written { return false }
            previous = written
        }
        return true
    }

    /// An order of one day's rows in which every balance follows from the one before, starting
    /// from `start` (or, unknown, from the row no other row leads to); nil when there is none,
    /// when a row has no balance, or when the search takes too long. Among the orders found
    /// first, one that leads on to `next` (the following day's first row) is preferred.
    func reorder(_ rows: [Int], from start: Amount?, next: Int?) -> [Int]? {
        var before: [Amount: [Int]] = [:] // rows by the balance they start from, in the given order
        var afterSet = Set<Amount>()
        for row in rows {
            guard let move = movement(row), let written = after(row), let b = try? written - move else { return nil }
            before[b, default: []].append(row)
            afterSet.insert(written)
        }
        let nextBefore = next.flatMap { n in movement(n).flatMap { m in after(n).flatMap { try? $0 - m } } }
        var starts: [Int]
        if let start { starts = before[start] ?? [] } else {
            starts = rows.filter { row in
                guard let m = movement(row), let w = after(row), let b = try? w - m else { return false }
                return !afterSet.contains(b)
            }
            if starts.isEmpty { starts = rows } // a day that ends where it began: any row may open it
        }
        var steps = 0
        var fallback: [Int]?
        var path: [Int] = []
        var used = Set<Int>()
        func search(_ current: Amount) -> Bool {
            steps += 1
            if steps > searchLimit { return true } // give up: stop searching
            if path.count == rows.count {
                if fallback == nil { fallback = path }
                return nextBefore == nil || nextBefore == current
            }
            for row in before[current] ?? [] where !used.contains(row) {
                guard let written = after(row) else { continue }
                path.append(row); used.insert(row)
                if search(written) { return true }
                path.removeLast(); used.remove(row)
            }
            return false
        }
        for first in starts {
            guard let move = movement(first), let written = after(first), let b = try? written - move else { continue }
            _ = b
            path = [first]; used = [first]
            if search(written), steps <= searchLimit, path.count == rows.count { return path }
            if steps > searchLimit { break }
        }
        return fallback
    }
}
