import Foundation
import MyMoneyStore
import MyMoneyReports

extension Books {
    /// The HTML report of the days `from` through `through` (`mymoney report html`), from the
    /// reports the books offer, every figure in `currency` (by default ``reportingCurrency()``):
    /// the overview of those days, income and expense per month and spending by category (the
    /// analysis by month when the days are whole months, else by day and summed, so a partial
    /// first or last month counts only its days in the range), budgets as of the last day, net worth at each month's end, accounts with their
    /// reconciliation, transfers, the largest expenses, and the money without a rate.
    ///
    /// Account balances, transfers and the largest expenses are shown in their own currency (what
    /// the bank says); the largest expenses are ranked by their converted value. Without `from`
    /// the report starts at the first transaction; without `through` it ends at the last one.
    ///
    /// - Throws: ``BooksError`` `invalid` when `through` is before `from` or a total does not fit.
    public func htmlReportData(from: Day? = nil, through: Day? = nil, in wanted: Currency? = nil) throws(BooksError) -> HTMLReportData {
        let currency: Currency
        if let wanted { currency = wanted } else { currency = try reportingCurrency().currency }
        let first = try store { () throws(LedgerError) in try ledger.firstTransactionDay() }
        let all = try transactions(matching: TransactionFilter(from: from, through: through))
        let reportDay = through ?? all.last?.day ?? Day(daysSinceEpoch: Int32(Date().timeIntervalSince1970 / 86_400))
        let range = DayRange(start: from ?? first ?? reportDay, end: reportDay)
        guard range.start <= range.end else {
            throw BooksError(.invalid, "--through \(range.end) is before --from \(range.start)", notes: ["field: through"])
        }
        var data = HTMLReportData(title: "My Money", from: range.start, through: range.end)
        let overview = try overview(of: range, in: currency)
        // Whole months: one rounding per month, as the analysis report shows them (by day, each
        // day's converted sum is rounded before they are added up).
        let wholeMonths = range.start == range.start.startOfMonth && range.end == ReportGrouping.month.period(holding: range.end).end
        let grouping: ReportGrouping = wholeMonths ? .month : .day
        let byDay = try analysis(grouping, dimension: .categories, category: nil, range: range, in: currency)
        let categories = try store { () throws(LedgerError) in try ledger.categories() }
        let tree = CategoryTree(books: self, range: range, grouping: grouping, currency: currency, categories: categories)
        do {
            data.currencies = [HTMLReportData.CurrencySection(
                currency: currency, income: overview.figures.income, expense: overview.figures.expense,
                cashflow: overview.figures.cashflow, transfersIn: overview.transfers.incoming,
                transfersOut: overview.transfers.outgoing, count: overview.figures.count,
                months: try HTMLReportData.Month.months(of: byDay), categories: try tree.nodes(of: byDay))]
        } catch let error as BooksError { throw error } catch { throw BooksError.tooLarge(error) }
        var unconverted = overview.unconverted.map {
            HTMLReportData.Unconverted(currency: $0.currency, amount: $0.amount,
                                       reason: "income and expense of \($0.count) transaction(s), no rate into \(currency.code) from \($0.firstDayWithoutRate)")
        }
        let tags = try store { () throws(LedgerError) in try ledger.tags() }
        for s in try budgetStatuses(asOf: range.end) where s.budget.startDay <= range.end {
            var color: String?
            if case .tag(let tag) = s.budget.target { color = tags.first { $0.title.lowercased() == tag.lowercased() }?.color }
            data.budgets.append(HTMLReportData.BudgetLine(
                title: s.budget.displayName, period: "\(s.budget.period.rawValue) \(s.period.start) to \(s.period.end)",
                limit: s.available, spent: s.spent, left: s.left, currency: s.budget.currency, status: s.status.rawValue, color: color))
            unconverted += s.unconverted.map {
                HTMLReportData.Unconverted(currency: $0.currency, amount: $0.amount,
                                           reason: "spending in budget \(s.budget.displayName), no rate into \(s.budget.currency.code) from \($0.firstDayWithoutRate)")
            }
        }
        let worth = try netWorth(.month, range: DayRange(start: range.start.advanced(by: -1), end: range.end), in: currency)
        data.netWorth = [(currency, worth.rows.map { HTMLReportData.NetWorthPoint(day: $0.asOf, amount: $0.total) })]
        unconverted += worth.unconverted.map {
            HTMLReportData.Unconverted(currency: $0.currency, amount: $0.amount,
                                       reason: "account balances, no rate into \(currency.code) from \($0.firstDayWithoutRate)")
        }
        data.unconverted = unconverted
        let reconciliation = try reconcile().report
        for s in try accountStandings(asOf: range.end) {
            let result = reconciliation.accounts.first { $0.account.id == s.account.id }
            let status = result.map { $0.checkpoints.isEmpty ? "no statement balances" : $0.status.rawValue } ?? "no statement balances"
            data.accounts.append(HTMLReportData.AccountLine(name: s.account.name, kind: s.account.kind.rawValue, balance: s.balance,
                                                            currency: s.account.currency, reconciliation: status,
                                                            reconciledThrough: result?.reconciledThrough))
        }
        for t in try transfers() where range.contains(t.from.transaction.day) {
            data.transfers.append(HTMLReportData.TransferLine(
                fromDay: t.from.transaction.day, fromAccount: t.from.accountName, fromAmount: t.from.transaction.amount,
                fromCurrency: t.from.transaction.currency, toDay: t.to.transaction.day, toAccount: t.to.accountName,
                toAmount: t.to.transaction.amount, toCurrency: t.to.transaction.currency, status: t.status.rawValue))
        }
        data.largestExpenses = try largestExpenses(all, in: currency)
        return data
    }

    /// The overview of exactly the days of `range` (not a calendar period), against as many days
    /// before it, in `currency`; the same figures ``overview(_:on:previous:top:in:)`` makes.
    func overview(of range: DayRange, in currency: Currency) throws(BooksError) -> Overview {
        let length = range.end.daysSinceEpoch - range.start.daysSinceEpoch
        let before = DayRange(start: range.start.advanced(by: -Int(length) - 1), end: range.start.advanced(by: -1))
        let parts = try transactionsWithParts(from: before.start, through: range.end)
        let byCategory = try store { () throws(LedgerError) in try ledger.dailyTotals(by: .categories, from: before.start, through: range.end) }
        let categories = try byCategory + splitAdjustments(parts, by: .categories)
        let all = try Books.unnamed(byCategory) + splitAdjustments(parts, by: nil)
        let transfers = try store { () throws(LedgerError) in try ledger.transferLegs(from: range.start, through: range.end) }
        let converter = try converter(into: currency)
        do {
            return try Overview(.init(period: range, previous: [before], totals: all, categories: categories, transfers: transfers),
                                converter: converter)
        } catch { throw BooksError.tooLarge(error) }
    }

    /// The ten largest expenses of `transactions`, ranked by their value in `currency` (those
    /// without a rate after the others), shown in their own currency.
    func largestExpenses(_ transactions: [LedgerTransaction], in currency: Currency) throws(BooksError) -> [HTMLReportData.ExpenseLine] {
        var converter = try converter(into: currency)
        var ranked: [(value: ExactDecimal?, transaction: LedgerTransaction)] = []
        do {
            for t in transactions where t.type == .expense {
                ranked.append((try converter.convert(t.amount, from: t.currency, on: t.day), t))
            }
        } catch { throw BooksError.tooLarge(error) }
        ranked.sort { a, b in
            switch (a.value, b.value) {
            case let (x?, y?) where x != y: return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            default: return (a.transaction.id ?? 0) < (b.transaction.id ?? 0)
            }
        }
        let names = try accountNames()
        return ranked.prefix(10).map { (_, t) in
            HTMLReportData.ExpenseLine(day: t.day, payee: t.payee ?? t.originalPayee ?? "", account: names[t.accountId] ?? "",
                                       category: t.category?.description, amount: t.amount, currency: t.currency)
        }
    }

    /// Renders the HTML report.
    public func htmlReport(from: Day? = nil, through: Day? = nil, in currency: Currency? = nil) throws(BooksError) -> String {
        HTMLReport(try htmlReportData(from: from, through: through, in: currency)).render()
    }
}

extension HTMLReportData.Month {
    /// The rows of a daily or monthly analysis summed per calendar month, oldest first.
    static func months(of analysis: Analysis) throws(AmountError) -> [HTMLReportData.Month] {
        var months: [HTMLReportData.Month] = []
        for row in analysis.rows {
            let label = ReportGrouping.month.label(row.period.start)
            if months.last?.label == label {
                months[months.count - 1].income = try months[months.count - 1].income + row.figures.income
                months[months.count - 1].expense = try months[months.count - 1].expense + row.figures.expense
            } else {
                months.append(HTMLReportData.Month(label: label, income: row.figures.income, expense: row.figures.expense))
            }
        }
        return months
    }
}

/// Spending by category as a tree: the analysis of the range summed per column, drilled
/// into each category that has children. A node is a category whose income plus expense in the
/// range is negative (money spent); largest spending first.
struct CategoryTree {
    let books: Books
    let range: DayRange
    /// `.month` when the range is whole months, else `.day` (see ``Books/htmlReportData(from:through:in:)``).
    let grouping: ReportGrouping
    let currency: Currency
    let categories: [LedgerCategory]

    func nodes(of analysis: Analysis) throws -> [HTMLReportData.CategoryNode] {
        let parent = analysis.parent
        var result: [HTMLReportData.CategoryNode] = []
        for (i, column) in analysis.columns.enumerated() {
            var total = Amount.zero
            for row in analysis.rows { total = try total + row.columns[i] }
            guard total.isNegative else { continue }
            if column == Analysis.ownColumn || column == Overview.uncategorized {
                result.append(HTMLReportData.CategoryNode(name: parent.map { "(\($0.name) itself)" } ?? Overview.uncategorized, total: total))
                continue
            }
            let path = CategoryPath((parent?.components ?? []) + [column])
            let key = path.description.lowercased()
            let category = categories.first { $0.path.description.lowercased() == key }
            let hasChildren = categories.contains { $0.path.parent?.description.lowercased() == key }
            var children: [HTMLReportData.CategoryNode] = []
            if hasChildren && path.depth < CategoryPath.maximumDepth {
                children = try nodes(of: books.analysis(grouping, dimension: .categories, category: path, range: range, in: currency))
            }
            if children.count == 1, children[0].name.hasPrefix("(") { children = [] }
            result.append(HTMLReportData.CategoryNode(name: column, icon: category?.icon, total: total, children: children))
        }
        return result.sorted { $0.total != $1.total ? $0.total < $1.total : $0.name < $1.name }
    }
}
