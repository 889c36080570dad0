/// The state of the books in one period, in one currency: income, expense and cash flow against
/// the periods before, where the money went (top categories, tags, projects, places), the
/// budgets, transfers set apart, and any money that could not be converted.
public struct Overview: Sendable {
    /// The periods compared with: their span and their figures per period (the average when there are several).
    public struct Previous: Sendable, Hashable {
        public var span: DayRange
        public var periods: Int
        public var income: Amount
        public var expense: Amount
        public var cashflow: Amount
        public var unconverted: [UnconvertedMoney]
    }

    /// One line of a top list: a name and its expense (negative).
    public struct Ranked: Sendable, Hashable {
        public var name: String
        public var amount: Amount
    }

    /// Money moved between the user's own accounts: neither income nor expense.
    public struct Transfers: Sendable, Hashable {
        /// Transfer legs in the period.
        public var count: Int
        public var incoming: Amount
        public var outgoing: Amount
    }

    /// What the overview is made from; the Kit fills it from the ledger.
    public struct Input: Sendable {
        public var period: DayRange
        /// The periods before, oldest first (at least one).
        public var previous: [DayRange]
        /// Without a dimension (each transaction once), from the first previous period's start
        /// through the period's end; nil to take the figures from `categories`.
        public var totals: [DailyTotal]?
        /// By category, from the first previous period's start through the period's end.
        public var categories: [DailyTotal]
        /// By tag, project and place, in the period.
        public var tags: [DailyTotal]
        public var projects: [DailyTotal]
        public var places: [DailyTotal]
        /// Transfer legs in the period, with the other leg where linked.
        public var transfers: [TransferLegAmount]
        public var budgets: [BudgetStatus]
        /// How many lines each top list keeps.
        public var top: Int

        public init(period: DayRange, previous: [DayRange], totals: [DailyTotal]? = nil, categories: [DailyTotal], tags: [DailyTotal] = [],
                    projects: [DailyTotal] = [], places: [DailyTotal] = [], transfers: [TransferLegAmount] = [],
                    budgets: [BudgetStatus] = [], top: Int = 5) {
            self.period = period
            self.previous = previous
            self.totals = totals
            self.categories = categories
            self.tags = tags
            self.projects = projects
            self.places = places
            self.transfers = transfers
            self.budgets = budgets
            self.top = top
        }
    }

    /// The name top lists and analyses give money without a category.
    public static let uncategorized = "(uncategorized)"

    public var period: DayRange
    public var currency: Currency
    /// Income, expense, cash flow and count in the period.
    public var figures: Figures
    public var previous: Previous
    public var topCategories: [Ranked]
    public var topTags: [Ranked]
    public var topProjects: [Ranked]
    public var topPlaces: [Ranked]
    public var transfers: Transfers
    public var budgets: [BudgetStatus]
    /// Money in the period (income, expense and transfers) without a rate into ``currency``.
    public var unconverted: [UnconvertedMoney]

    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public init(_ input: Input, converter: CurrencyConverter) throws(AmountError) {
        var converter = converter
        let currency = converter.target
        self.currency = currency
        self.period = input.period
        self.budgets = input.budgets
        var current = FlowFigures()
        var before = FlowFigures()
        let previousSpan = DayRange(start: input.previous.first?.start ?? input.period.start,
                                    end: input.previous.last?.end ?? input.period.start.advanced(by: -1))
        for total in input.totals ?? input.categories {
            if input.period.contains(total.day) { try current.add(total, converter: &converter) }
            else if previousSpan.contains(total.day) { try before.add(total, converter: &converter) }
        }
        figures = try current.rounded(to: currency)
        let periods = max(1, input.previous.count)
        previous = Previous(span: previousSpan, periods: periods,
                            income: try before.income.rounded(to: currency, dividedBy: periods),
                            expense: try before.expense.rounded(to: currency, dividedBy: periods),
                            cashflow: try before.cashflow.rounded(to: currency, dividedBy: periods),
                            unconverted: before.unconverted.entries)
        let inPeriod = input.categories.filter { input.period.contains($0.day) }
        var tops: [String: String] = [:]   // one parse per name, not per row
        topCategories = try Overview.ranked(inPeriod, top: input.top, converter: &converter) { name in
            guard let name else { return Overview.uncategorized }
            if let known = tops[name] { return known }
            let top = CategoryPath(parsing: name)?.components.first ?? Overview.uncategorized
            tops[name] = top
            return top
        }
        topTags = try Overview.ranked(input.tags.filter { input.period.contains($0.day) }, top: input.top, converter: &converter) { $0 }
        topProjects = try Overview.ranked(input.projects.filter { input.period.contains($0.day) }, top: input.top, converter: &converter) { $0 }
        topPlaces = try Overview.ranked(input.places.filter { input.period.contains($0.day) }, top: input.top, converter: &converter) { $0 }

        var unconverted = current.unconverted
        var incoming = ExactDecimal.zero, outgoing = ExactDecimal.zero
        var legs = 0
        for leg in input.transfers where input.period.contains(leg.day) {
            legs += 1
            let value: ExactDecimal?
            if leg.currency != currency, let other = leg.other, other.currency == currency, other.amount.signum == -leg.amount.signum {
                // The rate the user got: this leg is worth what the other leg moved.
                value = -ExactDecimal(other.amount)
            } else {
                // Both legs of a linked transfer convert at the day the money left, so in and out agree.
                let day = leg.amount.isPositive ? (leg.other?.day ?? leg.day) : leg.day
                value = try converter.convert(leg.amount, from: leg.currency, on: day)
            }
            guard let value else {
                try unconverted.add(leg.amount, leg.currency, on: leg.day)
                continue
            }
            if value.isNegative { try outgoing.add(value) } else { try incoming.add(value) }
        }
        transfers = Transfers(count: legs, incoming: try incoming.rounded(to: currency), outgoing: try outgoing.rounded(to: currency))
        self.unconverted = unconverted.entries
    }

    /// Expenses by `name(total.name)`, largest first (most negative), ties by name; rows without a
    /// name (untagged, no project) and money without a rate are not ranked.
    static func ranked(_ totals: [DailyTotal], top: Int, converter: inout CurrencyConverter,
                       name: (String?) -> String?) throws(AmountError) -> [Ranked] {
        var sums: [String: ExactDecimal] = [:]
        for total in totals where total.type == .expense {
            guard let key = name(total.name),
                  let value = try converter.convert(total.amount, from: total.currency, on: total.day) else { continue }
            sums[key] = try (sums[key] ?? .zero) + value
        }
        let sorted = sums.sorted { a, b in a.value != b.value ? a.value < b.value : a.key < b.key }
        var result: [Ranked] = []
        for (key, value) in sorted.prefix(max(0, top)) {
            result.append(Ranked(name: key, amount: try value.rounded(to: converter.target)))
        }
        return result
    }
}
