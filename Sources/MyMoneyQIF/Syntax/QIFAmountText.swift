/// Reads QIF amounts once the file's decimal mark is known.
enum QIFAmountText {
    /// Reads `-1234.56` (or `-1234,56` with a comma mark) directly; everything else (grouping,
    /// `$`, a trailing sign) goes through Core's ``Amount/parse(_:format:)``.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) throws(AmountParseError) -> Amount {
        if let fast = fastParse(bytes, decimalMark: decimalMark) { return fast }
        return try Amount.parse(bytes, format: decimalMark == 0x2C ? .comma : .point)
    }

    /// The plain form only, or nil.
    @inline(__always)
    static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> Amount? {
        let n = bytes.count
        var i = 0
        var negative = false
        if n > 0 {
            if bytes[0] == 0x2D { negative = true; i = 1 } else if bytes[0] == 0x2B { i = 1 }
        }
        var units: Int64 = 0
        var digits = 0, significant = 0, scale = 0
        var seenMark = false
        while i < n {
            let b = bytes[i]
            if b >= 0x30 && b <= 0x39 {
                if significant > 0 || b != 0x30 { significant += 1 }
                if significant > 18 { return nil }
                units = units &* 10 &+ Int64(b &- 0x30)
                digits += 1
                if seenMark { scale += 1 }
            } else if b == decimalMark && !seenMark {
                seenMark = true
            } else {
                return nil
            }
            i += 1
        }
        guard digits > 0, scale <= Amount.maximumScale else { return nil }
        return Amount(units: negative ? -units : units, scale: scale)
    }
}
