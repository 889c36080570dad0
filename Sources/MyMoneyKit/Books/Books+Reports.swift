import MyMoneyStore
import MyMoneyReports

extension Books {
    /// Income, expense, cash flow and transfers per currency in a span of days (all days when nil).
    public func overview(from: Day? = nil, through: Day? = nil) throws(BooksError) -> Overview {
        let transactions = try transactions(matching: TransactionFilter(from: from, through: through))
        do { return try Overview(transactions: transactions) } catch {
            throw BooksError(.invalid, "the totals do not fit in an amount: \(error)")
        }
    }

    /// Income and expense per period, with a column per child of `parent` (top-level categories when nil),
    /// in `currency` (the currency of most transactions when nil).
    public func analysis(from: Day? = nil, through: Day? = nil, by grouping: ReportGrouping, parent: CategoryPath?,
                         currency: Currency?) throws(BooksError) -> (currency: Currency, analysis: Analysis) {
        let transactions = try transactions(matching: TransactionFilter(from: from, through: through))
        var counts: [Currency: Int] = [:]
        for t in transactions { counts[t.currency, default: 0] += 1 }
        let fallback = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? .EUR
        let chosen = currency ?? fallback
        do { return (chosen, try Analysis(transactions: transactions, currency: chosen, grouping: grouping, parent: parent)) } catch {
            throw BooksError(.invalid, "the totals do not fit in an amount: \(error)")
        }
    }
}
