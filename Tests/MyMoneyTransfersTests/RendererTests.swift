import Foundation
import Testing
import MyMoneyTransfers

@Suite struct RendererTests {
    var storyResult: TransferMatchResult {
        TransferMatcher().match(TransferMatchInput(transactions: StoryLedger.transactions, accounts: StoryLedger.accounts))
    }

    @Test func jsonHasTheDesignShape() throws {
        let text = TransferJSONRenderer.render(storyResult)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let transfers = try #require(object["transfers"] as? [[String: Any]])
        #expect(transfers.count == 4)
        let first = try #require(transfers.first)
        let from = try #require(first["from"] as? [String: Any])
        let to = try #require(first["to"] as? [String: Any])
        #expect(from["account"] as? String == "Girokonto")
        #expect(from["date"] as? String == "2026-10-05")
        #expect(from["amount"] as? String == "-88.00")
        #expect(from["currency"] as? String == "EUR")
        #expect(to["account"] as? String == "US Checking")
        #expect(to["amount"] as? String == "100.00")
        #expect(to["currency"] as? String == "USD")
        #expect(first["rate"] as? String == "1.1364")
        #expect(first["fee"] as? String == "0.00")
        #expect(first["confidence"] as? Double == 0.77)
        #expect(first["status"] as? String == "proposed")
        #expect((first["reasons"] as? [String])?.isEmpty == false)
        #expect(transfers[1]["rate"] as? String == "1")
        #expect((object["ambiguous"] as? [Any])?.isEmpty == true)
    }

    @Test func jsonCarriesFeesCloseCallsAndHints() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-04-01", "-502.50", memo: "Transfer to Joint")
        ledger.add(Ledger.other, "2026-04-02", "500.00", memo: "Transfer from Giro")
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        ledger.add(Ledger.giro, "2026-06-10", "-60.00", hint: "Wallet")
        let text = TransferJSONRenderer.render(ledger.match(), pretty: false)
        #expect(text.contains(#""fee":"2.50","fee_currency":"EUR""#))
        #expect(text.contains(#""needs_counter_leg":true"#))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let ambiguous = try #require(object["ambiguous"] as? [[String: Any]])
        #expect((ambiguous.first?["candidates"] as? [Any])?.count == 2)
    }

    @Test func jsonCloseCallsAndHintsCarryReasonsIdsAndAmountFees() throws {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00", id: 11)
        ledger.add(Ledger.savings, "2026-05-04", "100.00", id: 12)
        ledger.add(Ledger.other, "2026-05-04", "100.00", id: 13)
        ledger.add(Ledger.giro, "2026-06-10", "-60.00", id: 14, hint: "Savings")
        let text = TransferJSONRenderer.render(ledger.match(), pretty: false)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let call = try #require((object["ambiguous"] as? [[String: Any]])?.first)
        #expect(call["transaction_ids"] as? [Int] == [11, 13, 12]) // the legs by day, then account: Giro, Joint, Savings
        #expect((call["reasons"] as? [String])?.first?.hasPrefix("2 readings score within 0.05 of each other") == true)
        let candidates = try #require(call["candidates"] as? [[String: Any]])
        #expect(candidates.allSatisfy { ($0["fee"] as? String) == "0.00" && ($0["from"] as? [String: Any])?["transaction_id"] as? Int == 11 })
        let hint = try #require((object["unpaired_hints"] as? [[String: Any]])?.first)
        #expect((hint["reasons"] as? [String])?.first?.hasPrefix("no leg of the opposite sign with a fitting amount in Savings") == true)
        #expect(!text.contains("\"fee\":null"))
    }

    @Test func tableShowsWhyACloseCallIsOne() {
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-05-04", "-100.00")
        ledger.add(Ledger.savings, "2026-05-04", "100.00")
        ledger.add(Ledger.other, "2026-05-04", "100.00")
        let text = TransferTableRenderer.render(ledger.match())
        #expect(text.contains("   why: 2 readings score within 0.05 of each other: Giro -100.00 EUR on 2026-05-04 → "))
    }

    @Test func tableShowsPairsReasonsAndSections() {
        let text = TransferTableRenderer.render(storyResult)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("from") == true)
        #expect(lines.contains { $0.hasPrefix("2026-10-05  Girokonto") && $0.contains("100.00 USD") && $0.contains("1.1364") && $0.hasSuffix("0.77  proposed") })
        #expect(lines.contains { $0.hasPrefix("    rate 1.1364 plausible for EUR→USD (within 25% of the built-in 1.1; no reference rate) · 2 days apart") })
        #expect(lines.count == 9)
        print(text)
    }

    @Test func emptyTableSaysSo() {
        #expect(TransferTableRenderer.render(TransferMatchResult()) == "No transfers.\n")
    }
}
