import Foundation
import Testing
import MyMoneyReports

/// The CSV and JSON exports of books built in code.
@Suite("CSV and JSON exports")
struct TableExportTests {
    static let giro = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, numbers: ["DE89"], openingBalance: try! Amount(parsing: "10.00"))

    static var books: BooksSnapshot {
        var market = LedgerTransaction(id: 5, accountId: 1, day: Day(iso: "2026-10-11")!, amount: try! Amount(parsing: "-23.50"),
                                       currency: .EUR, payee: "=HYPERLINK(\"http://evil\")", memo: "a, \"quoted\"\nline",
                                       category: CategoryPath(parsing: "Food:Groceries"), tags: ["market"])
        market.splits = [StatementSplit(amount: try! Amount(parsing: "-15.50"), category: "Food:Groceries"),
                         StatementSplit(amount: try! Amount(parsing: "-8.00"), category: "Gifts:Flowers", memo: "@tulips", tags: ["gift"])]
        let plain = LedgerTransaction(id: 6, accountId: 1, day: Day(iso: "2026-10-12")!, amount: try! Amount(parsing: "-1.20"),
                                      currency: .EUR, payee: "-minus", bankId: "+49", sourceFormat: "csv")
        return BooksSnapshot(accounts: [giro], tags: [LedgerTag(id: 1, title: "market", color: "#E4572E")],
                             transactions: [market, plain],
                             balances: [StoredBalance(id: 3, accountId: 1, day: Day(iso: "2026-10-12")!, amount: try! Amount(parsing: "-14.70"), kind: .ledger)],
                             batchOfTransaction: [6: 2])
    }

    @Test func formulaCellsAreNeutralizedButAmountsStayNumbers() {
        let csv = TransactionsCSV(Self.books).render()
        #expect(csv.contains(",\"'=HYPERLINK(\"\"http://evil\"\")\","))
        #expect(csv.contains(",'-minus,"))
        #expect(csv.contains(",'+49,"))
        #expect(csv.contains(",'@tulips,"))
        #expect(csv.contains("6,2026-10-12,Girokonto,-1.20,EUR,"))
        for cell in ["=cmd", "+1", "-1", "@SUM", "\tx", "\rx"] { #expect(TransactionsCSV.neutralized(cell) == "'" + cell) }
        #expect(TransactionsCSV.neutralized("REWE") == "REWE")
    }

    @Test func splitTransactionIsOneRowPerPartWithTheWholeBeside() {
        let lines = TransactionsCSV(Self.books).render().split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first == Substring(TransactionsCSV.header.joined(separator: ",")))
        let csv = TransactionsCSV(Self.books).render()
        #expect(csv.contains("5,2026-10-11,Girokonto,-15.50,EUR,"))
        #expect(csv.contains("5,2026-10-11,Girokonto,-8.00,EUR,"))
        #expect(csv.contains(",Gifts:Flowers,market;gift,,,2,2,-23.50,'@tulips,"))
        // A quoted memo keeps its line break and quotes.
        #expect(csv.contains("\"a, \"\"quoted\"\"\nline\""))
    }

    @Test func everyRowHasAsManyCellsAsTheHeader() throws {
        // Without the embedded line break, a plain split on commas outside quotes counts cells.
        var books = Self.books
        books.transactions[0].memo = "memo"
        books.transactions[0].payee = "Shop"
        for line in TransactionsCSV(books).render().split(separator: "\n") {
            #expect(line.split(separator: ",", omittingEmptySubsequences: false).count == TransactionsCSV.header.count, "\(line)")
        }
    }

    @Test func jsonIsMarkedVersionedAndParses() throws {
        let text = LedgerJSON(Self.books).render()
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["mymoney_export"] as? String == "ledger")
        #expect(object["version"] as? Int == 1)
        for key in ["accounts", "categories", "tags", "projects", "places", "budgets", "transactions", "transfers", "balances", "rates"] {
            #expect(object[key] is [Any], "\(key)")
        }
        let transactions = try #require(object["transactions"] as? [[String: Any]])
        #expect(transactions[0]["amount"] as? String == "-23.50")
        #expect((transactions[0]["splits"] as? [[String: Any]])?.count == 2)
        #expect(transactions[1]["import_batch"] as? Int == 2)
        #expect(transactions[0]["import_batch"] is NSNull)
        let accounts = try #require(object["accounts"] as? [[String: Any]])
        #expect(accounts[0]["opening_balance"] as? String == "10.00")
        #expect(accounts[0]["numbers"] as? [String] == ["DE89"])
    }
}
