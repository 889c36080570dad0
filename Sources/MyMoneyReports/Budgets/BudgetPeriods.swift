/// The periods of a budget: the first starts on its start day, each next one where the last ended.
///
/// Months, quarters and years are counted from the start day (the n-th period starts
/// `start + n months`, clamped to a month's end), never by chaining clamped days, so a budget
/// starting on the 31st starts on the 31st again whenever a month has one.
public enum BudgetPeriods {
    /// The first day of period `index` (0 is the first period).
    public static func start(of budget: Budget, index: Int) -> Day {
        switch budget.period {
        case .week: return budget.startDay.advanced(by: 7 * index)
        case .month: return budget.startDay.addingMonths(index)
        case .quarter: return budget.startDay.addingMonths(3 * index)
        case .year: return budget.startDay.addingMonths(12 * index)
        case .custom: return budget.startDay.advanced(by: max(1, budget.customDays ?? 1) * index)
        }
    }

    /// Period `index` as a range of days.
    public static func period(of budget: Budget, index: Int) -> DayRange {
        let first = start(of: budget, index: index)
        let next = start(of: budget, index: index + 1)
        return DayRange(start: first, end: next > first ? next.advanced(by: -1) : Day(year: 9999, month: 12, day: 31) ?? first)
    }

    /// The index of the period holding `day` (0 when `day` is before the budget starts).
    public static func index(of budget: Budget, holding day: Day) -> Int {
        guard day >= budget.startDay else { return 0 }
        var guess: Int
        switch budget.period {
        case .week: return budget.startDay.distance(to: day) / 7
        case .custom: return budget.startDay.distance(to: day) / max(1, budget.customDays ?? 1)
        case .month, .quarter, .year:
            let months = (day.year - budget.startDay.year) * 12 + (day.month - budget.startDay.month)
            let length = budget.period == .month ? 1 : (budget.period == .quarter ? 3 : 12)
            guess = max(0, months / length)
        }
        // The month count may be one too many (the day of month not reached yet) or too few by one.
        while guess > 0 && start(of: budget, index: guess) > day { guess -= 1 }
        while start(of: budget, index: guess + 1) <= day && start(of: budget, index: guess + 1) > start(of: budget, index: guess) {
            guess += 1
        }
        return guess
    }

    /// The period holding `day` (the first period when `day` is before the budget starts).
    public static func period(of budget: Budget, holding day: Day) -> DayRange {
        period(of: budget, index: index(of: budget, holding: day))
    }

    /// The default first day of a budget added on `today`: the start of the current period (the
    /// Monday of this week, the 1st of this month, of this quarter, January 1st), today for a custom span.
    public static func defaultStart(_ period: Budget.Period, today: Day) -> Day {
        switch period {
        case .week: return today.advanced(by: -(today.weekday - 1))
        case .month: return today.startOfMonth
        case .quarter: return Day(year: today.year, month: (today.month - 1) / 3 * 3 + 1, day: 1) ?? today
        case .year: return Day(year: today.year, month: 1, day: 1) ?? today
        case .custom: return today
        }
    }
}
