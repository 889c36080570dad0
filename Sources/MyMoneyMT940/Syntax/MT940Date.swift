/// MT940 dates: `YYMMDD` (years 2000–2099 for `00`–`69`, 1970–1999 for `70`–`99`, Core's
/// two-digit-year rule) and the entry date's `MMDD`, whose year is the value date's, moved by one
/// when the two dates straddle a year end.
enum MT940Date {
    enum Read: Equatable {
        case day(Day)
        /// A day past the month's end (`160230`): the month's last day, with a warning.
        case clamped(Day, written: String)
    }

    /// The day of `YYMMDD` at the start of `bytes`; nil when it is not six digits, the month is
    /// not 1–12 or the day not 1–31.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>) -> Read? {
        guard bytes.count >= 6, let yy = number(bytes, 0), let mm = number(bytes, 2), let dd = number(bytes, 4) else { return nil }
        return make(year: TwoDigitYearRule.standard.year(yy), month: mm, day: dd, written: bytes)
    }

    /// The entry date `MMDD` at the start of `bytes`, in the year that puts it nearest `value`.
    static func readEntry(_ bytes: UnsafeBufferPointer<UInt8>, near value: Day) -> Read? {
        guard bytes.count >= 4, let mm = number(bytes, 0), let dd = number(bytes, 2) else { return nil }
        var year = value.year
        if value.month == 12 && mm == 1 { year += 1 }        // booked in January for a December value date
        else if value.month == 1 && mm == 12 { year -= 1 }   // booked in December for a January value date
        return make(year: year, month: mm, day: dd, written: bytes)
    }

    private static func make(year: Int, month: Int, day: Int, written: UnsafeBufferPointer<UInt8>) -> Read? {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        if let d = Day(year: year, month: month, day: day) { return .day(d) }
        guard let last = Day(year: year, month: month, day: Day.daysIn(month: month, year: year)) else { return nil }
        return .clamped(last, written: String(decoding: UnsafeBufferPointer(rebasing: written.prefix(6)), as: UTF8.self))
    }

    @inline(__always) private static func number(_ b: UnsafeBufferPointer<UInt8>, _ at: Int) -> Int? {
        let h = b[at] &- 0x30, l = b[at + 1] &- 0x30
        guard h < 10, l < 10 else { return nil }
        return Int(h) * 10 + Int(l)
    }
}
