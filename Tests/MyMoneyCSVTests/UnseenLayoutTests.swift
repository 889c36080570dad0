import Testing
import MyMoneyCSV

/// Layouts of banks outside the corpus, found by an acceptance run: each pins one header quirk.
@Suite struct UnseenLayoutTests {
    @Test func debitAndCreditColumnsNamedWithTheirCurrency() throws {
        let s = try #require(onlyStatement(readCSV("""
        Date;Libellé;Débit euros;Crédit euros;
        03/10/2026;PRELEVEMENT EDF;45,60;;
        25/10/2026;VIREMENT SALAIRE;;2 345,67;
        """)))
        #expect(s.transactions.map(\.amount) == [amount("-45.60"), amount("2345.67")])
        #expect(s.account.currency?.code == "EUR")
    }

    @Test func swissColumnsInCHFWithApostropheGrouping() throws {
        let s = try #require(onlyStatement(readCSV("""
        Buchungsdatum;Avisierungstext;Gutschrift in CHF;Lastschrift in CHF;Valuta;Saldo in CHF
        02.10.2026;DAUERAUFTRAG Miete;;1'850.00;02.10.2026;7'812.65
        01.10.2026;GUTSCHRIFT Lohn;6'250.00;;01.10.2026;9'662.65
        """)))
        #expect(s.transactions.map(\.amount) == [amount("6250.00"), amount("-1850.00")])
        #expect(s.transactions.first?.payee == "GUTSCHRIFT Lohn")
        #expect(s.account.currency?.code == "CHF")
    }

    @Test func indianWithdrawalAndDepositAmountColumns() throws {
        let s = try #require(onlyStatement(readCSV("""
        Date|Narration|Withdrawal Amt.|Deposit Amt.|Closing Balance
        01/10/2026|SALARY OCT|0.00|85,000.00|1,35,000.00
        03/10/2026|RENT|25,000.00|0.00|1,10,000.00
        13/10/2026|GROCERIES|2,345.50|0.00|1,07,654.50
        """)))
        #expect(s.transactions.map(\.amount) == [amount("85000.00"), amount("-25000.00"), amount("-2345.50")])
        #expect(s.transactions.first?.payee == "SALARY OCT")
    }

    @Test func swedishBookingDateWinsOverTheValueDate() throws {
        let s = try #require(onlyStatement(readCSV("Bokföringsdatum\tValutadatum\tText/mottagare\tBelopp\tSaldo\n2026-10-25\t2026-10-26\tHYRA\t-6350,00\t28487,50\n")))
        #expect(s.transactions.first?.day == day("2026-10-25"))
        #expect(s.transactions.first?.payee == "HYRA")
    }

    @Test func aReferenceHoldingTheShopsNameIsNoTransactionId() throws {
        let s = try #require(onlyStatement(readCSV("""
        Date,Counter Party,Reference,Type,Amount (GBP),Balance (GBP)
        03/11/2026,Pret A Manger,PRET A MANGER,CONTACTLESS,-4.75,2735.75
        """, options: ReadOptions(dayOrder: .dayMonthYear))))
        #expect(s.transactions.first?.id == nil)
        #expect(s.transactions.first?.payee == "Pret A Manger")
        #expect(s.transactions.first?.extra("reference") == "PRET A MANGER")
    }

    @Test func headerlessWithdrawalAndDepositColumnsAreDebitAndCredit() throws {
        let s = try #require(onlyStatement(readCSV("""
        10/02/2026,TIM HORTONS #0042,3.75,,996.25
        10/15/2026,PAYROLL DEP,,2200.00,3196.25
        10/16/2026,SEND E-TFR ***kZ9,500.00,,2696.25
        """, options: ReadOptions(dayOrder: .monthDayYear))))
        #expect(s.transactions.map(\.amount) == [amount("-3.75"), amount("2200.00"), amount("-500.00")])
        #expect(s.balances.contains { $0.kind == .opening && $0.amount == amount("1000.00") })
    }

    @Test func creditAndDebitInTheOtherOrderAreToldApartByTheBalance() throws {
        let s = try #require(onlyStatement(readCSV("""
        2026-10-02,Refund,12.00,,112.00
        2026-10-03,Groceries,,40.00,72.00
        2026-10-04,Rent,,50.00,22.00
        """)))
        #expect(s.transactions.map(\.amount) == [amount("12.00"), amount("-40.00"), amount("-50.00")])
    }
}
