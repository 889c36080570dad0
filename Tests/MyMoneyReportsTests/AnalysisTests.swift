import Testing
import MyMoneyReports

/// Analysis: every period a row, drill-down into children and back up, other dimensions.
@Suite struct AnalysisTests {
    typealias F = Fixture

    var totals: [DailyTotal] {
        [F.total("2026-08-01", "3200.00", "Income:Salary"), F.total("2026-08-02", "-54.37", "Food:Groceries"),
         F.total("2026-08-03", "-8.40", "Food:Coffee"), F.total("2026-08-05", "-88.00", nil, type: .transfer),
         F.total("2026-10-12", "-23.45", "Food:Groceries"), F.total("2026-10-13", "-4.20", "Food"),
         F.total("2026-10-14", "-950.00", "Housing:Rent"), F.total("2026-10-15", "-5.75", "Food:Coffee", currency: .USD),
         F.total("2026-10-16", "-12.00", nil)]
    }

    func months(_ from: String, _ through: String) -> [DayRange] {
        ReportGrouping.month.periods(covering: DayRange(start: F.day(from), end: F.day(through)))
    }

    @Test func periodsWithoutTransactionsAreZeroRowsNotGaps() throws {
        let analysis = try Analysis(periods: months("2026-08-01", "2026-10-31"), grouping: .month, dimension: .categories,
                                    byDimension: totals, converter: F.converter([]))
        #expect(analysis.rows.map(\.label) == ["2026-08", "2026-09", "2026-10"])
        #expect(analysis.rows[1].figures.income == F.amount("0.00") && analysis.rows[1].figures.count == 0)
        #expect(analysis.rows[1].columns.allSatisfy { $0.isZero })
        #expect(analysis.columns == ["Food", "Housing", "Income", "(uncategorized)"])
        #expect(analysis.rows[0].figures.expense == F.amount("-62.77"))
        #expect(analysis.rows[0].figures.count == 3)
        #expect(analysis.rows[0].columns == [F.amount("-62.77"), F.amount("0.00"), F.amount("3200.00"), F.amount("0.00")])
        // The USD coffee has no rate: not in October's figures, listed instead.
        #expect(analysis.rows[2].figures.expense == F.amount("-989.65"))
        #expect(analysis.unconverted.map { "\($0.amount) \($0.currency.code) \($0.firstDayWithoutRate)" } == ["-5.75 USD 2026-10-15"])
    }

    @Test func drillingDownShowsTheChildrenAndNamesTheWayUp() throws {
        let food = CategoryPath(["Food"])
        let within = try Analysis(periods: months("2026-10-01", "2026-10-31"), grouping: .month, dimension: .categories, parent: food,
                                  byDimension: totals.filter { $0.name.flatMap(CategoryPath.init(parsing:))?.isWithin(food) ?? false },
                                  converter: F.converter([F.rate("2026-10-01", .USD, .EUR, "0.80", .csv)]))
        #expect(within.columns == ["Coffee", "Groceries", "(other)"])
        #expect(within.rows[0].columns == [F.amount("-4.60"), F.amount("-23.45"), F.amount("-4.20")])
        #expect(within.up == "(top)")
        #expect(within.renderTable().hasPrefix("EUR by month, within Food, up: (top)\n"))
        let deeper = try Analysis(periods: months("2026-10-01", "2026-10-31"), grouping: .month, dimension: .categories,
                                  parent: CategoryPath(["Food", "Groceries"]), byDimension: [], converter: F.converter([]))
        #expect(deeper.up == "Food")
        let top = try Analysis(periods: months("2026-10-01", "2026-10-31"), grouping: .month, dimension: .categories,
                               byDimension: [], converter: F.converter([]))
        #expect(top.up == nil)
    }

    @Test func byTagAColumnPerTagAndRowsFromTheTotals() throws {
        let byTag = [F.total("2026-10-04", "-5.75", "coffee"), F.total("2026-10-04", "-5.75", "travel"), F.total("2026-10-19", "-18.20", "travel")]
        let rowTotals = [F.total("2026-10-04", "-5.75"), F.total("2026-10-19", "-18.20"), F.total("2026-10-20", "-3.00")]
        let analysis = try Analysis(periods: months("2026-10-01", "2026-10-31"), grouping: .month, dimension: .tags,
                                    byDimension: byTag, totals: rowTotals, converter: F.converter([]))
        #expect(analysis.columns == ["coffee", "travel"])
        #expect(analysis.rows[0].columns == [F.amount("-5.75"), F.amount("-23.95")])
        #expect(analysis.rows[0].figures.expense == F.amount("-26.95") && analysis.rows[0].figures.count == 3)
    }

    @Test func weeksStartOnMondayAndCarryTheirISONumber() {
        #expect(ReportGrouping.week.start(of: F.day("2026-10-04")) == F.day("2026-09-28"))
        #expect(ReportGrouping.week.label(F.day("2026-09-28")) == "2026-W40")
        #expect(ReportGrouping.week.label(F.day("2026-12-28")) == "2026-W53")
        #expect(ReportGrouping.month.period(-1, from: F.day("2026-03-31")) == DayRange(start: F.day("2026-02-01"), end: F.day("2026-02-28")))
        #expect(ReportGrouping.year.periods(covering: DayRange(start: F.day("2025-06-01"), end: F.day("2026-01-01"))).count == 2)
    }
}
