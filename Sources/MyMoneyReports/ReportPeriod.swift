/// How an analysis groups days: by day, ISO week (starting Monday), month or year.
public enum ReportGrouping: String, Sendable, CaseIterable {
    case day, week, month, year

    /// The first day of the period holding `day`.
    public func start(of day: Day) -> Day {
        switch self {
        case .day: return day
        case .week: return day.advanced(by: -(day.weekday - 1))
        case .month: return day.startOfMonth
        case .year: return Day(year: day.year, month: 1, day: 1) ?? day
        }
    }

    /// A short label for the period starting at `start`: `2026-10-05`, `2026-W41`, `2026-10`, `2026`.
    public func label(_ start: Day) -> String {
        switch self {
        case .day: return start.description
        case .week:
            // ISO week: the week holding the Thursday of this week decides the year.
            let thursday = start.advanced(by: 3)
            let firstOfYear = Day(year: thursday.year, month: 1, day: 1) ?? thursday
            let week = firstOfYear.distance(to: thursday) / 7 + 1
            return "\(thursday.year)-W\(week < 10 ? "0" : "")\(week)"
        case .month: return String(start.description.prefix(7))
        case .year: return String(start.year)
        }
    }
}
