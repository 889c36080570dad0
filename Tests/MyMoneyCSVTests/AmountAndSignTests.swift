import Testing
import MyMoneyCSV

/// Decimal marks decided per file, and every sign convention banks use.
@Suite struct AmountAndSignTests {
    func amounts(_ text: String, profile: String? = nil, options: ReadOptions = ReadOptions()) -> [Amount] {
        onlyStatement(readCSV(text, profile: profile, options: options))?.transactions.map(\.amount) ?? []
    }

    @Test func decimalCommaFileReadsMinusThreeThousand() {
        let text = "Datum;Text;Betrag\n01.02.2024;a;-3.000\n02.02.2024;b;1.234,56\n"
        #expect(amounts(text) == [amount("-3000"), amount("1234.56")])
    }

    @Test func decimalPointFileReadsGroupedThousands() {
        let text = "Date,Payee,Amount\n2024-02-01,a,\"1,000.00\"\n2024-02-02,b,-3.50\n"
        #expect(amounts(text) == [amount("1000.00"), amount("-3.50")])
    }

    @Test func ambiguousCellsAloneFallBackBySeparator() {
        // Only `1,234`-style cells: a ";" file is read with a decimal comma.
        #expect(amounts("Datum;Text;Betrag\n01.02.2024;a;1,234\n") == [amount("1.234")])
        #expect(amounts("Date,Payee,Amount\n2024-02-01,a,\"1,234\"\n") == [amount("1234")])
    }

    @Test func mixedDecimalMarksWarnAndTheMajorityWins() throws {
        let result = readCSV("Date,Payee,Amount\n2024-02-01,a,1.50\n2024-02-02,b,2.75\n2024-02-03,c,\"3,25\"\n")
        #expect(result.diagnostics.contains { $0.code == "csv.decimal-mark.mixed" })
        #expect(result.diagnostics.contains { $0.code == "csv.amount" && $0.position?.line == 4 })
    }

    @Test func scaleIsKeptAsWritten() throws {
        let t = try #require(onlyStatement(readCSV("Date,Payee,Amount\n2024-02-01,a,-6.60\n2024-02-02,b,-250\n"))?.transactions)
        #expect(t.map(\.amount.description) == ["-6.60", "-250"])
    }

    @Test func separateDebitAndCreditColumnsBothPositive() {
        let text = "Transaction Date,Posted Date,Description,Debit,Credit\n2024-02-01,2024-02-02,Shop,12.50,\n2024-02-03,2024-02-03,Payment,,50.00\n"
        #expect(amounts(text) == [amount("-12.50"), amount("50.00")])
    }

    @Test func literalZeroInTheOtherColumnCountsAsEmpty() {
        let text = "Kontonummer;Text;Datum;Währung;Soll;Haben\n1;Zinsen;31.12.2013;EUR;0,00;12,23\n1;Steuer;31.12.2013;EUR;34,56;0,00\n"
        #expect(amounts(text) == [amount("12.23"), amount("-34.56")])
    }

    @Test func debitAndCreditBothFilledIsAnErrorWithTheLine() {
        let result = readCSV("Date,Description,Debit,Credit\n2024-02-01,Odd,5.00,7.00\n")
        let d = result.diagnostics.first { $0.code == "csv.amount.both" }
        #expect(d?.severity == .error)
        #expect(d?.position?.line == 2)
    }

    @Test func outColumnAlreadyNegative() {
        #expect(amounts("Date,Name,Money Out,Money In\n2024-02-01,Cafe,-13.75,\n2024-02-02,Pay,,100.00\n") == [amount("-13.75"), amount("100.00")])
    }

    @Test(arguments: [
        ("Datum,Naam / Omschrijving,Af Bij,Bedrag (EUR)\n20240201,x,Af,\"1,25\"\n20240202,y,Bij,\"2,50\"\n", ["-1.25", "2.50"]),
        ("Datum;Empfänger;Betrag;Soll/Haben\n01.02.2024;x;1,25;S\n02.02.2024;y;2,50;H\n", ["-1.25", "2.50"]),
        ("Date,Payee,Amount,D/C\n2024-02-01,x,1.25,D\n2024-02-02,y,2.50,C\n", ["-1.25", "2.50"]),
        ("Date,Payee,Amount,CR/DR\n2024-02-01,x,1.25,DR\n2024-02-02,y,2.50,CR\n", ["-1.25", "2.50"]),
        ("Date,Payee,Amount,Sign\n2024-02-01,x,1.25,Debet\n2024-02-02,y,2.50,Credit\n", ["-1.25", "2.50"]),
    ])
    func signIndicatorColumns(_ text: String, _ expected: [String]) {
        #expect(amounts(text) == expected.map(amount))
    }

    @Test func unknownIndicatorValueIsAnError() {
        let result = readCSV("Date,Payee,Amount,D/C\n2024-02-01,x,1.25,D\n2024-02-02,y,2.50,Q\n")
        #expect(result.diagnostics.contains { $0.code == "csv.indicator" && $0.position?.line == 3 })
    }

    @Test func crDrSuffixesParenthesesAndCurrencySymbols() {
        let text = "Date,Payee,Amount\n2024-02-01,a,45.20 DR\n2024-02-02,b,(12.00)\n2024-02-03,c,\"$1,000.00\"\n2024-02-04,d,12.00 CR\n"
        #expect(amounts(text) == ["-45.20", "-12.00", "1000.00", "12.00"].map(amount))
        #expect(amounts("Datum;Text;Betrag\n01.02.24;a;-12,50 €\n02.02.24;b;1.000,00 €\n", options: ReadOptions(dayOrder: .dayMonthYear))
                == ["-12.50", "1000.00"].map(amount))
    }

    @Test func creditCardExportWithPositiveChargesIsNegated() {
        let profile = "name: card\nnegate: yes\nkind: credit_card\n"
        let result = readCSV("Date,Description,Amount\n2024-02-01,Coffee,4.50\n2024-02-02,Refund,-10.00\n", profile: profile)
        #expect(onlyStatement(result)?.transactions.map(\.amount) == [amount("-4.50"), amount("10.00")])
        #expect(onlyStatement(result)?.account.kind == .creditCard)
    }

    @Test func zeroAmountRowsAreKeptUnlessTheProfileSkipsThem() {
        let text = "Date,Payee,Amount\n2024-02-01,Hold,0.00\n2024-02-02,Shop,-1.00\n"
        #expect(amounts(text).count == 2)
        #expect(amounts(text, profile: "name: z\nskip-zero: yes\n").count == 1)
    }

    @Test func rowWithoutAnAmountIsSkippedWithAWarning() {
        let result = readCSV("Date,Payee,Amount\n2024-02-01,Nothing,\n2024-02-02,Shop,-1.00\n")
        #expect(onlyStatement(result)?.transactions.count == 1)
        #expect(result.diagnostics.contains { $0.code == "csv.amount.missing" && $0.severity == .warning })
    }
}

@Suite struct BudgetAppExportTests {
    @Test func outflowAndInflowColumns() throws {
        let text = "\"Account\",\"Date\",\"Payee\",\"Memo\",\"Outflow\",\"Inflow\",\"Cleared\"\n\"Checking\",\"2024-02-01\",\"Shop\",\"\",\"$12.00\",\"$0.00\",\"Cleared\"\n\"Checking\",\"2024-02-02\",\"Work\",\"\",\"$0.00\",\"$100.00\",\"Cleared\"\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.amount) == [amount("-12.00"), amount("100.00")])
    }
}
