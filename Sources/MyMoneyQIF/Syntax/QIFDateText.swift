/// A `D` value as written, taken apart but not yet given a day/month order.
///
/// Forms: `12/19/18`, `1/ 1'00` (space padding, `'` before the year), `2/14'2020`,
/// `22/12/2017`, `31.12.2020`, `31-12-2020`, `2022-09-08`, `20240102`, `26 Jan 2026`.
/// A year after `'` with two digits is in the 2000s (Quicken's convention); other two-digit years
/// follow ``TwoDigitYearRule/standard``; `19100`-style years (a Y2K printing bug) are 1900 + (n − 19000).
struct QIFDateText: Equatable {
    enum Form: Equatable {
        /// Three numbers whose day/month order the file must decide.
        case numeric(first: Int, second: Int, year: Int)
        /// A day that reads the same under every order (a four-digit year first, a month name).
        case fixed(Day)
    }

    let form: Form

    /// Bit per order: ymd 1, dmy 2, mdy 4.
    static func bit(_ order: DayOrder) -> UInt8 {
        switch order {
        case .yearMonthDay: return 1
        case .dayMonthYear: return 2
        case .monthDayYear: return 4
        }
    }

    static let allOrders: UInt8 = 7

    /// Takes a date apart; nil when it is no date in any order.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> QIFDateText? {
        var numbers = (0, 0, 0)
        var widths = (0, 0, 0)
        var count = 0
        var apostropheBeforeYear = false
        var i = 0
        let n = bytes.count
        var expectNumber = true
        while i < n {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 { i += 1; continue }
            if b >= 0x30 && b <= 0x39 {
                guard expectNumber, count < 3 else { return nil }
                var v = 0, w = 0
                // Space padding inside a number (`1/ 1'00`) is read as padding, not a separator.
                while i < n, bytes[i] >= 0x30 && bytes[i] <= 0x39 {
                    v = v &* 10 &+ Int(bytes[i] &- 0x30); w += 1; i += 1
                    if w > 8 { return nil }
                }
                switch count {
                case 0: numbers.0 = v; widths.0 = w
                case 1: numbers.1 = v; widths.1 = w
                default: numbers.2 = v; widths.2 = w
                }
                count += 1
                expectNumber = false
                continue
            }
            if b == 0x2F || b == 0x2D || b == 0x2E || b == 0x27 {
                guard !expectNumber, count < 3 else { return nil }
                if count == 2 && b == 0x27 { apostropheBeforeYear = true }
                expectNumber = true
                i += 1
                continue
            }
            // Letters: a month name (`26 Jan 2026`); Core reads those.
            if (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A {
                return Day.parse(utf8: bytes, order: .dayMonthYear).map { QIFDateText(form: .fixed($0)) }
            }
            return nil
        }
        if count == 1 && widths.0 == 8 {
            let v = numbers.0
            if let day = Day(year: v / 10000, month: v / 100 % 100, day: v % 100), (1900...2199).contains(day.year) {
                return QIFDateText(form: .fixed(day))
            }
            // DDMMYYYY or MMDDYYYY.
            return QIFDateText(form: .numeric(first: v / 1_000_000, second: v / 10000 % 100, year: v % 10000))
        }
        guard count == 3, !expectNumber else { return nil }
        if widths.0 == 4 {
            guard widths.1 <= 2, widths.2 <= 2, let day = Day(year: numbers.0, month: numbers.1, day: numbers.2) else { return nil }
            return QIFDateText(form: .fixed(day))
        }
        guard widths.0 <= 2, widths.1 <= 2, let year = fullYear(numbers.2, width: widths.2, apostrophe: apostropheBeforeYear) else {
            return nil
        }
        // A two-digit first number may also be a year (`18/12/19` as y/m/d) when no apostrophe says otherwise.
        let text = QIFDateText(form: .numeric(first: numbers.0, second: numbers.1, year: year))
        if widths.2 <= 2 && !apostropheBeforeYear, let ymd = Day(year: TwoDigitYearRule.standard.year(numbers.0), month: numbers.1, day: numbers.2) {
            return QIFDateText(ymdAlternative: ymd, numeric: text)
        }
        return text
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

    /// Set when a two-digit-year numeric date also reads as y/m/d.
    private(set) var ymdAlternative: Day?

    init(form: Form) { self.form = form; self.ymdAlternative = nil }
    private init(ymdAlternative: Day, numeric: QIFDateText) {
        self.form = numeric.form
        self.ymdAlternative = ymdAlternative
    }

    /// The day under `order`, or nil when the text is no valid day in that order.
    func day(_ order: DayOrder) -> Day? {
        switch form {
        case .fixed(let day): return day
        case .numeric(let first, let second, let year):
            switch order {
            case .dayMonthYear: return Day(year: year, month: second, day: first)
            case .monthDayYear: return Day(year: year, month: first, day: second)
            case .yearMonthDay: return ymdAlternative
            }
        }
    }

    /// The orders under which the text is a valid day (bits as in ``bit(_:)``).
    ///
    /// A two-digit first number is never guessed to be a year (`02/02/26` would otherwise make
    /// most US files ambiguous); y/m/d applies to such dates only when the caller asks for it.
    var validOrders: UInt8 {
        if case .fixed = form { return QIFDateText.allOrders }
        var mask: UInt8 = 0
        for order in [DayOrder.dayMonthYear, .monthDayYear] where day(order) != nil { mask |= QIFDateText.bit(order) }
        return mask
    }

    /// Bits for pairs of valid orders that give different days: ymd/dmy 1, ymd/mdy 2, dmy/mdy 4.
    var conflictingPairs: UInt8 {
        guard case .numeric = form else { return 0 }
        let d = day(.dayMonthYear), m = day(.monthDayYear)
        if let d, let m, d != m { return 4 }
        return 0
    }
}
