import Foundation
import Testing
import MyMoneyQIF
import MyMoneyTestSupport

/// `Samples/wallet-2026-10.qif`: Alex's cash wallet in October 2026 (see STORY.md).
@Suite struct QIFSampleTests {
    @Test func walletSampleReadsAsTheStoryTellsIt() throws {
        let url = Corpus.samples.appendingPathComponent("wallet-2026-10.qif")
        let bytes = Array(try Data(contentsOf: url))
        let euro = try #require(Currency(code: "EUR"))
        let document = QIFReader().readDocument(bytes, file: "Samples/wallet-2026-10.qif", options: ReadOptions(currency: euro))
        #expect(document.diagnostics.isEmpty, "\(document.diagnostics.map(\.message))")
        #expect(document.dayOrder == .dayMonthYear)
        #expect(document.classes.map(\.name) == ["Hobby"])
        let statement = try #require(document.statements.first)
        #expect(document.statements.count == 1)
        #expect(statement.account.name == "Wallet")
        #expect(statement.account.kind == .cash)
        #expect(statement.account.currency == euro)
        #expect(statement.balances.map(\.kind) == [.opening, .closing])
        #expect(statement.balances[0].amount == amount("50.00") && statement.balances[0].day == day("2026-10-01"))
        #expect(statement.balances[1].amount == amount("199.80") && statement.balances[1].day == day("2026-10-29"))

        let t = statement.transactions
        #expect(t.map(\.day.description) == ["2026-10-10", "2026-10-11", "2026-10-14", "2026-10-21", "2026-10-29"])
        #expect(t.map(\.amount) == ["200.00", "-23.50", "-7.50", "-15.00", "-4.20"].map(amount))
        #expect(t.map(\.payee) == ["Geldautomat", "Wochenmarkt", "Imbiss Kreuzberg", "Flohmarkt", "Kiosk"])
        #expect(t[0].transferAccount == "Girokonto")
        #expect(t[1].splits.map(\.category) == ["Food:Groceries", "Gifts:Flowers"])
        #expect(t[1].splits.map(\.amount) == [amount("-18.00"), amount("-5.50")])
        #expect(t[1].splits.first?.memo == "Gemüse und Brot")
        #expect(t.map(\.category) == [nil, nil, "Food:Restaurants", "Shopping", "Food:Snacks"])
        #expect(t[3].tags == ["Hobby"])
    }
}
