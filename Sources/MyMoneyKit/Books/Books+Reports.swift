import MyMoneyStore
import MyMoneyReports

extension Books {
    /// The overview of the `grouping` period holding `day`, in `currency`, against the `previous`
    /// periods before it, with the top `top` categories, tags, projects and places and every
    /// budget's status as of `day`.
    public func overview(_ grouping: ReportGrouping, on day: Day, previous: Int = 1, top: Int = 5,
                         in currency: Currency) throws(BooksError) -> Overview {
        let period = grouping.period(holding: day)
        let count = max(1, previous)
        let before = (1...count).reversed().map { grouping.period(-$0, from: period.start) }
        let first = before.first?.start ?? period.start
        let parts = try transactionsWithParts(from: first, through: period.end)
        let byCategory = try store { () throws(LedgerError) in try ledger.dailyTotals(by: .categories, from: first, through: period.end) }
        let categories = try byCategory + splitAdjustments(parts, by: .categories)
        // Each transaction once: the same sums without their names (a transaction has one category).
        let all = try Books.unnamed(byCategory) + splitAdjustments(parts, by: nil)
        let inPeriod = parts.filter { period.contains($0.day) }
        let tags = try totals(by: .tags, from: period.start, through: period.end, parts: inPeriod)
        let projects = try totals(by: .projects, from: period.start, through: period.end, parts: inPeriod)
        let places = try totals(by: .places, from: period.start, through: period.end, parts: inPeriod)
        let transfers = try store { () throws(LedgerError) in try ledger.transferLegs(from: period.start, through: period.end) }
        // Active budgets: those started by the period's end.
        let budgets = try budgetStatuses(asOf: day).filter { $0.budget.startDay <= period.end }
        let converter = try converter(into: currency)
        do {
            return try Overview(.init(period: period, previous: before, totals: all, categories: categories, tags: tags, projects: projects,
                                      places: places, transfers: transfers, budgets: budgets, top: top), converter: converter)
        } catch { throw BooksError.tooLarge(error) }
    }

    /// Income, expense and cash flow per `grouping` period in `range`, with a column per entry of
    /// `dimension`; `category` drills into that category (its children become the columns) or,
    /// for other dimensions, keeps only the money in it.
    public func analysis(_ grouping: ReportGrouping, dimension: EntrySummary.Entity, category: CategoryPath?,
                         range: DayRange, in currency: Currency) throws(BooksError) -> Analysis {
        guard range.start <= range.end else {
            throw BooksError(.invalid, "--through \(range.end) is before --from \(range.start)", notes: ["field: through"])
        }
        if let category { _ = try self.category(at: category) }
        let periods = grouping.periods(covering: range)
        let span = DayRange(start: periods.first?.start ?? range.start, end: periods.last?.end ?? range.end)
        let scope = Ledger.TotalsScope(category: category)
        let parts = try transactionsWithParts(from: span.start, through: span.end)
        let sums = try store { () throws(LedgerError) in try ledger.dailyTotals(by: dimension, from: span.start, through: span.end, within: scope) }
        let byDimension = try sums + splitAdjustments(parts, by: dimension, scope: scope)
        // Row figures from rows without a dimension: a transaction counts once even when its parts
        // (or tags) fall under several columns. A transaction has one category, account, project
        // and place: the same sums without their names; by tag, a query of its own.
        let rowTotals = dimension == .tags
            ? try totals(by: nil, from: span.start, through: span.end, scope: scope, parts: parts)
            : try Books.unnamed(sums) + splitAdjustments(parts, by: nil, scope: scope)
        do {
            return try Analysis(periods: periods, grouping: grouping, dimension: dimension, parent: category,
                                byDimension: byDimension, totals: rowTotals, converter: try converter(into: currency))
        } catch { throw BooksError.tooLarge(error) }
    }

    /// Every account's balance at the end of each `grouping` period in `range`, converted into `currency`.
    public func netWorth(_ grouping: ReportGrouping, range: DayRange, in currency: Currency) throws(BooksError) -> NetWorth {
        guard range.start <= range.end else {
            throw BooksError(.invalid, "--through \(range.end) is before --from \(range.start)", notes: ["field: through"])
        }
        let ends = grouping.periods(covering: range).map { min($0.end, range.end) }
        // Balances need whole transactions only: the store's sums, split transactions included as they are.
        let byAccount = try store { () throws(LedgerError) in try ledger.dailyTotals(by: .accounts, from: nil, through: range.end) }
        do { return try NetWorth(accounts: try accounts(), byAccount: byAccount, ends: ends, converter: try converter(into: currency)) }
        catch { throw BooksError.tooLarge(error) }
    }

    /// The recurring payments in the expenses of the 400 days up to `day` (see ``RecurringDetector``).
    public func recurringPayments(asOf day: Day) throws(BooksError) -> [RecurringPayment] {
        let expenses = try store { () throws(LedgerError) in try ledger.expenses(from: day.advanced(by: -400), through: day) }
        var postings: [Posting] = []
        do { for t in expenses { postings += try Posting.postings(of: t) } } catch { throw BooksError.tooLarge(error) }
        return RecurringDetector().detect(postings, asOf: day)
    }
}

extension BooksError {
    /// A sum or conversion that does not fit an amount.
    static func tooLarge(_ error: any Error) -> BooksError {
        BooksError(.invalid, "a total is too large to compute exactly (\(error))")
    }
}
