import Testing
import MyMoneyTransfers

@Suite struct RobustnessTests {
    @Test func nonsenseOptionsAreBroughtIntoRange() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-03-02", "-250.00")
        ledger.add(Ledger.savings, "2026-03-02", "250.00")
        var options = TransferMatchOptions()
        options.windowDays = -3
        options.exactGroupLimit = 1_000
        options.feeMaximum = Amount(units: -5)
        options.referenceBand = Amount(units: -1)
        #expect(ledger.match(options: options).pairs.count == 1)
        #expect(options.sanitized.windowDays == 0 && options.sanitized.exactGroupLimit == 64)
    }

    @Test func daysAtTheEdgeOfTheCalendarDoNotTrap() {
        var ledger = Ledger()
        ledger.transactions.append(LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: .max), amount: Amount(units: -5), currency: .EUR))
        ledger.transactions.append(LedgerTransaction(accountId: 2, day: Day(daysSinceEpoch: .max), amount: Amount(units: 5), currency: .EUR))
        ledger.transactions.append(LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: .min), amount: Amount(units: -7), currency: .EUR))
        ledger.transactions.append(LedgerTransaction(accountId: 2, day: Day(daysSinceEpoch: .min), amount: Amount(units: 7), currency: .EUR))
        #expect(ledger.match().pairs.count == 2)
    }

    @Test func amountTooLargeToCompareIsReportedNotMatched() {
        var ledger = Ledger()
        ledger.transactions.append(LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: 0), amount: Amount(units: .min, scale: 2), currency: .EUR))
        ledger.transactions.append(LedgerTransaction(accountId: 2, day: Day(daysSinceEpoch: 0), amount: Amount(units: .max, scale: 0), currency: .EUR))
        let result = ledger.match()
        #expect(result.pairs.isEmpty)
        #expect(result.diagnostics.map(\.code) == ["transfers.amount-range", "transfers.amount-range"])
    }

    @Test func accountWithoutAnIdIsReported() {
        let result = TransferMatcher().match(TransferMatchInput(transactions: [], accounts: [Account(name: "New", kind: .bank, currency: .EUR)]))
        #expect(result.diagnostics.map(\.code) == ["transfers.account-id"])
    }

    @Test func manyAccountsBeyondSixtyFourStillMatchByAmount() {
        let accounts = (1...80).map { Account(id: Int64($0), name: "Account \($0)", kind: .bank, currency: .EUR) }
        let transactions = [
            LedgerTransaction(accountId: 70, day: Day(daysSinceEpoch: 100), amount: Amount(units: -1234, scale: 2), currency: .EUR, memo: "Umbuchung auf Account 79"),
            LedgerTransaction(accountId: 79, day: Day(daysSinceEpoch: 100), amount: Amount(units: 1234, scale: 2), currency: .EUR),
        ]
        let result = TransferMatcher().match(TransferMatchInput(transactions: transactions, accounts: accounts))
        #expect(result.pairs.map(\.route) == ["Account 70>Account 79"])
    }
}
