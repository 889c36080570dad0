import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// ``TransactionMoves/mergedByDayAndId(_:)`` merges parts each in day-and-id order, moving every
/// row once: the result must be what putting them together and sorting them gives (the plain
/// twin, ``TransactionMoves/concatenate(_:)`` then ``MyMoneyStore/Ledger/sortByDayAndId(_:)``),
/// and a part out of order must leave the parts as they were.
@Suite("import: the neighbourhood's parts merged by day and id")
struct MergedByDayAndIdTests {
    /// `count` parts of up to `size` rows each (some empty), each in (day, id) order, ids unique
    /// across parts, days overlapping between parts.
    static func parts(_ random: inout SeededGenerator, count: Int, size: Int) -> [[LedgerTransaction]] {
        var nextId: Int64 = 1
        return (0..<count).map { p in
            var day = Int32(20_000 + random.below(30))
            return (0..<random.below(size + 1)).map { i in
                day += Int32(random.below(3))
                nextId += Int64(1 + random.below(4))
                return LedgerTransaction(id: random.below(20) == 0 ? nil : nextId, accountId: Int64(p + 1), day: Day(daysSinceEpoch: day),
                                         amount: Amount(units: Int64(random.below(90_000)) - 45_000, scale: 2), currency: .EUR,
                                         originalPayee: "Shop \(random.below(50))", memo: i % 2 == 0 ? "memo \(i)" : nil)
            }
        }
    }

    @Test func mergedPartsAreThePartsPutTogetherAndSorted() {
        var random = SeededGenerator(seed: 17)
        var merged = 0
        for round in 0..<200 {
            var parts = Self.parts(&random, count: 1 + round % 12, size: round % 5 == 0 ? 3 : 60)
            // Rows without an id sort as 0: keep each part in order by placing them first.
            for p in parts.indices { Ledger.sortByDayAndId(&parts[p]) }
            var plainParts = parts
            var plain = TransactionMoves.concatenate(&plainParts)
            Ledger.sortByDayAndId(&plain)
            let fast = TransactionMoves.mergedByDayAndId(&parts)
            #expect(fast == plain, "round \(round)")
            let emptied = parts.allSatisfy { $0.isEmpty }
            #expect(emptied)
            merged += fast?.count ?? 0
        }
        #expect(merged > 10_000)
    }

    @Test func aPartOutOfOrderIsLeftAsItWas() {
        var random = SeededGenerator(seed: 3)
        var parts = Self.parts(&random, count: 4, size: 30)
        for p in parts.indices { Ledger.sortByDayAndId(&parts[p]) }
        parts[2].append(LedgerTransaction(id: 1, accountId: 3, day: Day(daysSinceEpoch: 1), amount: .zero, currency: .EUR))
        let before = parts
        #expect(TransactionMoves.mergedByDayAndId(&parts) == nil)
        #expect(parts == before)
    }
}
