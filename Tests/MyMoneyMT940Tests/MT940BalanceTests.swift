import Foundation
import Testing
import MyMoneyMT940

/// Balance fields and the check opening + lines = closing.
@Suite("MT940 balances")
struct MT940BalanceTests {
    @Test func balancesThatChainPass() {
        let text = message([":61:2610051005D49,90NMSCNONREF", ":61:2610051005CR1500,NTRFSALARY", ":61:2610051005RCR12,00NRTINONREF"],
                           opening: "C240304EUR2310,00", closing: "C240305EUR3748,10")
        let result = readMT940(text)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func aBrokenChainIsAnErrorNamingTheStatement() throws {
        let result = readMT940(message([":61:2610051005D1,00NTRFNONREF"], reference: "STMT-7"))
        let d = try #require(result.diagnostics.first { $0.code == "mt940.balance" })
        #expect(d.severity == .error)
        #expect(d.message.contains("statement STMT-7 (12030000/1234567890)"))
        #expect(d.message.contains("difference 1.00"))
        #expect(d.position?.line == 6)
        #expect(!result.isUsable(strict: false))
    }

    @Test func acceptBrokenBalancesMakesTheBreakAWarning() {
        let result = readMT940(message([":61:2610051005D1,00NTRFNONREF"]), options: ReadOptions(acceptBrokenBalances: true))
        #expect(result.diagnostics.map(\.severity) == [.warning])
        #expect(result.isUsable(strict: false))
    }

    @Test func aDebitBalanceIsNegative() throws {
        let result = readMT940(message([":61:2610051005D10,00NTRFNONREF"], opening: "D261001EUR5,00", closing: "D261031EUR15,00"))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        #expect(result.statements.first?.balances.map(\.amount) == [amount("-5.00"), amount("-15.00")])
    }

    @Test func intermediatePagesAreMarked() throws {
        let first = message([], opening: "C261001EUR1,00", closing: "C261001EUR1,00").replacingOccurrences(of: ":62F:", with: ":62M:")
        let last = message([], opening: "C261001EUR1,00", closing: "C261001EUR1,00").replacingOccurrences(of: ":60F:", with: ":60M:")
        let pages = readMT940(first + last).statements.map { $0.extra.first { $0.key == "page" }?.value }
        #expect(pages == ["first", "last"])
    }

    @Test func availableBalancesAreKept() throws {
        let text = message([]).replacingOccurrences(of: "-\r\n", with: ":64:C261031EUR95,00\r\n:65:C261102EUR90,00\r\n:65:C261103EUR80,00\r\n-\r\n")
        let s = try #require(readMT940(text).statements.first)
        #expect(s.balances.map(\.kind) == [.opening, .closing, .available, .available, .available])
    }

    @Test func aBalanceWithoutItsCurrencyIsReadWithAWarning() throws {
        let result = readMT940(message([], opening: "C020315105000,00", closing: "C020315105000,00"))
        #expect(result.statements.first?.balances.first?.amount == amount("105000.00"))
        #expect(result.diagnostics.map(\.code) == ["mt940.currency", "mt940.currency"])
    }

    @Test func zeroPaddedBalances() throws {
        let s = try #require(readMT940(message([], opening: "C180410TRY0000000000000000,00", closing: "C180410TRY0000000000000000,00")).statements.first)
        #expect(s.balances.first?.amount.isZero == true)
        #expect(s.account.currency == Currency(code: "TRY"))
    }

    @Test func aBalanceThatStartsWithoutAMarkIsAnError() {
        let result = readMT940(message([], opening: "X261001EUR1,00"))
        #expect(result.diagnostics.map(\.code) == ["mt940.field"])
    }

    @Test func aLineThatCannotBeReadLeavesTheBalancesUnchecked() {
        let result = readMT940(message([":61:2610051005D1,00NTRFNONREF", ":61:2610051005Q1,00NTRFNONREF"]))
        #expect(result.diagnostics.map(\.code) == ["mt940.mark"])
    }
}
