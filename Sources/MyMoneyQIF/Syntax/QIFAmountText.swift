/// Reads QIF amounts once the file's decimal mark is known.
enum QIFAmountText {
    /// Reads `-1234.56` and `-1,234.56` (with a comma mark: `-1234,56`, `-1.234,56`) directly;
    /// everything else (`$`, a trailing sign, spaces) goes through Core's ``Amount/parse(_:format:)``.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) throws(AmountParseError) -> Amount {
        if let fast = fastParse(bytes, decimalMark: decimalMark) { return fast }
        return try Amount.parse(bytes, format: decimalMark == 0x2C ? .comma : .point)
    }

    /// A sign, digits grouped by threes with the other mark or `'`, the decimal mark and
    /// decimals; nil for anything else (the caller then takes the careful path).
    @inline(__always)
    static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> Amount? {
        let n = bytes.count
        let groupMark: UInt8 = decimalMark == 0x2C ? 0x2E : 0x2C
        var i = 0
        var negative = false
        if n > 0 {
            if bytes[0] == 0x2D { negative = true; i = 1 } else if bytes[0] == 0x2B { i = 1 }
        }
        var units: Int64 = 0
        var digits = 0, significant = 0, scale = 0
        var seenMark = false
        var grouped = false
        var groupDigits = 0
        while i < n {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                if significant > 0 || b != 0x30 { significant += 1 }
                if significant > 18 { return nil }
                units = units &* 10 &+ Int64(b &- 0x30)
                digits += 1
                groupDigits += 1
                if seenMark { scale += 1 }
            } else if b == decimalMark && !seenMark {
                if grouped && groupDigits != 3 { return nil }
                seenMark = true
            } else if (b == groupMark || b == 0x27) && !seenMark {
                // The first group has 1-3 digits, every later one exactly 3.
                if grouped ? groupDigits != 3 : (groupDigits < 1 || groupDigits > 3) { return nil }
                grouped = true
                groupDigits = 0
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, scale <= Amount.maximumScale else { return nil }
        if grouped && !seenMark && groupDigits != 3 { return nil }
        return Amount(units: negative ? -units : units, scale: scale)
    }
}
