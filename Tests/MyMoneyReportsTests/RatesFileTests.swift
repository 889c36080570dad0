import Testing
import MyMoneyReports

/// Rate files of every kind, recognized by content; broken lines are errors with file:line:column.
@Suite struct RatesFileTests {
    typealias F = Fixture

    func rendered(_ file: RatesFile) -> [String] {
        file.diagnostics.map { "\($0.position.map { "\($0.line):\($0.column)" } ?? "-") \($0.severity.rawValue) [\($0.code)]" }
    }

    @Test func ecbColumnsAreReadByNameNewestFirstWithNotQuotedCellsSkipped() {
        let text = """
        Date,USD,JPY,HRK,GBP,
        2026-10-06,1.1370,164.50,N/A,0.8712,
        2026-10-05,1.1364,164.12,N/A,0.8700,
        2022-12-30,1.0666,140.66,7.5365,0.88693,

        """
        let file = RatesFileReader.read(text, name: "eurofxref-hist.csv")
        #expect(file.format == .ecb && !file.hasErrors)
        #expect(file.rates.count == 10)
        #expect(file.rates.first == StoredRate(day: F.day("2026-10-06"), from: .EUR, to: .USD, rate: F.amount("1.1370"), source: .ecb,
                                               file: "eurofxref-hist.csv"))
        #expect(file.rates.filter { $0.to.code == "HRK" }.map(\.day) == [F.day("2022-12-30")])
        #expect(file.rates.last?.rate == F.amount("0.88693"))
    }

    @Test func ecbColumnsThatMovedAreStillReadByTheirHeader() {
        let moved = RatesFileReader.read("Date,GBP,USD,\n2026-10-05,0.8700,1.1364,\n", name: "old.csv")
        #expect(moved.rates.map { "\($0.to.code)=\($0.rate)" } == ["GBP=0.8700", "USD=1.1364"])
        let daily = RatesFileReader.read("Date, USD, JPY, \n10 February 2023, 1.0740, 141.20, \n", name: "eurofxref.csv")
        #expect(daily.format == .ecb && daily.rates.map(\.day) == [F.day("2023-02-10"), F.day("2023-02-10")])
    }

    @Test func ecbBadCellsAreErrorsAtTheirColumn() {
        let file = RatesFileReader.read("Date,USD,XYZ,\n2026-10-05,1.13O4,1.0,\n2026-10-04,0,2.0,\n2026-13-01,1.1,1.0,\n2026-10-03,1.1\n",
                                        name: "bad.csv")
        #expect(file.hasErrors)
        #expect(rendered(file) == ["1:10 error [rates.currency]", "2:12 error [rates.rate]", "3:12 error [rates.rate]",
                                   "4:1 error [rates.date]", "5:1 error [rates.fields]"])
        #expect(file.diagnostics[2].message == "the rate of USD should be more than zero, not 0")
    }

    @Test func hledgerPriceDirectivesAmidAJournal() {
        let text = """
        ; prices
        P 2026-10-05 USD 0.8800 EUR
        P 2026/10/06 12:00:00 GBP EUR 1.1494   ; time of day and the code first
        P 2026-10-07 VTI 250.00 USD

        2026-10-05 Coffee
            expenses:food   3.20 EUR
            assets:cash

        """
        let file = RatesFileReader.read(text, name: "prices.journal")
        #expect(file.format == .hledger && !file.hasErrors)
        #expect(file.rates.map { "\($0.day) \($0.from.code)→\($0.to.code) \($0.rate)" }
                == ["2026-10-05 USD→EUR 0.8800", "2026-10-06 GBP→EUR 1.1494"])
        #expect(rendered(file) == ["4:14 warning [rates.commodity]"])
    }

    @Test func beancountPricesLastOneOfADayWins() {
        let text = """
        option "operating_currency" "EUR"
        2026-10-05 price USD 0.8800 EUR
        2026-10-05 price USD 0.8810 EUR
        2026-10-06 open Assets:Cash EUR
        """
        let file = RatesFileReader.read(text, name: "prices.beancount")
        #expect(file.format == .beancount && !file.hasErrors)
        #expect(file.rates.map(\.rate) == [F.amount("0.8810")])
        #expect(file.rates.first?.source == .beancount)
    }

    @Test func brokenPriceLinesAreErrorsNamingTheField() {
        let file = RatesFileReader.read("P 2026-10-05 USD -0.88 EUR\nP 2026-10-32 USD 0.88 EUR\nP 2026-10-05 USD\nP 2026-10-05 EUR 1 EUR\nP 2026-10-05 GBP abc EUR\nP 2026-10-05 € $1.35\n",
                                        name: "p.journal")
        #expect(rendered(file) == ["1:18 error [rates.rate]", "2:3 error [rates.date]", "3:1 error [rates.fields]",
                                   "4:14 error [rates.same-currency]", "5:18 error [rates.rate]", "6:18 warning [rates.commodity]"])
        #expect(file.diagnostics[0].message == "a rate should be more than zero, not -0.88")
    }

    @Test func plainRatesWithAHeadingAndABrokenLine() {
        let ok = RatesFileReader.read("date,from,to,rate\n2026-10-05,EUR,USD,1.1364\n", name: "r.csv")
        #expect(ok.format == .csv && ok.rates == [StoredRate(day: F.day("2026-10-05"), from: .EUR, to: .USD, rate: F.amount("1.1364"),
                                                              source: .csv, file: "r.csv")])
        let bad = RatesFileReader.read("date,from,to,rate\n2026-10-05,EUR,USD,1.1364\n2026-10-06,EUR,XYZ,1.2\n2026-10-07,EUR,USD,0\n",
                                       name: "r.csv")
        #expect(bad.hasErrors)
        #expect(rendered(bad) == ["3:16 error [rates.currency]", "4:20 error [rates.rate]"])
    }

    @Test func whatIsNoRatesFileIsRefusedAndHugeLinesTooLong() {
        let statement = RatesFileReader.read("Buchungstag;Betrag\n01.10.2026;-950,00\n", name: "giro.csv")
        #expect(statement.format == nil && rendered(statement) == ["1:1 error [rates.format]"])
        let huge = RatesFileReader.read("date,from,to,rate\n" + String(repeating: "9", count: RatesFileReader.maximumLineLength + 1), name: "h.csv")
        #expect(rendered(huge) == ["2:1 error [rates.line-too-long]"])
    }
}
