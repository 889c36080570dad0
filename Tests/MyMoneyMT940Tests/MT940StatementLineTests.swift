import Foundation
import Testing
import MyMoneyMT940

/// The `:61:` line: dates, marks, funds codes, amounts, types, references, details.
@Suite("MT940 statement lines")
struct MT940StatementLineTests {
    func one(_ line: String, _ more: [String] = []) throws -> StatementTransaction {
        let all = lines(message([":61:" + line] + more))
        return try #require(all.first)
    }

    @Test func creditIsPositiveDebitNegative() throws {
        #expect(try one("2610051005C12,50NTRFNONREF").amount == amount("12.50"))
        #expect(try one("2610051005D12,50NTRFNONREF").amount == amount("-12.50"))
    }

    @Test func reversalOfACreditIsADebitAndOfADebitACredit() throws {
        let rc = try one("2610051005RC12,00NRTINONREF")
        #expect(rc.amount == amount("-12.00"))
        #expect(rc.extra("mark") == "RC")
        #expect(rc.extra("reversal") == "true")
        #expect(try one("2610051005RD12,00NRTINONREF").amount == amount("12.00"))
    }

    @Test func marksInLowerCaseAreRead() throws {
        #expect(try one("2610051005d1,00NTRFNONREF").amount == amount("-1.00"))
        #expect(try one("2610051005c1,00NTRFNONREF").amount == amount("1.00"))
        #expect(try one("2610051005rc1,00NTRFNONREF").amount == amount("-1.00"))
        #expect(try one("2610051005rd1,00NTRFNONREF").amount == amount("1.00"))
    }

    @Test func theLetterAfterTheMarkIsTheFundsCodeNotAReversal() throws {
        let dr = try one("2403050305DR49,90NMSCNONREF//83021")
        #expect(dr.amount == amount("-49.90"))
        #expect(dr.extra("funds code") == "R")
        #expect(dr.extra("mark") == nil)
        let rcr = try one("2403050305RCR12,00NRTINONREF")
        #expect(rcr.amount == amount("-12.00"))
        #expect(rcr.extra("funds code") == "R")
    }

    @Test func aLetterBeforeTheTypeIsNoFundsCode() throws {
        // `C500NTRF`: no comma, so the N starts the type, not a funds code.
        let t = try one("1407290729C500NTRF29-07-2014 10:05//B4G29PGDCK1QFV3E")
        #expect(t.amount == amount("500"))
        #expect(t.bankType == "NTRF")
    }

    @Test func entryDateIsTheDayValueDateAnExtra() throws {
        let t = try one("2610051006D1,00NTRFNONREF")
        #expect(t.day == day("2026-10-06"))
        #expect(t.extra("value date") == "2026-10-05")
    }

    @Test func withoutAnEntryDateTheValueDateIsTheDay() throws {
        #expect(try one("110701CN50,00NZ10NONREF").day == day("2011-07-01"))
    }

    @Test func entryDateInJanuaryForADecemberValueDateIsNextYear() throws {
        let t = try one("2512310102D1,00NTRFNONREF")
        #expect(t.day == day("2026-01-02"))
        #expect(t.extra("value date") == "2025-12-31")
    }

    @Test func entryDateInDecemberForAJanuaryValueDateIsTheYearBefore() throws {
        #expect(try one("2601021231D1,00NTRFNONREF").day == day("2025-12-31"))
    }

    @Test func february30IsTheLastDayOfFebruaryWithAWarning() throws {
        let result = readMT940(message([":61:1602300301DR6,00N024NONREF"], opening: "C160229EUR1200,00", closing: "C160301EUR1194,00"))
        let t = try #require(result.statements.first?.transactions.first)
        #expect(t.extra("value date") == "2016-02-29")
        #expect(t.day == day("2016-03-01"))
        #expect(result.diagnostics.map(\.code) == ["mt940.date"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.position?.column == 5)
    }

    @Test func amountFormats() throws {
        #expect(try one("2610051005C380115,NTRFNONREF").amount == amount("380115"))
        #expect(try one("2610051005C380115,1NTRFNONREF").amount == amount("380115.1"))
        #expect(try one("2610051005C00,12NTRFNONREF").amount == amount("0.12"))
        #expect(try one("2610051005C000000000025,00NTRFNONREF").amount == amount("25.00"))
    }

    @Test func anAmountWithoutItsCommaIsReadWholeWithAWarning() {
        let result = readMT940(message([":61:2610051005C500NTRFNONREF"], closing: "C261031EUR600,00"))
        #expect(result.statements.first?.transactions.first?.amount == amount("500"))
        #expect(result.diagnostics.map(\.code) == ["mt940.amount"])
        #expect(result.diagnostics.first?.severity == .warning)
    }

    @Test func typeCodeIsTheBankType() throws {
        #expect(try one("2610051005D1,00NMSCNONREF").bankType == "NMSC")
        #expect(try one("2610051005D1,00FCHGNONREF").bankType == "FCHG")
        #expect(try one("2610051005D1,00N024NONREF").bankType == "N024")
        #expect(try one("171011D2402,00S   X").bankType == "S")
    }

    @Test func bankReferenceAfterSlashesIsTheId() throws {
        let t = try one("1701190119CN0,01NTRFNONREF//MB170119012058")
        #expect(t.id == "MB170119012058")
        #expect(t.extra("customer reference") == "NONREF")
    }

    @Test func nonrefBankReferenceIsNoId() throws {
        let t = try one("1312091209C79,7FMSC01916//NONREF")
        #expect(t.id == nil)
        #expect(t.extra("customer reference") == "01916")
        #expect(t.extra("bank reference") == "NONREF")
    }

    @Test func aCustomerReferenceLongerThan16IsKeptWholeWhenItIsOneToken() throws {
        // ASN puts the counter-IBAN there, and the name on line 2.
        let t = try one("2001010101D65,00NOVBNL47INGB9999999999", ["hr gjlm paulissen"])
        #expect(t.extra("customer reference") == "NL47INGB9999999999")
        #expect(t.payee == "hr gjlm paulissen")
    }

    @Test func aSpacePaddedReferenceIsFollowedByAName() throws {
        // Rabobank's legacy lines: a 16-character reference, then the counterparty.
        let t = try one("110527D000000001213,28N0440121470966      W.P. Jansen                      ")
        #expect(t.extra("customer reference") == "0121470966")
        #expect(t.payee == "W.P. Jansen")
        #expect(t.amount == amount("-1213.28"))
    }

    @Test func supplementaryDetailsThatAreNotANameStayAnExtra() throws {
        let t = try one("130101D000000000025,00N102EREF            ", ["NL70ABNA0987654321"])
        #expect(t.payee == nil)
        #expect(t.extra("supplementary details") == "NL70ABNA0987654321")
    }

    @Test func aLineBrokenBeforeItsAmountIsJoined() throws {
        // Sparkasse: `:61:1811261126CR` then `30,00N062NONREF`.
        let t = try one("1811261126CR", ["30,00N062NONREF"])
        #expect(t.amount == amount("30.00"))
        #expect(t.bankType == "N062")
        #expect(t.day == day("2018-11-26"))
    }

    @Test func aMarkThatIsNoMarkIsAnError() {
        let result = readMT940(message([":61:2610051005X1,00NTRFNONREF"]))
        #expect(result.diagnostics.map(\.code) == ["mt940.mark"])
        #expect(!result.isUsable(strict: false))
        #expect(result.statements.first?.transactions.isEmpty == true)
    }

    @Test func aDateThatDoesNotExistIsAnError() {
        let result = readMT940(message([":61:2613051005D1,00NTRFNONREF"]))
        #expect(result.diagnostics.map(\.code) == ["mt940.date"])
        #expect(result.diagnostics.first?.severity == .error)
    }

    @Test func positionIsTheTagLine() throws {
        let result = readMT940(message([":61:2610051005C0,00NTRFNONREF"]))
        #expect(result.statements.first?.transactions.first?.position?.line == 5)
    }
}
