/// How a report groups days: by day, ISO week (starting Monday), month or year.
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

    /// The period holding `day`.
    public func period(holding day: Day) -> DayRange {
        let start = start(of: day)
        return DayRange(start: start, end: next(after: start).advanced(by: -1))
    }

    /// The first day of the period after the one starting at `start`.
    public func next(after start: Day) -> Day {
        switch self {
        case .day: return start.advanced(by: 1)
        case .week: return start.advanced(by: 7)
        case .month: return start.addingMonths(1)
        case .year: return start.addingMonths(12)
        }
    }

    /// The period `n` periods after (negative: before) the one holding `day`.
    public func period(_ n: Int, from day: Day) -> DayRange {
        let start = start(of: day)
        let shifted: Day
        switch self {
        case .day: shifted = start.advanced(by: n)
        case .week: shifted = start.advanced(by: 7 * n)
        case .month: shifted = start.addingMonths(n)
        case .year: shifted = start.addingMonths(12 * n)
        }
        return period(holding: shifted)
    }

    /// Every period overlapping `range`, oldest first (the first and last may reach beyond it).
    public func periods(covering range: DayRange) -> [DayRange] {
        var result: [DayRange] = []
        var start = start(of: range.start)
        while start <= range.end {
            let next = next(after: start)
            result.append(DayRange(start: start, end: next.advanced(by: -1)))
            guard next > start else { break }   // the calendar ends in 9999
            start = next
        }
        return result
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
