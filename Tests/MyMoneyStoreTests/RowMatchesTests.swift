import Testing
@testable import MyMoneyStore
import MyMoneyCore
import MyMoneyImport

/// A statement's matches kept as their count alone when nothing is stored near its days, against
/// the plain twin, the matcher's answer against no stored rows: every row new, in both.
@Suite struct RowMatchesTests {
    @Test func allNewIsWhatMatchingAgainstNothingGives() {
        var candidates: [IdentityCandidate] = []
        for i in 0..<50 {
            let day = Day(daysSinceEpoch: Int32(i / 3))
            let amount = Amount(units: Int64(i % 7), scale: 2)
            let bankId: String? = i % 2 == 0 ? "B\(i % 5)" : nil
            candidates.append(IdentityCandidate(day: day, amount: amount, bankId: bankId, textKey: "shop \(i % 4)"))
        }
        let plain = RowMatches(TransactionIdentity.match(candidates, against: []))
        let compact = RowMatches.allNew(candidates.count)
        #expect(compact.count == plain.count && compact.newCount == plain.newCount && compact.newCount == 50)
        for i in 0..<candidates.count { #expect(compact[i] == nil && plain[i] == nil) }
        #expect(RowMatches.allNew(0).newCount == 0 && RowMatches([]).count == 0)
    }
}
