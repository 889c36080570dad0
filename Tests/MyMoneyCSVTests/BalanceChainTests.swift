import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The chain check and its same-day search against plain twins: every order tried by brute
/// force, and the in-order fast path against the general path on random files.
@Suite struct BalanceChainTests {
    struct Row { var day: Day; var amount: Amount; var after: Amount? }

    func chain(_ rows: [Row]) -> BalanceChain {
        BalanceChain(movement: { rows[$0].amount }, after: { rows[$0].after }, day: { rows[$0].day })
    }

    /// The plain twin of the search: whether some order of `rows` chains from `start`.
    func someOrderFits(_ rows: [Int], _ all: [Row], from start: Amount?) -> Bool {
        func permutations(_ items: [Int]) -> [[Int]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { k -> [[Int]] in
                var rest = items
                let first = rest.remove(at: k)
                return permutations(rest).map { [first] + $0 }
            }
        }
        return permutations(rows).contains { chain(all).fits($0[...], from: start) }
    }

    @Test func sameDaySearchFindsAnOrderWheneverBruteForceDoes() {
        var rng = SeededGenerator(seed: 2026)
        let day = Day(iso: "2026-10-05")!
        for round in 0..<600 {
            let n = 1 + rng.below(5)
            // A true chain in some order, then shuffled; some rounds break one balance.
            var balance = Amount(units: Int64(rng.below(100_000)), scale: 2)
            let start = balance
            var rows: [Row] = []
            for _ in 0..<n {
                let amount = Amount(units: Int64(rng.below(20_000)) - 10_000, scale: 2)
                balance = (try? balance + amount) ?? balance
                rows.append(Row(day: day, amount: amount, after: balance))
            }
            if round % 5 == 0, let k = rows.indices.randomElement(using: &rng) {
                rows[k].after = try? rows[k].after! + Amount(units: 1, scale: 2)
            }
            let shuffled = Array(rows.indices).shuffled(using: &rng)
            let c = chain(rows)
            for from in [start, nil] as [Amount?] {
                let found = c.reorder(shuffled, from: from, next: nil)
                let exists = someOrderFits(shuffled, rows, from: from)
                #expect((found != nil) == exists, "round \(round)")
                if let found {
                    #expect(found.sorted() == shuffled.sorted(), "round \(round): every row once")
                    #expect(c.fits(found[...], from: from), "round \(round)")
                }
            }
        }
    }

    @Test func checkCountsBreaksAndKeepsTheOrderWhenItHolds() {
        let d1 = Day(iso: "2026-10-01")!, d2 = Day(iso: "2026-10-02")!
        let rows = [Row(day: d1, amount: Amount(units: -100, scale: 2), after: Amount(units: 900, scale: 2)),
                    Row(day: d2, amount: Amount(units: -200, scale: 2), after: Amount(units: 700, scale: 2)),
                    Row(day: d2, amount: Amount(units: 50, scale: 2), after: nil)]
        let outcome = chain(rows).check([0, 1, 2], opening: nil)
        #expect(outcome.holds)
        #expect(outcome.order == [0, 1, 2])
        #expect(outcome.links == 1)
        var broken = rows
        broken[1].after = Amount(units: 600, scale: 2)
        let bad = chain(broken).check([0, 1, 2], opening: nil)
        #expect(bad.breaks == 1)
        #expect(bad.firstBreak?.row == 1)
        #expect(bad.firstBreak?.expected == Amount(units: 700, scale: 2))
    }

    /// Statements as compared between the two paths: transactions and balances by value.
    func shape(_ result: ReadResult) -> [String] {
        result.statements.flatMap { s in
            s.transactions.map { "t \($0.day) \($0.amount) \($0.payee ?? "") \($0.position?.line ?? 0)" }
                + s.balances.map { "b \($0.kind) \($0.amount) \($0.day.map { "\($0)" } ?? "-") \($0.transactionIndex ?? -1)" }
        } + result.diagnostics.filter { $0.severity != .note }.map(\.code).sorted() // notes say what the path did
    }

    @Test func inOrderFastPathAgreesWithTheGeneralPathOnRandomFiles() {
        // Oldest-first files take the fast path (running balances built while reading); the same
        // rows newest-first (lines reversed, so lines differ) take the general one.
        var rng = SeededGenerator(seed: 77)
        for round in 0..<200 {
            var balance = 10_000
            var lines: [String] = []
            var day = Day(iso: "2026-01-01")!
            let count = 2 + rng.below(30)
            for k in 0..<count {
                // At least two days, so that the days tell the file's direction (a one-day file with
                // empty balances has no evidence for it either way).
                if rng.below(3) == 0 || k == count - 1 { day = day.advanced(by: 1 + rng.below(3)) }
                let cents = rng.below(9_000) - 6_000
                balance += cents
                let written = round % 7 == 0 && k == 3 ? balance + 1 : balance
                let empty = rng.below(10) == 0
                lines.append("\(day),P\(k),\(money(cents)),\(empty ? "" : money(written))")
            }
            let header = "Date,Payee,Amount,Balance\n"
            let forward = readCSV(header + lines.joined(separator: "\n") + "\n", options: accepting())
            let backward = readCSV(header + lines.reversed().joined(separator: "\n") + "\n", options: accepting())
            let strip: (String) -> String = { $0.split(separator: " ").dropLast().joined(separator: " ") } // not the line
            let f = shape(forward).map { $0.hasPrefix("t ") ? strip($0) : $0 }
            let b = shape(backward).map { $0.hasPrefix("t ") ? strip($0) : $0 }
            #expect(f == b, "round \(round)")
        }
    }

    func money(_ cents: Int) -> String {
        let m = abs(cents)
        return (cents < 0 ? "-" : "") + "\(m / 100)." + (m % 100 < 10 ? "0" : "") + "\(m % 100)"
    }
}
