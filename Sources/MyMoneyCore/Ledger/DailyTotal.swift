/// The sum of transactions (or of transaction parts) that share a day, a currency, a type and a
/// name: one row of the ledger's aggregates, what reports fold into periods and convert.
///
/// `name` is the entry the rows were grouped by (an account name, a category path such as
/// `Food:Groceries`, a tag, project or place title), nil when the transactions have none.
public struct DailyTotal: Sendable, Hashable {
    public var day: Day
    public var currency: Currency
    public var type: TransactionType
    public var name: String?
    /// The exact sum, signed as in the ledger (expenses negative).
    public var amount: Amount
    /// How many transactions (or parts) it sums.
    public var count: Int

    public init(day: Day, currency: Currency, type: TransactionType, name: String?, amount: Amount, count: Int) {
        self.day = day
        self.currency = currency
        self.type = type
        self.name = name
        self.amount = amount
        self.count = count
    }
}
