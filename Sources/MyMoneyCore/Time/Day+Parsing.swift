extension Day {
    /// Reads the day forms banks write, with the numeric order given by `order`:
    /// `2026-10-05`, `05.10.2026`, `10/05/2026`, `5/10/26`, `20261005`, `05 Oct 2026`,
    /// `Oct 5, 2026`, `05-OCT-26`, `6/ 4'18`, and any of them followed by a time (`2021-09-05 11:32:41`,
    /// `2026-10-05T12:00:00`) or a weekday (`06/01/2019  Sat`), which are ignored.
    ///
    /// A four-digit first number always means year-month-day. Month names are read in English,
    /// German, French, Spanish, Dutch and Italian. Returns nil for anything else, and for days
    /// that do not exist (`2023-02-30`).
    ///
    /// - Complexity: O(n), no allocation for numeric forms.
    public static func parse(_ text: some StringProtocol, order: DayOrder,
                             twoDigitYears: TwoDigitYearRule = .standard) -> Day? {
        var copy = String(text)
        return copy.withUTF8 { parse(utf8: $0, order: order, twoDigitYears: twoDigitYears) }
    }

    /// The byte-level form of ``parse(_:order:twoDigitYears:)`` used by readers.
    public static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, order: DayOrder,
                             twoDigitYears: TwoDigitYearRule = .standard) -> Day? {
        // `2026-10-05` (also with `/` or `.`), the most common form, read directly: a four-digit
        // first number means year-month-day under every order, as below; what follows must be a
        // time or a weekday, as below.
        if bytes.count >= 10 {
            @inline(__always) func digit(_ k: Int) -> Int? {
                let d = bytes[k] &- 0x30
                return d < 10 ? Int(d) : nil
            }
            @inline(__always) func isSeparator(_ b: UInt8) -> Bool { b == 0x2D || b == 0x2F || b == 0x2E }
            if isSeparator(bytes[4]), isSeparator(bytes[7]),
               let y0 = digit(0), let y1 = digit(1), let y2 = digit(2), let y3 = digit(3),
               let m0 = digit(5), let m1 = digit(6), let d0 = digit(8), let d1 = digit(9) {
                if bytes.count > 10 && !trailerIsTimeOrWeekday(bytes, from: 10) { return nil }
                return Day(year: y0 * 1000 + y1 * 100 + y2 * 10 + y3, month: m0 * 10 + m1, day: d0 * 10 + d1)
            }
            // `05.10.2026`, `10/05/2026`: two two-digit numbers and a four-digit year, read by `order`
            // as below (year-month-day cannot read a year last).
            if isSeparator(bytes[2]), isSeparator(bytes[5]),
               let a0 = digit(0), let a1 = digit(1), let b0 = digit(3), let b1 = digit(4),
               let y0 = digit(6), let y1 = digit(7), let y2 = digit(8), let y3 = digit(9) {
                if bytes.count > 10 && !trailerIsTimeOrWeekday(bytes, from: 10) { return nil }
                let a = a0 * 10 + a1, b = b0 * 10 + b1, year = y0 * 1000 + y1 * 100 + y2 * 10 + y3
                switch order {
                case .yearMonthDay: return nil
                case .dayMonthYear: return Day(year: year, month: b, day: a)
                case .monthDayYear: return Day(year: year, month: a, day: b)
                }
            }
        }
        var numbers: (Int, Int, Int) = (0, 0, 0)
        var widths: (Int, Int, Int) = (0, 0, 0)
        var count = 0
        var monthFromName = 0
        var monthNamePosition = -1
        var i = 0
        let n = bytes.count
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0xC0 }
        while i < n && count < 3 {
            let b = bytes[i]
            if isDigit(b) {
                var v = 0, w = 0
                while i < n, isDigit(bytes[i]) {
                    v = v &* 10 &+ Int(bytes[i] - 0x30); w += 1; i += 1
                    if w > 8 { return nil }
                }
                if i < n, bytes[i] == 0x3A { // a time (hh:mm) before three parts: not a date
                    return nil
                }
                if w == 8 && count == 0 { // YYYYMMDD
                    return Day(year: v / 10000, month: v / 100 % 100, day: v % 100)
                }
                switch count {
                case 0: numbers.0 = v; widths.0 = w
                case 1: numbers.1 = v; widths.1 = w
                default: numbers.2 = v; widths.2 = w
                }
                count += 1
            } else if isLetter(b) {
                let start = i
                while i < n, isLetter(bytes[i]) || bytes[i] & 0xC0 == 0x80 { i += 1 }
                // A trailing dot after an abbreviation (`Okt.`) is a separator.
                let word = UnsafeBufferPointer(rebasing: bytes[start..<i])
                if let month = MonthNames.month(word) {
                    if monthFromName != 0 { return nil }
                    monthFromName = month
                    monthNamePosition = count
                    switch count {
                    case 0: numbers.0 = month; widths.0 = 0
                    case 1: numbers.1 = month; widths.1 = 0
                    default: numbers.2 = month; widths.2 = 0
                    }
                    count += 1
                } else if MonthNames.isWeekday(word) || (word.count == 1 && (word[0] | 0x20) == 0x74 && count == 3) {
                    continue
                } else if count == 0 {
                    return nil
                } else {
                    break
                }
            } else if b == 0x2D || b == 0x2F || b == 0x2E || b == 0x20 || b == 0x2C || b == 0x27 || b == 0x09 {
                i += 1
            } else {
                if count == 0 { return nil }
                break
            }
        }
        guard count == 3 else { return nil }
        // Whatever follows must be a time (`12:00`, `T12:00:00`) or a weekday, introduced by a
        // separator: `2026-10-05 XYZ` or `93-10-22 12345678` is not a date.
        if i < n && !trailerIsTimeOrWeekday(bytes, from: i) { return nil }
        func fullYear(_ v: Int, _ w: Int) -> Int? {
            switch w {
            case 4: return v
            case 2, 1: return twoDigitYears.year(v)
            default: return nil
            }
        }
        if monthFromName != 0 {
            // `05 Oct 2026`, `Oct 5, 2026`, `2026 Oct 05`.
            switch monthNamePosition {
            case 1:
                if widths.0 == 4 {
                    guard widths.2 <= 2 else { return nil }
                    return Day(year: numbers.0, month: monthFromName, day: numbers.2)
                }
                guard widths.0 <= 2, let y = fullYear(numbers.2, widths.2) else { return nil }
                return Day(year: y, month: monthFromName, day: numbers.0)
            case 0:
                guard widths.1 <= 2, let y = fullYear(numbers.2, widths.2) else { return nil }
                return Day(year: y, month: monthFromName, day: numbers.1)
            default:
                return nil
            }
        }
        if widths.0 == 4 {
            guard widths.1 <= 2, widths.2 <= 2 else { return nil }
            return Day(year: numbers.0, month: numbers.1, day: numbers.2)
        }
        guard widths.0 <= 2, widths.1 <= 2 else { return nil }
        switch order {
        case .yearMonthDay:
            guard widths.2 <= 2, let y = fullYear(numbers.0, widths.0) else { return nil }
            return Day(year: y, month: numbers.1, day: numbers.2)
        case .dayMonthYear:
            guard let y = fullYear(numbers.2, widths.2) else { return nil }
            return Day(year: y, month: numbers.1, day: numbers.0)
        case .monthDayYear:
            guard let y = fullYear(numbers.2, widths.2) else { return nil }
            return Day(year: y, month: numbers.0, day: numbers.1)
        }
    }
}

/// Whether the text after a date's three parts is a time, a weekday or a lone final dot.
private func trailerIsTimeOrWeekday(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
    let n = bytes.count
    var j = start
    if bytes[j] == 0x2E && j + 1 == n { return true }              // `05.10.2026.`
    if bytes[j] == 0x54 || bytes[j] == 0x74 {                       // `T12:00`
        j += 1
    } else {
        guard bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x2C else { return false }
        while j < n, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x2C { j += 1 }
    }
    if j == n { return true }
    if bytes[j] >= 0x30 && bytes[j] <= 0x39 {
        var digits = 0
        while j < n, bytes[j] >= 0x30 && bytes[j] <= 0x39 { j += 1; digits += 1 }
        return digits <= 2 && j < n && bytes[j] == 0x3A              // hh:mm…
    }
    var end = j
    while end < n, (bytes[end] | 0x20) >= 0x61 && (bytes[end] | 0x20) <= 0x7A || bytes[end] >= 0xC0 || bytes[end] & 0xC0 == 0x80 { end += 1 }
    guard end > j else { return false }
    return MonthNames.isWeekday(UnsafeBufferPointer(rebasing: bytes[j..<end]))
}

/// Month and weekday names in English, German, French, Spanish, Dutch and Italian.
enum MonthNames {
    /// Lower-case names and their common abbreviations; the first three letters of any
    /// listed name also match.
    static let names: [(String, Int)] = {
        let table: [[String]] = [
            ["january", "jan", "januar", "jänner", "jaenner", "janvier", "janv", "enero", "ene", "januari", "gennaio", "gen"],
            ["february", "feb", "februar", "février", "fevrier", "févr", "fevr", "fév", "febrero", "februari", "febbraio"],
            ["march", "mar", "märz", "maerz", "mär", "mrz", "mars", "marzo", "maart", "mrt"],
            ["april", "apr", "avril", "avr", "abril", "abr", "aprile"],
            ["may", "mai", "mayo", "mei", "maggio", "mag"],
            ["june", "jun", "juni", "juin", "junio", "giugno", "giu"],
            ["july", "jul", "juli", "juillet", "juil", "julio", "luglio", "lug"],
            ["august", "aug", "août", "aout", "agosto", "ago", "augustus"],
            ["september", "sep", "sept", "septembre", "septiembre", "settembre", "set"],
            ["october", "oct", "oktober", "okt", "octobre", "octubre", "ottobre", "ott"],
            ["november", "nov", "novembre", "noviembre"],
            ["december", "dec", "dezember", "dez", "décembre", "decembre", "déc", "diciembre", "dic", "dicembre"],
        ]
        var result: [(String, Int)] = []
        for (index, list) in table.enumerated() { for name in list { result.append((name, index + 1)) } }
        return result
    }()

    static let weekdays: Set<String> = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday", "mo", "di", "mi", "do", "fr", "sa", "so", "montag", "dienstag",
        "mittwoch", "donnerstag", "freitag", "samstag", "sonntag", "lun", "mar", "mer", "jeu", "ven", "sam", "dim",
    ]

    static func lowercased(_ word: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: word, as: UTF8.self).lowercased()
    }

    static func month(_ word: UnsafeBufferPointer<UInt8>) -> Int? {
        let w = lowercased(word)
        for (name, month) in names where name == w { return month }
        return nil
    }

    static func isWeekday(_ word: UnsafeBufferPointer<UInt8>) -> Bool {
        weekdays.contains(lowercased(word))
    }
}
