import Testing
import MyMoneyCSV

/// Facts above and below the table are read in every supported language; a balance never
/// lacks a date.
@Suite struct PreambleAndTrailerTests {
    @Test(arguments: [
        ("Numer rachunku;PL61 1090 1014 0000 0712 1981 2874\nWaluta;PLN\n\nData operacji;Opis operacji;Kwota\n2026-10-05;Sklep;-12,50\n",
         "PL61109010140000071219812874", "PLN"),
        ("Číslo účtu;2801234567/2010\nMěna;CZK\n\nDatum;Zpráva;Částka\n05.10.2026;Obchod;-250,00\n", "2801234567/2010", "CZK"),
        ("Számlaszám;11773016-11111018\nPénznem;HUF\n\nDátum;Közlemény;Összeg\n2026.10.05;Bolt;-2500\n", "11773016-11111018", "HUF"),
        ("Hesap No;TR33 0006 1005 1978 6457 8413 26\nPara Birimi;TRY\n\nTarih;Açıklama;Tutar\n05.10.2026;Market;-125,50\n",
         "TR330006100519786457841326", "TRY"),
        ("Kontonummer;8327-9 123 456 789-0\nValuta;SEK\n\nBokföringsdag;Text;Belopp\n2026-10-05;ICA;-125,50\n", "8327-9123456789-0", "SEK"),
        ("Tilinumero;FI21 1234 5600 0007 85\nValuutta;EUR\n\nKirjauspäivä;Viesti;Määrä\n05.10.2026;Kauppa;-12,50\n", "FI2112345600000785", "EUR"),
        ("Conta;12345-6\nMoeda;BRL\n\nData;Descrição;Valor\n05/10/2026;Padaria;-12,50\n", "12345-6", "BRL"),
        ("口座番号,1234567\n通貨,JPY\n\n日付,摘要,金額\n2026/10/05,コンビニ,-540\n", "1234567", "JPY"),
        ("账号,6222021234567890123\n币种,CNY\n\n交易日期,交易摘要,交易金额\n2026-10-05,超市,-25.00\n", "6222021234567890123", "CNY"),
        ("계좌번호,110-123-456789\n통화,KRW\n\n거래일자,적요,거래금액\n2026.10.05,편의점,-4500\n", "110-123-456789", "KRW"),
    ])
    func preambleAccountAndCurrencyInEveryLanguage(_ text: String, _ account: String, _ currency: String) throws {
        let result = readCSV(text, options: ReadOptions(dayOrder: .dayMonthYear))
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        #expect(s.account.id == account)
        #expect(s.account.currency?.code == currency)
        #expect(s.transactions.count == 1)
    }

    @Test(arguments: [
        ("Date;Libellé;Montant\n03/10/2026;Boulangerie;-3,50\n25/10/2026;Salaire;2 000,00\nSolde au 31/10/2026;;1 234,56\n", "1234.56", "2026-10-31"),
        ("Data operacji;Opis operacji;Kwota\n03.10.2026;Sklep;-3,50\n25.10.2026;Pensja;2 000,00\nSaldo końcowe;31.10.2026;1 234,56 PLN\n", "1234.56", "2026-10-31"),
        ("Date,Description,Amount\n10/03/2026,Shop,-3.50\n10/25/2026,Salary,2000.00\nClosing balance as of 10/31/2026,,1234.56\n", "1234.56", "2026-10-31"),
        ("Buchungstag;Verwendungszweck;Betrag\n03.10.2026;Laden;-3,50\n25.10.2026;Gehalt;2.000,00\nEndsaldo 31.10.2026;;1.234,56\n", "1234.56", "2026-10-31"),
    ])
    func trailerClosingBalanceIsReadWithItsDate(_ text: String, _ value: String, _ date: String) throws {
        let result = readCSV(text)
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        let closing = try #require(s.balances.first { $0.kind == .closing })
        #expect(closing.amount == amount(value))
        #expect(closing.day == day(date))
        #expect(s.transactions.count == 2)
    }

    @Test func aBalanceWithoutADateIsAsOfTheStatementsLastDayWithANote() throws {
        let result = readCSV("Date,Payee,Amount\n2026-10-03,Shop,-3.50\n2026-10-25,Salary,2000.00\nClosing balance,,1234.56\n")
        let s = try #require(onlyStatement(result))
        #expect(s.balances.first { $0.kind == .closing }?.day == day("2026-10-25"))
        #expect(s.balances.allSatisfy { $0.day != nil })
        #expect(result.diagnostics.contains { $0.code == "csv.balance.date" && $0.severity == .note })
    }

    @Test func aDatedBalanceAboveTheTableIsTheOpening() throws {
        let text = "Solde au 01/10/2026;;100,00\nDate;Libellé;Montant;Solde\n03/10/2026;Boulangerie;-3,50;96,50\n25/10/2026;Salaire;2 000,00;2 096,50\n"
        let result = readCSV(text)
        let s = try #require(onlyStatement(result), "\(result.diagnostics)")
        let opening = try #require(s.balances.first { $0.kind == .opening })
        #expect(opening.amount == amount("100.00"))
        #expect(opening.day == day("2026-10-01"))
        #expect(!result.diagnostics.containsErrors)
    }
}
