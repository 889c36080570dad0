import Testing
import MyMoneyTransfers

/// Look-alikes that are no transfer, and what may never be confirmed without asking.
@Suite struct DecoyTests {
    @Test func feeToleranceIsNoFreePassForAnExpenseAndUnrelatedIncome() {
        // A bank CSV without types: a dentist's bill and money from a person 3.98 smaller.
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-123.45", payee: "Zahnarztpraxis Weiss", memo: "Rechnung")
        ledger.add(Ledger.savings, "2026-04-02", "119.47", payee: "Maria Schulz", memo: "Anteil Urlaub")
        ledger.add(Ledger.giro, "2026-04-10", "-80.00", payee: "Autohaus Meyer", memo: "Inspektion")
        ledger.add(Ledger.other, "2026-04-10", "79.70", payee: "Familienkasse", memo: "Kindergeld")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
        #expect(result.ambiguous.isEmpty)
    }

    @Test func feeByDifferenceNeedsTransferWordsOnBothLegs() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-502.50", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-02", "500.00")
        #expect(ledger.match().pairs.isEmpty)
    }

    @Test func refundToAnotherCardWithTheSameMerchantTextIsNoTransfer() {
        // Changed consciously: this pair used to be confirmed at 0.75.
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-59.99", payee: "ZALANDO SE")
        ledger.add(Ledger.eurCard, "2026-04-02", "59.99", payee: "ZALANDO SE")
        ledger.add(Ledger.eurCard, "2026-04-05", "-16.87", payee: "H&M Online")
        ledger.add(Ledger.giro, "2026-04-05", "16.87", payee: "H&M Online")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
    }

    @Test func theUsersOwnNameOnBothLegsStillSpeaksForATransfer() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-250.00", payee: "Alex Morgan")
        ledger.add(Ledger.savings, "2026-04-01", "250.00", payee: "Alex Morgan")
        let named = TransferMatcher().match(TransferMatchInput(transactions: ledger.transactions, accounts: Ledger.all,
                                                               ownerNames: ["Alex Morgan"]))
        let pair = try #require(named.pairs.first)
        #expect(pair.reasons.contains("both legs name the same payee"))
        // Without the owner's name, a payee seen beside own-transfer words counts the same.
        ledger.add(Ledger.giro, "2026-05-01", "-10.00", payee: "Alex Morgan", memo: "Umbuchung auf Savings")
        #expect(ledger.match().pairs.contains { $0.from.amount == (try? Amount(parsing: "-250.00")) })
    }

    @Test func aPlainChargeLosesToTheCrossCurrencyLegOfAWordlessArrival() throws {
        // 100.00 USD charged on the Visa with plain text the day before 100.00 USD arrive in
        // Checking without a word; the euro leg that bought them fits the day's rate.
        var ledger = Ledger()
        ledger.add(Ledger.card, "2026-06-09", "-100.00", payee: "ACME HARDWARE")
        ledger.add(Ledger.giro, "2026-06-09", "-88.30", payee: "Alex Morgan", memo: "Überweisung USD-Konto")
        ledger.add(Ledger.checking, "2026-06-10", "100.00")
        let result = ledger.match(rates: [rate("2026-06-09", .EUR, .USD, "1.1380")])
        let pair = try #require(result.pairs.first)
        #expect(result.pairs.count == 1)
        #expect(pair.route == "Giro>Checking")
    }

    @Test func nothingIsConfirmedOnAmountsDaysAndSimilarTextsAlone() throws {
        // Bank → card, same amount, same day, no words: proposed, but held below the import's 0.70.
        var ledger = Ledger()
        ledger.add(Ledger.checking, "2026-06-01", "-300.00")
        ledger.add(Ledger.card, "2026-06-01", "300.00")
        let pair = try #require(ledger.match().pairs.first)
        #expect(pair.confidence < 0.7)
        // A shared reference and the same payee are similarity too.
        var similar = Ledger()
        similar.add(Ledger.giro, "2026-06-01", "-300.00", payee: "Alex Morgan", memo: "REF 77QX120045")
        similar.add(Ledger.eurCard, "2026-06-01", "300.00", payee: "Alex Morgan", memo: "REF 77QX120045")
        similar.add(Ledger.giro, "2026-06-20", "-5.00", payee: "Alex Morgan", memo: "Umbuchung auf Savings")
        let capped = try #require(similar.match().pairs.first { $0.from.amount == (try? Amount(parsing: "-300.00")) })
        #expect(capped.confidence < 0.7)
    }

    @Test func aCurrencyCodeOfNeitherLegCountsAgainst() {
        // "eigenes USD-Konto" on a euro leg, paired with a euro account a little below: no fee pair.
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-01-27", "-497.28", payee: "Hausbank", memo: "Überweisung auf eigenes USD-Konto")
        ledger.add(Ledger.savings, "2026-01-28", "493.30", payee: "Gutschrift")
        #expect(ledger.match().pairs.isEmpty)
    }
}
