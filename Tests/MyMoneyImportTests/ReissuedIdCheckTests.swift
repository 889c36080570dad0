import Testing
import MyMoneyImport
import MyMoneyTestSupport

@Suite struct ReissuedIdCheckTests {
    func october(_ day: Int) -> Day { Day(year: 2026, month: 10, day: day)! }
    func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

    func candidate(_ day: Int, _ value: String, _ text: String, bankId: String?) -> IdentityCandidate {
        IdentityCandidate(day: october(day), amount: amount(value), bankId: bankId,
                          textKey: TransactionIdentity.textKey(payee: text, memo: nil))
    }

    func record(_ id: Int64, _ day: Int, _ value: String, _ text: String, bankId: String?) -> IdentityRecord {
        IdentityRecord(id: id, day: october(day), amount: amount(value), bankId: bankId,
                       textKey: TransactionIdentity.textKey(payee: text, memo: nil))
    }

    func check(_ candidates: [IdentityCandidate], _ stored: [IdentityRecord]) -> [IdentityMatch?]? {
        ReissuedIdCheck.match(candidates, against: stored, matches: TransactionIdentity.match(candidates, against: stored))
    }

    @Test func newIdsForTheSameRowsAreRecognized() throws {
        let stored = [record(1, 3, "-42.10", "Whole Foods", bankId: "A1"), record(2, 9, "-3.80", "Coffee", bankId: "A2"),
                      record(3, 9, "-3.80", "Coffee", bankId: "A3")]
        let candidates = [candidate(3, "-42.1", "WHOLE  foods", bankId: "B1"), candidate(9, "-3.80", "Coffee", bankId: "B2"),
                          candidate(9, "-3.80", "Coffee", bankId: "B3")]
        // The identity rules alone find nothing (a candidate with an id claims no row with one).
        #expect(TransactionIdentity.match(candidates, against: stored).allSatisfy { $0 == nil })
        let matches = try #require(check(candidates, stored))
        #expect(matches == [IdentityMatch(existingId: 1, reason: .sameRowsNewIds), IdentityMatch(existingId: 2, reason: .sameRowsNewIds),
                            IdentityMatch(existingId: 3, reason: .sameRowsNewIds)])
    }

    @Test func aRowMatchedTwiceIsNotAllowed() {
        // Two coffees in the statement, one in the ledger: not the same rows.
        let stored = [record(1, 9, "-3.80", "Coffee", bankId: "A1")]
        let candidates = [candidate(9, "-3.80", "Coffee", bankId: "B1"), candidate(9, "-3.80", "Coffee", bankId: "B2")]
        #expect(check(candidates, stored) == nil)
    }

    @Test func aKnownIdAnywhereMeansNotReissued() {
        // B1 is stored (for another amount: the fee case), so the ids are not all new.
        let stored = [record(1, 3, "-42.10", "Whole Foods", bankId: "A1"), record(2, 4, "-1.00", "Fee", bankId: "B1")]
        let candidates = [candidate(3, "-42.10", "Whole Foods", bankId: "B1")]
        #expect(check(candidates, stored) == nil)
    }

    @Test func aRowWithoutIdLeftNewMeansNotReissued() {
        let stored = [record(1, 3, "-42.10", "Whole Foods", bankId: "A1")]
        let candidates = [candidate(3, "-42.10", "Whole Foods", bankId: "B1"), candidate(5, "-7.00", "Kiosk", bankId: nil)]
        #expect(check(candidates, stored) == nil)
    }

    @Test func storedRowsOutsideTheStatementsDaysAreNotUsed() {
        let stored = [record(1, 2, "-42.10", "Whole Foods", bankId: "A1")]
        #expect(check([candidate(3, "-42.10", "Whole Foods", bankId: "B1")], stored) == nil)
    }

    /// The hashed check and its plain twin agree on random statements over a small alphabet
    /// (many identical rows, known and unknown ids, rows with and without ids).
    @Test func hashedAndPlainTwinAgree() {
        var random = SeededGenerator(seed: 18)
        var recognized = 0
        for _ in 0..<2_000 {
            let storedCount = Int(random.next() % 8)
            var stored: [IdentityRecord] = []
            for i in 0..<storedCount {
                stored.append(record(Int64(storedCount - i) * 3, 1 + Int(random.next() % 3), ["-1.00", "-1.0", "-2.00"][Int(random.next() % 3)],
                                     ["a", "A", "b"][Int(random.next() % 3)], bankId: random.next() % 5 == 0 ? nil : "S\(random.next() % 6)"))
            }
            var candidates: [IdentityCandidate] = []
            for _ in 0..<(1 + Int(random.next() % 6)) {
                candidates.append(candidate(1 + Int(random.next() % 3), ["-1.00", "-2.0"][Int(random.next() % 2)],
                                            ["a", "b"][Int(random.next() % 2)],
                                            bankId: random.next() % 6 == 0 ? nil : (random.next() % 4 == 0 ? "S" : "N") + "\(random.next() % 6)"))
            }
            let matches = TransactionIdentity.match(candidates, against: stored)
            let fast = ReissuedIdCheck.match(candidates, against: stored, matches: matches)
            #expect(fast == ReissuedIdCheck.plainMatch(candidates, against: stored, matches: matches))
            if fast != nil { recognized += 1 }
        }
        // The inputs reach the case often enough for the comparison to mean something.
        #expect(recognized > 50)
    }
}
