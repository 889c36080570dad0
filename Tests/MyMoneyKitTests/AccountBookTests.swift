import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

@Suite("account book")
struct AccountBookTests {
    @Test func aFirstLineWithoutHeaderIsAnAccount() {
        let book = AccountBook.parse("Visa,credit_card,USD,4111111111114321\nWallet,cash,EUR,\n", file: "accounts.csv")
        #expect(book.diagnostics.isEmpty)
        #expect(book.accounts.map(\.name) == ["Visa", "Wallet"])
        #expect(book.accounts.first?.numbers == ["4111111111114321"])
    }

    @Test func theHeaderAndCommentsAreSkippedAndMistakesNamed() {
        let book = AccountBook.parse("# mine\nname,kind,currency,numbers\nGiro,bank,EUR,DE89 X\nBad,spaceship,EUR,\n", file: "accounts.csv")
        #expect(book.accounts.map(\.name) == ["Giro"])
        #expect(book.accounts.first?.numbers == ["DE89", "X"])
        #expect(book.diagnostics.first?.position?.line == 4)
        #expect(book.diagnostics.first?.message.contains("spaceship") == true)
    }

    @Test func anAccountRenamedInTheLedgerIsNotAddedAgain() throws {
        let path = MyMoneyBinary.scratch("book").appendingPathComponent("ledger.sqlite").path
        let ledger = try Ledger(path: path)
        let book = AccountBook.parse("Girokonto,bank,EUR,DE89370400440532013000\n", file: "accounts.csv")
        #expect(try book.ensure(in: ledger).count == 1)
        var account = try #require(try ledger.account(named: "Girokonto"))
        account.name = "Main"
        _ = try ledger.updateAccount(account)
        #expect(try book.ensure(in: ledger).isEmpty)
        #expect(try ledger.accounts().map(\.name) == ["Main"])
    }
}
