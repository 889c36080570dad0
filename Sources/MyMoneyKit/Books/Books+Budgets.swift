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
        // The transactions with parts of every budget's days, read once.
        let spans = budgets.map { calculator.span(of: $0, asOf: day) }
        let all = DayRange(start: spans.map(\.start).min() ?? day, end: max(spans.map(\.end).max() ?? day, day))
        let parts = try transactionsWithParts(from: all.start, through: all.end)
        var result: [BudgetStatus] = []
        for (budget, span) in zip(budgets, spans) {
            var scope = Ledger.TotalsScope()
            switch budget.target {
            case .category(let path): scope.category = path
            case .tag(let title): scope.tag = title
            case .project(let title): scope.project = title
            }
            let spending = try totals(by: nil, from: span.start, through: span.end, scope: scope,
                                      parts: parts.filter { span.contains($0.day) })
            let recent = calculator.paymentsSpan(asOf: day)
            let expenses = try store { () throws(LedgerError) in
                try ledger.expenses(from: recent.start, through: recent.end, within: scope, withParts: false)
            } + parts.filter { recent.contains($0.day) && $0.type == .expense }
            do {
                var payments: [Posting] = []
                payments.reserveCapacity(expenses.count)
                var paths: [String: CategoryPath] = [:]
                for t in expenses { payments += try Posting.postings(of: t, paths: &paths).filter { $0.type == .expense && budget.target.contains($0) } }
                result.append(try calculator.status(of: budget, asOf: day, spending: spending, payments: payments,
                                                    historyStart: historyStart, converter: converter))
            } catch {
                throw BooksError(.invalid, "budget \(budget.id ?? 0): a total does not fit in an amount (\(error))")
            }
        }
        return result
    }
}
