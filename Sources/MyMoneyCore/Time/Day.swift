/// A calendar day, without time or zone: the day a bank says a transaction was posted.
///
/// Stored as the number of days since 1970-01-01, so comparing, hashing and adding days are
/// integer operations. Never built from a `Date`: a zone would shift it.
public struct Day: Sendable, Hashable, Comparable, Strideable {
    /// Days since 1970-01-01 (negative before).
    public let daysSinceEpoch: Int32

    public init(daysSinceEpoch: Int32) { self.daysSinceEpoch = daysSinceEpoch }

    /// The day, or nil when it does not exist (Feb 30, month 13, year 0).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              day >= 1, day <= Day.daysIn(month: month, year: year) else { return nil }
        self.daysSinceEpoch = Int32(Day.daysFromCivil(year: year, month: month, day: day))
    }

    public static func < (lhs: Day, rhs: Day) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }
    public func distance(to other: Day) -> Int { Int(other.daysSinceEpoch) - Int(daysSinceEpoch) }
    public func advanced(by n: Int) -> Day { Day(daysSinceEpoch: daysSinceEpoch + Int32(n)) }

    public static func isLeap(_ year: Int) -> Bool { (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (era-based civil calendar arithmetic).
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// (year, month, day) of this day.
    public var components: (year: Int, month: Int, day: Int) {
        let z = Int(daysSinceEpoch) + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let d = dayOfYear - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var day: Int { components.day }

    /// ISO weekday: 1 Monday … 7 Sunday.
    public var weekday: Int {
        let w = (Int(daysSinceEpoch) + 3) % 7 // 1970-01-01 was a Thursday (3 with Monday = 0)
        return (w < 0 ? w + 7 : w) + 1
    }

    /// The first day of this day's month.
    public var startOfMonth: Day { Day(year: year, month: month, day: 1)! }

    /// The same day of month `n` months later, clamped to the month's end (Jan 31 + 1 month = Feb 28).
    public func addingMonths(_ n: Int) -> Day {
        let c = components
        let total = c.year * 12 + (c.month - 1) + n
        let y = total / 12, m = total % 12 + 1
        return Day(year: y, month: m, day: min(c.day, Day.daysIn(month: m, year: y))) ?? self
    }
}

extension Day: CustomStringConvertible, Codable {
    /// `YYYY-MM-DD`.
    public var description: String {
        let c = components
        func pad(_ v: Int, _ n: Int) -> String {
            let s = String(v)
            return s.count >= n ? s : String(repeating: "0", count: n - s.count) + s
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }

    /// Reads `YYYY-MM-DD` strictly.
    public init?(iso text: some StringProtocol) {
        let u = Array(text.utf8)
        guard u.count == 10, u[4] == 0x2D, u[7] == 0x2D else { return nil }
        func num(_ r: Range<Int>) -> Int? {
            var v = 0
            for i in r { guard u[i] >= 0x30 && u[i] <= 0x39 else { return nil }; v = v * 10 + Int(u[i] - 0x30) }
            return v
        }
        guard let y = num(0..<4), let m = num(5..<7), let d = num(8..<10) else { return nil }
        self.init(year: y, month: m, day: d)
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let day = Day(iso: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not a YYYY-MM-DD day: \(text)"))
        }
        self = day
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// An inclusive range of days, as a statement period or a report filter.
public struct DayRange: Sendable, Hashable, Codable {
    public var start: Day
    public var end: Day
    public init(start: Day, end: Day) { self.start = start; self.end = end }
    public func contains(_ day: Day) -> Bool { start <= day && day <= end }
}
