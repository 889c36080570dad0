/// Income, expense, cash flow and transaction count of one account, category, tag, project or place.
public struct EntrySummary: Sendable, Hashable {
    /// Which kind of entry a summary is about.
    public enum Entity: String, Sendable, Hashable, CaseIterable {
        case accounts, categories, tags, projects, places
    }

    public var id: Int64
    /// The account name, category path (`Food:Groceries`), tag or project title, place name.
    public var name: String
    /// One line per currency the entry's transactions are in, by currency code. Empty when it has none.
    public var figures: [CurrencyFigures]

    public init(id: Int64, name: String, figures: [CurrencyFigures]) {
        self.id = id
        self.name = name
        self.figures = figures
    }

    /// The count over all currencies.
    public var transactionCount: Int { figures.reduce(0) { $0 + $1.count } }
}

/// Totals in one currency.
///
/// `income` sums transactions typed income, `expense` those typed expense (negative or zero),
/// `cashflow` is their sum; transfers are left out of all three and only counted.
public struct CurrencyFigures: Sendable, Hashable {
    public var currency: Currency
    public var income: Amount
    public var expense: Amount
    public var cashflow: Amount
    /// All transactions, transfers included.
    public var count: Int
    /// Of `count`, how many are transfers.
    public var transferCount: Int

    public init(currency: Currency, income: Amount = .zero, expense: Amount = .zero, cashflow: Amount = .zero,
                count: Int = 0, transferCount: Int = 0) {
        self.currency = currency
        self.income = income
        self.expense = expense
        self.cashflow = cashflow
        self.count = count
        self.transferCount = transferCount
    }
}
