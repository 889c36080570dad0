import Testing
import MyMoneyReports

@Suite("reports")
struct ReportTests {
    func t(_ day: String, _ amount: String, _ category: String?, type: TransactionType? = nil, currency: Currency = .EUR) throws -> LedgerTransaction {
        LedgerTransaction(accountId: 1, day: try #require(Day(iso: day)), amount: try Amount(parsing: amount), currency: currency,
                          type: type, category: category.flatMap { CategoryPath(parsing: $0) })
    }

    var sample: [LedgerTransaction] {
        get throws {
            [
                try t("2026-10-01", "3200.00", "Income:Salary"),
                try t("2026-10-02", "-54.37", "Food:Groceries"),
                try t("2026-10-03", "-8.40", "Food:Coffee"),
                try t("2026-10-05", "-88.00", nil, type: .transfer),
                try t("2026-10-12", "-23.45", "Food:Groceries"),
                try t("2026-11-02", "-950.00", "Housing:Rent"),
                try t("2026-11-03", "-5.75", "Food:Coffee", currency: .USD),
            ]
        }
    }

    @Test func weeksStartOnMondayAndCarryTheirISONumber() {
        let sunday = Day(iso: "2026-10-04")!
        #expect(ReportGrouping.week.start(of: sunday) == Day(iso: "2026-09-28"))
        #expect(ReportGrouping.week.label(Day(iso: "2026-09-28")!) == "2026-W40")
        // 2026-12-28 is a Monday whose week holds Thursday 2026-12-31: week 53 of 2026.
        #expect(ReportGrouping.week.label(Day(iso: "2026-12-28")!) == "2026-W53")
        #expect(ReportGrouping.month.label(Day(iso: "2026-10-01")!) == "2026-10")
    }

    @Test func analysisByMonthLeavesTransfersAndOtherCurrenciesOut() throws {
        let analysis = try Analysis(transactions: try sample, currency: .EUR, grouping: .month)
        #expect(analysis.columns == ["Food", "Housing", "Income"])
        #expect(analysis.rows.map(\.label) == ["2026-10", "2026-11"])
        #expect(analysis.rows[0].expense == (try Amount(parsing: "-86.22")))
        #expect(analysis.rows[0].income == (try Amount(parsing: "3200.00")))
        #expect(analysis.rows[0].byColumn == [try Amount(parsing: "-86.22"), .zero, try Amount(parsing: "3200.00")])
        #expect(analysis.rows[1].count == 1)
    }

    @Test func drillDownShowsTheChildCategories() throws {
        let analysis = try Analysis(transactions: try sample, currency: .EUR, grouping: .month, parent: CategoryPath(["Food"]))
        #expect(analysis.columns == ["Coffee", "Groceries"])
        #expect(analysis.rows.count == 1)
        #expect(analysis.rows[0].byColumn == [try Amount(parsing: "-8.40"), try Amount(parsing: "-77.82")])
    }

    @Test func overviewSetsTransfersApartAndRanksExpenses() throws {
        let overview = try Overview(transactions: try sample)
        let eur = try #require(overview.currencies.first { $0.currency == .EUR })
        #expect(eur.income == (try Amount(parsing: "3200.00")))
        #expect(eur.expense == (try Amount(parsing: "-1036.22")))
        #expect(eur.transfersOut == (try Amount(parsing: "-88.00")))
        #expect(eur.topCategories.map(\.name) == ["Housing", "Food"])
        #expect(overview.currencies.map(\.currency.code) == ["EUR", "USD"])
    }
}
