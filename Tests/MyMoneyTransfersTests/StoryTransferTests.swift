import Testing
import MyMoneyTransfers

@Suite struct StoryTransferTests {
    let result = TransferMatcher().match(TransferMatchInput(transactions: StoryLedger.transactions, accounts: StoryLedger.accounts))

    func summary(_ pair: TransferPair) -> String {
        "\(pair.from.accountName) \(pair.from.day) \(pair.from.amount) \(pair.from.currency.code) -> "
            + "\(pair.to.accountName) \(pair.to.day) \(pair.to.amount) \(pair.to.currency.code)"
            + (pair.rate.map { " @\($0)" } ?? "")
    }

    @Test func storyGivesExactlyItsFourTransfers() {
        for pair in result.pairs { print(summary(pair), String(format: "%.2f", pair.confidence), pair.reasons) }
        let found = Set(result.pairs.map(summary))
        #expect(found == [
            "Girokonto 2026-10-05 -88.00 EUR -> US Checking 2026-10-07 100.00 USD @1.1364",
            "Girokonto 2026-10-15 -500.00 EUR -> Tagesgeld 2026-10-15 500.00 EUR",
            "US Checking 2026-10-15 -250.00 USD -> Visa 2026-10-16 250.00 USD",
            "Girokonto 2026-10-10 -200.00 EUR -> Wallet 2026-10-10 200.00 EUR",
        ])
        #expect(result.pairs.allSatisfy { $0.status == .proposed && $0.confidence >= 0.5 && $0.fee == nil })
    }

    @Test func netflixChargesAreNotATransfer() {
        let netflix = result.pairs.filter { pair in
            [pair.from, pair.to].contains { ($0.payee ?? "").uppercased().contains("NETFLIX") }
        }
        #expect(netflix.isEmpty)
    }

    @Test func storyLeavesNothingAmbiguousOrDangling() {
        #expect(result.ambiguous.isEmpty)
        #expect(result.unpairedHints.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func crossCurrencyStoryPairSaysWhy() throws {
        let pair = try #require(result.pairs.first { $0.from.currency != $0.to.currency })
        #expect(pair.rate == Amount(units: 11364, scale: 4))
        #expect(pair.reasons.contains("rate 1.1364 plausible for EUR→USD (within 25% of the built-in 1.1; no reference rate)"))
        #expect(pair.reasons.contains("2 days apart"))
        #expect(pair.reasons.contains("US Checking type says “XFER”"))
    }
}

@Suite struct StoryWithRatesTests {
    @Test func aRatesFileSharpensTheCrossCurrencyPair() throws {
        let rates = ExchangeRateFile.parse("2026-10-05,EUR,USD,1.1364\n").rates
        let result = TransferMatcher().match(TransferMatchInput(transactions: StoryLedger.transactions,
                                                                accounts: StoryLedger.accounts, rates: rates))
        #expect(result.pairs.count == 4)
        let pair = try #require(result.pairs.first { $0.rate != nil })
        #expect(pair.reasons.first == "rate 1.1364 within 6% below reference 1.1364 (rates file, 2026-10-05)")
        #expect(pair.confidence > 0.9)
    }

    @Test func markingTransfersTakesThemOutOfIncomeAndExpense() {
        var transactions = StoryLedger.transactions
        let result = TransferMatcher().match(TransferMatchInput(transactions: transactions, accounts: StoryLedger.accounts))
        result.markTransfers(in: &transactions)
        let transfers = transactions.filter { $0.type == .transfer }
        #expect(transfers.count == 8)
        #expect(transfers.reduce(0) { $0 + ($1.currency == .EUR ? $1.amount.units : 0) } == -8_800) // only the 88 EUR left the euro side
        #expect(transactions.contains { $0.payee == "Netflix International" && $0.type == .expense })
    }
}
