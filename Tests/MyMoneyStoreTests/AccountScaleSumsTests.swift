import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// The balances' sums per account and scale in array slots against the same sums kept in a
/// dictionary only (no slots: the plain twin).
@Suite struct AccountScaleSumsTests {
    @Test func slotsSumWhatTheDictionarySums() throws {
        var random = SeededGenerator(seed: 5)
        var fast = AccountScaleSums(largestId: 40)
        var plain = AccountScaleSums(largestId: -1)
        // Ids inside and outside the slots (negative and past the largest), every scale, sums back to zero.
        let ids: [Int64] = [0, 1, 2, 7, 40, 41, 2_000, -3]
        for _ in 0..<5_000 {
            let id = ids.randomElement(using: &random)!
            let scale = Int64.random(in: 0...18, using: &random)
            let units = Int64.random(in: -1_000...1_000, using: &random)
            try fast.add(account: id, scale: scale, units: units)
            try plain.add(account: id, scale: scale, units: units)
        }
        try fast.add(account: 1, scale: 3, units: 5)
        try fast.add(account: 1, scale: 3, units: -5)
        try plain.add(account: 1, scale: 3, units: 5)
        try plain.add(account: 1, scale: 3, units: -5)
        for id in ids + [3, 99] {
            let a = fast.sums(ofAccount: id), b = plain.sums(ofAccount: id)
            #expect(a.map(\.scale) == b.map(\.scale), "\(id)")
            #expect(a.map(\.units) == b.map(\.units), "\(id)")
        }
        #expect(!fast.sums(ofAccount: 7).isEmpty)
        #expect(fast.sums(ofAccount: 99).isEmpty)
    }

    @Test func aSumBeyondSixtyFourBitsIsAnError() throws {
        var sums = AccountScaleSums(largestId: 4)
        try sums.add(account: 2, scale: 2, units: .max)
        #expect(throws: LedgerError.self) { try sums.add(account: 2, scale: 2, units: 1) }
        try sums.add(account: 4_000, scale: 2, units: .max)
        #expect(throws: LedgerError.self) { try sums.add(account: 4_000, scale: 2, units: 1) }
    }
}
