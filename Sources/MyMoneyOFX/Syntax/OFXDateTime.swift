/// An OFX date-time as written: `YYYYMMDD[HHMM[SS[.XXX]]][ [±H[.MM|.T][:NAME]] ]` (spec §3.2.8).
///
/// ``day`` is the calendar day of the first eight digits, in the file's own zone: it is never
/// shifted by converting to UTC or to the machine's zone (a purchase at 23:30 PDT stays on its
/// day). ``secondsSinceEpoch`` is the instant, for callers that want one: a missing zone means
/// GMT, as the spec says.
public struct OFXDateTime: Sendable, Hashable {
    /// The calendar day as written.
    public var day: Day
    /// Seconds after midnight as written, when a time is present.
    public var secondsOfDay: Int?
    /// Milliseconds as written (`.XXX` or `:XXX`).
    public var milliseconds: Int?
    /// The zone offset in seconds east of UTC, when a zone is written.
    public var utcOffsetSeconds: Int?
    /// The zone's name as written (`EST`, `PDT`), when there is one.
    public var zoneName: String?

    /// The instant in seconds since 1970-01-01T00:00:00Z (midnight GMT when no time is written).
    public var secondsSinceEpoch: Int64 {
        Int64(day.daysSinceEpoch) * 86_400 + Int64(secondsOfDay ?? 0) - Int64(utcOffsetSeconds ?? 0)
    }

    /// Why a text is not an OFX date-time.
    public enum ParseError: Error, Sendable, Equatable {
        case empty
        /// `00000000`: some banks' way of saying "no date".
        case zero
        case malformed(String)
    }

    /// Reads a date-time from text.
    public static func parse(_ text: String) -> Result<OFXDateTime, ParseError> {
        var copy = text
        return copy.withUTF8 { parse($0) }
    }

    /// Reads a date-time from UTF-8 bytes (the reader's fast path; no allocation unless a zone name is written).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Result<OFXDateTime, ParseError> {
        parse(bytes, zone: true)
    }

    /// Reads a date-time; with `zone` false a written zone is checked but neither its name nor its
    /// offset is kept (the statement builder needs only the day and whether a time is written).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, zone keepZone: Bool) -> Result<OFXDateTime, ParseError> {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 || bytes[start] == 0x0A || bytes[start] == 0x0D { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        guard end > start else { return .failure(.empty) }
        @inline(__always) func digit(_ k: Int) -> Int? {
            guard k < end else { return nil }
            let d = bytes[k] &- 0x30
            return d <= 9 ? Int(d) : nil
        }
        @inline(__always) func number(_ k: Int, _ n: Int) -> Int? {
            guard k + n <= end else { return nil }
            var v = 0
            for j in k..<(k + n) {
                let d = bytes[j] &- 0x30
                if d > 9 { return nil }
                v = v &* 10 &+ Int(d)
            }
            return v
        }
        var written: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 40)]), as: UTF8.self) }
        guard let year = number(start, 4), let month = number(start + 4, 2), let dayOfMonth = number(start + 6, 2) else {
            return .failure(.malformed("\"\(written)\" does not start with eight digits YYYYMMDD"))
        }
        if year == 0 && month == 0 && dayOfMonth == 0 { return .failure(.zero) }
        guard let day = Day(year: year, month: month, day: dayOfMonth) else {
            return .failure(.malformed("\"\(written)\" is not a calendar day"))
        }
        var result = OFXDateTime(day: day)
        var k = start + 8
        if let hour = number(k, 2), let minute = number(k + 2, 2) {
            k += 4
            var second = 0
            if let s = number(k, 2) { second = s; k += 2 }
            guard hour <= 24, minute <= 59, second <= 60 else {
                return .failure(.malformed("\"\(written)\" has an impossible time of day"))
            }
            result.secondsOfDay = hour * 3600 + minute * 60 + second
            if k < end, bytes[k] == 0x2E || bytes[k] == 0x3A, digit(k + 1) != nil {
                k += 1
                var ms = 0, n = 0
                while let d = digit(k) { if n < 3 { ms = ms * 10 + d }; n += 1; k += 1 }
                while n < 3 { ms *= 10; n += 1 }
                result.milliseconds = ms
            }
        }
        while k < end, bytes[k] == 0x20 { k += 1 }
        if k < end, bytes[k] == 0x5B {   // [
            guard let close = (k..<end).first(where: { bytes[$0] == 0x5D }) else {
                return .failure(.malformed("\"\(written)\" has a zone without \"]\""))
            }
            var j = k + 1
            var negative = false
            if j < close, bytes[j] == 0x2D || bytes[j] == 0x2B { negative = bytes[j] == 0x2D; j += 1 }
            var hours = 0, hourDigits = 0
            // Wrapping: a run of digits too long to be an offset is refused below, not trapped on.
            while j < close, let d = digit(j) { hours = hours &* 10 &+ d; hourDigits += 1; j += 1 }
            var fractionSeconds = 0
            if j < close, bytes[j] == 0x2E {
                j += 1
                var f = 0, n = 0
                while j < close, let d = digit(j) { f = f &* 10 &+ d; n += 1; j += 1 }
                // One digit: tenths of an hour (-5.5); two digits: minutes (-3.30).
                fractionSeconds = n == 1 ? f * 360 : (n == 2 ? f * 60 : 0)
            }
            if j < close, bytes[j] == 0x3A {
                var s = j + 1, e = close
                while s < e, bytes[s] == 0x20 { s += 1 }
                while e > s, bytes[e - 1] == 0x20 { e -= 1 }
                if keepZone, e > s, e - s <= 15 {
                    result.zoneName = String(unsafeUninitializedCapacity: e - s) { out in
                        for k in s..<e { let b = bytes[k]; out[k - s] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b }
                        return e - s
                    }
                }
                j = close
            }
            guard j == close, hourDigits <= 2, hours <= 14 else {
                return .failure(.malformed("\"\(written)\" has an unreadable zone"))
            }
            if !keepZone {
                // Checked above; not kept.
            } else if hourDigits > 0 {
                let offset = hours * 3600 + fractionSeconds
                result.utcOffsetSeconds = negative ? -offset : offset
            } else if let name = result.zoneName, let hoursEast = OFXDateTime.knownZones[name] {
                result.utcOffsetSeconds = hoursEast * 3600
            }
            k = close + 1
        }
        while k < end, bytes[k] == 0x20 { k += 1 }
        guard k == end else { return .failure(.malformed("\"\(written)\" has unexpected text after the date")) }
        return .success(result)
    }

    /// Zone names used without a number (`[-:EST]`), hours east of UTC.
    static let knownZones: [String: Int] = [
        "GMT": 0, "UTC": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6,
        "PST": -8, "PDT": -7, "AKST": -9, "AKDT": -8, "HST": -10, "CET": 1, "CEST": 2, "BST": 1, "JST": 9,
    ]

    /// The instant as ISO 8601 in UTC (`2026-10-25T06:30:00`), the form other tools report.
    public var utcText: String {
        let seconds = secondsSinceEpoch
        let days = Int32((seconds >= 0 ? seconds : seconds - 86_399) / 86_400)
        let rest = Int(seconds - Int64(days) * 86_400)
        let d = Day(daysSinceEpoch: days)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        return "\(d)T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))"
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line breaks.
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" || f == "\n" || f == "\r" || f == "\r\n" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" || l == "\n" || l == "\r" || l == "\r\n" { s.removeLast() }
        return String(s)
    }
}
