import Testing
import MyMoneyImport
import MyMoneyStore

/// A statement imported again is matched while its stored rows are read (``Ledger/HeldRowsReading/aligned``):
/// its answer must be the one the whole read and ``TransactionIdentity/matchAllByBankId(_:against:hashMask:)``
/// give, on statements that line up and on every way of not lining up.
@Suite("store: a statement imported again matched as its rows are read")
struct AlignedIdentityTests {
    /// Rows over October with bank ids: one id twice (a purchase and its fee), an `é` written
    /// composed, amounts at two scales.
    static func statement(_ account: Int64) -> [LedgerTransaction] {
        var rows: [LedgerTransaction] = []
        for day in 1...20 {
            rows.append(row(account, day, "-\(day).5", "Shop \(day)", bankId: "B\(day)"))
            rows.append(row(account, day, "-\(day).50", "Shop \(day) again", bankId: "C\(day)"))
        }
        rows.append(row(account, 21, "-4.00", "Fee", bankId: "F"))
        rows.append(row(account, 21, "-4.00", "Fee", bankId: "F"))
        rows.append(row(account, 22, "10.00", "Caf\u{E9}", bankId: "caf\u{E9}"))
        return rows
    }

    func candidates(_ rows: [LedgerTransaction]) -> [IdentityCandidate] {
        rows.map { IdentityCandidate(day: $0.day, amount: $0.amount, bankId: $0.bankId, textKey: "") }
    }

    @Test func theAlignedReadAnswersAsTheWholeReadDoes() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let stored = Self.statement(giro)
        try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: stored)])
        var variants: [(String, [LedgerTransaction])] = [("the statement again", stored)]
        variants.append(("a row dropped", Array(stored[..<5] + stored[6...])))
        variants.append(("a row added", stored + [row(giro, 23, "-1.00", "New", bankId: "N")]))
        variants.append(("a row added among them", Array(stored[..<7]) + [row(giro, 4, "-1.00", "New", bankId: "N")] + Array(stored[7...])))
        variants.append(("the last rows only", Array(stored.suffix(10))))
        variants.append(("reversed", stored.reversed()))
        var amountChanged = stored
        amountChanged[3].amount = amount("-2.51")
        variants.append(("an amount changed", amountChanged))
        var scaled = stored
        scaled[0].amount = amount("-1.500")
        variants.append(("an amount at another scale", scaled))
        var decomposed = stored
        decomposed[decomposed.count - 1].bankId = "cafe\u{301}"
        variants.append(("a bank id decomposed", decomposed))
        var shifted = stored
        shifted[2].day = october(2).advanced(by: 60)
        variants.append(("a day moved within the bank id window", shifted))
        var far = stored
        far[2].day = october(2).advanced(by: 200)
        variants.append(("a day moved out of it", far))
        var noId = stored
        noId[1].bankId = nil
        variants.append(("a row without a bank id", noId))
        var renamed = stored
        renamed[8].bankId = "B5x"
        variants.append(("a bank id changed", renamed))
        for (what, rows) in variants {
            let aligned = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(rows), reading: .aligned)
            let whole = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(rows), reading: .whole)
            #expect(aligned == whole, "\(what)")
        }
        // The cases mean something: the statement again is held (and found as it lines up), a
        // reordered statement and a decomposed id are held only through the whole read, the
        // others are not held.
        let again = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(stored), reading: .aligned)
        #expect(again?.count == stored.count)
        let alignedOnly = try fixture.ledger.alignedBankIdMatches(accountId: giro, candidates(stored), from: october(1), through: october(22))
        #expect(alignedOnly == again)
        #expect(try fixture.ledger.alignedBankIdMatches(accountId: giro, candidates(stored.reversed()), from: october(1), through: october(22)) == nil)
        #expect(try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(stored.reversed())) != nil)
        #expect(try fixture.ledger.alignedBankIdMatches(accountId: giro, candidates(decomposed), from: october(1), through: october(22)) == nil)
        #expect(try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(decomposed)) != nil)
        #expect(try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(amountChanged)) == nil)
    }

    /// A row edited by hand is read from the second half of the query (its imported day and
    /// amount): the rows no longer come in id order, and the whole read decides.
    @Test func anEditedRowIsMatchedByWhatItWasImportedWith() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let stored = Self.statement(giro)
        let first = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: stored)])
        let id = try #require(first.accounts[0].added[4].id)
        try fixture.ledger.editTransaction(id: id, [.day(october(25)), .amount(amount("-99.00"))])
        let aligned = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(stored), reading: .aligned)
        let whole = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(stored), reading: .whole)
        #expect(aligned == whole)
        #expect(aligned?.count == stored.count)
    }

    @Test func randomStatementsAnswerAsTheWholeRead() throws {
        var generator = SplitMix(seed: 17)
        for round in 0..<40 {
            let fixture = try LedgerFixture()
            let giro = try fixture.account("Girokonto")
            let count = Int(generator.next() % 30) + 1
            var rows: [LedgerTransaction] = []
            for k in 0..<count {
                let day = Int(generator.next() % 28) + 1
                rows.append(row(giro, day, "-\(generator.next() % 5).\(generator.next() % 3)", "P\(k)", bankId: "I\(generator.next() % 8)"))
            }
            rows.sort { $0.day < $1.day }
            try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)])
            var again = rows
            switch generator.next() % 5 {
            case 0: break
            case 1: again.remove(at: Int(generator.next() % UInt64(again.count)))
            case 2: again.swapAt(Int(generator.next() % UInt64(again.count)), Int(generator.next() % UInt64(again.count)))
            case 3: again.append(row(giro, 28, "-1.0", "x", bankId: "I\(generator.next() % 8)"))
            default: again[Int(generator.next() % UInt64(again.count))].bankId = "I\(generator.next() % 8)"
            }
            if again.isEmpty { continue }
            let aligned = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(again), reading: .aligned)
            let whole = try fixture.ledger.matchesOfHeldStatement(accountId: giro, candidates(again), reading: .whole)
            #expect(aligned == whole, "round \(round)")
        }
    }
}

/// A small seeded generator (SplitMix64), so a failing round can be run again.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
