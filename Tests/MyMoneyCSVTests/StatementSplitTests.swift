import Testing
import MyMoneyCSV

/// One statement per account and per currency, each with its own balances.
@Suite struct StatementSplitTests {
    func closing(_ s: Statement) -> Amount? { s.balances.first { $0.kind == .closing }?.amount }
    func opening(_ s: Statement) -> Amount? { s.balances.first { $0.kind == .opening }?.amount }

    @Test func accountColumnWithoutAHeaderGivesOneStatementPerAccount() throws {
        let result = readFixture("accounts-headerless.csv")
        #expect(result.statements.map(\.account.id) == ["NL91ABNA0417164300", "NL20INGB0001234567"])
        #expect(result.statements.map(\.transactions.count) == [3, 2])
        let first = try #require(result.statements.first), second = try #require(result.statements.last)
        #expect(opening(first) == amount("100.00") && closing(first) == amount("86.50"))
        #expect(opening(second) == amount("2000.00") && closing(second) == amount("3700.00"))
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func multiCurrencyWalletGivesOneStatementPerCurrencyWithItsOwnBalances() throws {
        let result = readFixture("multi-currency-wallet.csv")
        #expect(result.statements.map { $0.account.currency?.code } == ["EUR", "USD"])
        let eur = try #require(result.statements.first), usd = try #require(result.statements.last)
        #expect(eur.transactions.compactMap(\.payee) == ["Top-up", "Exchange to USD", "Bakery"])
        #expect(usd.transactions.compactMap(\.payee) == ["Exchange from EUR", "Cafe NYC"])
        #expect(closing(eur) == amount("48.00") && closing(usd) == amount("49.50"))
        #expect(opening(eur) == amount("0.00") && opening(usd) == amount("0.00"))
        #expect(!result.diagnostics.containsErrors)
    }

    @Test func amountColumnsNamedOnlyByACurrencyAreAmountsInThatCurrency() throws {
        let result = readFixture("currency-named-amount-columns.csv")
        #expect(result.statements.count == 2, "\(result.diagnostics)")
        let chequing = try #require(result.statements.first), savings = try #require(result.statements.last)
        #expect(chequing.account.id == "00123-4567890" && chequing.account.currency?.code == "CAD")
        #expect(chequing.transactions.map(\.amount) == [amount("2500.00"), amount("-85.40")])
        #expect(chequing.transactions.first?.payee == "PAYROLL")
        #expect(savings.account.id == "00123-9876543" && savings.account.currency?.code == "USD")
        #expect(savings.transactions.map(\.amount) == [amount("-100.00"), amount("0.12")])
    }

    @Test func aSecondCurrencyBesideTheAmountsDoesNotSplitTheFile() throws {
        let text = "Booking Date,Payee,Amount (EUR),Original Amount,Original Currency\n2026-10-01,Shop,-10.00,-11.00,USD\n2026-10-02,Cafe,-5.00,-5.00,EUR\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.account.currency?.code == "EUR")
        #expect(s.transactions.count == 2)
    }
}
