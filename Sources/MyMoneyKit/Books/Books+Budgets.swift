import MyMoneyStore
import MyMoneyReports

extension Books {
    /// Every budget, by target.
    public func budgets() throws(BooksError) -> [Budget] {
        try store { () throws(LedgerError) in try ledger.budgets() }
    }

    /// Stores a new budget.
    ///
    /// - Throws: ``BooksError`` `invalid` for a limit of zero or less; `notFound` for a target the
    ///   books lack; `duplicate` when a budget already limits that target per that period.
    public func addBudget(_ budget: Budget) throws(BooksError) -> Budget {
        try store { () throws(LedgerError) in try ledger.addBudget(budget) }
    }

    public func removeBudget(id: Int64) throws(BooksError) {
        try store { () throws(LedgerError) in try ledger.deleteBudget(id: id) }
    }

    /// Every budget's status in its period holding `day`: spent through `day`, left, forecast
    /// (see ``BudgetCalculator``), converting spending in other currencies.
    public func budgetStatuses(asOf day: Day) throws(BooksError) -> [BudgetStatus] {
        let budgets = try budgets()
        guard !budgets.isEmpty else { return [] }
        let converter = try converter(into: budgets[0].currency)
        let historyStart = try store { () throws(LedgerError) in try ledger.firstTransactionDay() }
        let calculator = BudgetCalculator()
        var result: [BudgetStatus] = []
        for budget in budgets {
            let span = calculator.span(of: budget, asOf: day)
            var scope = Ledger.TotalsScope()
            switch budget.target {
            case .category(let path): scope.category = path
            case .tag(let title): scope.tag = title
            case .project(let title): scope.project = title
            }
            let spending = try totals(by: nil, from: span.start, through: span.end, scope: scope)
            let recent = calculator.paymentsSpan(asOf: day)
            let expenses = try store { () throws(LedgerError) in try ledger.expenses(from: recent.start, through: recent.end, within: scope) }
            do {
                var payments: [Posting] = []
                payments.reserveCapacity(expenses.count)
                for t in expenses { payments += try Posting.postings(of: t).filter { $0.type == .expense && budget.target.contains($0) } }
                result.append(try calculator.status(of: budget, asOf: day, spending: spending, payments: payments,
                                                    historyStart: historyStart, converter: converter))
            } catch {
                throw BooksError(.invalid, "budget \(budget.id ?? 0): a total does not fit in an amount (\(error))")
            }
        }
        return result
    }
}
