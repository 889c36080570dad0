import Foundation
import MyMoneyStore
import MyMoneyReports

extension Books {
    /// The HTML report of a period (`mymoney report html`), from the reports the books offer:
    /// the overview, the monthly analysis, the analysis drilled down the category tree, budgets,
    /// account balances with reconciliation, transfers.
    ///
    /// Figures stay per currency (nothing is converted). Net worth is each currency's account
    /// balances at every month's end. The report's day is `through`, else the last transaction's.
    public func htmlReportData(from: Day? = nil, through: Day? = nil) throws(BooksError) -> HTMLReportData {
        let transactions = try transactions(matching: TransactionFilter(from: from, through: through))
        let reportDay = through ?? transactions.last?.day ?? Day(daysSinceEpoch: Int32(Date().timeIntervalSince1970 / 86_400))
        let overview = try overview(from: from, through: through)
        let categories = try store { () throws(LedgerError) in try ledger.categories() }
        var data = HTMLReportData(title: "My Money", from: from ?? transactions.first?.day, through: reportDay)
        do {
            for c in overview.currencies {
                let months = try Analysis(transactions: transactions, currency: c.currency, grouping: .month)
                let expenses = transactions.filter { $0.type == .expense && $0.currency == c.currency }
                data.currencies.append(HTMLReportData.CurrencySection(
                    currency: c.currency, income: c.income, expense: c.expense, cashflow: c.cashflow,
                    transfersIn: c.transfersIn, transfersOut: c.transfersOut, count: c.count,
                    months: months.rows.map { HTMLReportData.Month(label: $0.label, income: $0.income, expense: $0.expense) },
                    categories: try CategoryTree(expenses: expenses, currency: c.currency, categories: categories).nodes(under: nil)))
            }
        } catch {
            throw BooksError(.invalid, "the totals do not fit in an amount: \(error)")
        }
        let tags = try store { () throws(LedgerError) in try ledger.tags() }
        for s in try budgetStandings(asOf: reportDay) {
            let title: String, color: String?
            switch s.budget.target {
            case .category(let path): title = path.description; color = nil
            case .tag(let tag): title = "#\(tag)"; color = tags.first { $0.title.lowercased() == tag.lowercased() }?.color
            }
            data.budgets.append(HTMLReportData.BudgetLine(
                title: title, period: "\(s.budget.period.rawValue) \(s.period.start) to \(s.period.end)", limit: s.budget.amount,
                spent: s.spent, left: s.left, currency: s.budget.currency, status: s.state.rawValue, color: color))
        }
        let reconciliation = try reconcile().report
        for s in try accountStandings(asOf: reportDay) {
            let result = reconciliation.accounts.first { $0.account.id == s.account.id }
            let status = result.map { $0.checkpoints.isEmpty ? "no statement balances" : $0.status.rawValue } ?? "no statement balances"
            data.accounts.append(HTMLReportData.AccountLine(name: s.account.name, kind: s.account.kind.rawValue, balance: s.balance,
                                                            currency: s.account.currency, reconciliation: status,
                                                            reconciledThrough: result?.reconciledThrough))
        }
        data.netWorth = try netWorth(from: data.from ?? reportDay, through: reportDay)
        for t in try transfers() where (from.map { t.from.transaction.day >= $0 } ?? true) && t.from.transaction.day <= reportDay {
            data.transfers.append(HTMLReportData.TransferLine(
                fromDay: t.from.transaction.day, fromAccount: t.from.accountName, fromAmount: t.from.transaction.amount,
                fromCurrency: t.from.transaction.currency, toDay: t.to.transaction.day, toAccount: t.to.accountName,
                toAmount: t.to.transaction.amount, toCurrency: t.to.transaction.currency, status: t.status.rawValue))
        }
        let names = try accountNames()
        let expenses = transactions.filter { $0.type == .expense }.sorted { a, b in
            // Largest first by amount, currencies side by side (nothing is converted here yet).
            a.amount != b.amount ? a.amount < b.amount : (a.id ?? 0) < (b.id ?? 0)
        }
        data.largestExpenses = expenses.prefix(10).map { t in
            HTMLReportData.ExpenseLine(day: t.day, payee: t.payee ?? t.originalPayee ?? "", account: names[t.accountId] ?? "",
                                       category: t.category?.description, amount: t.amount, currency: t.currency)
        }
        return data
    }

    /// Each currency's account balances at the start of the period and at every month's end
    /// through `through` (the last 120 months at most).
    func netWorth(from: Day, through: Day) throws(BooksError) -> [(currency: Currency, points: [HTMLReportData.NetWorthPoint])] {
        var days = [from.advanced(by: -1)]
        var month = from.startOfMonth
        while month <= through {
            let end = month.addingMonths(1).advanced(by: -1)
            days.append(min(end, through))
            month = month.addingMonths(1)
        }
        days = Array(days.suffix(121))
        var byCurrency: [Currency: [HTMLReportData.NetWorthPoint]] = [:]
        for day in days {
            var sums: [Currency: Amount] = [:]
            for s in try accountStandings(asOf: day) {
                do { sums[s.account.currency] = try (sums[s.account.currency] ?? .zero) + s.balance } catch {
                    throw BooksError(.invalid, "the net worth does not fit in an amount: \(error)")
                }
            }
            for (currency, amount) in sums { byCurrency[currency, default: []].append(HTMLReportData.NetWorthPoint(day: day, amount: amount)) }
        }
        return byCurrency.keys.sorted().map { ($0, byCurrency[$0] ?? []) }
    }

    /// Renders the HTML report.
    public func htmlReport(from: Day? = nil, through: Day? = nil) throws(BooksError) -> String {
        HTMLReport(try htmlReportData(from: from, through: through)).render()
    }
}

/// Spending by category as a tree, from the analysis drilled into each category that has children.
struct CategoryTree {
    let expenses: [LedgerTransaction]
    let currency: Currency
    let categories: [LedgerCategory]

    func nodes(under parent: CategoryPath?) throws(AmountError) -> [HTMLReportData.CategoryNode] {
        let analysis = try Analysis(transactions: expenses, currency: currency, grouping: .year, parent: parent)
        var nodes: [HTMLReportData.CategoryNode] = []
        for (i, column) in analysis.columns.enumerated() {
            var total = Amount.zero
            for row in analysis.rows { total = try total + row.byColumn[i] }
            guard !total.isZero else { continue }
            if column == Analysis.ownColumn {
                nodes.append(HTMLReportData.CategoryNode(name: parent.map { "(\($0.name) itself)" } ?? "(uncategorized)", total: total))
                continue
            }
            let path = CategoryPath((parent?.components ?? []) + [column])
            let category = categories.first { $0.path.description.lowercased() == path.description.lowercased() }
            let hasChildren = categories.contains { $0.path.parent.map { $0.description.lowercased() == path.description.lowercased() } ?? false }
            var children: [HTMLReportData.CategoryNode] = []
            if hasChildren && path.depth < CategoryPath.maximumDepth { children = try self.nodes(under: path) }
            if children.count == 1, children[0].name.hasPrefix("(") { children = [] }
            nodes.append(HTMLReportData.CategoryNode(name: column, icon: category?.icon, total: total, children: children))
        }
        return nodes.sorted { $0.total != $1.total ? $0.total < $1.total : $0.name < $1.name }
    }
}
