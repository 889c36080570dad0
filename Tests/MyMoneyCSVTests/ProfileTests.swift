import Foundation
import Testing
import MyMoneyCSV
import MyMoneyTestSupport

/// The profile text format, its diagnostics, `--print-profile`, and the shipped profiles.
@Suite struct ProfileTests {
    static let example = """
    # a comment
    name: acme
    match: Datum | Text | Betrag
    delimiter: ;
    encoding: windows-1252
    decimal-mark: ,
    date-order: dmy
    skip-rows: 2
    kind: credit_card
    currency-code: EUR
    negate: yes
    date: Datum
    memo: Text
    memo: #4
    amount: Betrag
    account: none
    skip-when: Status = Vorgemerkt | Pending
    debit-values: Af | Out
    credit-values: Bij

    """

    @Test func profileTextIsParsed() throws {
        let (profile, diagnostics) = CSVProfile.parse(Self.example, file: "acme.csvprofile")
        #expect(diagnostics.isEmpty)
        let p = try #require(profile)
        #expect(p.name == "acme")
        #expect(p.match == ["Datum", "Text", "Betrag"])
        #expect(p.delimiter == 0x3B)
        #expect(p.encoding == .windows1252)
        #expect(p.decimalMark == ",")
        #expect(p.dayOrder == .dayMonthYear)
        #expect(p.skipRows == 2)
        #expect(p.kind == .creditCard)
        #expect(p.currency?.code == "EUR")
        #expect(p.negate)
        #expect(p.columns[.memo] == [.name("Text"), .index(3)])
        #expect(p.columns[.account] == [])
        #expect(p.skipWhen == [CSVRowFilter(column: .name("Status"), equals: true, values: ["Vorgemerkt", "Pending"])])
        #expect(p.debitValues == ["Af", "Out"])
        #expect(p.keyLines["amount"] == 15)
    }

    @Test func renderedProfileParsesBackToItself() throws {
        let p = try #require(CSVProfile.parse(Self.example, file: "a").profile)
        let again = try #require(CSVProfile.parse(p.render(), file: "b").profile)
        #expect(again.render() == p.render())
        #expect(again.columns == p.columns)
        #expect(again.skipWhen == p.skipWhen)
    }

    @Test func profileProblemsCarryFileLineAndColumn() {
        let text = "name: x\ncolour: blue\ndate-order: tomorrow\njust words\n"
        let (profile, diagnostics) = CSVProfile.parse(text, file: "Rules/profiles/x.csvprofile")
        #expect(profile == nil)
        #expect(diagnostics.map(\.code) == ["csv.profile.key", "csv.profile.value", "csv.profile.syntax"])
        #expect(diagnostics.map { $0.position?.line } == [2, 3, 4])
        #expect(diagnostics[1].position?.column == 13)
        #expect(diagnostics.allSatisfy { $0.file == "Rules/profiles/x.csvprofile" })
    }

    @Test func headerlessProfileMustNameColumnsByNumber() {
        let (profile, diagnostics) = CSVProfile.parse("name: x\nheader: no\ndate: Datum\n", file: "x")
        #expect(profile == nil)
        #expect(diagnostics.contains { $0.code == "csv.profile.value" })
    }

    @Test func profileColumnMissingFromTheFileNamesTheProfileLine() {
        let result = readCSV("Date,Payee,Amount\n2024-01-01,x,1.00\n", profile: "name: p\n\namount: Betrag\n")
        let d = result.diagnostics.first { $0.code == "csv.profile.column" }
        #expect(d?.severity == .error)
        #expect(d?.notes.first == "amount is set in test.csvprofile:3")
        #expect(result.statements.isEmpty)
    }

    @Test func printProfileGivesAProfileThatReadsTheFileAlike() throws {
        let text = LayoutInferenceTests.germanExample
        let reader = CSVReader()
        let (profile, _) = reader.inferProfile(Array(text.utf8), file: "k.csv")
        let p = try #require(profile)
        let rendered = p.render()
        #expect(rendered.contains("date: Datum"))
        #expect(rendered.contains("indicator: S/H"))
        #expect(rendered.contains("decimal-mark: ,"))
        #expect(rendered.contains("date-order: dmy"))
        let first = try #require(onlyStatement(readCSV(text)))
        let second = try #require(onlyStatement(readCSV(text, profile: rendered)))
        #expect(first.transactions == second.transactions)
    }

    @Test func printProfileWorksEvenWhenTheDayOrderIsAmbiguous() throws {
        let (profile, diagnostics) = CSVReader().inferProfile(Array("Date,Payee,Amount\n05/03/2024,x,1.00\n".utf8), file: "a.csv")
        #expect(diagnostics.contains { $0.code == "csv.date-order.ambiguous" })
        #expect(profile?.render().contains("amount: Amount") == true)
    }

    @Test func shippedProfilesParseWithoutDiagnostics() throws {
        let url = Corpus.repositoryRoot.appendingPathComponent("Rules/profiles")
        let library = try CSVProfileLibrary(directory: url)
        #expect(library.diagnostics.isEmpty, "\(library.diagnostics)")
        #expect(library.profiles.count >= 25)
        #expect(Set(library.profiles.map(\.name)).count == library.profiles.count)
    }
}

/// Each shipped profile against a synthetic file in its bank's layout.
@Suite struct ShippedProfileTests {
    struct Case: Sendable, CustomStringConvertible {
        var profile: String
        var text: String
        var amounts: [String]
        var payee: String?
        var kind: AccountKind = .bank
        var currency: String?
        var description: String { profile }
    }

    static let cases: [Case] = [
        Case(profile: "chase-credit-card",
             text: "Transaction Date,Post Date,Description,Category,Type,Amount,Memo\n10/04/2026,10/05/2026,STARBUCKS,Food & Drink,Sale,-5.75,\n10/16/2026,10/16/2026,PAYMENT THANK YOU,,Payment,250.00,\n",
             amounts: ["-5.75", "250.00"], payee: "STARBUCKS", kind: .creditCard, currency: "USD"),
        Case(profile: "chase-checking",
             text: "Details,Posting Date,Description,Amount,Type,Balance,Check or Slip #,\nDEBIT,10/05/2026,SHELL,-41.50,DEBIT_CARD,958.50,,\nCREDIT,10/01/2026,PAYROLL,1000.00,ACH_CREDIT,1000.00,,\n",
             amounts: ["1000.00", "-41.50"], payee: "PAYROLL", currency: "USD"),
        Case(profile: "bofa-checking",
             text: "Description,,Summary Amt.\nBeginning balance as of 10/01/2026,,\"100.00\"\n\nDate,Description,Amount,Running Bal.\n10/01/2026,Beginning balance as of 10/01/2026,,\"100.00\"\n10/02/2026,\"DEPOSIT\",\"1,000.00\",\"1,100.00\"\n",
             amounts: ["1000.00"], payee: "DEPOSIT", currency: "USD"),
        Case(profile: "bofa-credit-card",
             text: "Posted Date,Reference Number,Payee,Address,Amount\n10/02/2026,2469216,UBER TRIP,SAN FRANCISCO CA,-18.20\n",
             amounts: ["-18.20"], payee: "UBER TRIP", kind: .creditCard, currency: "USD"),
        Case(profile: "wells-fargo-checking",
             text: "\"10/03/2026\",\"-64.12\",\"*\",\"\",\"WHOLE FOODS\"\n\"10/07/2026\",\"100.00\",\"*\",\"\",\"WISE INC\"\n",
             amounts: ["-64.12", "100.00"], payee: "WHOLE FOODS", currency: "USD"),
        Case(profile: "capital-one",
             text: "Transaction Date,Posted Date,Card No.,Description,Category,Debit,Credit\n2026-10-04,2026-10-05,1234,LYFT,Other Travel,12.30,\n2026-10-16,2026-10-16,1234,PAYMENT,Payment/Credit,,250.00\n",
             amounts: ["-12.30", "250.00"], payee: "LYFT", kind: .creditCard, currency: "USD"),
        Case(profile: "amex",
             text: "Date,Description,Card Member,Account #,Amount,Extended Details,Appears On Your Statement As,Address,City/State,Zip Code,Country,Reference,Category\n10/22/2026,NETFLIX.COM,A MORGAN,-41005,15.49,x,NETFLIX.COM,,,,,'320262960123',Entertainment\n10/23/2026,PAYMENT,A MORGAN,-41005,-100.00,,,,,,,'320262960124',\n",
             amounts: ["-15.49", "100.00"], payee: "NETFLIX.COM", kind: .creditCard, currency: "USD"),
        Case(profile: "barclays",
             text: "Number,Date,Account,Amount,Subcategory,Memo\n,05/10/2026,20-32-06 13152170,-20.00,DIRECTDEB,SKY DIGITAL       DD\n,26/10/2026,20-32-06 13152170,1500.00,CREDIT,ACME LTD          BGC\n",
             amounts: ["-20.00", "1500.00"], payee: "SKY DIGITAL       DD", currency: "GBP"),
        Case(profile: "monzo",
             text: "Transaction ID,Date,Time,Type,Name,Emoji,Category,Amount,Currency,Local amount,Local currency,Notes and #tags,Address,Receipt,Description,Category split,Money Out,Money In,Balance,Balance currency\ntx_01,05/10/2026,09:00:00,Card payment,Pret,☕,Eating out,-3.75,GBP,-3.75,GBP,,,,PRET,,-3.75,,96.25,GBP\n",
             amounts: ["-3.75"], payee: "Pret", currency: "GBP"),
        Case(profile: "n26",
             text: "\"Booking Date\",\"Value Date\",\"Partner Name\",\"Partner Iban\",Type,\"Payment Reference\",\"Account Name\",\"Amount (EUR)\",\"Original Amount\",\"Original Currency\",\"Exchange Rate\"\n2026-10-07,,\"REWE\",,\"Presentment\",,\"Main Account\",-12.34,,,\n",
             amounts: ["-12.34"], payee: "REWE", currency: "EUR"),
        Case(profile: "ing-nl",
             text: "\"Datum\",\"Naam / Omschrijving\",\"Rekening\",\"Tegenrekening\",\"Code\",\"Af Bij\",\"Bedrag (EUR)\",\"Mutatiesoort\",\"Mededelingen\"\n\"20261005\",\"Albert Heijn\",\"NL99INGB0001234567\",\"\",\"BA\",\"Af\",\"12,34\",\"Betaalautomaat\",\"Pasvolgnr: 001\"\n\"20261006\",\"Werkgever\",\"NL99INGB0001234567\",\"NL11RABO0123456789\",\"OV\",\"Bij\",\"2.000,00\",\"Overschrijving\",\"Salaris\"\n",
             amounts: ["-12.34", "2000.00"], payee: "Albert Heijn", currency: "EUR"),
        Case(profile: "ing-nl-en",
             text: "Date,Name / Description,Account,Counterparty,Code,Debit/credit,Amount (EUR),Transaction type,Notifications\n20261005,Albert Heijn,NL99INGB0001234567,,BA,Debit,\"12,34\",Payment terminal,x\n",
             amounts: ["-12.34"], payee: "Albert Heijn", currency: "EUR"),
        Case(profile: "ing-de",
             text: "Umsatzanzeige;Datei erstellt am: 01.11.2026 10:00\n\nIBAN;DE12 3456 7890 1234 5678 90\nZeitraum;01.10.2026 - 31.10.2026\n\nBuchung;Wertstellungsdatum;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Saldo;Währung;Betrag;Währung\n02.10.2026;02.10.2026;REWE;Lastschrift;Einkauf;945,66;EUR;-54,34;EUR\n01.10.2026;01.10.2026;Acme;Gutschrift;Gehalt;1.000,00;EUR;1.000,00;EUR\n",
             amounts: ["1000.00", "-54.34"], payee: "Acme", currency: "EUR"),
        Case(profile: "ing-de-valuta",
             text: "Buchung;Valuta;Auftraggeber/Empfänger;Buchungstext;Verwendungszweck;Betrag;Währung\n02.10.2026;02.10.2026;REWE;Lastschrift;Einkauf;-54,34;EUR\n",
             amounts: ["-54.34"], payee: "REWE", currency: "EUR"),
        Case(profile: "dkb-old",
             text: "\"Kontonummer:\";\"DE12 1203 0000 1234 5678 90 / Girokonto\";\n\n\"Buchungstag\";\"Wertstellung\";\"Buchungstext\";\"Auftraggeber / Begünstigter\";\"Verwendungszweck\";\"Kontonummer\";\"BLZ\";\"Betrag (EUR)\";\"Gläubiger-ID\";\"Mandatsreferenz\";\"Kundenreferenz\";\n\"05.10.2026\";\"05.10.2026\";\"Lastschrift\";\"Stadtwerke\";\"Strom\";\"DE99\";\"BIC\";\"-72,00\";\"\";\"\";\"\";\n",
             amounts: ["-72.00"], payee: "Stadtwerke", currency: "EUR"),
        Case(profile: "dkb-new",
             text: "\"Girokonto\";\"DE12120300001234567890\"\n\"\"\n\"Buchungsdatum\";\"Wertstellung\";\"Status\";\"Zahlungspflichtige*r\";\"Zahlungsempfänger*in\";\"Verwendungszweck\";\"Umsatztyp\";\"IBAN\";\"Betrag (€)\";\"Gläubiger-ID\";\"Mandatsreferenz\";\"Kundenreferenz\"\n\"05.10.26\";\"05.10.26\";\"Gebucht\";\"Alex\";\"Netflix\";\"Abo\";\"Ausgang\";\"DE99\";\"-13,99 €\";\"\";\"\";\"\"\n\"06.10.26\";\"06.10.26\";\"Vorgemerkt\";\"Alex\";\"Shop\";\"x\";\"Ausgang\";\"DE98\";\"-5,00 €\";\"\";\"\";\"\"\n",
             amounts: ["-13.99"], payee: "Netflix", currency: "EUR"),
        Case(profile: "rabobank",
             text: "\"IBAN/BBAN\",\"Munt\",\"BIC\",\"Volgnr\",\"Datum\",\"Rentedatum\",\"Bedrag\",\"Saldo na trn\",\"Tegenrekening IBAN/BBAN\",\"Naam tegenpartij\",\"Omschrijving-1\",\"Omschrijving-2\",\"Omschrijving-3\"\n\"NL11RABO0123456789\",\"EUR\",\"RABONL2U\",\"000000000000000123\",\"2026-10-05\",\"2026-10-05\",\"-12,34\",\"+987,66\",\"\",\"Jumbo\",\"Boodschappen\",\"week 41\",\"\"\n",
             amounts: ["-12.34"], payee: "Jumbo", currency: "EUR"),
        Case(profile: "revolut",
             text: "Type,Product,Started Date,Completed Date,Description,Amount,Fee,Currency,State,Balance\nCARD_PAYMENT,Current,2026-10-04 10:00:00,2026-10-05 6:11:59,Cafe,-4.85,0,EUR,COMPLETED,95.15\nCARD_PAYMENT,Current,2026-10-06 10:00:00,,Shop,-1.00,0,EUR,PENDING,\n",
             amounts: ["-4.85"], payee: "Cafe", currency: "EUR"),
        Case(profile: "wise",
             text: "TransferWise ID,Date,Amount,Currency,Description,Payment Reference,Running Balance,Exchange From,Exchange To,Exchange Rate,Payer Name,Payee Name,Payee Account Number,Merchant,Total fees\nTRANSFER-1,05-10-2026,100.00,USD,Received money from Alex,,100.00,EUR,USD,1.1364,Alex,,,,0.00\n",
             amounts: ["100.00"], payee: "Received money from Alex", currency: "USD"),
        Case(profile: "paypal",
             text: "\"Date\",\"Time\",\"TimeZone\",\"Name\",\"Type\",\"Status\",\"Currency\",\"Gross\",\"Fee\",\"Net\",\"From Email Address\",\"To Email Address\",\"Transaction ID\",\"Balance\"\n\"10/15/2026\",\"10:00:00\",\"PDT\",\"Shop\",\"Express Checkout Payment\",\"Completed\",\"USD\",\"-20.00\",\"0.00\",\"-20.00\",\"a@b\",\"c@d\",\"5TY12345\",\"80.00\"\n",
             amounts: ["-20.00"], payee: "Shop", currency: "USD"),
        Case(profile: "nordea",
             text: "Kirjauspäivä;Määrä;Maksaja;Maksunsaaja;Nimi;Otsikko;Viitenumero;Saldo;Valuutta\nVaraus;-5,00;x;y;Kahvila;;;;EUR\n2026/10/05;-12,50;x;y;K-Market;Ruoka;;987,50;EUR\n",
             amounts: ["-12.50"], payee: "K-Market", currency: "EUR"),
        Case(profile: "triodos",
             text: "05-10-2026,NL12TRIO0123456789,\"12,34\",Debet,Bakker,NL99ABNA0123456789,BA,Brood,\"987,66\"\n06-10-2026,NL12TRIO0123456789,\"100,00\",Credit,Werk,NL99ABNA0123456789,OV,Loon,\"1.087,66\"\n",
             amounts: ["-12.34", "100.00"], payee: "Bakker", currency: "EUR"),
        Case(profile: "knab",
             text: "KNAB EXPORT;;;;;;;;;;;;;;;;\nRekeningnummer;Transactiedatum;Valutacode;CreditDebet;Bedrag;Tegenrekeningnummer;Tegenrekeninghouder;Valutadatum;Betaalwijze;Omschrijving;Type betaling;Machtigingsnummer;Incassant ID;Adres;Referentie;Boekdatum;\n\"NL99KNAB9999999999\";\"21-06-2026\";\"EUR\";\"D\";\"827,75\";\"FR99\";\"Janssen\";\"21-06-2026\";\"Overboeking\";\"Tresorie\";\"\";\"\";\"\";\"\";\"B9F21\";\"21-06-2026\";\n",
             amounts: ["-827.75"], payee: "Janssen", currency: "EUR"),
        Case(profile: "asn",
             text: "17-06-2026,NL00ASNB9999999999,NL99ASNB0000000000,Jansen,,,,EUR,130.44,EUR,223.77,17-06-2026,17-06-2026,2754,NGM,51392971,,'Huur',26\n25-06-2026,NL00ASNB9999999999,,,,,,EUR,354.21,EUR,-2.20,25-06-2026,25-06-2026,7241,MSC,50951652,,'Kosten',26\n",
             amounts: ["223.77", "-2.20"], payee: "Jansen", currency: "EUR"),
        Case(profile: "easybank",
             text: "AT123456789012345678;Einbehaltene KESt      BG/000000001     ;01.01.2026;31.12.2025;-0,42;EUR\r\nAT123456789012345678;Zinsen HABEN   BG/000000002     ;01.01.2026;31.12.2025;+1,23;EUR\r\n",
             amounts: ["-0.42", "1.23"], payee: nil, currency: "EUR"),
        Case(profile: "ing-at",
             text: "Kontonummer;Text;Datum;Währung;Soll;Haben\n12345678001;Habenzinsen;31.12.2025;EUR;0,00;12,23\n",
             amounts: ["12.23"], payee: nil, currency: "EUR"),
        Case(profile: "livebank",
             text: "Kontonummer;Auszugsnummer;Buchungsdatum;Valutadatum;Umsatzzeit;Zahlungsreferenz;Waehrung;Betrag;Buchungstext;Umsatztext\n12345678;1;2026-07-03;2026-07-03;2026-07-03-08.21.36.47192;\"\";EUR;150,00;\"Gutschrift\";A name;\"A text\"\n12345678;1;2026-07-01;2026-07-01;2026-07-01-09.08.26.618116;\"\";EUR;0,00;\"Verständigung\";\"Notice\"\n",
             amounts: ["150.00"], payee: "A name", currency: "EUR"),
    ]

    @Test(arguments: ShippedProfileTests.cases)
    func shippedProfileReadsItsLayout(_ c: Case) throws {
        let profile = try #require(shippedProfiles.first { $0.name == c.profile }, "no shipped profile \(c.profile)")
        // Detected among the shipped profiles where it has a signature or a column count, else passed explicitly.
        let detectable = !profile.match.isEmpty || profile.columnCount != nil
        let result = detectable ? readCSV(c.text, profiles: shippedProfiles)
            : readCSV(c.text, profile: try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent("Rules/profiles/\(c.profile).csvprofile"), encoding: .utf8))
        let s = try #require(onlyStatement(result), "\(rendered(result))")
        #expect(s.source.profile == c.profile)
        #expect(!result.diagnostics.containsErrors, "\(rendered(result))")
        #expect(s.transactions.map(\.amount) == c.amounts.map(amount))
        if let payee = c.payee { #expect(s.transactions.first?.payee == payee) }
        #expect(s.account.kind == c.kind)
        if let currency = c.currency { #expect(s.account.currency?.code == currency) }
    }

    @Test func everyShippedProfileHasASyntheticFile() {
        let covered = Set(ShippedProfileTests.cases.map(\.profile))
        let missing = shippedProfiles.map(\.name).filter { !covered.contains($0) }
        #expect(missing.isEmpty, "profiles without a test file: \(missing)")
    }
}

@Suite struct ProfileValueTests {
    @Test func aProfileValueWinsOverDetection() throws {
        let text = "Date,Description,Amount\n2024-02-01,Coffee,4.50\n"
        var card = CSVProfile(name: "my-card")
        card.negate = true
        card.kind = .creditCard
        let result = CSVReader(profiles: shippedProfiles).read(Array(text.utf8), file: "c.csv", options: ReadOptions(), profile: card)
        let s = try #require(onlyStatement(result))
        #expect(s.source.profile == "my-card")
        #expect(s.transactions.first?.amount == amount("-4.50"))
    }
}
