import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// `AmountGroups` sums in a small table of slots and pushes groups out into a dictionary when
/// another takes their slot; the plain twin is a dictionary summing every row.
@Suite struct AmountGroupsTests {
    @Test func slotsAndEvictionsSumWhatADictionarySums() throws {
        var random = SeededGenerator(seed: 31)
        for distinct in [1, 7, 300, 5_000] {
            let currencies: [UInt64] = [0x52_5545, 0x44_5355]
            let types: [UInt64] = [0x656d_6f63_6e69, 0x6573_6e65_7078_65]
            var keys: [AmountGroups.Key] = []
            for n in 0..<distinct {
                let id: Int64? = n % 5 == 0 ? nil : Int64(n % 97)
                keys.append(AmountGroups.Key(id: id, day: Int64(n / 97), currency: currencies[n % 2], type: types[(n / 2) % 2],
                                             scale: Int64(n % 3)))
            }
            var groups = AmountGroups()
            var plain: [AmountGroups.Key: (units: Int64, count: Int)] = [:]
            for _ in 0..<20_000 {
                // Runs of one key and jumps between keys, as index scans give them.
                let key = keys.randomElement(using: &random)!
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let units = Int64.random(in: -10_000...10_000, using: &random)
                    try groups.add(key, units: units)
                    plain[key, default: (0, 0)].units += units
                    plain[key, default: (0, 0)].count += 1
                }
            }
            #expect(groups.count == plain.count, "\(distinct) keys")
            let sums = try groups.inGroupByOrder()
            #expect(sums.count == plain.count)
            for (key, value) in sums {
                #expect(plain[key]?.units == value.units && plain[key]?.count == value.count, "\(key)")
            }
        }
    }

    @Test func aSumBeyondSixtyFourBitsIsAnError() throws {
        let key = AmountGroups.Key(id: 1, day: 2, currency: 0x525545, type: 0x65736e65707865, scale: 2)
        var groups = AmountGroups()
        try groups.add(key, units: .max)
        #expect(throws: LedgerError.self) { try groups.add(key, units: 1) }
    }
}
