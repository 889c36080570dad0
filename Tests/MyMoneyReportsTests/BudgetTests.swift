import Testing
import MyMoneyReports

/// Budgets: periods, spending up to and including the day asked for, forecasts, statuses, rollover.
@Suite struct BudgetTests {
    typealias F = Fixture

    func budget(_ target: Budget.Target, _ amount: String, _ period: Budget.Period = .month, start: String = "2026-10-01",
                days: Int? = nil, rollover: Bool = false, currency: Currency = .EUR) -> Budget {
        Budget(id: 1, target: target, amount: F.amount(amount), currency: currency, period: period, startDay: F.day(start),
               customDays: days, rollover: rollover)
    }

    let food = Budget.Target.category(CategoryPath(["Food"]))

    @Test func periodsRepeatFromTheStartDayAcrossMonthEnds() {
        let monthly = budget(food, "400", start: "2026-01-31")
        func period(_ b: Budget, _ day: String) -> String {
            let p = BudgetPeriods.period(of: b, holding: F.day(day))
            return "\(p.start)…\(p.end)"
        }
        #expect(period(monthly, "2026-02-27") == "2026-01-31…2026-02-27")
        #expect(period(monthly, "2026-03-30") == "2026-02-28…2026-03-30")
        #expect(period(monthly, "2026-03-31") == "2026-03-31…2026-04-29")
        #expect(period(monthly, "2025-12-01") == "2026-01-31…2026-02-27")
        #expect(period(budget(food, "1", .quarter, start: "2026-01-01"), "2026-05-15") == "2026-04-01…2026-06-30")
        #expect(period(budget(food, "1", .week, start: "2026-09-28"), "2026-10-04") == "2026-09-28…2026-10-04")
        #expect(period(budget(food, "1", .week, start: "2026-09-28"), "2026-10-05") == "2026-10-05…2026-10-11")
        #expect(period(budget(food, "1", .year, start: "2026-04-06"), "2027-04-05") == "2026-04-06…2027-04-05")
        #expect(period(budget(food, "1", .custom, start: "2026-10-01", days: 14), "2026-10-15") == "2026-10-15…2026-10-28")
        #expect(BudgetPeriods.defaultStart(.quarter, today: F.day("2026-11-17")) == F.day("2026-10-01"))
        #expect(BudgetPeriods.defaultStart(.week, today: F.day("2026-10-04")) == F.day("2026-09-28"))
    }

    var groceries: [Posting] {
        [F.posting(1, "2026-10-02", "-54.37", payee: "REWE", category: "Food:Groceries"),
         F.posting(2, "2026-10-12", "-23.45", payee: "EDEKA", category: "Food:Groceries"),
         F.posting(3, "2026-10-18", "-31.10", payee: "REWE", category: "Food:Groceries"),
         F.posting(4, "2026-10-20", "-950.00", payee: "Hausverwaltung", category: "Housing:Rent"),
         F.posting(5, "2026-09-30", "-99.00", payee: "REWE", category: "Food:Groceries"),
         F.posting(6, "2026-10-21", "12.00", payee: "Refund", category: "Food", type: .income)]
    }

    @Test func spentCountsTheTargetUpToAndIncludingTheDayAskedFor() throws {
        let b = budget(food, "400")
        func spent(_ day: String) throws -> Amount {
            try BudgetCalculator().status(of: b, asOf: F.day(day), postings: groceries, historyStart: F.day("2026-09-30"),
                                          converter: F.converter([])).spent
        }
        #expect(try spent("2026-10-01") == F.amount("0.00"))
        #expect(try spent("2026-10-11") == F.amount("54.37"))
        #expect(try spent("2026-10-12") == F.amount("77.82"))
        #expect(try spent("2026-10-31") == F.amount("108.92"))
        // Before the budget's first day: its first period, nothing spent yet.
        #expect(try spent("2026-09-15") == F.amount("0.00"))
    }

    @Test func leftPerDayAndTheStraightLineOfAYoungLedger() throws {
        let status = try BudgetCalculator().status(of: budget(food, "400"), asOf: F.day("2026-10-12"), postings: groceries,
                                                   historyStart: F.day("2026-10-02"), converter: F.converter([]))
        #expect(status.left == F.amount("322.18"))
        // 322.18 over the 20 days 12 … 31 October.
        #expect(status.leftPerDay == F.amount("16.11"))
        // No history before the period: its own pace, 77.82 in 12 days, for 19 more days.
        #expect(status.forecast == F.amount("201.04"))
        #expect(status.status == .onTrack && status.reason.hasPrefix("on track"))
    }

    @Test func rentOnTheFirstIsForecastAsRecurringNotAsAStraightLine() throws {
        var history: [Posting] = []
        for (i, month) in ["07", "08", "09", "10"].enumerated() {
            history.append(F.posting(Int64(10 + i), "2026-\(month)-01", "-950.00", payee: "Hausverwaltung Schmidt", category: "Housing:Rent"))
        }
        history.append(F.posting(20, "2026-08-15", "-46.00", payee: "Baumarkt", category: "Housing:Repairs"))
        let status = try BudgetCalculator().status(of: budget(.category(CategoryPath(["Housing"])), "1000"), asOf: F.day("2026-10-10"),
                                                   postings: history, historyStart: F.day("2026-07-01"), converter: F.converter([]))
        #expect(status.spent == F.amount("950.00"))
        // The rent of November is not in October; the repairs' pace (46.00 over 92 days) runs 21 more days.
        #expect(status.forecast == F.amount("960.50"))
        #expect(status.expectedRecurring.isEmpty)
        #expect(status.status == .warning)
        #expect(status.reason == "80% spent (950.00 EUR of 1000.00 EUR) with 32% of the period gone")
    }

    @Test func aWeeklyHabitIsForecastAtItsTypicalAmountForTheWeeksLeft() throws {
        var coffee: [Posting] = []
        var day = F.day("2026-08-01")
        var id: Int64 = 100
        while day <= F.day("2026-10-10") {
            coffee.append(F.posting(id, day.description, "-8.40", payee: "Café Einstein", category: "Food:Coffee"))
            day = day.advanced(by: 7)
            id += 1
        }
        let status = try BudgetCalculator().status(of: budget(.category(CategoryPath(["Food", "Coffee"])), "40"), asOf: F.day("2026-10-10"),
                                                   postings: coffee, historyStart: F.day("2026-08-01"), converter: F.converter([]))
        #expect(status.spent == F.amount("16.80"))
        // 17, 24 and 31 October at 8.40 each; a straight line would say 52.08.
        #expect(status.forecast == F.amount("42.00"))
        #expect(status.expectedRecurring.map(\.payee) == ["Café Einstein"])
        #expect(status.status == .warning)
        #expect(status.reason == "forecast 42.00 EUR is above the limit 40.00 EUR")
        let json = status.json.serialized()
        #expect(json.contains("\"left_per_day\": \"1.05\"") && json.contains("\"status\": \"warning\""))
    }

    @Test func overspendingIsOverAndRolloverCarriesBothWays() throws {
        let weekly = budget(food, "50", .week, start: "2026-09-28", rollover: true)
        let postings = [F.posting(1, "2026-09-29", "-30.00", category: "Food"), F.posting(2, "2026-10-06", "-80.00", category: "Food"),
                        F.posting(3, "2026-10-13", "-45.00", category: "Food")]
        let status = try BudgetCalculator().status(of: weekly, asOf: F.day("2026-10-14"), postings: postings, historyStart: F.day("2026-09-29"),
                                                   converter: F.converter([]))
        // +20 left in the first week, -30 overspent in the second: 40 for the third, of which 45 is spent.
        #expect(status.carried == F.amount("-10.00") && status.available == F.amount("40.00"))
        #expect(status.status == .over && status.left == F.amount("-5.00") && status.leftPerDay == F.amount("0.00"))
        #expect(status.reason == "over by 5.00 EUR: spent 45.00 EUR of 40.00 EUR")
        var plain = weekly
        plain.rollover = false
        let without = try BudgetCalculator().status(of: plain, asOf: F.day("2026-10-14"), postings: postings, historyStart: F.day("2026-09-29"),
                                                    converter: F.converter([]))
        #expect(without.carried == F.amount("0.00") && without.status == .warning)
    }

    @Test func spendingInOtherCurrenciesIsConvertedOrListedNeverLeftOut() throws {
        let postings = [F.posting(1, "2026-10-03", "-64.12", category: "Food:Groceries", currency: .USD),
                        F.posting(2, "2026-10-09", "-20.00", category: "Food:Groceries", currency: .USD),
                        F.posting(3, "2026-10-09", "-10.00", category: "Food:Groceries")]
        let status = try BudgetCalculator().status(of: budget(food, "100"), asOf: F.day("2026-10-31"), postings: postings, historyStart: nil,
                                                   converter: F.converter([F.rate("2026-10-05", .EUR, .USD, "1.25")], into: .USD))
        // 20.00 USD at 1 / 1.25 = 16.00 EUR, plus 10.00 EUR; 64.12 USD is from before the first rate.
        #expect(status.spent == F.amount("26.00"))
        #expect(status.unconverted.map { "\($0.amount) \($0.currency.code) \($0.firstDayWithoutRate)" } == ["-64.12 USD 2026-10-03"])
    }

    @Test func eightyPercentSpentEarlyIsAWarningThatSaysSo() throws {
        let postings = [F.posting(1, "2026-10-03", "-85.00", category: "Food")]
        let status = try BudgetCalculator().status(of: budget(food, "100"), asOf: F.day("2026-10-05"), postings: postings,
                                                   historyStart: F.day("2026-01-01"), converter: F.converter([]))
        #expect(status.status == .warning)
        #expect(status.reason == "80% spent (85.00 EUR of 100.00 EUR) with 16% of the period gone")
    }
}
