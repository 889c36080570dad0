/// The state of the books over a span of days, per currency: income, expense, cash flow, the
/// largest expense categories, transfers set apart.
public struct Overview: Sendable {
    public struct CurrencyTotals: Sendable {
        public var currency: Currency
        public var income: Amount = .zero
        public var expense: Amount = .zero
        public var transfersIn: Amount = .zero
        public var transfersOut: Amount = .zero
        public var count = 0
        /// Expense per top-level category, largest first (ties by name).
        public var topCategories: [(name: String, expense: Amount)] = []
        public var cashflow: Amount { (try? income + expense) ?? income }
    }

    public var span: DayRange?
    public var currencies: [CurrencyTotals]

    public init(transactions: [LedgerTransaction], span: DayRange? = nil, top: Int = 5) throws(AmountError) {
        self.span = span
        var totals: [Currency: CurrencyTotals] = [:]
        var categories: [Currency: [String: Amount]] = [:]
        for t in transactions {
            if let span, !span.contains(t.day) { continue }
            var c = totals[t.currency] ?? CurrencyTotals(currency: t.currency)
            c.count += 1
            switch (t.type, t.amount.isNegative) {
            case (.transfer, true): c.transfersOut = try c.transfersOut + t.amount
            case (.transfer, false): c.transfersIn = try c.transfersIn + t.amount
            case (_, true):
                c.expense = try c.expense + t.amount
                let name = t.category?.components.first ?? "(uncategorized)"
                categories[t.currency, default: [:]][name] = try (categories[t.currency]?[name] ?? .zero) + t.amount
            case (_, false): c.income = try c.income + t.amount
            }
            totals[t.currency] = c
        }
        for (currency, byName) in categories {
            let pairs: [(name: String, expense: Amount)] = byName.map { (name: $0.key, expense: $0.value) }
            let sorted = pairs.sorted { a, b in a.expense != b.expense ? a.expense < b.expense : a.name < b.name }
            totals[currency]?.topCategories = Array(sorted.prefix(top))
        }
        currencies = totals.values.sorted { $0.currency < $1.currency }
    }
}
