import Testing
@_spi(Speed) @testable import MyMoneyCore
import MyMoneyTestSupport

/// The in-place array builder against its plain twin, an array appended to: the same elements in
/// the same order whatever mix of blank appends, finished appends and reservations, across the
/// room that is populated ahead and the storage moving when it grows.
@Suite struct InPlaceArrayBuilderTests {
    @Test(arguments: [1, 2] as [UInt64])
    func buildsWhatAppendingToAnArrayBuilds(seed: UInt64) {
        var rng = SeededGenerator(seed: seed)
        var builder = InPlaceArrayBuilder(blank: StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero))
        var plain: [StatementTransaction] = []
        for i in 0..<60_000 {
            var t = StatementTransaction(day: Day(daysSinceEpoch: Int32(i)), amount: Amount(units: Int64(i), scale: 2))
            if i % 3 == 0 { t.payee = "PAYEE WITH A LONG NAME \(i % 17)" }
            if i % 5 == 0 { t.memo = "memo \(i)" }
            switch rng.below(10) {
            case 0: builder.reserve(additional: rng.below(40_000))
            case 1: builder.append(t)
            default:
                let copy = t
                let returned = builder.appendBlank { blank -> Int in
                    blank.day = copy.day
                    blank.amount = copy.amount
                    if copy.payee != nil { blank.payee = copy.payee }
                    if copy.memo != nil { blank.memo = copy.memo }
                    return i
                }
                #expect(returned == i)
                if rng.below(1000) == 0 { builder.reserve(additional: 200_000) }
            }
            if builder.count == plain.count + 1 { plain.append(t) }
        }
        #expect(builder.count == plain.count)
        #expect(builder.last == plain.last)
        #expect(builder[123] == plain[123])
        let built = builder.finish()
        #expect(built == plain)
        #expect(builder.isEmpty)
    }

    @Test func finishGivesBackRoomFarBeyondTheCount() {
        var builder = InPlaceArrayBuilder(blank: 0)
        builder.reserve(additional: 1_000_000)
        for i in 0..<10 { builder.appendBlank { $0 = i } }
        let built = builder.finish()
        #expect(built == Array(0..<10))
        #expect(built.capacity < 4096)
        var close = InPlaceArrayBuilder(blank: 0)
        close.reserve(additional: 5_000)
        for i in 0..<4_000 { close.append(i) }
        #expect(close.finish().capacity >= 5_000)   // near its count: kept as it is
    }

    @Test func reservationsGrowGeometrically() {
        // Many small blocks of one account: each reservation at least doubles the room.
        var builder = InPlaceArrayBuilder(blank: 0)
        var moves = 0
        var room = builder.capacity
        for i in 0..<100_000 {
            builder.reserve(additional: 10)
            builder.append(i)
            if builder.capacity != room { moves += 1; room = builder.capacity }
        }
        #expect(moves < 20, "\(moves) reallocations")
    }
}
