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
