import Foundation
import Testing
import MyMoneyOFX

/// Where every OFX field lands in the normalized statement (format notes §5–§15).
@Suite("OFX mapping")
struct OFXMappingTests {
    @Test func everyTransactionFieldReachesTheStatement() throws {
        let result = readOFX(sgmlStatement("""
        <STMTTRN><TRNTYPE>xfer<DTPOSTED>20261015120000[-5:EST]<DTUSER>20261014<DTAVAIL>20261016<TRNAMT>+1 250,75
        <FITID>NEW1<CORRECTFITID>OLD1<CORRECTACTION>REPLACE<SRVRTID>S1<CHECKNUM>1001<REFNUM>R-9<SIC>5411<PAYEEID>P7
        <PAYEE><NAME>ACME GMBH<ADDR1>Street 1<CITY>Berlin<STATE>BE<POSTALCODE>10115<COUNTRY>DEU<PHONE>030</PAYEE>
        <EXTDNAME>ACME Gesellschaft mbH<BANKACCTTO><BANKID>10020030<ACCTID>DE75100200300000654321<ACCTTYPE>SAVINGS</BANKACCTTO>
        <MEMO>Rent<CURRENCY><CURRATE>1.1364<CURSYM>EUR</CURRENCY></STMTTRN>
        """))
        let t = try #require(result.statements.first?.transactions.first)
        #expect(t.bankType == "XFER")
        #expect(t.day == day("2026-10-15"))
        #expect(t.extra("DTPOSTED") == "20261015120000[-5:EST]" && t.extra("DTUSER") == "20261014" && t.extra("DTAVAIL") == "20261016")
        #expect(t.amount == amount("1250.75"))
        #expect(t.id == "NEW1" && t.extra("CORRECTFITID") == "OLD1" && t.extra("CORRECTACTION") == "REPLACE")
        #expect(t.extra("SRVRTID") == "S1" && t.checkNumber == "1001" && t.extra("REFNUM") == "R-9" && t.extra("SIC") == "5411" && t.extra("PAYEEID") == "P7")
        #expect(t.payee == "ACME GMBH" && t.extra("PAYEE.CITY") == "Berlin" && t.extra("PAYEE.ADDR1") == "Street 1" && t.extra("PAYEE.PHONE") == "030")
        #expect(t.extra("EXTDNAME") == "ACME Gesellschaft mbH")
        #expect(t.transferAccount == "DE75100200300000654321" && t.extra("BANKACCTTO.BANKID") == "10020030" && t.extra("BANKACCTTO.ACCTTYPE") == "SAVINGS")
        #expect(t.memo == "Rent")
        #expect(t.currency == .EUR && t.extra("CURRENCY.CURRATE") == "1.1364")
        #expect(t.position?.line == 16)
    }

    @Test func originalCurrencyLeavesTheAmountInTheStatementCurrency() throws {
        let t = try #require(readOFX(sgmlStatement("<STMTTRN><TRNTYPE>POS<DTPOSTED>20261012<TRNAMT>-18.40<FITID>1<NAME>BOOKSHOP<ORIGCURRENCY><CURRATE>1.15<CURSYM>GBP</ORIGCURRENCY></STMTTRN>"))
            .statements.first?.transactions.first)
        #expect(t.currency == nil && t.extra("ORIGCURRENCY.CURSYM") == "GBP" && t.extra("ORIGCURRENCY.CURRATE") == "1.15")
    }

    @Test func creditCardAccountToBecomesTheTransferAccount() throws {
        let t = try #require(readOFX(sgmlStatement("<STMTTRN><TRNTYPE>PAYMENT<DTPOSTED>20261015<TRNAMT>-250<FITID>1<NAME>VISA<CCACCTTO><ACCTID>4111111111114321</CCACCTTO></STMTTRN>"))
            .statements.first?.transactions.first)
        #expect(t.transferAccount == "4111111111114321" && t.extra("CCACCTTO.ACCTID") == "4111111111114321")
    }

    @Test(arguments: [("CHECKING", AccountKind.bank), ("SAVINGS", .savings), ("MONEYMRKT", .moneyMarket),
                      ("CREDITLINE", .creditLine), ("CD", .savings), ("CMA", .bank)])
    func accountTypeChoosesTheKind(_ type: String, _ kind: AccountKind) throws {
        let s = try #require(readOFX(sgmlStatement("").replacingOccurrences(of: "<ACCTTYPE>CHECKING", with: "<ACCTTYPE>\(type)")).statements.first)
        #expect(s.account.kind == kind && s.account.bankType == type)
    }

    @Test func accountBalancesAndPeriod() throws {
        let text = sgmlStatement("", extra: "<AVAILBAL><BALAMT>90,5<DTASOF>20261030</AVAILBAL><BALLIST><BAL><NAME>Points<DESC>Reward points<BALTYPE>NUMBER<VALUE>1200</BAL></BALLIST>")
            .replacingOccurrences(of: "<ACCTID>12345", with: "<BRANCHID>77<ACCTID>12345")
        let s = try #require(readOFX(text).statements.first)
        #expect(s.account.id == "12345" && s.account.bankId == "021000021" && s.account.branchId == "77" && s.account.currency == .USD)
        #expect(s.period == DayRange(start: day("2026-10-01"), end: day("2026-10-31")))
        #expect(s.balances.map(\.kind) == [.ledger, .available])
        #expect(s.balances[0].amount == amount("100.00") && s.balances[0].day == day("2026-10-31"))
        #expect(s.balances[1].amount == amount("90.5") && s.balances[1].day == day("2026-10-30"))
        #expect(s.extra.contains(StatementField("BALLIST.Points", "1200 (NUMBER)")))
        #expect(s.transactions.isEmpty)
    }

    @Test func severalStatementsAndAccountsInOneFile() throws {
        let text = sgmlHeader + """
        <OFX><BANKMSGSRSV1>
        <STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>A<ACCTTYPE>CHECKING</BANKACCTFROM>
        <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261001<TRNAMT>-1<FITID>a1</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>
        <STMTTRNRS><TRNUID>2<STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>B<ACCTTYPE>SAVINGS</BANKACCTFROM>
        <BANKTRANLIST><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261002<TRNAMT>2<FITID>b1</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS>
        </BANKMSGSRSV1><CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>3<CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>C</CCACCTFROM>
        <BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261003<TRNAMT>-3<FITID>c1</STMTTRN></BANKTRANLIST>
        <LEDGERBAL><BALAMT>-3<DTASOF>20261031</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
        """
        let statements = readOFX(text).statements
        #expect(statements.map { $0.account.id } == ["A", "B", "C"])
        #expect(statements.map { $0.account.kind } == [.bank, .savings, .creditCard])
        #expect(statements.map { $0.account.currency } == [.USD, .EUR, .USD])
        #expect(statements.map { $0.transactions.map(\.id) } == [["a1"], ["b1"], ["c1"]])
        #expect(statements[1].extra.contains(StatementField("TRNUID", "2")))
    }

    @Test func investmentStatementKeepsItsCashTransactions() throws {
        let text = sgmlHeader + """
        <OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<INVSTMTRS><DTASOF>20261031<CURDEF>USD<INVACCTFROM><BROKERID>broker.com<ACCTID>INV1</INVACCTFROM>
        <INVTRANLIST><DTSTART>20261001<DTEND>20261031
        <BUYSTOCK><INVBUY><INVTRAN><FITID>B1<DTTRADE>20261005<DTSETTLE>20261007<MEMO>Buy ACME</INVTRAN><SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID>
        <UNITS>10<UNITPRICE>12.5<COMMISSION>1<TOTAL>-126<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INVBUY><BUYTYPE>BUY</BUYSTOCK>
        <INCOME><INVTRAN><FITID>I1<DTTRADE>20261010</INVTRAN><SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID><INCOMETYPE>DIV<TOTAL>3.21<SUBACCTSEC>CASH<SUBACCTFUND>CASH</INCOME>
        <REINVEST><INVTRAN><FITID>R1<DTTRADE>20261011</INVTRAN><SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID><INCOMETYPE>DIV<TOTAL>-3.21<SUBACCTSEC>CASH<UNITS>0.2<UNITPRICE>16</REINVEST>
        <INVBANKTRAN><STMTTRN><TRNTYPE>DEP<DTPOSTED>20261002<TRNAMT>500<FITID>D1<NAME>DEPOSIT</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>
        </INVTRANLIST><INVBAL><AVAILCASH>377.21<MARGINBALANCE>0<SHORTBALANCE>0</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>
        """
        let result = readOFX(text)
        let s = try #require(result.statements.first)
        #expect(s.account.kind == .investment && s.account.id == "INV1" && s.account.bankId == "broker.com")
        #expect(s.transactions.map(\.id) == ["B1", "I1", "D1"])
        #expect(s.transactions.map(\.amount) == [amount("-126"), amount("3.21"), amount("500")])
        #expect(s.transactions.map(\.day) == [day("2026-10-07"), day("2026-10-10"), day("2026-10-02")])
        #expect(s.transactions[0].bankType == "BUYSTOCK" && s.transactions[0].extra("SECID.UNIQUEID") == "123456789" && s.transactions[0].extra("UNITS") == "10")
        #expect(s.transactions[1].extra("INCOMETYPE") == "DIV")
        #expect(s.transactions[2].bankType == "DEP" && s.transactions[2].extra("SUBACCTFUND") == "CASH")
        #expect(s.extra.contains(StatementField("INVBAL.AVAILCASH", "377.21")))
        #expect(result.diagnostics.contains { $0.code == "ofx.investment" && $0.message.hasPrefix("1 investment record is") })
    }

    @Test func signonErrorIsAnErrorNamingCodeAndMessage() throws {
        let text = sgmlHeader + "<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Bad password</STATUS><DTSERVER>20261101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1></OFX>"
        let result = readOFX(text)
        let d = try #require(result.diagnostics.first { $0.code == "ofx.status" })
        #expect(d.severity == .error && d.message.contains("15500") && d.message.contains("Bad password") && d.message.contains("sign-on"))
        #expect(result.statements.isEmpty)
    }

    @Test func statementStatusErrorStillReadsWhatIsThere() throws {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN>")
            .replacingOccurrences(of: "<TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>", with: "<TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General Server Error</STATUS>")
        let result = readOFX(text)
        #expect(result.diagnostics.contains { $0.code == "ofx.status" && $0.severity == .error && $0.message.contains("2000") && $0.message.contains("General Server Error") })
        #expect(result.statements.first?.transactions.count == 1)
    }

    @Test(arguments: [("-200,00", "-200.00"), ("+1058,53", "1058.53"), ("   -11,76", "-11.76"), ("1 025,53", "1025.53"),
                      ("10.000,50", "10000.50"), ("10,000.50", "10000.50"), ("-3.77000", "-3.77000"), ("-13", "-13"), ("-42.4", "-42.4")])
    func amountsAsBanksWriteThem(_ written: String, _ expected: String) throws {
        let t = try #require(readOFX(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>\(written)<FITID>1</STMTTRN>")).statements.first?.transactions.first)
        #expect(t.amount == amount(expected))
        #expect("\(t.amount)" == expected.replacingOccurrences(of: "+", with: ""))
    }

    @Test func badAmountSkipsOnlyThatTransaction() throws {
        let result = readOFX(sgmlStatement("""
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>$120<FITID>bad</STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>.<FITID>placeholder</STMTTRN>
        <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>good</STMTTRN>
        """))
        #expect(result.statements.first?.transactions.map(\.id) == ["placeholder", "good"])
        #expect(result.statements.first?.transactions.first?.amount == .zero)
        let warnings = result.diagnostics.filter { $0.code == "ofx.transaction" }
        #expect(warnings.count == 2 && warnings.allSatisfy { $0.severity == .warning })
        #expect(warnings.first?.message.contains("$120") == true && warnings.first?.position?.line == 16)
        #expect(result.isUsable(strict: false) && !result.isUsable(strict: true))
    }
}
