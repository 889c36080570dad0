import Testing
import MyMoneyTransfers

/// The hard cases of `mymoney-bench transfers` (issue #18), one small hand-built ledger each.
@Suite struct HardCaseTests {
    /// Identical transfers on two consecutive days between the same accounts: four sending and
    /// four receiving legs make sixteen candidates, more than the old exact limit, and the greedy
    /// pass held them all as close calls. Every reading pairs day with day.
    @Test func identicalTransfersOnConsecutiveDaysPairDayWithDay() {
        var ledger = Ledger()
        for day in ["2026-04-09", "2026-04-10", "2026-04-10", "2026-04-10"] {
            ledger.add(Ledger.savings, day, "-200.00", payee: "Alex Morgan", memo: "Umbuchung auf Giro")
            ledger.add(Ledger.giro, day, "200.00", payee: "Alex Morgan", memo: "Umbuchung von Savings")
        }
        let result = ledger.match()
        #expect(result.pairs.count == 4)
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.allSatisfy { $0.from.day == $0.to.day })
    }

    /// Three identical transfers on each of two consecutive days: thirty-six candidates, all
    /// within the day window. Every reading pairs day with day.
    @Test func threeIdenticalTransfersOnEachOfTwoDaysPairDayWithDay() {
        var ledger = Ledger()
        for day in ["2026-04-09", "2026-04-09", "2026-04-09", "2026-04-10", "2026-04-10", "2026-04-10"] {
            ledger.add(Ledger.savings, day, "-200.00", payee: "Alex Morgan", memo: "Umbuchung auf Giro")
            ledger.add(Ledger.giro, day, "200.00", payee: "Alex Morgan", memo: "Umbuchung von Savings")
        }
        let result = ledger.match()
        #expect(result.pairs.count == 6)
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.allSatisfy { $0.from.day == $0.to.day })
        #expect(result.pairs.allSatisfy { $0.reasons.last?.hasPrefix("one of several identical transfers") == true })
    }

    /// Two transfers whose weakly worded arrivals come six days late: the second transfer's
    /// sending leg lies two days before the first arrival. The late candidates used to wait until
    /// the near ones were decided, so the second sending leg took the first arrival (a false
    /// pair). Now the late candidates compete: the best reading pairs each with its own late
    /// arrival, which is a close call, and nothing is proposed.
    @Test func weakLateArrivalIsNotHandedToTheNextTransfersLeg() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-01", "-500.00", payee: "Alex Morgan", memo: "SEPA Überweisung an Savings")
        ledger.add(Ledger.savings, "2026-05-07", "500.00", payee: "Gutschrift")
        ledger.add(Ledger.giro, "2026-05-05", "-500.00", payee: "Alex Morgan", memo: "SEPA Überweisung an Savings")
        ledger.add(Ledger.savings, "2026-05-11", "500.00", payee: "Gutschrift")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
        let held = result.ambiguous.flatMap(\.legs).map(\.day.description).sorted()
        #expect(held == ["2026-05-01", "2026-05-05", "2026-05-07", "2026-05-11"])
        #expect(result.ambiguous.allSatisfy { $0.reasons.contains { $0.contains("beyond the 4-day window") } })
    }

    /// A weak late arrival alone is still a close call with its reasons, never proposed.
    @Test func weakLateArrivalAloneIsACloseCall() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-01", "-500.00", payee: "Alex Morgan", memo: "SEPA Überweisung an Savings")
        ledger.add(Ledger.savings, "2026-05-07", "500.00", payee: "Gutschrift")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
        let call = try #require(result.ambiguous.first)
        #expect(call.candidates.count == 1)
        #expect(call.candidates[0].reasons.contains("6 days apart, beyond the 4-day window"))
    }

    /// A card purchase and an unrelated deposit of the same amount into a bank account two days
    /// later (a refund to another card left its twin there): money leaving a card with nothing
    /// saying transfer is a purchase.
    @Test func cardPurchaseIsNoTransferToABankDepositOfTheSameAmount() {
        var ledger = Ledger()
        ledger.add(Ledger.eurCard, "2021-01-24", "-22.84", payee: "H&M Online")
        ledger.add(Ledger.savings, "2021-01-26", "22.84", payee: "DEPOSIT")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
    }

    /// Money that leaves a card with words saying so (a cash advance to the bank) still pairs.
    @Test func cardToBankTransferThatSaysSoStillPairs() throws {
        var ledger = Ledger()
        ledger.add(Ledger.eurCard, "2021-01-24", "-300.00", payee: "Transfer to Giro")
        ledger.add(Ledger.giro, "2021-01-25", "300.00", payee: "Transfer from Mastercard")
        let pair = try #require(ledger.match().pairs.first)
        #expect(pair.route == "Mastercard>Giro")
        #expect(!pair.reasons.contains { $0.contains("a purchase?") })
    }
}
