import Testing
import MyMoneyTransfers

@Suite struct FeeTests {
    @Test func feeByDifferenceBecomesOneTransferWithAFee() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-502.50", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-02", "500.00", memo: "Transfer from Giro")
        let pair = try #require(ledger.match().pairs.first)
        #expect(pair.fee == Amount(units: 250, scale: 2))
        #expect(pair.reasons.contains("sent 502.50 EUR, received 500.00: fee 2.50 EUR"))
    }

    @Test func differenceAboveTwoPercentIsNoFee() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-106.00", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-01", "100.00", memo: "Transfer from Giro")
        #expect(ledger.match().pairs.isEmpty)
    }

    @Test func feeIsCappedAtTwentyFiveUnits() {
        var over = Ledger()
        over.add(Ledger.giro, "2026-04-01", "-2030.00", memo: "Transfer to Joint")
        over.add(Ledger.other, "2026-04-01", "2000.00", memo: "Transfer from Giro")
        #expect(over.match().pairs.isEmpty) // 30 is 1.5% but more than 25

        var under = Ledger()
        under.add(Ledger.giro, "2026-04-01", "-2025.00", memo: "Transfer to Joint")
        under.add(Ledger.other, "2026-04-01", "2000.00", memo: "Transfer from Giro")
        #expect(under.match().pairs.first?.fee == Amount(units: 25))
    }

    @Test func feeBoundsAreConfigurable() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-2030.00", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-01", "2000.00", memo: "Transfer from Giro")
        var options = TransferMatchOptions()
        options.feeMaximum = Amount(units: 50)
        #expect(ledger.match(options: options).pairs.first?.fee == Amount(units: 30))
    }

    @Test func separateFeeLineOnTheSendingDayJoinsTheTransfer() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-500.00", memo: "Umbuchung auf Joint")
        let feeLine = ledger.add(Ledger.giro, "2026-04-01", "-1.50", payee: "Entgelt Umbuchung")
        ledger.add(Ledger.other, "2026-04-01", "500.00", memo: "Umbuchung von Giro")
        let result = ledger.match()
        #expect(result.pairs.count == 1)
        let pair = try #require(result.pairs.first)
        #expect(pair.fee == Amount(units: 150, scale: 2))
        #expect(pair.feeLeg?.transactionIndex == feeLine)
        #expect(pair.reasons.last?.hasPrefix("fee 1.50 EUR booked separately") == true)
    }

    @Test func feeLineOnAnotherDayOrAccountStaysAlone() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-500.00", memo: "Umbuchung auf Joint")
        ledger.add(Ledger.giro, "2026-04-02", "-1.50", payee: "FEE")
        ledger.add(Ledger.savings, "2026-04-01", "-1.50", payee: "FEE")
        ledger.add(Ledger.other, "2026-04-01", "500.00", memo: "Umbuchung von Giro")
        #expect(ledger.match().pairs.first?.feeLeg == nil)
    }

    @Test func lineWithoutAFeeWordIsNotAFee() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-500.00", memo: "Umbuchung auf Joint")
        ledger.add(Ledger.giro, "2026-04-01", "-1.50", payee: "Bäckerei Kamps")
        ledger.add(Ledger.other, "2026-04-01", "500.00", memo: "Umbuchung von Giro")
        #expect(ledger.match().pairs.first?.fee == nil)
    }
}

@Suite struct FeeLineChoiceTests {
    @Test func feeLineJoinsTheTransferWhoseTextItShares() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-300.00", payee: "Alex Morgan", memo: "Umbuchung auf Savings")
        ledger.add(Ledger.savings, "2026-04-01", "300.00", payee: "Alex Morgan", memo: "Umbuchung von Giro")
        ledger.add(Ledger.giro, "2026-04-01", "-500.00", payee: "Alex Morgan", memo: "Eilüberweisung an Joint")
        let fee = ledger.add(Ledger.giro, "2026-04-01", "-2.00", payee: "Entgelt Eilüberweisung")
        ledger.add(Ledger.other, "2026-04-01", "500.00", payee: "Alex Morgan", memo: "Eilüberweisung von Giro")
        let result = ledger.match()
        #expect(result.pairs.count == 2)
        let express = try #require(result.pairs.first { $0.route == "Giro>Joint" })
        #expect(express.feeLeg?.transactionIndex == fee)
        #expect(result.pairs.first { $0.route == "Giro>Savings" }?.feeLeg == nil)
    }

    @Test func feeLineWithoutAClearTransferStaysAlone() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-300.00", memo: "Umbuchung auf Savings")
        ledger.add(Ledger.savings, "2026-04-01", "300.00", memo: "Umbuchung von Giro")
        ledger.add(Ledger.giro, "2026-04-01", "-500.00", memo: "Umbuchung auf Joint")
        ledger.add(Ledger.giro, "2026-04-01", "-2.00", payee: "FEE")
        ledger.add(Ledger.other, "2026-04-01", "500.00", memo: "Umbuchung von Giro")
        #expect(ledger.match().pairs.allSatisfy { $0.feeLeg == nil })
    }
}
