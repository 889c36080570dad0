/// A `D` value as written, taken apart but not yet given a day/month order.
///
/// Forms: `12/19/18`, `1/ 1'00` (space padding, `'` before the year), `2/14'2020`,
/// `22/12/2017`, `31.12.2020`, `31-12-2020`, `2022-09-08`, `20240102`, `26 Jan 2026`.
/// A year after `'` with two digits is in the 2000s (Quicken's convention); other two-digit years
/// follow ``TwoDigitYearRule/standard``; `19100`-style years (a Y2K printing bug) are 1900 + (n − 19000).
struct QIFDateText: Equatable {
    /// A day that reads the same under every order (a four-digit year first, a month name).
    let fixed: Day?
    /// The numbers of a date whose day/month order the file must decide: the first two, and the
    /// full year of the third.
    let first: Int
    let second: Int
    let year: Int
    /// The third number as written, when the date might also be year/month/day (`18/12/19`):
    /// two digits and no `'` before it; else -1.
    let ymdDay: Int

    /// Bit per order: ymd 1, dmy 2, mdy 4.
    static func bit(_ order: DayOrder) -> UInt8 {
        switch order {
        case .yearMonthDay: return 1
        case .dayMonthYear: return 2
        case .monthDayYear: return 4
        }
    }

    static let allOrders: UInt8 = 7

    private init(fixed: Day) {
        self.fixed = fixed; first = 0; second = 0; year = 0; ymdDay = -1
    }

    private init(first: Int, second: Int, year: Int, ymdDay: Int) {
        self.fixed = nil; self.first = first; self.second = second; self.year = year; self.ymdDay = ymdDay
    }

    /// Takes a date apart; nil when it is no date in any order.
    ///
    /// - Complexity: O(n), no allocation for numeric forms.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDateText? {
        let n = bytes.count
        var i = 0
        @inline(__always) func skipBlanks(_ i: inout Int) {
            while i < n && (bytes[i] == 0x20 || bytes[i] == 0x09) { i &+= 1 }
        }
        /// Digits at `i`: value and width (width 0: none; more than 8 digits: width 9).
        @inline(__always) func number(_ i: inout Int) -> (value: Int, width: Int) {
            var v = 0, w = 0
            while i < n {
                let d = bytes[i] &- 0x30
                guard d <= 9 else { break }
                v = v &* 10 &+ Int(d)
                w &+= 1
                i &+= 1
                if w > 8 { return (v, 9) }
            }
            return (v, w)
        }
        @inline(__always) func isSeparator(_ b: UInt8) -> Bool { b == 0x2F || b == 0x2D || b == 0x2E || b == 0x27 }
        @inline(__always) func isLetter(_ b: UInt8) -> Bool { b | 0x20 >= 0x61 && b | 0x20 <= 0x7A }

        skipBlanks(&i)
        let a = number(&i)
        if a.width == 0 || a.width > 8 {
            if a.width == 0, i < n, isLetter(bytes[i]) { return named(bytes) }
            return nil
        }
        skipBlanks(&i)
        var values = (a.value, 0, 0)
        var widths = (a.width, 0, 0)
        var apostrophe = false
        if i < n {
            guard isSeparator(bytes[i]) else { return isLetter(bytes[i]) ? named(bytes) : nil }
            i &+= 1
            skipBlanks(&i)
            let b = number(&i)
            guard b.width > 0 && b.width <= 8 else { return i < n && isLetter(bytes[i]) ? named(bytes) : nil }
            skipBlanks(&i)
            guard i < n else { return nil }
            guard isSeparator(bytes[i]) else { return isLetter(bytes[i]) ? named(bytes) : nil }
            apostrophe = bytes[i] == 0x27
            i &+= 1
            skipBlanks(&i)
            let c = number(&i)
            guard c.width > 0 && c.width <= 8 else { return i < n && isLetter(bytes[i]) ? named(bytes) : nil }
            skipBlanks(&i)
            if i < n { return isLetter(bytes[i]) ? named(bytes) : nil }
            values = (a.value, b.value, c.value)
            widths = (a.width, b.width, c.width)
        }
        if widths.0 == 8 && widths.1 == 0 {
            let v = values.0
            if let day = Day(year: v / 10000, month: v / 100 % 100, day: v % 100), (1900...2199).contains(day.year) {
                return QIFDateText(fixed: day)
            }
            // DDMMYYYY or MMDDYYYY.
            return QIFDateText(first: v / 1_000_000, second: v / 10000 % 100, year: v % 10000, ymdDay: -1)
        }
        guard widths.2 > 0 else { return nil }
        if widths.0 == 4 {
            guard widths.1 <= 2, widths.2 <= 2, let day = Day(year: values.0, month: values.1, day: values.2) else { return nil }
            return QIFDateText(fixed: day)
        }
        guard widths.0 <= 2, widths.1 <= 2, let year = fullYear(values.2, width: widths.2, apostrophe: apostrophe) else {
            return nil
        }
        return QIFDateText(first: values.0, second: values.1, year: year,
                           ymdDay: widths.2 <= 2 && !apostrophe ? values.2 : -1)
    }

    /// A date with a month name, read by Core.
    private static func named(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDateText? {
        Day.parse(utf8: bytes, order: .dayMonthYear).map { QIFDateText(fixed: $0) }
    }

    /// The year as written after the second separator.
    static func fullYear(_ v: Int, width: Int, apostrophe: Bool) -> Int? {
        switch width {
        case 4: return v
        case 1, 2: return apostrophe ? 2000 + v : TwoDigitYearRule.standard.year(v)
        case 3: return 1900 + v
        case 5 where (19000...19999).contains(v): return 1900 + (v - 19000)
        default: return nil
        }
    }

    /// The day under `order`, or nil when the text is no valid day in that order.
    func day(_ order: DayOrder) -> Day? {
        if let fixed { return fixed }
        switch order {
        case .dayMonthYear: return Day(year: year, month: second, day: first)
        case .monthDayYear: return Day(year: year, month: first, day: second)
        case .yearMonthDay:
            guard ymdDay >= 0 else { return nil }
            return Day(year: TwoDigitYearRule.standard.year(first), month: second, day: ymdDay)
        }
    }

    /// Whether the day/month order matters for this text.
    var isNumeric: Bool { fixed == nil }

    /// The orders under which the text is a valid day (bits as in ``bit(_:)``).
    ///
    /// A two-digit first number is never guessed to be a year (`02/02/26` would otherwise make
    /// most US files ambiguous); y/m/d applies to such dates only when the caller asks for it.
    var validOrders: UInt8 {
        if fixed != nil { return QIFDateText.allOrders }
        var mask: UInt8 = 0
        for order in [DayOrder.dayMonthYear, .monthDayYear] where day(order) != nil { mask |= QIFDateText.bit(order) }
        return mask
    }

    /// Bits for pairs of valid orders that give different days: ymd/dmy 1, ymd/mdy 2, dmy/mdy 4.
    var conflictingPairs: UInt8 {
        guard fixed == nil else { return 0 }
        let d = day(.dayMonthYear), m = day(.monthDayYear)
        if let d, let m, d != m { return 4 }
        return 0
    }
}
