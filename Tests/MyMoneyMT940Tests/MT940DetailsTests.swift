import Foundation
import Testing
import MyMoneyMT940

/// The `:86:` field in its three dialects: German `?NN` subfields, Dutch `/KEY/` pairs, free text.
@Suite("MT940 details")
struct MT940DetailsTests {
    func described(_ details: [String], line: String = "2610051005D1,00NTRFNONREF") throws -> StatementTransaction {
        let text = message([":61:" + line] + details)
        return try #require(lines(text).first)
    }

    @Test func germanSubfields() throws {
        let t = try described([":86:116?00SEPA-UEBERWEISUNG?109310?20EREF+K-88321?21SVWZ+Mobilfunk Maerz?3",
                               "0BYLADEM1001?31DE44500105175407324931?32Phone Company GmbH?34997"])
        #expect(t.payee == "Phone Company GmbH")
        #expect(t.memo == "Mobilfunk Maerz")
        #expect(t.extra("GVC") == "116")
        #expect(t.extra("posting text") == "SEPA-UEBERWEISUNG")
        #expect(t.extra("primanota") == "9310")
        #expect(t.extra("end-to-end id") == "K-88321")
        #expect(t.extra("counterparty.bic") == "BYLADEM1001")
        #expect(t.extra("counterparty.iban") == "DE44500105175407324931")
        #expect(t.extra("text key extension") == "997")
    }

    @Test func aSubfieldMarkerSplitOverTwoLinesIsJoined() throws {
        let t = try described([":86:166?00GUTSCHRIFT?20SVWZ+Gehalt?3", "2Example AG"])
        #expect(t.payee == "Example AG")
    }

    @Test func purposeSubfieldsOfFullWidthGoOnWithoutASpace() throws {
        // `?20` holds 27 characters, cut mid-word; `?21` goes on.
        let t = try described([":86:820?00UMBUCHUNG?20ERSTATTUNG AUSLANDSEINSATZE?21NTGELT", " FUER VISA 4998 XXXX?22XXXX 1234"])
        #expect(t.memo == "ERSTATTUNG AUSLANDSEINSATZENTGELT FUER VISA 4998 XXXX XXXX 1234")
    }

    @Test func aKeywordSplitByASubfieldMarkerIsFound() throws {
        let t = try described([":86:105?00Basislastschrift?20EREF+123 SVWZ+Steuer 2026 K?21REF+ABC"])
        #expect(t.memo == "Steuer 2026")
        #expect(t.extra("KREF") == "ABC")
    }

    @Test func sepaKeywordsBecomeFields() throws {
        let t = try described([":86:105?00FOLGELASTSCHRIFT?20EREF+VZ0000000000000000?21MREF+000000?22CRED+DE98ZZZ09999999999",
                               "?23SVWZ+Beitrag Oktober?32Verein e.V."])
        #expect(t.memo == "Beitrag Oktober")
        #expect(t.extra("mandate id") == "000000")
        #expect(t.extra("creditor id") == "DE98ZZZ09999999999")
        #expect(t.extra("end-to-end id") == "VZ0000000000000000")
    }

    @Test func withoutSVWZTheWholePurposeIsTheMemo() throws {
        let t = try described([":86:805?00ENTGELTABSCHLUSS?106666?20Pauschalen?3012345678?31122334", "45566"])
        #expect(t.memo == "Pauschalen")
        #expect(t.extra("counterparty.account") == "12233445566")
    }

    @Test func aStructuredDetailWithoutKREFKeepsTheLinesCustomerReference() throws {
        let t = try described([":86:166?00GUTSCHRIFT?20SVWZ+Gehalt"], line: "2610051005C1500,NTRFSALARY-03//83022")
        #expect(t.extra("customer reference") == "SALARY-03")
        #expect(t.id == "83022")
    }

    @Test func triodosWritesAngleBracketsForSubfields() throws {
        let t = try described([":86:000>100987654321", ">20ALGEMENE TUSSENREKENING KOS>21TEN VAN 01-10-2010 TOT EN M", ">22ET 31-12-2010>310390123456"])
        #expect(t.memo == "ALGEMENE TUSSENREKENING KOSTEN VAN 01-10-2010 TOT EN MET 31-12-2010")
        #expect(t.extra("counterparty.account") == "0390123456")
    }

    @Test func dutchKeysNameAndRemittance() throws {
        let t = try described([":86:/EREF/01-01-2013 12:00 0030000987654321/BENM//NAME/CONTRA ACCOUN", "T HOLDER/REMI//ISDT/2013-07-11"])
        #expect(t.payee == "CONTRA ACCOUNT HOLDER")
        #expect(t.memo == nil)
        #expect(t.extra("end-to-end id") == "01-01-2013 12:00 0030000987654321")
        #expect(t.extra("/ISDT/") == "2013-07-11")
    }

    @Test func dutchRemittanceAfterAName() throws {
        let t = try described([":86:/BENM//NAME/JOHN DOE/REMI/Reference 201301234/ISDT/2013-01-02"])
        #expect(t.payee == "JOHN DOE")
        #expect(t.memo == "Reference 201301234")
    }

    @Test func ingCounterpartyByPosition() throws {
        let t = try described([":86:/TRTP/SEPA OVERBOEKING/IBAN/NL12INGB0001234567/BIC/INGBNL2A/NAME/Jan Jansen/REMI/Huur/EREF/NOTPROVIDED"])
        #expect(t.payee == "Jan Jansen")
        #expect(t.memo == "Huur")
        #expect(t.extra("counterparty.iban") == "NL12INGB0001234567")
    }

    @Test func freeTextLinesAreJoined() throws {
        let t = try described([":86:GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659", "5314606715                       BETREFT FACTUUR D.D. 20-05-2011", "INCL. 1,44 BTW"])
        // Lines shorter than 65 characters end where their writer ended them: a space joins them.
        #expect(t.memo == "GIRO   428428 KPN - DIGITENNE    BETALINGSKENM.  000000042188659 5314606715                       BETREFT FACTUUR D.D. 20-05-2011 INCL. 1,44 BTW")
    }

    @Test func linesPaddedToSixtyFiveAreTrimmedAndBlankOnesDropped() throws {
        let pad = { (s: String) in s + String(repeating: " ", count: 65 - s.count) }
        let t = try described([":86:NL47INGB9999999999 hr gjlm paulissen", pad(""), pad("Betaling sieraden"), pad("")])
        #expect(t.memo == "NL47INGB9999999999 hr gjlm paulissen Betaling sieraden")
    }

    @Test func severalInformationFieldsDescribeOneLine() throws {
        let t = try described([":86:Terugboeking", ":86:NIET AKKOORD MET AFSCHRIJVING", ":86:20095731"])
        #expect(t.memo == "Terugboeking NIET AKKOORD MET AFSCHRIJVING 20095731")
    }

    @Test func detailsAreNeverCutOrTransliterated() throws {
        let long = (1...12).map { ":86:" + String(repeating: "Müller \($0) ", count: 6) }
        let text = [long[0]] + long.dropFirst().map { String($0.dropFirst(4)) }
        let t = try described(text)
        #expect(t.memo?.contains("Müller 12") == true)
        #expect(t.memo?.contains("Muller") == false)
    }

    @Test func aTagLikeLineInsideDetailsIsText() throws {
        let t = try described([":86:106?000000/661?20EREF+VZ00?24/PL 12-09-2014T16", ":26:37 Fo?25lgenr. 007"])
        #expect(t.extra("end-to-end id")?.contains("VZ00") == true)
        let result = readMT940(message([":61:2610051005D1,00NTRFNONREF", ":86:106?20SVWZ+x", ":26:37 Fo"]), options: ReadOptions(acceptBrokenBalances: true))
        #expect(!result.diagnostics.contains { $0.code == "mt940.tag" })
    }
}
