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
        let categories = try totals(by: .categories, from: first, through: period.end)
        let all = try totals(by: nil, from: first, through: period.end)
        let tags = try totals(by: .tags, from: period.start, through: period.end)
        let projects = try totals(by: .projects, from: period.start, through: period.end)
        let places = try totals(by: .places, from: period.start, through: period.end)
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
        let byDimension = try totals(by: dimension, from: span.start, through: span.end, scope: scope)
        // Row figures from rows without a dimension: a transaction counts once even when its parts
        // (or tags) fall under several columns.
        let rowTotals = try totals(by: nil, from: span.start, through: span.end, scope: scope)
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

    /// Aggregate rows of `entity` in the days given and `scope`, transactions with split parts
    /// expanded part by part: the store sums such a transaction whole, so its whole is taken out
    /// again (where the store's scope took it in) and each part added where it lies in the scope.
    func totals(by entity: EntrySummary.Entity?, from: Day?, through: Day?,
                scope: Ledger.TotalsScope = .init()) throws(BooksError) -> [DailyTotal] {
        var rows = try store { () throws(LedgerError) in try ledger.dailyTotals(by: entity, from: from, through: through, within: scope) }
        let parts = try store { () throws(LedgerError) in try ledger.transactionsWithParts(from: from, through: through) }
        guard !parts.isEmpty else { return rows }
        let names = entity == .accounts ? try accountNames() : [:]
        func inScope(_ posting: Posting) -> Bool {
            if let tag = scope.tag, !posting.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { return false }
            if let project = scope.project, posting.project?.lowercased() != project.lowercased() { return false }
            if let category = scope.category, !(posting.category?.isWithin(category) ?? false) { return false }
            return true
        }
        do {
            for t in parts {
                var whole = t
                whole.splits = []
                for posting in try Posting.postings(of: whole) where inScope(posting) {
                    for var row in posting.dailyTotals(by: entity, accountName: { names[$0] }) {
                        row.amount = try -row.amount
                        row.count = -1
                        rows.append(row)
                    }
                }
                // A transaction counts once under each name however many of its parts are there.
                var counted = Set<String?>()
                for posting in try Posting.postings(of: t) where inScope(posting) {
                    for var row in posting.dailyTotals(by: entity, accountName: { names[$0] }) {
                        if !counted.insert(row.name).inserted { row.count = 0 }
                        rows.append(row)
                    }
                }
            }
        } catch { throw BooksError.tooLarge(error) }
        return rows
    }
}

extension BooksError {
    /// A sum or conversion that does not fit an amount.
    static func tooLarge(_ error: any Error) -> BooksError {
        BooksError(.invalid, "a total is too large to compute exactly (\(error))")
    }
}
