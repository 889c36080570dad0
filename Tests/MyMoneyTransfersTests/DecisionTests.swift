import Testing
import MyMoneyTransfers

@Suite struct DecisionTests {
    @Test func closeCallIsReportedAsAmbiguousNotGuessed() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
        let ambiguity = try #require(result.ambiguous.first)
        #expect(result.ambiguous.count == 1)
        #expect(ambiguity.candidates.map(\.route).sorted() == ["Giro>Joint", "Giro>Savings"])
        #expect(ambiguity.legs.count == 3)
        #expect(ambiguity.candidates.allSatisfy { $0.status == .ambiguous })
    }

    @Test func clearWinnerIsNotAmbiguous() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung auf Savings")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.map(\.route) == ["Giro>Savings"])
    }

    @Test func repeatedTransfersResolveGloballyNotGreedily() {
        // Two identical transfers a day apart: each pairs with its own day, no close call.
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.giro, "2026-05-05", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.savings, "2026-05-05", "100.00")
        let result = ledger.match()
        #expect(result.ambiguous.isEmpty)
        #expect(result.pairs.map { "\($0.from.day)>\($0.to.day)" } == ["2026-05-04>2026-05-04", "2026-05-05>2026-05-05"])
    }

    @Test func largeGroupsFallBackToBestFirstAndStillHoldCloseCalls() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        ledger.add(Ledger.giro, "2026-05-20", "-70.00", memo: "Umbuchung auf Savings")
        ledger.add(Ledger.savings, "2026-05-20", "70.00", memo: "Umbuchung von Giro")
        ledger.add(Ledger.other, "2026-05-21", "70.00")
        var options = TransferMatchOptions()
        options.exactGroupLimit = 1
        let result = ledger.match(options: options)
        #expect(result.statistics.groupsSolvedGreedily == 1) // the 70.00 group has one candidate above the bar
        #expect(result.pairs.map { "\($0.route) \($0.to.amount)" } == ["Giro>Savings 70.00"])
        #expect(result.ambiguous.map(\.candidates.count) == [2])
    }

    @Test func noLegIsInTwoPairs() {
        var ledger = Ledger()
        for day in 1...20 {
            let date = "2026-05-\(day < 10 ? "0" : "")\(day)"
            ledger.add(Ledger.giro, date, "-50.00", memo: "Transfer")
            ledger.add(Ledger.savings, date, "50.00", memo: "Transfer")
            ledger.add(Ledger.other, date, "50.00", memo: "Transfer")
            ledger.add(Ledger.savings, date, "-50.00", memo: "Transfer")
        }
        let result = ledger.match()
        var seen = Set<Int>()
        for pair in result.pairs {
            for leg in [pair.from, pair.to] {
                #expect(seen.insert(leg.transactionIndex ?? -1).inserted, "leg \(leg.transactionIndex ?? -1) in two pairs")
            }
        }
        for ambiguity in result.ambiguous {
            for leg in ambiguity.legs { #expect(!seen.contains(leg.transactionIndex ?? -1), "paired leg also under review") }
        }
        #expect(!result.pairs.isEmpty || !result.ambiguous.isEmpty)
    }

    @Test func merchantDecoyOfTheSameAmountADayApartIsPassedOver() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-10", "-50.00", payee: "Alex Morgan", memo: "Umbuchung auf Savings")
        ledger.add(Ledger.savings, "2026-05-10", "50.00", payee: "Alex Morgan", memo: "Umbuchung von Giro")
        ledger.add(Ledger.eurCard, "2026-05-11", "-50.00", payee: "AMAZON MKTPL*2K4LM")
        ledger.add(Ledger.other, "2026-05-11", "50.00", payee: "AMAZON EU REFUND #4411")
        let result = ledger.match()
        #expect(result.pairs.map(\.route) == ["Giro>Savings"])
        #expect(result.ambiguous.isEmpty)
    }

    @Test func shopChargeAndRefundAcrossAccountsAreNoTransfer() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-10", "-13.99", payee: "NETFLIX.COM")
        ledger.add(Ledger.savings, "2026-05-11", "13.99", payee: "Netflix International")
        #expect(ledger.match().pairs.isEmpty)
    }

    @Test func rejectedPairIsNeverProposedAgain() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung", id: 1)
        ledger.add(Ledger.savings, "2026-05-04", "100.00", memo: "Umbuchung", id: 2)
        #expect(ledger.match().pairs.count == 1)
        #expect(ledger.match(rejected: [TransferLink(fromId: 1, toId: 2)]).pairs.isEmpty)
        #expect(ledger.match(rejected: [TransferLink(fromId: 2, toId: 1)]).pairs.isEmpty)
    }

    @Test func rejectedPairLeavesTheRunnerUp() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung auf Savings", id: 1)
        ledger.add(Ledger.savings, "2026-05-04", "100.00", id: 2)
        ledger.add(Ledger.other, "2026-05-04", "100.00", memo: "Umbuchung", id: 3)
        #expect(ledger.match(rejected: [TransferLink(fromId: 1, toId: 2)]).pairs.map(\.route) == ["Giro>Joint"])
    }

    @Test func confirmedPairIsKeptAsItIs() throws {
        var ledger = Ledger()
        let a = ledger.add(Ledger.giro, "2026-05-04", "-100.00", id: 1)
        let b = ledger.add(Ledger.savings, "2026-05-09", "100.00", id: 2) // outside the window: only the user could pair these
        ledger.add(Ledger.other, "2026-05-04", "100.00", id: 3)
        var confirmed = TransferPair.confirmed(from: ledger.transactions[a], fromAccount: Ledger.giro,
                                               to: ledger.transactions[b], toAccount: Ledger.savings)
        confirmed.reasons = ["paired by hand"]
        let result = ledger.match(confirmed: [confirmed])
        #expect(result.pairs == [confirmed])
        #expect(result.proposed.isEmpty) // leg 1 is taken: it does not pair with Joint
    }

    @Test func legsAlreadyInATransferAreLeftOut() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", id: 1)
        ledger.add(Ledger.savings, "2026-05-04", "100.00", id: 2)
        #expect(ledger.match(excluded: [2]).pairs.isEmpty)
    }

    @Test func storedLegPairsWithANewOne() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung", id: 41) // imported last week
        let new = ledger.add(Ledger.savings, "2026-05-05", "100.00", memo: "Umbuchung") // imported now
        let pair = try #require(ledger.match().pairs.first)
        #expect(pair.from.transactionId == 41)
        #expect(pair.to.transactionId == nil && pair.to.transactionIndex == new)
    }

    @Test func theSameStoredLegPassedTwiceCountsOnce() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung", id: 41)
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", memo: "Umbuchung", id: 41)
        ledger.add(Ledger.savings, "2026-05-04", "100.00", memo: "Umbuchung")
        let result = ledger.match()
        #expect(result.pairs.count == 1)
        #expect(result.ambiguous.isEmpty)
    }

    @Test func transactionInAnUnknownAccountIsReported() {
        var ledger = Ledger()
        ledger.transactions.append(LedgerTransaction(accountId: 99, day: Day(iso: "2026-05-04") ?? Day(daysSinceEpoch: 0),
                                                     amount: Amount(units: -100), currency: .EUR))
        let result = ledger.match()
        #expect(result.diagnostics.map(\.code) == ["transfers.unknown-account"])
    }

    @Test func sameInputGivesTheSameOutput() {
        var ledger = Ledger()
        for day in 1...9 {
            ledger.add(Ledger.giro, "2026-06-0\(day)", "-20.00")
            ledger.add(Ledger.savings, "2026-06-0\(day)", "20.00")
            ledger.add(Ledger.other, "2026-06-0\(day)", "20.00")
        }
        let first = ledger.match()
        let second = ledger.match()
        #expect(first == second)
        #expect(TransferJSONRenderer.render(first) == TransferJSONRenderer.render(second))
    }
}
