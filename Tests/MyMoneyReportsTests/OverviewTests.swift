import Testing
import MyMoneyReports

/// The overview: figures against the previous periods, top lists, transfers set apart.
@Suite struct OverviewTests {
    typealias F = Fixture

    let october = DayRange(start: Fixture.day("2026-10-01"), end: Fixture.day("2026-10-31"))
    let september = DayRange(start: Fixture.day("2026-09-01"), end: Fixture.day("2026-09-30"))
    let august = DayRange(start: Fixture.day("2026-08-01"), end: Fixture.day("2026-08-31"))

    var categories: [DailyTotal] {
        [F.total("2026-08-01", "3000.00", "Income:Salary"), F.total("2026-08-02", "-900.00", "Housing:Rent"),
         F.total("2026-09-01", "3100.00", "Income:Salary"), F.total("2026-09-02", "-950.00", "Housing:Rent"),
         F.total("2026-10-01", "3200.00", "Income:Salary"), F.total("2026-10-01", "-950.00", "Housing:Rent"),
         F.total("2026-10-02", "-30.00", "Food:Groceries"), F.total("2026-10-03", "-20.00", "Food:Coffee"),
         F.total("2026-10-04", "-50.00", "Bills"), F.total("2026-10-05", "-50.00", "Auto"),
         F.total("2026-10-06", "-7.00", nil), F.total("2026-10-07", "-1.00", "Gifts"), F.total("2026-10-08", "-2.00", "Toys"),
         F.total("2026-10-09", "-500.00", nil, type: .transfer)]
    }

    @Test func topListsRankBySpendingWithTiesBrokenByName() throws {
        let overview = try Overview(.init(period: october, previous: [september], categories: categories, top: 5), converter: F.converter([]))
        #expect(overview.topCategories.map { "\($0.name) \($0.amount)" }
                == ["Housing -950.00", "Auto -50.00", "Bills -50.00", "Food -50.00", "(uncategorized) -7.00"])
        let three = try Overview(.init(period: october, previous: [september], categories: categories, top: 3), converter: F.converter([]))
        #expect(three.topCategories.map(\.name) == ["Housing", "Auto", "Bills"])
    }

    @Test func figuresComeAgainstThePreviousPeriodsAverage() throws {
        let one = try Overview(.init(period: october, previous: [september], categories: categories), converter: F.converter([]))
        #expect(one.figures.income == F.amount("3200.00") && one.figures.expense == F.amount("-1110.00"))
        #expect(one.figures.cashflow == F.amount("2090.00") && one.figures.count == 9)
        #expect(one.previous.income == F.amount("3100.00") && one.previous.expense == F.amount("-950.00"))
        let two = try Overview(.init(period: october, previous: [august, september], categories: categories), converter: F.converter([]))
        #expect(two.previous.periods == 2 && two.previous.span == DayRange(start: F.day("2026-08-01"), end: F.day("2026-09-30")))
        #expect(two.previous.income == F.amount("3050.00") && two.previous.expense == F.amount("-925.00"))
    }

    @Test func transfersAreSetApartAndConvertedAtTheirOwnRate() throws {
        let sent = TransferLegAmount(transactionId: 5, accountId: 1, day: F.day("2026-10-05"), amount: F.amount("-88.00"), currency: .EUR,
                                     other: .init(transactionId: 19, day: F.day("2026-10-07"), amount: F.amount("100.00"), currency: .USD, confirmed: true))
        let arrived = TransferLegAmount(transactionId: 19, accountId: 3, day: F.day("2026-10-07"), amount: F.amount("100.00"), currency: .USD,
                                        other: .init(transactionId: 5, day: F.day("2026-10-05"), amount: F.amount("-88.00"), currency: .EUR, confirmed: true))
        let card = TransferLegAmount(transactionId: 21, accountId: 3, day: F.day("2026-10-15"), amount: F.amount("-250.00"), currency: .USD, other: nil)
        // A file rate that day would say 1.25; the transfer's own 88 → 100 wins for the transfer itself.
        let overview = try Overview(.init(period: october, previous: [september], categories: [], transfers: [sent, arrived, card]),
                                    converter: F.converter([F.rate("2026-10-07", .EUR, .USD, "1.25", .csv)], transfers: [sent]))
        #expect(overview.transfers.count == 3)
        #expect(overview.transfers.incoming == F.amount("88.00"))
        #expect(overview.transfers.outgoing == F.amount("-288.00"))
        #expect(overview.figures.income == F.amount("0.00"))
    }

    @Test func moneyWithoutARateIsListedBesideTheTotals() throws {
        let totals = [F.total("2026-10-03", "-64.12", "Food:Groceries", currency: .USD), F.total("2026-10-04", "-5.75", "Food:Coffee", currency: .USD)]
        let overview = try Overview(.init(period: october, previous: [september], categories: totals), converter: F.converter([]))
        #expect(overview.figures.expense == F.amount("0.00"))
        #expect(overview.unconverted == [UnconvertedMoney(currency: .USD, amount: F.amount("-69.87"), count: 2, firstDayWithoutRate: F.day("2026-10-03"))])
        #expect(overview.renderTable(grouping: .month).contains("mymoney rates import"))
        #expect(overview.renderJSON(grouping: .month).contains("\"first_day_without_rate\": \"2026-10-03\""))
    }
}
