import Testing
@_spi(Speed) @testable import MyMoneyCore

/// Slots lent in one array and filled in two runs, the later moved down behind the earlier,
/// against their plain twin, the rows appended to one array in order: the same elements, none
/// leaked or freed twice (each row's text is a class reference, counted).
@Suite struct InPlaceSlotsTests {
    /// How many row texts are alive (one tally a test case: the cases run at once).
    final class Tally { var alive = 0 }

    final class Counted {
        let value: Int
        let tally: Tally
        init(_ value: Int, _ tally: Tally) { self.value = value; self.tally = tally; tally.alive += 1 }
        deinit { tally.alive -= 1 }
    }

    struct Row: Equatable {
        var number = 0
        var text: Counted?
        static func == (a: Row, b: Row) -> Bool { a.number == b.number && a.text?.value == b.text?.value }
    }

    /// Fills `first` rows from slot 0 and `second` rows from slot `split`, takes the second run
    /// in, or destroys it and fills its rows again behind the first (`takes` false).
    func fill(room: Int, first: Int, split: Int, second: Int, takes: Bool, _ tally: Tally) -> [Row] {
        func set(_ slots: inout InPlaceSlots<Row>, _ n: Int) {
            let i = slots.appendBlank()
            slots[i].number = n
            if n % 3 != 0 { slots[i].text = Counted(n, tally) }
        }
        return [Row](unsafeUninitializedCapacity: room) { buffer, initialized in
            var head = InPlaceSlots(buffer, blank: Row())
            var tail = InPlaceSlots(buffer, from: split, blank: Row())
            for n in 0..<second { set(&tail, first + n) }
            for n in 0..<first { set(&head, n) }
            #expect(head.count == first && tail.count == second)
            if takes {
                head.take(moving: &tail)
                #expect(tail.isEmpty)
            } else {
                tail.removeAll()
                for n in 0..<second { set(&head, first + n) }
            }
            initialized = head.count
        }
    }

    @Test(arguments: [(0, 0), (5, 0), (5, 3), (40_000, 40_000), (39_990, 40_000), (0, 10)])
    func twoRunsTakenGiveTheRowsInOrder(first: Int, split: Int) {
        let split = max(first, split), second = 25_000
        for takes in [true, false] {
            let tally = Tally()
            do {
                let rows = fill(room: split + second, first: first, split: split, second: second, takes: takes, tally)
                let plain = (0..<(first + second)).map { Row(number: $0, text: $0 % 3 != 0 ? Counted($0, tally) : nil) }
                #expect(rows == plain)
                #expect(tally.alive == 2 * plain.count { $0.text != nil })
            }
            #expect(tally.alive == 0, "every row freed once")
        }
    }

    @Test func readingAFieldOfASlotCopiesNothingElse() {
        [Row](unsafeUninitializedCapacity: 4) { buffer, initialized in
            var slots = InPlaceSlots(buffer, blank: Row())
            let i = slots.appendBlank()
            slots[i].text = Counted(7, Tally())
            #expect(slots[i].number == 0 && slots[i].text?.value == 7)
            #expect(slots.room == 3)
            initialized = slots.count
        }.forEach { #expect($0.text?.value == 7) }
    }
}
