import Testing
import MyMoneyImport
import MyMoneyTestSupport

/// `TransactionIdentity.match` (hashed keys) against `plainMatch` (every candidate scanning every
/// stored row): the same matches, reasons and claimed ids, also when every hash collides.
@Suite struct IdentityMatchTwinTests {
    static let texts = ["rewe markt", "café einstein", "cafe\u{301} einstein", "kartenzahlung rewe 123", "gas", "", "k", "\u{212A}"]
    static let amounts = ["-3.20", "-3.2", "-3.21", "10", "10.00", "-1"]

    func day(_ n: Int) -> Day { Day(year: 2026, month: 10, day: 1)!.advanced(by: n) }

    func randomCase(_ g: inout SeededGenerator) -> ([IdentityCandidate], [IdentityRecord]) {
        func amount() -> Amount { (try? Amount(parsing: Self.amounts.randomElement(using: &g)!)) ?? .zero }
        func bankId(_ chance: Int) -> String? { Int.random(in: 0..<100, using: &g) < chance ? "B\(Int.random(in: 0..<6, using: &g))" : nil }
        let c = Int.random(in: 0...12, using: &g), r = Int.random(in: 0...14, using: &g)
        let withIds = Int.random(in: 0...100, using: &g)
        let candidates = (0..<c).map { _ in
            IdentityCandidate(day: day(Int.random(in: 0...3, using: &g) * (Bool.random(using: &g) ? 1 : 40)), amount: amount(),
                              bankId: bankId(withIds), textKey: Self.texts.randomElement(using: &g)!)
        }
        var ids = Array(Int64(1)...Int64(max(1, r)))
        ids.shuffle(using: &g)
        let records = (0..<r).map { k in
            IdentityRecord(id: ids[k], day: day(Int.random(in: 0...3, using: &g)), amount: amount(), bankId: bankId(withIds),
                           textKey: Self.texts.randomElement(using: &g)!, isImported: Int.random(in: 0..<5, using: &g) > 0)
        }
        return (candidates, records)
    }

    @Test(arguments: [UInt64.max, 0x3, 0])
    func hashedKeysMatchAsThePlainScanDoes(hashMask: UInt64) {
        var g = SeededGenerator(seed: 1_017 &+ hashMask)
        var matched = 0
        var reasons = Set<DuplicateReason>()
        var shortcuts = 0
        for _ in 0..<3_000 {
            let (candidates, records) = randomCase(&g)
            let fast = TransactionIdentity.match(candidates, against: records, hashMask: hashMask)
            let plain = TransactionIdentity.plainMatch(candidates, against: records)
            #expect(fast == plain, "candidates \(candidates) records \(records)")
            matched += fast.count { $0 != nil }
            // The shortcut for statements imported again answers only when rule 1 decides all.
            let allByBankId = TransactionIdentity.matchAllByBankId(candidates, against: records, hashMask: hashMask)
            let decidedByRule1 = !candidates.isEmpty && fast.allSatisfy { $0?.reason == .sameBankId }
            #expect(allByBankId == (decidedByRule1 ? fast : nil))
            if decidedByRule1 { shortcuts += 1 }
            for m in fast { if let m { reasons.insert(m.reason) } }
        }
        // The cases exercise every rule.
        #expect(matched > 1_000)
        #expect(reasons == [.sameBankId, .sameFingerprint, .rewrittenDescription])
        #expect(shortcuts > 5)
    }

    /// A statement imported again, with rows dropped, added, changed or repeated on either side:
    /// the rows line up for a while (the shortcut), then do not (the hashed look-up).
    @Test(arguments: [UInt64.max, 0x7])
    func reimportShapedStatementsMatchAsThePlainScanDoes(hashMask: UInt64) throws {
        var g = SeededGenerator(seed: 4_242 &+ hashMask)
        for _ in 0..<1_500 {
            let n = Int.random(in: 1...20, using: &g)
            var records = (0..<n).map { k in
                IdentityRecord(id: Int64(k + 1), day: day(k / 3), amount: (try? Amount(parsing: Self.amounts.randomElement(using: &g)!)) ?? .zero,
                               bankId: Int.random(in: 0..<10, using: &g) == 0 ? nil : "F\(Int.random(in: 0..<(n + 2), using: &g))",
                               textKey: Self.texts.randomElement(using: &g)!)
            }
            var candidates = records.map { IdentityCandidate(day: $0.day, amount: $0.amount, bankId: $0.bankId, textKey: $0.textKey) }
            for _ in 0..<Int.random(in: 0...3, using: &g) {
                switch Int.random(in: 0..<4, using: &g) {
                case 0 where !candidates.isEmpty: candidates.remove(at: Int.random(in: 0..<candidates.count, using: &g))
                case 1: candidates.insert(IdentityCandidate(day: day(1), amount: .zero, bankId: "N\(Int.random(in: 0..<3, using: &g))", textKey: "new"),
                                          at: Int.random(in: 0...candidates.count, using: &g))
                case 2 where !candidates.isEmpty: candidates[Int.random(in: 0..<candidates.count, using: &g)].day = day(200)
                default: records.append(IdentityRecord(id: Int64(records.count + 1), day: day(0), amount: .zero, bankId: "F0", textKey: "x"))
                }
            }
            let fast = TransactionIdentity.match(candidates, against: records, hashMask: hashMask)
            #expect(fast == TransactionIdentity.plainMatch(candidates, against: records), "candidates \(candidates) records \(records)")
            if let all = TransactionIdentity.matchAllByBankId(candidates, against: records, hashMask: hashMask) { #expect(all == fast) }
        }
    }

    /// The whole match and the re-issued check, as the store runs them when no shortcut answers.
    func wholeMatch(_ candidates: [IdentityCandidate], _ records: [IdentityRecord]) -> [IdentityMatch?] {
        let matches = TransactionIdentity.plainMatch(candidates, against: records)
        return ReissuedIdCheck.plainMatch(candidates, against: records, matches: matches) ?? matches
    }

    /// New rows among old ones, every row with a bank id (the file of a month imported with the
    /// months before it): rule 1 alone answers, as the whole match and the re-issued check do,
    /// also when bank ids repeat, amounts change scale, days move past the window and hashes collide.
    @Test(arguments: [UInt64.max, 0x3, 0])
    func newRowsAmongBankIdsAreDecidedByRuleOneAsTheWholeMatchDoes(hashMask: UInt64) {
        var g = SeededGenerator(seed: 7_331 &+ hashMask)
        var answered = 0, declined = 0
        for round in 0..<3_000 {
            var (candidates, records) = randomCase(&g)
            // Mostly every row with a bank id; now and then one without, which must turn it down.
            let withoutIds = round % 7 == 0
            for k in candidates.indices where !withoutIds || k > 0 { candidates[k].bankId = candidates[k].bankId ?? "B\(k % 6)" }
            for k in records.indices where !withoutIds || k > 0 { records[k].bankId = records[k].bankId ?? "B\((k + 3) % 6)" }
            // Re-issued shapes too: the same rows under ids the ledger never saw.
            if round % 5 == 0 { for k in candidates.indices { candidates[k].bankId = "R\(k)" } }
            let whole = wholeMatch(candidates, records)
            if let decided = TransactionIdentity.matchNewAmongBankIds(candidates, against: records, hashMask: hashMask) {
                #expect(decided == whole, "candidates \(candidates) records \(records)")
                #expect(decided.contains(nil) && decided.contains { $0 != nil })
                answered += 1
            } else {
                declined += 1
            }
        }
        #expect(answered > 300)
        #expect(declined > 300)
    }

    @Test func recordsOutOfIdOrderClaimTheOldestFirst() {
        // Two stored rows of one fingerprint, read newest first: the candidate claims the older.
        let candidate = IdentityCandidate(day: day(0), amount: .zero, bankId: nil, textKey: "x")
        let records = [IdentityRecord(id: 9, day: day(0), amount: .zero, bankId: nil, textKey: "x"),
                       IdentityRecord(id: 4, day: day(0), amount: .zero, bankId: nil, textKey: "x")]
        #expect(TransactionIdentity.match([candidate], against: records).map { $0?.existingId } == [4])
    }
}
