/// A payment that comes back: the same payee, a similar amount, every week or every month.
public struct RecurringPayment: Sendable, Hashable {
    public enum Rhythm: String, Sendable, Hashable, CaseIterable {
        case weekly, monthly

        /// The day after `day` by one rhythm.
        public func next(after day: Day) -> Day {
            self == .weekly ? day.advanced(by: 7) : day.addingMonths(1)
        }
    }

    /// As the latest occurrence writes it.
    public var payee: String
    public var currency: Currency
    public var rhythm: Rhythm
    /// The median amount of its occurrences, signed as in the ledger (a payment is negative).
    public var typicalAmount: Amount
    public var lastSeen: Day
    /// The day after `lastSeen` by one rhythm.
    public var nextExpected: Day
    public var occurrences: Int
    /// The latest occurrence's category, tags and project (what a budget matches it by).
    public var category: CategoryPath?
    public var tags: [String]
    public var project: String?
    /// The transactions it was found in.
    public var transactionIds: [Int64]

    /// Days from `lastSeen` to `day`.
    public func daysSinceLastSeen(on day: Day) -> Int { lastSeen.distance(to: day) }
}
