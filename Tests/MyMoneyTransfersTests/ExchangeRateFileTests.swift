import Foundation
import Testing
@testable import MyMoneyTransfers

@Suite struct ExchangeRateFileTests {
    @Test func commaLinesWithCommentsAndHeadings() throws {
        let file = ExchangeRateFile.parse("""
        \u{FEFF}date,from,to,rate
        # ECB reference, rounded

        2026-10-05,EUR,USD,1.1364\r
        2026-10-06, eur , usd , 1.1402
        """, file: "rates.csv")
        #expect(file.diagnostics.isEmpty)
        #expect(file.rates.count == 2)
        let first = try #require(file.rates.first)
        #expect(first.day == Day(iso: "2026-10-05") && first.from == .EUR && first.to == .USD)
        #expect(first.rate == Amount(units: 11364, scale: 4) && first.source == .file)
        #expect(file.rates.last?.rate.description == "1.1402")
    }

    @Test func semicolonsAllowADecimalComma() {
        let file = ExchangeRateFile.parse("2026-10-06;EUR;GBP;0,8712\n2026-10-06\tEUR\tCHF\t0.9391\n")
        #expect(file.diagnostics.isEmpty)
        #expect(file.rates.map(\.rate.description) == ["0.8712", "0.9391"])
    }

    @Test(arguments: [
        ("2026-10-05,EUR,USD", "rates.fields", 1),
        ("05.10.2026,EUR,USD,1.1", "rates.date", 1),
        ("2026-10-05,EURO,USD,1.1", "rates.currency", 12),
        ("2026-10-05,EUR,XYZ,1.1", "rates.currency", 16),
        ("2026-10-05,EUR,EUR,1", "rates.same-currency", 12),
        ("2026-10-05,EUR,USD,-1.1", "rates.rate", 20),
        ("2026-10-05,EUR,USD,0", "rates.rate", 20),
        ("2026-10-05,EUR,USD,1,1", "rates.fields", 1),
    ])
    func badLinesBecomeDiagnosticsWithTheirColumn(line: String, code: String, column: Int) throws {
        let file = ExchangeRateFile.parse("# rates\n" + line + "\n2026-10-07,EUR,USD,1.13\n", file: "rates.csv")
        let diagnostic = try #require(file.diagnostics.first)
        #expect(file.diagnostics.count == 1)
        #expect(diagnostic.code == code)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.file == "rates.csv")
        #expect(diagnostic.position?.line == 2)
        #expect(diagnostic.position?.column == column)
        #expect(diagnostic.position?.offset == 8 + column - 1)
        #expect(file.rates.count == 1) // the good line is kept
    }

    @Test func conflictingRateForTheSameDayKeepsTheFirst() throws {
        let file = ExchangeRateFile.parse("2026-10-05,EUR,USD,1.1364\n2026-10-05,EUR,USD,1.2\n2026-10-05,EUR,USD,1.13640\n")
        #expect(file.rates.count == 1)
        let warning = try #require(file.diagnostics.first)
        #expect(file.diagnostics.count == 1) // the identical third line is silent
        #expect(warning.code == "rates.conflict" && warning.severity == .warning)
        #expect(warning.message == "EUR→USD on 2026-10-05 is given again as 1.2; line 1 said 1.1364, which is kept")
    }

    @Test func fileRatesFeedTheMatcher() {
        let file = ExchangeRateFile.parse("2026-10-05,EUR,USD,1.14\n")
        var ledger = Ledger()
        ledger.add(Ledger.giro, "2026-10-05", "-88.00")
        ledger.add(Ledger.checking, "2026-10-06", "100.00", type: "XFER")
        #expect(ledger.match(rates: file.rates).pairs.count == 1)
        #expect(ledger.match().pairs.isEmpty)
    }

    @Test func tableLooksUpTheNearestDayEitherWay() throws {
        let table = ExchangeRateTable([rate("2026-10-01", .EUR, .USD, "1.10"), rate("2026-10-09", .EUR, .USD, "1.20")])
        let day = try #require(Day(iso: "2026-10-05"))
        #expect(table.rate(from: .EUR, to: .USD, near: day, maximumDistance: 7)?.rate == Amount(units: 110, scale: 2)) // tie: earlier
        #expect(table.rate(from: .USD, to: .EUR, near: day, maximumDistance: 7)?.rate.description == "0.9090909091")
        #expect(table.rate(from: .EUR, to: .USD, near: day, maximumDistance: 3) == nil)
        #expect(!table.knows(.EUR, try #require(Currency(code: "GBP"))))
    }
}

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

@Suite struct RatesFileDiagnosticRenderingTests {
    @Test func badLinesRenderWithLineAndCaret() {
        let text = "2026-10-05,EUR,USD,1.1364\n2026-10-05,EUR,USD\n2026-10-05,EURO,USD,1.1\n2026-10-05,EUR,USD,-1.1\n2026-10-05,EUR,USD,1.2\n"
        let file = ExchangeRateFile.parse(text, file: "rates.csv")
        let renderer = DiagnosticRenderer(sources: ["rates.csv": SourceFile(name: "rates.csv", string: text)])
        let rendered = file.diagnostics.map(renderer.render).joined(separator: "\n")
        #expect(rendered == """
        rates.csv:2:1: error: expected 4 fields (day, from, to, rate), found 3: "2026-10-05,EUR,USD" [rates.fields]
        2 | 2026-10-05,EUR,USD
          | ^
        note: example: 2026-10-05,EUR,USD,1.1364
        rates.csv:3:12: error: "EURO" is not an ISO 4217 currency code [rates.currency]
        3 | 2026-10-05,EURO,USD,1.1
          |            ^
        rates.csv:4:20: error: cannot read "-1.1" as a positive rate; write units of USD for one EUR, e.g. 1.1364 [rates.rate]
        4 | 2026-10-05,EUR,USD,-1.1
          |                    ^
        rates.csv:5:20: warning: EUR→USD on 2026-10-05 is given again as 1.2; line 1 said 1.1364, which is kept [rates.conflict]
        5 | 2026-10-05,EUR,USD,1.2
          |                    ^
        """)
        #expect(file.rates.count == 1)
    }
}
