/// Where a budget stands in the period holding a day: what was spent up to and including that
/// day, what is left, a forecast for the period's end, and whether that is on track.
public struct BudgetStatus: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case onTrack = "on_track", warning, over
    }

    public var budget: Budget
    /// The period holding ``asOf``.
    public var period: DayRange
    public var asOf: Day
    /// The budget's amount per period.
    public var limit: Amount
    /// Left over (positive) or overspent (negative) in earlier periods, with rollover; zero without.
    public var carried: Amount
    /// `limit + carried`: what this period may spend.
    public var available: Amount
    /// Expenses in the target from the period's first day through ``asOf``, in the budget's
    /// currency, positive (refunds typed expense lower it).
    public var spent: Amount
    /// `available - spent`.
    public var left: Amount
    /// What is left spread over the days from ``asOf`` (included) to the period's end; zero when nothing is left.
    public var leftPerDay: Amount
    /// What the period is expected to have spent at its end (see ``BudgetCalculator``).
    public var forecast: Amount
    /// Recurring payments the forecast expects before the period ends.
    public var expectedRecurring: [RecurringPayment]
    public var status: Status
    /// Why the status is what it is, in words.
    public var reason: String
    /// Spending in currencies without a rate: not in ``spent``, listed here.
    public var unconverted: [UnconvertedMoney]
}
