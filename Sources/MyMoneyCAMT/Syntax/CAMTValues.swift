/// Reading the values of camt leaves from their UTF-8 text.
///
/// The XSD types are narrow (`ActiveOrHistoricCurrencyAndAmount`: digits with `.`, at most five
/// decimals, never negative; `ISODate`: `YYYY-MM-DD`; `ISODateTime`), so each reader accepts
/// exactly that, after trimming the white space pretty-printed files put around values.
enum CAMTValues {
    @inline(__always) static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// `bytes` without leading and trailing white space.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        var start = 0, end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(rebasing: bytes[start..<end])
    }

    /// A non-negative decimal with `.` (`1234.5`, `80`, `18.150`); nil for anything else: a sign,
    /// a comma, letters, more than 18 digits.
    static func amount(_ bytes: UnsafeBufferPointer<UInt8>) -> Amount? {
        let t = trimmed(bytes)
        guard let first = t.first, first &- 0x30 < 10 else { return nil }
        return Amount.parsePlain(t, decimalMark: 0x2E)
    }

    /// The calendar day of an `ISODate` or `ISODateTime` as written: `2024-03-31`,
    /// `2017-04-01+02:00` (a zone on a date), `2014-01-03T22:01:36.0+01:00` (the day before the
    /// `T`, never shifted by the zone). Nil when the text is not of that form or the day does not exist.
    static func day(_ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        let t = trimmed(bytes)
        guard t.count >= 10, t[4] == 0x2D, t[7] == 0x2D else { return nil }
        if t.count > 10 {
            let next = t[10]
            guard next == 0x54 || next == 0x2B || next == 0x2D || next == 0x5A else { return nil } // T + - Z
        }
        var values = (0, 0, 0)
        for (k, range) in [(0, 0..<4), (1, 5..<7), (2, 8..<10)] {
            var v = 0
            for i in range {
                let d = t[i] &- 0x30
                guard d < 10 else { return nil }
                v = v * 10 + Int(d)
            }
            switch k { case 0: values.0 = v; case 1: values.1 = v; default: values.2 = v }
        }
        return Day(year: values.0, month: values.1, day: values.2)
    }

    /// `true`/`1` or `false`/`0` (`xs:boolean`); nil otherwise.
    static func boolean(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        let t = trimmed(bytes)
        if t.count == 1 { return t[0] == 0x31 ? true : (t[0] == 0x30 ? false : nil) }
        if t.elementsEqual("true".utf8) { return true }
        if t.elementsEqual("false".utf8) { return false }
        return nil
    }

    /// The text with white space trimmed and each run of white space that holds a line break or
    /// tab (a pretty-printer's wrapping) folded to one space; nil when nothing is left.
    static func text(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let t = trimmed(bytes)
        guard !t.isEmpty else { return nil }
        var wrapped = false
        for b in t where b == 0x0A || b == 0x0D || b == 0x09 { wrapped = true; break }
        guard wrapped else { return String(decoding: t, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(t.count)
        var i = 0
        while i < t.count {
            let b = t[i]
            if isSpace(b) {
                var j = i, breaks = false
                while j < t.count, isSpace(t[j]) { if t[j] != 0x20 { breaks = true }; j += 1 }
                if breaks { out.append(0x20) } else { out.append(contentsOf: UnsafeBufferPointer(rebasing: t[i..<j])) }
                i = j
            } else {
                out.append(b)
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `YYYY-MM-DD` (what `Day.description` writes, without its padding work).
    static func isoText(_ day: Day) -> String {
        let c = day.components
        guard (1...9999).contains(c.year) else { return day.description }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { b in
            b[0] = UInt8(0x30 + c.year / 1000); b[1] = UInt8(0x30 + c.year / 100 % 10)
            b[2] = UInt8(0x30 + c.year / 10 % 10); b[3] = UInt8(0x30 + c.year % 10); b[4] = 0x2D
            b[5] = UInt8(0x30 + c.month / 10); b[6] = UInt8(0x30 + c.month % 10); b[7] = 0x2D
            b[8] = UInt8(0x30 + c.day / 10); b[9] = UInt8(0x30 + c.day % 10)
            return String(decoding: b, as: UTF8.self)
        }
    }

    /// A reference, with the placeholders banks write for "none" (`NONREF`, `NOTPROVIDED`) read as nil.
    static func reference(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let s = text(bytes) else { return nil }
        return isPlaceholder(s) ? nil : s
    }

    static func isPlaceholder(_ s: String) -> Bool {
        s == "NONREF" || s == "NOTPROVIDED" || s == "NOT PROVIDED"
    }
}
