import Testing
@testable import MyMoneyTransfers

/// Amounts, references and account numbers written in memos decide between look-alike transfers.
@Suite struct TextEvidenceDecidesTests {
    @Test func seriesOfFXTransfersIsToldApartByTheAmountsTheMemosWrite() throws {
        // Three EUR→USD transfers two days apart, each landing 0–3 days later at a rate near the
        // reference: days and rates alone mislead; each memo names the other leg's amount.
        var ledger = Ledger()
        let rows = [("2026-03-02", "2798.17", "2026-03-05", "3160.40"), ("2026-03-04", "2810.00", "2026-03-04", "3177.50"),
                    ("2026-03-06", "2785.55", "2026-03-07", "3150.12")]
        var truth: [(Int, Int)] = []
        for (sentDay, sent, receivedDay, received) in rows {
            let a = ledger.add(Ledger.giro, sentDay, "-" + sent, payee: "FX TRANSFER", memo: "FX TRANSFER USD \(received)")
            let b = ledger.add(Ledger.checking, receivedDay, received, payee: "FX TRANSFER", memo: "FX TRANSFER … EUR \(sent)")
            truth.append((a, b))
        }
        let result = ledger.match(rates: [rate("2026-03-02", .EUR, .USD, "1.135")])
        #expect(result.ambiguous.isEmpty)
        let found = result.pairs.map { ($0.from.transactionIndex ?? -1, $0.to.transactionIndex ?? -1) }
        #expect(found.map { "\($0.0)>\($0.1)" }.sorted() == truth.map { "\($0.0)>\($0.1)" }.sorted())
        #expect(result.pairs.allSatisfy { $0.reasons.contains { $0.contains("names the other leg's amount") } })
    }

    @Test func anAmountInTheOtherLegsCurrencyThatIsNotItsAmountCountsAgainst() throws {
        func match(_ receivedMemo: String) -> TransferMatchResult {
            var ledger = Ledger()
            ledger.add(Ledger.giro, "2026-03-02", "-2798.17", memo: "FX TRANSFER USD 3177.50")
            ledger.add(Ledger.checking, "2026-03-03", "3177.50", memo: receivedMemo)
            return ledger.match(rates: [rate("2026-03-02", .EUR, .USD, "1.135")])
        }
        let right = try #require(match("FX TRANSFER EUR 2798.17").pairs.first)
        let wrong = try #require(match("FX TRANSFER EUR 2810.00").pairs.first)
        #expect(wrong.reasons.contains("Checking text names another amount in EUR than 2798.17"))
        #expect(right.reasons.contains("Checking text names the other leg's amount 2798.17 EUR"))
        #expect(wrong.confidence < right.confidence || right.confidence == 1)
    }

    @Test func equalTransfersDaysApartAreToldApartByASharedReference() throws {
        var ledger = Ledger()
        let a1 = ledger.add(Ledger.giro, "2026-03-02", "-500.00", payee: "Alex Morgan", memo: "SEPA Überweisung REF 7Q2K482213")
        let a2 = ledger.add(Ledger.giro, "2026-03-03", "-500.00", payee: "Alex Morgan", memo: "SEPA Überweisung REF 3ZT9118402")
        let b2 = ledger.add(Ledger.savings, "2026-03-03", "500.00", payee: "Alex Morgan", memo: "SEPA Gutschrift REF 3ZT9118402")
        let b1 = ledger.add(Ledger.savings, "2026-03-05", "500.00", payee: "Alex Morgan", memo: "SEPA Gutschrift REF 7Q2K482213")
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        let found = Set(result.pairs.map { "\($0.from.transactionIndex ?? -1)>\($0.to.transactionIndex ?? -1)" })
        #expect(found == ["\(a1)>\(b1)", "\(a2)>\(b2)"])
        #expect(result.pairs.allSatisfy { $0.reasons.contains("both legs carry the same reference") })
    }

    @Test func anAccountNumberPrintedInGroupsNamesTheAccount() throws {
        // Two equal transfers to two accounts: only the IBANs in the memos say which is which.
        var ledger = Ledger()
        let toSavings = ledger.add(Ledger.giro, "2026-03-02", "-300.00", memo: "Überweisung an DE02 1203 0000 0000 2020 51")
        let toJoint = ledger.add(Ledger.giro, "2026-03-02", "-300.00", memo: "Überweisung an NL91 ABNA 0417 1643 00")
        let savings = ledger.add(Ledger.savings, "2026-03-03", "300.00", memo: "Gutschrift von DE89 3704 0044 0532 0130 00")
        let joint = ledger.add(Ledger.other, "2026-03-03", "300.00", memo: "Gutschrift von DE89 3704 0044 0532 0130 00")
        let result = ledger.match()
        let found = Set(result.pairs.map { "\($0.from.transactionIndex ?? -1)>\($0.to.transactionIndex ?? -1)" })
        #expect(found == ["\(toSavings)>\(savings)", "\(toJoint)>\(joint)"])
    }

    @Test func twoIdenticalTransfersOnOneDayPairAsInterchangeableLegs() {
        // Changed consciously in the accuracy round: all four legs used to be one close call.
        var ledger = Ledger()
        for _ in 0..<2 { ledger.add(Ledger.giro, "2026-05-04", "-100.00") }
        for _ in 0..<2 { ledger.add(Ledger.savings, "2026-05-04", "100.00") }
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.count == 2)
        #expect(result.pairs.allSatisfy { $0.reasons.last?.contains("interchangeable") == true })
        #expect(Set(result.pairs.flatMap { [$0.from.transactionIndex, $0.to.transactionIndex] }).count == 4)
    }

    @Test func threeIdenticalTransfersWithTextPairAsInterchangeableLegs() {
        var ledger = Ledger()
        for _ in 0..<3 { ledger.add(Ledger.giro, "2026-05-04", "-50.00", memo: "Umbuchung auf Savings") }
        for _ in 0..<3 { ledger.add(Ledger.savings, "2026-05-05", "50.00", memo: "Umbuchung von Giro") }
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.count == 3)
    }

    @Test func identicalSendingLegsToTwoAccountsPairOneEach() {
        // Which of two identical legs went where does not matter: one went to each account.
        var ledger = Ledger()
        for _ in 0..<2 { ledger.add(Ledger.giro, "2026-05-04", "-100.00") }
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.map(\.route).sorted() == ["Giro>Joint", "Giro>Savings"])
    }
}
