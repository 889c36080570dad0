import MyMoneyStore

/// Where one budget stands in the period holding a day.
public struct BudgetStanding: Sendable {
    public enum State: String, Sendable { case onTrack = "on_track", warning, over }

    public var budget: Budget
    public var period: DayRange
    /// Expenses in the budget's target and currency in the period, up to and including the day asked for, positive.
    public var spent: Amount
    public var left: Amount
    public var state: State
}

extension Books {
    public func budgets() throws(BooksError) -> [Budget] {
        try store { () throws(LedgerError) in try ledger.budgets() }
    }

    public func addBudget(_ budget: Budget) throws(BooksError) -> Budget {
        try store { () throws(LedgerError) in try ledger.addBudget(budget) }
    }

    public func removeBudget(id: Int64) throws(BooksError) {
        try store { () throws(LedgerError) in try ledger.deleteBudget(id: id) }
    }

    /// Every budget's standing in its period holding `day`.
    public func budgetStandings(asOf day: Day) throws(BooksError) -> [BudgetStanding] {
        var standings: [BudgetStanding] = []
        for budget in try budgets() { standings.append(try standing(of: budget, asOf: day)) }
        return standings
    }

    func standing(of budget: Budget, asOf day: Day) throws(BooksError) -> BudgetStanding {
        let period = Self.period(of: budget, holding: day)
        var filter = TransactionFilter(from: period.start, through: min(day, period.end), types: [.expense])
        switch budget.target {
        case .category(let path): filter.category = path
        case .tag(let tag): filter.tags = [tag]
        }
        let transactions = try transactions(matching: filter)
        do {
            var spent = Amount.zero
            for t in transactions where t.currency == budget.currency { spent = try spent - t.amount }
            let left = try budget.amount - spent
            // On track when spent / limit <= elapsed / length (compared exactly, without division).
            let length = Amount(units: Int64(period.start.distance(to: period.end) + 1), scale: 0)
            let elapsed = Amount(units: Int64(period.start.distance(to: min(day, period.end)) + 1), scale: 0)
            let state: BudgetStanding.State
            if left.isNegative { state = .over }
            else if try spent * length > budget.amount * elapsed { state = .warning }
            else { state = .onTrack }
            return BudgetStanding(budget: budget, period: period, spent: spent, left: left, state: state)
        } catch {
            throw BooksError(.invalid, "budget \(budget.id ?? 0): the total does not fit in an amount (\(error))")
        }
    }

    /// The budget's period that holds `day` (its first period when `day` is before it starts).
    static func period(of budget: Budget, holding day: Day) -> DayRange {
        var start = budget.startDay
        func next(_ d: Day) -> Day {
            switch budget.period {
            case .week: return d.advanced(by: 7)
            case .month: return d.addingMonths(1)
            case .year: return d.addingMonths(12)
            }
        }
        if day >= start {
            // A period that cannot advance (the calendar ends in 9999) ends the walk.
            while next(start) <= day && next(start) > start { start = next(start) }
        }
        return DayRange(start: start, end: next(start).advanced(by: -1))
    }
}
