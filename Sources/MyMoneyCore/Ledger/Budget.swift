/// A spending limit for a category or a tag over a repeating period. Stored now, reported later.
public struct Budget: Sendable, Hashable, Codable {
    public enum Period: String, Sendable, Hashable, Codable, CaseIterable {
        case week, month, year
    }

    /// What the budget limits: a category (with its children) or a tag.
    public enum Target: Sendable, Hashable, Codable {
        case category(CategoryPath)
        case tag(String)
    }

    public var id: Int64?
    public var target: Target
    /// The limit per period, positive.
    public var amount: Amount
    public var currency: Currency
    public var period: Period
    /// The first day of the first period.
    public var startDay: Day

    public init(id: Int64? = nil, target: Target, amount: Amount, currency: Currency, period: Period, startDay: Day) {
        self.id = id
        self.target = target
        self.amount = amount
        self.currency = currency
        self.period = period
        self.startDay = startDay
    }
}
