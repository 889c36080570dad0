import Testing
import MyMoneyImport
import MyMoneyTestSupport

@Suite struct TransactionIdentityTests {
    func october(_ day: Int) -> Day { Day(year: 2026, month: 10, day: day)! }
    func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

    func candidate(_ day: Int, _ value: String, _ text: String, bankId: String? = nil) -> IdentityCandidate {
        IdentityCandidate(day: october(day), amount: amount(value), bankId: bankId,
                          textKey: TransactionIdentity.textKey(payee: text, memo: nil))
    }

    func record(_ id: Int64, _ day: Int, _ value: String, _ text: String, bankId: String? = nil,
                imported: Bool = true) -> IdentityRecord {
        IdentityRecord(id: id, day: october(day), amount: amount(value), bankId: bankId,
                       textKey: TransactionIdentity.textKey(payee: text, memo: nil), isImported: imported)
    }

    @Test func textKeyFoldsCaseAndSpaces() {
        #expect(TransactionIdentity.textKey(payee: "  REWE   Markt\tBerlin ", memo: "Karten\nZahlung")
                == "rewe markt berlin karten zahlung")
        #expect(TransactionIdentity.textKey(payee: "Café EINSTEIN", memo: nil) == "café einstein")
        #expect(TransactionIdentity.textKey(payee: nil, memo: "x") == "x")
        #expect(TransactionIdentity.textKey(payee: "A", memo: "B") != TransactionIdentity.textKey(payee: "AB", memo: nil))
    }

    @Test func identicalRowsGetIncreasingOccurrences() {
        let rows = [candidate(28, "-3.20", "Bäckerei Kamps"), candidate(28, "-3.20", "BÄCKEREI  kamps"),
                    candidate(28, "-3.2", "Bäckerei Kamps"), candidate(29, "-3.20", "Bäckerei Kamps")]
        #expect(TransactionIdentity.occurrences(of: rows) == [1, 2, 3, 1])
    }

    @Test func sameDayIdenticalRowsAreKept() {
        let rows = [candidate(28, "-3.20", "Bäckerei Kamps"), candidate(28, "-3.20", "Bäckerei Kamps")]
        // Against an empty ledger both are new; against one stored coffee only the second is new.
        #expect(TransactionIdentity.match(rows, against: []) == [nil, nil])
        let once = TransactionIdentity.match(rows, against: [record(7, 28, "-3.20", "Bäckerei Kamps")])
        #expect(once[0] == IdentityMatch(existingId: 7, reason: .sameFingerprint))
        #expect(once[1] == nil)
    }

    @Test func reimportMatchesEveryRow() {
        let rows = [candidate(28, "-3.20", "Kamps"), candidate(28, "-3.20", "Kamps"), candidate(29, "-1", "Kiosk")]
        let stored = [record(1, 28, "-3.20", "Kamps"), record(2, 28, "-3.20", "Kamps"), record(3, 29, "-1.00", "kiosk")]
        let matches = TransactionIdentity.match(rows, against: stored)
        #expect(matches.map { $0?.existingId } == [1, 2, 3])
        #expect(matches.allSatisfy { $0?.reason == .sameFingerprint })
    }

    @Test func reusedBankIdWithDifferentAmountsIsTwoTransactions() {
        // A purchase and its foreign-transaction fee share one FITID.
        let rows = [candidate(4, "-100.00", "Hotel", bankId: "F1"), candidate(4, "-3.00", "Foreign fee", bankId: "F1")]
        #expect(TransactionIdentity.match(rows, against: [record(9, 4, "-100.00", "Hotel", bankId: "F1")])
                == [IdentityMatch(existingId: 9, reason: .sameBankId), nil])
    }

    @Test func bankIdMatchesEvenWhenTextAndDayChanged() {
        let rows = [candidate(5, "-42.99", "AMAZON MKTPL", bankId: "T77")]
        #expect(TransactionIdentity.match(rows, against: [record(3, 3, "-42.99", "Amazon pending", bankId: "T77")])
                == [IdentityMatch(existingId: 3, reason: .sameBankId)])
    }

    @Test func differentBankIdsOnIdenticalRowsAreNotDuplicates() {
        let rows = [candidate(4, "-5.75", "Starbucks", bankId: "A2")]
        #expect(TransactionIdentity.match(rows, against: [record(1, 4, "-5.75", "Starbucks", bankId: "A1")]) == [nil])
    }

    @Test func bankIdCandidateMatchesEarlierImportWithoutIds() {
        let rows = [candidate(4, "-5.75", "Starbucks", bankId: "A2")]
        #expect(TransactionIdentity.match(rows, against: [record(1, 4, "-5.75", "starbucks")])
                == [IdentityMatch(existingId: 1, reason: .sameFingerprint)])
    }

    @Test func rewrittenDescriptionMatchesSameDayAndAmount() {
        let rows = [candidate(2, "-54.37", "REWE Markt Berlin"), candidate(2, "-54.37", "REWE Markt Berlin")]
        let stored = [record(5, 2, "-54.37", "KARTENZAHLUNG REWE")]
        let matches = TransactionIdentity.match(rows, against: stored)
        #expect(matches[0] == IdentityMatch(existingId: 5, reason: .rewrittenDescription))
        #expect(matches[1] == nil)
    }

    @Test func exactMatchesAreClaimedBeforeRewrittenOnes() {
        // The stored Bakery row is claimed by its exact twin, so the new Kiosk row at the same price stays new.
        let rows = [candidate(2, "-3.20", "Kiosk"), candidate(2, "-3.20", "Bakery")]
        let matches = TransactionIdentity.match(rows, against: [record(1, 2, "-3.20", "Bakery")])
        #expect(matches == [nil, IdentityMatch(existingId: 1, reason: .sameFingerprint)])
    }

    @Test func handEnteredTransactionsAreNotTakenForRewrittenOnes() {
        let rows = [candidate(2, "-8.40", "Cafe Einstein")]
        #expect(TransactionIdentity.match(rows, against: [record(1, 2, "-8.40", "coffee", imported: false)]) == [nil])
    }

    @Test func bankIdOutsideTheWindowIsNew() {
        let rows = [IdentityCandidate(day: october(1).advanced(by: 200), amount: amount("-1"), bankId: "X", textKey: "a")]
        #expect(TransactionIdentity.match(rows, against: [record(1, 1, "-1", "a", bankId: "X")]) == [nil])
    }

    @Test func ofxAfterCsvWithOtherTextIsRecognizedButTwoBankIdsAreNot() {
        let rows = [candidate(3, "-64.12", "WHOLE FOODS MARKET #10234", bankId: "T1")]
        #expect(TransactionIdentity.match(rows, against: [record(1, 3, "-64.12", "Whole Foods Berlin")])
                == [IdentityMatch(existingId: 1, reason: .rewrittenDescription)])
        #expect(TransactionIdentity.match(rows, against: [record(1, 3, "-64.12", "Whole Foods", bankId: "T0")]) == [nil])
    }

    @Test func rewrittenRowsPairWithTheStoredRowWhoseWordsTheyShareNotTheFirstInOrder() {
        // An export cut after the REWE row; the next export has the whole day, another row of the same
        // amount first, and the REWE text rewritten: GROCER TWO is new, the stored row keeps REWE.
        let rows = [candidate(2, "-3.50", "GROCER TWO"), candidate(2, "-3.50", "REWE Markt Berlin")]
        let matches = TransactionIdentity.match(rows, against: [record(4, 2, "-3.50", "KARTENZAHLUNG REWE 123")])
        #expect(matches == [nil, IdentityMatch(existingId: 4, reason: .rewrittenDescription)])
    }

    @Test func twoRewrittenRowsPairByTheirWordsWhateverTheirOrder() {
        let rows = [candidate(2, "-9.99", "Spotify AB Stockholm"), candidate(2, "-9.99", "NETFLIX.COM Amsterdam")]
        let stored = [record(1, 2, "-9.99", "KARTENZAHLUNG NETFLIX"), record(2, 2, "-9.99", "LASTSCHRIFT SPOTIFY")]
        #expect(TransactionIdentity.match(rows, against: stored).map { $0?.existingId } == [2, 1])
    }

    @Test func rewrittenRowsSharingNoWordPairInStatementOrder() {
        // A switch from CSV to OFX may change every word: order is all there is.
        let rows = [candidate(2, "-9.99", "POS 4471"), candidate(2, "-9.99", "DEBIT 8812")]
        let stored = [record(1, 2, "-9.99", "Kiosk"), record(2, 2, "-9.99", "Bakery")]
        #expect(TransactionIdentity.match(rows, against: stored).map { $0?.existingId } == [1, 2])
    }

    @Test func rewrittenPairingByWordsAgreesWithTheOrderRuleWhenNoWordIsShared() {
        // Differential: random groups whose texts share nothing pair exactly as the plain rule does,
        // bank ids included (a candidate with one pairs only with a stored row without one).
        var generator = SeededGenerator(seed: 18)
        for _ in 0..<300 {
            let c = Int.random(in: 1...6, using: &generator), r = Int.random(in: 1...6, using: &generator)
            let candidates = (0..<c).map { k in
                IdentityCandidate(day: october(2), amount: amount("-1"), bankId: Bool.random(using: &generator) ? "B\(k)" : nil,
                                  textKey: "c\(k)x")
            }
            let records = (0..<r).map { k in
                IdentityRecord(id: Int64(k), day: october(2), amount: amount("-1"),
                               bankId: Bool.random(using: &generator) ? "S\(k)" : nil, textKey: "r\(k)y")
            }
            let fast = RewrittenPairing.pairs(candidates: candidates, records: records).map { [$0.0, $0.1] }
            var used = Set<Int>()
            var plain: [[Int]] = []
            for (ci, candidate) in candidates.enumerated() {
                if let ri = records.indices.first(where: { !used.contains($0) && (candidate.bankId == nil || records[$0].bankId == nil) }) {
                    used.insert(ri)
                    plain.append([ci, ri])
                }
            }
            #expect(fast == plain)
        }
    }
}

/// Occurrences counted through hashes of ASCII bytes are those a dictionary of the rows'
/// fingerprints counts, hashes meeting or not; a text beyond ASCII leaves it to the dictionary.
@Suite struct OccurrenceTwinTests {
    func rows(seed: UInt64, count: Int, texts: [String]) -> [IdentityCandidate] {
        var rng = SeededGenerator(seed: seed)
        return (0..<count).map { _ in
            let day = Day(year: 2026, month: 10, day: Int(rng.next() % 3) + 1)!
            let cents = Int64(rng.next() % 4)
            // -3.20 and -3.2 are one amount; -3.21 another.
            let amount = rng.next() % 2 == 0 ? Amount(units: -320 - cents, scale: 2) : Amount(units: -32 - cents * 10, scale: 1)
            return IdentityCandidate(day: day, amount: amount, bankId: nil,
                                     textKey: TransactionIdentity.textKey(payee: texts[Int(rng.next() % UInt64(texts.count))], memo: nil))
        }
    }

    @Test func asciiTextsCountAsTheDictionaryCounts() throws {
        let texts = ["Coffee", "coffee  corner", "REWE Markt 12", "rewe markt 12", "", "x"]
        var repeating = 0
        for seed in 1...40 {
            let candidates = rows(seed: UInt64(seed), count: 1 + seed * 7, texts: texts)
            let plain = TransactionIdentity.plainOccurrences(of: candidates[...])
            #expect(TransactionIdentity.asciiOccurrences(of: candidates[...]) == plain, "seed \(seed)")
            // Every hash the same: rows are told apart by their whole fingerprint.
            #expect(TransactionIdentity.asciiOccurrences(of: candidates[...], hashMask: 0) == plain, "seed \(seed)")
            #expect(TransactionIdentity.occurrences(of: candidates) == plain, "seed \(seed)")
            if plain.contains(where: { $0 > 1 }) { repeating += 1 }
        }
        #expect(repeating >= 35) // most runs hold rows counted more than once
    }

    @Test func textsBeyondASCIIAreLeftToTheDictionary() {
        // "Café" written with é as one code point and as e + combining accent: one text for String.
        let candidates = rows(seed: 7, count: 60, texts: ["Caf\u{e9} 1", "Cafe\u{301} 1", "Bakery"])
        #expect(TransactionIdentity.asciiOccurrences(of: candidates[...]) == nil)
        #expect(TransactionIdentity.occurrences(of: candidates) == TransactionIdentity.plainOccurrences(of: candidates[...]))
    }
}
