import Testing
import MyMoneyCSV

/// Whole-file inference: where the table is, what each column means.
@Suite struct LayoutInferenceTests {
    static let germanExample = """
    Kontoauszug;Girokonto
    IBAN;DE02 1002 0030 0000 1234 56
    Zeitraum;01.03.2024 - 31.03.2024

    Datum;Empfänger;Verwendungszweck;Betrag;S/H;Saldo
    04.03.2024;Stadtwerke;"Abschlag März; Kd-Nr 77";1.204,50;S;3.118,22
    06.03.2024;Arbeitgeber GmbH;Gehalt;2.900,00;H;6.018,22
    Summe;;;;;6.018,22

    """

    @Test func preambleFactsAreKeptAndSummaryTrailerSkippedWithWarning() throws {
        let result = readCSV(Self.germanExample)
        let s = try #require(onlyStatement(result))
        #expect(s.account.id == "DE02100200300000123456")
        #expect(s.period == DayRange(start: Day(iso: "2024-03-01")!, end: Day(iso: "2024-03-31")!))
        #expect(s.transactions.map(\.amount) == [amount("-1204.50"), amount("2900.00")])
        #expect(s.transactions[0].memo == "Abschlag März; Kd-Nr 77")
        #expect(s.transactions[0].payee == "Stadtwerke")
        #expect(result.diagnostics.contains { $0.code == "csv.trailer" && $0.severity == .warning && $0.position?.line == 8 })
        #expect(s.balances.first { $0.kind == .opening }?.amount == amount("4322.72"))
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("6018.22"))
        #expect(s.extra.contains(StatementField("IBAN", "DE02 1002 0030 0000 1234 56")))
    }

    @Test func noBlankLineBetweenHeaderAndBody() throws {
        let s = try #require(onlyStatement(readCSV("Account statement\nDate,Description,Amount\n2024-03-04,Coffee,-3.50\n")))
        #expect(s.transactions.count == 1)
        #expect(s.transactions[0].payee == "Coffee")
    }

    @Test func headerNamesAreCaseInsensitiveTrimmedAndBomStripped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("  DATE , description,  AMOUNT \n2024-01-05,Rent,-500.00\n".utf8)
        let result = CSVReader().read(bytes, file: "t.csv", options: ReadOptions())
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.first?.amount == amount("-500.00"))
        #expect(s.transactions.first?.payee == "Rent")
        #expect(s.source.encoding == "utf-8")
    }

    @Test(arguments: [
        ("Date,Libellé,Montant\n05/03/2024,Loyer,\"-800,00\"\n", "-800.00", "Loyer"),
        ("Fecha;Concepto;Importe\n05/03/2024;Alquiler;-800,00\n", "-800.00", "Alquiler"),
        ("Data;Descrizione;Importo\n05/03/2024;Affitto;-800,00\n", "-800.00", "Affitto"),
        ("Datum;Naam / Omschrijving;Bedrag\n05-03-2024;Huur;-800,00\n", "-800.00", "Huur"),
        ("Buchungstag;Auftraggeber/Empfänger;Betrag\n05.03.2024;Miete;-800,00\n", "-800.00", "Miete"),
    ])
    func headersInSixLanguages(_ text: String, _ value: String, _ text2: String) throws {
        let result = readCSV(text, options: ReadOptions(dayOrder: .dayMonthYear))
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.transactions.first?.amount == amount(value))
        #expect(s.transactions.first?.payee == text2 || s.transactions.first?.memo == text2)
        #expect(s.transactions.first?.day == Day(iso: "2024-03-05"))
    }

    @Test func duplicateHeaderNamesAreAddressedByIndex() throws {
        let text = "Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung\n"
            + "28.12.2018;28.12.2018;Shop;Lastschrift;Blumen;150,00;EUR;-5,50;EUR\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.first?.amount == amount("-5.50"))
        #expect(s.account.currency?.code == "EUR")
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("150.00"))
    }

    @Test func headerlessFileTakesRolesFromValues() throws {
        let text = "AT12;Coffee shop   ;01.02.2024;01.02.2024;-3,50;EUR\nAT12;Salary;02.02.2024;02.02.2024;+2.000,00;EUR\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.amount) == [amount("-3.50"), amount("2000.00")])
        #expect(s.transactions.first?.memo == "Coffee shop")
        #expect(s.account.currency?.code == "EUR")
    }

    @Test func valueDateAndUnmappedColumnsAreKeptAsExtras() throws {
        let text = "Booking Date,Value Date,Description,Amount,Branch\n2024-01-05,2024-01-04,Rent,-500.00,Berlin Mitte\n"
        let t = try #require(onlyStatement(readCSV(text))?.transactions.first)
        #expect(t.day == Day(iso: "2024-01-05"))
        #expect(t.extra("Value Date") == "2024-01-04")
        #expect(t.extra("Branch") == "Berlin Mitte")
    }

    @Test func currencyComesFromTheAmountHeader() throws {
        let s = try #require(onlyStatement(readCSV("Date,Payee,Amount (GBP)\n2024-01-05,Tesco,-12.00\n")))
        #expect(s.account.currency?.code == "GBP")
    }

    @Test func currencyFallsBackToTheCallersOption() throws {
        let s = try #require(onlyStatement(readCSV("Date,Payee,Amount\n2024-01-05,Tesco,-12.00\n", options: ReadOptions(currency: .USD))))
        #expect(s.account.currency == .USD)
    }

    @Test func pendingRowsAreSkippedWithANote() throws {
        let text = "Date,Description,Amount,State\n2024-01-05,Shop,-12.00,COMPLETED\n2024-01-06,Hold,-3.00,PENDING\n2024-01-07,Gone,-4.00,DECLINED\n"
        let result = readCSV(text)
        #expect(onlyStatement(result)?.transactions.count == 1)
        #expect(result.diagnostics.filter { $0.code == "csv.row.pending" && $0.severity == .note }.count == 2)
    }

    @Test func transactionIdComesFromAnIdColumn() throws {
        let s = try #require(onlyStatement(readCSV("Transaction ID,Date,Name,Amount\ntx_1,2024-01-05,Shop,-12.00\n")))
        #expect(s.transactions.first?.id == "tx_1")
    }

    @Test func accountIdFromAnAccountColumnOrTheCaller() throws {
        let withColumn = try #require(onlyStatement(readCSV("Date,Account,Amount\n2024-01-05,NL99 INGB 0001,-1.00\n2024-01-06,NL99 INGB 0001,2.00\n")))
        #expect(withColumn.account.id == "NL99INGB0001")
        let fromCaller = try #require(onlyStatement(readCSV("Date,Payee,Amount\n2024-01-05,x,-1.00\n", options: ReadOptions(accountId: "Checking"))))
        #expect(fromCaller.account.id == "Checking")
    }

    @Test func severalAccountsInOneFileGiveOneStatementEach() {
        let text = "Date,Account,Payee,Amount\n2024-01-05,A,x,-1.00\n2024-01-06,B,y,2.00\n2024-01-07,A,z,3.00\n2024-01-08,A,w,4.00\n"
        let result = readCSV(text)
        #expect(result.statements.map(\.account.id) == ["A", "B"])
        #expect(result.statements.map(\.transactions.count) == [3, 1])
    }

    @Test func unknownHeaderLanguageFallsBackToValues() throws {
        let text = "Päiväys;Saaja;Summa\n05.01.2024;Kauppa;-12,50\n06.01.2024;Palkka;2500,00\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.map(\.amount) == [amount("-12.50"), amount("2500.00")])
    }

    @Test func balanceHistoryFileGivesBalancesOnly() throws {
        let text = "\"Datum\",\"Boeksaldo\",\"Valutair saldo\"\n\"2020-05-30\",\"13,20\",\"13,20\"\n\"2020-05-29\",\"12,00\",\"12,00\"\n"
        let s = try #require(onlyStatement(readCSV(text)))
        #expect(s.transactions.isEmpty)
        #expect(s.balances.first { $0.kind == .closing }?.amount == amount("13.20"))
        #expect(s.balances.filter { $0.kind == .ledger }.count == 2)
    }

    @Test func recognitionIsModestForCSVAndZeroForOtherFormats() {
        let reader = CSVReader()
        #expect(reader.recognition(of: Array("Date,Payee,Amount\n2024-01-05,x,-1.00\n".utf8), fileName: "a.csv") > 30)
        #expect(reader.recognition(of: Array("Date,Payee,Amount\n2024-01-05,x,-1.00\n".utf8), fileName: "a.csv") <= 70)
        #expect(reader.recognition(of: Array("<?xml version=\"1.0\"?><OFX>".utf8), fileName: "a.csv") == 0)
        #expect(reader.recognition(of: Array("OFXHEADER:100\nDATA:OFXSGML\n".utf8), fileName: "a.ofx") == 0)
        #expect(reader.recognition(of: Array("!Type:Bank\nD10/10/2026\nT-1.00\n^\n".utf8), fileName: "a.qif") == 0)
        #expect(reader.recognition(of: [0x00, 0x01, 0x02, 0xFF, 0x10, 0x11], fileName: "a.bin") == 0)
    }
}
