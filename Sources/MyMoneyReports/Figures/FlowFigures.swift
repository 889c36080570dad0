/// Income, expense and cash flow in one currency, exact, with what could not be converted: the
/// one place that says what a transaction's type counts as.
///
/// - `income` typed transactions (and parts) add to income, `expense` typed ones to expense
///   (usually negative: a refund typed expense lowers it), whatever their sign;
/// - `transfer` typed ones are money moving between the user's own accounts: counted, never
///   income or expense.
///
/// Cash flow is income plus expense. SQL aggregates only group by the stored type; this type
/// gives the groups their meaning, so reports, budgets and entity lists cannot disagree.
public struct FlowFigures: Sendable, Hashable {
    public var income: ExactDecimal = .zero
    public var expense: ExactDecimal = .zero
    /// Income and expense transactions (or parts), converted or not.
    public var count = 0
    /// Transfer transactions (or parts).
    public var transferCount = 0
    public var unconverted = UnconvertedTally()

    public init() {}

    public var cashflow: ExactDecimal { (try? income + expense) ?? income }

    /// Whether `type` counts as income or expense (not a transfer).
    public static func isIncomeOrExpense(_ type: TransactionType) -> Bool { type != .transfer }

    /// Adds one aggregate row, converted into `converter`'s currency at the rate of its day.
    public mutating func add(_ total: DailyTotal, converter: inout CurrencyConverter) throws(AmountError) {
        guard FlowFigures.isIncomeOrExpense(total.type) else {
            transferCount += total.count
            return
        }
        count += total.count
        guard let value = try converter.convert(total.amount, from: total.currency, on: total.day) else {
            try unconverted.add(total.amount, total.currency, on: total.day, count: total.count)
            return
        }
        if total.type == .income { try income.add(value) } else { try expense.add(value) }
    }

    public mutating func add(_ other: FlowFigures) throws(AmountError) {
        try income.add(other.income)
        try expense.add(other.expense)
        count += other.count
        transferCount += other.transferCount
        try unconverted.add(other.unconverted)
    }

    /// The figures rounded once each, half-even, to `currency`'s minor units.
    public func rounded(to currency: Currency) throws(AmountError) -> Figures {
        Figures(currency: currency, income: try income.rounded(to: currency), expense: try expense.rounded(to: currency),
                cashflow: try (income + expense).rounded(to: currency), count: count, transferCount: transferCount,
                unconverted: unconverted.entries)
    }
}

/// Income, expense and cash flow in one currency as shown: each rounded once from the exact sums
/// (so income + expense may differ from cash flow in the last digit), with the unconverted money.
public struct Figures: Sendable, Hashable {
    public var currency: Currency
    public var income: Amount
    public var expense: Amount
    public var cashflow: Amount
    /// Income and expense transactions.
    public var count: Int
    public var transferCount: Int
    public var unconverted: [UnconvertedMoney]

    public init(currency: Currency, income: Amount, expense: Amount, cashflow: Amount, count: Int, transferCount: Int,
                unconverted: [UnconvertedMoney]) {
        self.currency = currency
        self.income = income
        self.expense = expense
        self.cashflow = cashflow
        self.count = count
        self.transferCount = transferCount
        self.unconverted = unconverted
    }

    /// No transactions at all.
    public static func empty(_ currency: Currency) -> Figures {
        let zero = Amount(units: 0, scale: currency.minorUnits ?? 2)
        return Figures(currency: currency, income: zero, expense: zero, cashflow: zero, count: 0, transferCount: 0, unconverted: [])
    }
}
