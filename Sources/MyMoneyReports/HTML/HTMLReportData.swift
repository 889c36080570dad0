/// What the HTML report shows, as plain values the Kit fills from the books' reports.
///
/// Each section is its own value so a richer report (figures converted into the primary
/// currency, budgets with forecasts, net worth from the rate book) can fill the same shape
/// later; a section with nothing in it is left out of the page.
public struct HTMLReportData: Sendable {
    /// Income and expense of one month in one currency, for the bar chart.
    public struct Month: Sendable, Hashable {
        public var label: String
        public var income: Amount
        public var expense: Amount
        public init(label: String, income: Amount, expense: Amount) {
            self.label = label
            self.income = income
            self.expense = expense
        }
    }

    /// One category's spending with its children's, for the drill-down tree.
    public struct CategoryNode: Sendable, Hashable {
        public var name: String
        /// An icon name the user gave the category (`cart`), if any.
        public var icon: String?
        /// Expense (negative) in the category and its children.
        public var total: Amount
        public var children: [CategoryNode]
        public init(name: String, icon: String? = nil, total: Amount, children: [CategoryNode] = []) {
            self.name = name
            self.icon = icon
            self.total = total
            self.children = children
        }
    }

    /// The figures of one currency.
    public struct CurrencySection: Sendable {
        public var currency: Currency
        public var income: Amount
        public var expense: Amount
        public var cashflow: Amount
        public var transfersIn: Amount
        public var transfersOut: Amount
        public var count: Int
        public var months: [Month]
        public var categories: [CategoryNode]
        public init(currency: Currency, income: Amount, expense: Amount, cashflow: Amount, transfersIn: Amount,
                    transfersOut: Amount, count: Int, months: [Month], categories: [CategoryNode]) {
            self.currency = currency
            self.income = income
            self.expense = expense
            self.cashflow = cashflow
            self.transfersIn = transfersIn
            self.transfersOut = transfersOut
            self.count = count
            self.months = months
            self.categories = categories
        }
    }

    /// One budget in the period holding the report's last day.
    public struct BudgetLine: Sendable, Hashable {
        public var title: String
        public var period: String
        public var limit: Amount
        public var spent: Amount
        public var left: Amount
        public var currency: Currency
        /// `on_track`, `warning` or `over`.
        public var status: String
        /// `#RRGGBB` from the budget's tag, if any.
        public var color: String?
        public init(title: String, period: String, limit: Amount, spent: Amount, left: Amount, currency: Currency,
                    status: String, color: String? = nil) {
            self.title = title
            self.period = period
            self.limit = limit
            self.spent = spent
            self.left = left
            self.currency = currency
            self.status = status
            self.color = color
        }
    }

    /// What one currency's accounts held at the end of a month.
    public struct NetWorthPoint: Sendable, Hashable {
        public var day: Day
        public var amount: Amount
        public init(day: Day, amount: Amount) { self.day = day; self.amount = amount }
    }

    public struct AccountLine: Sendable, Hashable {
        public var name: String
        public var kind: String
        public var balance: Amount
        public var currency: Currency
        /// `ok`, `mismatch`, or `no statement balances`.
        public var reconciliation: String
        public var reconciledThrough: Day?
        public init(name: String, kind: String, balance: Amount, currency: Currency, reconciliation: String,
                    reconciledThrough: Day? = nil) {
            self.name = name
            self.kind = kind
            self.balance = balance
            self.currency = currency
            self.reconciliation = reconciliation
            self.reconciledThrough = reconciledThrough
        }
    }

    public struct TransferLine: Sendable, Hashable {
        public var fromDay: Day
        public var fromAccount: String
        public var fromAmount: Amount
        public var fromCurrency: Currency
        public var toDay: Day
        public var toAccount: String
        public var toAmount: Amount
        public var toCurrency: Currency
        public var status: String
        public init(fromDay: Day, fromAccount: String, fromAmount: Amount, fromCurrency: Currency, toDay: Day,
                    toAccount: String, toAmount: Amount, toCurrency: Currency, status: String) {
            self.fromDay = fromDay
            self.fromAccount = fromAccount
            self.fromAmount = fromAmount
            self.fromCurrency = fromCurrency
            self.toDay = toDay
            self.toAccount = toAccount
            self.toAmount = toAmount
            self.toCurrency = toCurrency
            self.status = status
        }
    }

    /// One of the period's largest expenses, with the payee as the bank wrote it (or as cleaned up).
    public struct ExpenseLine: Sendable, Hashable {
        public var day: Day
        public var payee: String
        public var account: String
        public var category: String?
        public var amount: Amount
        public var currency: Currency
        public init(day: Day, payee: String, account: String, category: String?, amount: Amount, currency: Currency) {
            self.day = day
            self.payee = payee
            self.account = account
            self.category = category
            self.amount = amount
            self.currency = currency
        }
    }

    /// Money a report could not convert into the primary currency, per currency.
    public struct Unconverted: Sendable, Hashable {
        public var currency: Currency
        public var amount: Amount
        public var reason: String
        public init(currency: Currency, amount: Amount, reason: String) {
            self.currency = currency
            self.amount = amount
            self.reason = reason
        }
    }

    public var title: String
    public var from: Day?
    public var through: Day?
    public var currencies: [CurrencySection]
    public var budgets: [BudgetLine]
    /// Net worth over time, per currency.
    public var netWorth: [(currency: Currency, points: [NetWorthPoint])]
    public var accounts: [AccountLine]
    public var transfers: [TransferLine]
    /// The period's largest expenses, largest first.
    public var largestExpenses: [ExpenseLine]
    public var unconverted: [Unconverted]

    public init(title: String = "My Money", from: Day? = nil, through: Day? = nil, currencies: [CurrencySection] = [],
                budgets: [BudgetLine] = [], netWorth: [(currency: Currency, points: [NetWorthPoint])] = [],
                accounts: [AccountLine] = [], transfers: [TransferLine] = [], largestExpenses: [ExpenseLine] = [],
                unconverted: [Unconverted] = []) {
        self.title = title
        self.from = from
        self.through = through
        self.currencies = currencies
        self.budgets = budgets
        self.netWorth = netWorth
        self.accounts = accounts
        self.transfers = transfers
        self.largestExpenses = largestExpenses
        self.unconverted = unconverted
    }
}
