import Testing
@testable import MyMoneyTransfers

@Suite struct WrittenFigureTests {
    let reader = WrittenFigureReader(accounts: Ledger.all, currencies: [.EUR, .USD])

    func keys(_ text: String) -> [Int64] { reader.read(text).amounts.map(\.key) }

    @Test(arguments: [
        ("FX TRANSFER … EUR 2798.17", 279_817), ("Gutschrift 2.798,17 EUR", 279_817), ("USD 3,180.40", 318_040),
        ("Betrag 1'234.50", 123_450), ("2798,17", 279_817), ("EUR 500", 50_000), ("2798.17EUR", 279_817),
    ])
    func amountsAreReadAsMemosWriteThem(text: String, cents: Int64) {
        #expect(keys(text) == [cents * 10_000], "\(text)")
    }

    @Test(arguments: ["Rechnung 2026 Nr 7781", "15.03.2026", "+49 30 1234567", "Filiale 12.3", "1.234.5", "Order 12,345,67"])
    func numbersThatAreNoAmountAreNotRead(text: String) {
        #expect(keys(text).isEmpty, "\(text)")
    }

    @Test(arguments: ["EUR 999999999999999", "USD 9999999999999", "9999999999999,99 EUR", "999.999.999.999.999,99"])
    func figuresTooLargeForAKeyAreNotReadAndDoNotTrap(text: String) {
        #expect(keys(text).isEmpty, "\(text)")
    }

    @Test func theLargestFigureThatFitsIsRead() {
        #expect(keys("EUR 9000000000000") == [900_000_000_000_000 * 10_000])
    }

    @Test func theCurrencyWrittenBesideAnAmountTagsIt() {
        let f = reader.read("FX TRANSFER USD 3180.40, EUR 2798.17")
        #expect(f.amounts.map(\.currency) == [1, 0])
        #expect(reader.read("3180.40").amounts.map(\.currency) == [-1])
    }

    @Test func referencesAreLongMixedTokensThatAreNoDateAmountOrOwnAccount() {
        #expect(reader.read("SEPA REF 7Q2K482213").references.count == 1)
        #expect(reader.read("RF18539007547034").references.count == 1)
        #expect(reader.read("Datum 20260315").references.isEmpty)
        #expect(reader.read("REWE #123456").references.isEmpty)
        #expect(reader.read("IBAN DE44500105175407324931").references.isEmpty) // a party's account
        #expect(reader.read("to 000123456789").references.isEmpty)            // the user's own account number
        #expect(reader.read("Betrag 123456.78").references.isEmpty)
        #expect(reader.read("ref 7q2k482213").references == reader.read("REF 7Q2K482213").references)
    }

    @Test func aGroupedAccountNumberIsAMentionNotFourLastDigits() {
        let evidence = TextEvidenceReader(accounts: Ledger.all, currencies: [.EUR, .USD])
        #expect(evidence.read("Überweisung an DE02 1203 0000 0000 2020 51", payee: false).mentionedAccounts == 1 << 1)
        #expect(evidence.read("Gutschrift von DE89 3704 0044 0532 0130 00", payee: false).mentionedAccounts == 1 << 0)
        #expect(evidence.read("PAYMENT TO XXXXXXXXXXXX4321", payee: false).mentionedAccounts == 1 << 3)
        #expect(evidence.read("Termin 12 03 2026 um 1400", payee: false).mentionedAccounts == 0)
    }
}
