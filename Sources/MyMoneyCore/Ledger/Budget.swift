/// A spending limit for a category (with its children), a tag or a project over a repeating period.
///
/// Periods start on ``startDay`` and repeat: a week is 7 days, a month runs to the day before the
/// same day of the next month (a start on the 31st ends on the 30th or the last of February), a
/// quarter is 3 months, a year 12, a custom span ``customDays`` days. ``amount`` is the limit of
/// each period in ``currency``; with ``rollover`` what is left (or overspent) in one period is
/// added to (or taken from) the next.
public struct Budget: Sendable, Hashable, Codable {
    public enum Period: String, Sendable, Hashable, Codable, CaseIterable {
        case week, month, quarter, year
        /// A span of ``Budget/customDays`` days.
        case custom
    }

    /// What the budget limits: a category (with its children), a tag or a project.
    public enum Target: Sendable, Hashable, Codable {
        case category(CategoryPath)
        case tag(String)
        case project(String)

        /// `category`, `tag` or `project`.
        public var kind: String {
            switch self {
            case .category: return "category"
            case .tag: return "tag"
            case .project: return "project"
            }
        }

        /// The category path, tag title or project title.
        public var name: String {
            switch self {
            case .category(let path): return path.description
            case .tag(let title), .project(let title): return title
            }
        }
    }

    public var id: Int64?
    /// The user's name for it; nil shows the target's name.
    public var name: String?
    public var target: Target
    /// The limit per period, positive.
    public var amount: Amount
    public var currency: Currency
    public var period: Period
    /// The first day of the first period.
    public var startDay: Day
    /// The length of a custom period in days (1 or more); nil for the other periods.
    public var customDays: Int?
    /// What is left or overspent at a period's end carries into the next period.
    public var rollover: Bool

    public init(id: Int64? = nil, name: String? = nil, target: Target, amount: Amount, currency: Currency, period: Period,
                startDay: Day, customDays: Int? = nil, rollover: Bool = false) {
        self.id = id
        self.name = name
        self.target = target
        self.amount = amount
        self.currency = currency
        self.period = period
        self.startDay = startDay
        self.customDays = customDays
        self.rollover = rollover
    }

    /// The name shown for it: the user's, else the target's (`Food`, `#coffee`, `Lisbon trip`).
    public var displayName: String {
        if let name { return name }
        switch target {
        case .category(let path): return path.description
        case .tag(let title): return "#" + title
        case .project(let title): return title
        }
    }
}
