import Testing
@testable import MyMoneyReconcile
import MyMoneyTestSupport

/// The chain's walk keeps one array of rows, reordering a day in its slots (it once built the
/// links, then a second array of the chain's rows from them: twice 96 bytes a row). Held to that
/// former two-array walk, kept here as the plain twin, on random statements: same-day rows out of
/// the bank's order, breaks, rows without a printed balance, newest-first files, one-day files.
@Suite("Running-balance chain walked in place")
struct RunningBalanceChainInPlaceTests {
    /// The former walk: links first, the chain's rows appended from them.
    static func twoArrayWalk(_ transactions: [StatementTransaction], _ printed: RunningBalanceChain.PrintedBalances,
                             reversed: Bool, opening: Amount?) throws -> RunningBalanceChain {
        typealias Row = RunningBalanceChain.Row
        var links: [Row] = []
        var pending = Amount.zero
        for n in transactions.indices {
            let i = reversed ? transactions.count - 1 - n : n
            let t = transactions[i]
            pending = try pending + t.amount
            guard let b = printed[i] else { continue }
            links.append(Row(index: i, day: t.day, amount: pending, balance: b.amount, payee: t.payee ?? t.memo,
                             position: b.position ?? t.position))
            pending = .zero
        }
        var chain = RunningBalanceChain(rows: [], breaks: [], reorderedDays: [], isNewestFirst: reversed)
        var current: Amount? = opening
        var previous: Row? = nil
        var start = 0
        while start < links.count {
            var end = start + 1
            while end < links.count && links[end].day == links[start].day { end += 1 }
            let group = links[start..<end]
            if current == nil { current = try RunningBalanceChain.startingBalance(group) }
            let begin = current ?? .zero
            if try RunningBalanceChain.follows(group, from: begin) {
                chain.rows += group
            } else if let order = try RunningBalanceChain.recoveredOrder(group, from: begin) {
                chain.rows += order
                chain.reorderedDays.append(group[group.startIndex].day)
            } else {
                var balance = begin
                var before = previous
                for row in group {
                    let expected = try balance + row.amount
                    if expected != row.balance {
                        chain.breaks.append(.init(previous: before, row: row, expected: expected, stated: row.balance,
                                                  difference: try row.balance - expected))
                    }
                    balance = row.balance
                    before = row
                }
                chain.rows += group
            }
            previous = chain.rows.last
            current = chain.rows.last?.balance
            start = end
        }
        return chain
    }

    /// A statement of `count` rows with running balances, some of its days' rows listed out of
    /// the bank's order, some balances missing or wrong, possibly newest first.
    static func statement(_ rng: inout SeededGenerator, count: Int) -> (transactions: [StatementTransaction], balances: [StatementBalance]) {
        let oneDay = rng.below(6) == 0
        var day = Day(daysSinceEpoch: 20_000)
        var booked: [StatementTransaction] = []
        for k in 0..<count {
            if !oneDay, rng.below(3) == 0 { day = Day(daysSinceEpoch: day.daysSinceEpoch + Int32(1 + rng.below(3))) }
            let units = Int64(rng.below(20_000)) - 10_000
            booked.append(StatementTransaction(day: day, amount: Amount(units: units, scale: 2), payee: "P\(k)",
                                               position: SourcePosition(offset: k * 40, line: k + 2, column: 1)))
        }
        var balance = Amount(units: Int64(rng.below(100_000)), scale: 2)
        var after: [Amount] = []
        for t in booked {
            balance = (try? balance + t.amount) ?? balance
            after.append(balance)
        }
        // The file's order: the bank's, with some days' rows shuffled (their balances travel with them).
        var order = Array(booked.indices)
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, booked[order[end]].day == booked[order[start]].day { end += 1 }
            if rng.below(3) == 0 { order[start..<end].shuffle(using: &rng) }
            start = end
        }
        if rng.below(3) == 0 { order.reverse() }
        var transactions: [StatementTransaction] = [], balances: [StatementBalance] = []
        for (i, k) in order.enumerated() {
            transactions.append(booked[k])
            if rng.below(8) == 0 { continue } // no balance printed on this row
            var amount = after[k]
            if rng.below(25) == 0 { amount = (try? amount + Amount(units: 100, scale: 2)) ?? amount } // a break
            balances.append(StatementBalance(kind: .running, amount: amount, day: booked[k].day, transactionIndex: i,
                                             position: rng.below(2) == 0 ? SourcePosition(offset: i, line: i + 2, column: 30) : nil))
        }
        return (transactions, balances)
    }

    @Test func theWalkInPlaceIsTheTwoArrayWalk() throws {
        var rng = SeededGenerator(seed: 2026)
        for round in 0..<600 {
            let (transactions, balances) = Self.statement(&rng, count: round % 100 == 0 ? 3_000 : rng.below(40))
            var index = [Int](repeating: -1, count: transactions.count)
            for (k, b) in balances.enumerated() { if let i = b.transactionIndex, index[i] < 0 { index[i] = k } }
            let printed = RunningBalanceChain.PrintedBalances(balances: balances, index: index)
            for reversed in [false, true] {
                for opening in [nil, Amount(units: 500, scale: 2)] {
                    let fast = try RunningBalanceChain.walk(transactions, printed, reversed: reversed, opening: opening)
                    let plain = try Self.twoArrayWalk(transactions, printed, reversed: reversed, opening: opening)
                    #expect(fast == plain, "round \(round), reversed \(reversed), opening \(String(describing: opening))")
                }
            }
            let checked = try RunningBalanceChain.check(transactions: transactions, balances: balances)
            #expect((checked == nil) == balances.isEmpty, "round \(round)")
        }
    }
}
