/// Reads QIF amounts once the file's decimal mark is known.
enum QIFAmountText {
    /// Reads `-1234.56` and `-1,234.56` (with a comma mark: `-1234,56`, `-1.234,56`) directly;
    /// everything else (`$`, a trailing sign, spaces) goes through Core's ``Amount/parse(_:format:)``.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) throws(AmountParseError) -> Amount {
        if let fast = fastParse(bytes, decimalMark: decimalMark) { return fast }
        return try Amount.parse(bytes, format: decimalMark == 0x2C ? .comma : .point)
    }

    /// ``fastParse(_:decimalMark:)`` of a string's UTF-8 (split percentages).
    static func fastParse(_ text: String, decimalMark: UInt8) -> Amount? {
        var copy = text
        return copy.withUTF8 { fastParse($0, decimalMark: decimalMark) }
    }

    /// A sign, digits grouped by threes with the other mark or `'`, the decimal mark and
    /// decimals, at most 18 digits in all; nil for anything else (the caller then takes the careful path).
    @inline(__always)
    static func fastParse(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark: UInt8) -> Amount? {
        let n = bytes.count
        let groupMark: UInt8 = decimalMark == 0x2C ? 0x2E : 0x2C
        var i = 0
        var negative = false
        if n > 0 {
            if bytes[0] == 0x2D { negative = true; i = 1 } else if bytes[0] == 0x2B { i = 1 }
        }
        // At most 18 digits in all, so the units cannot overflow.
        var units: Int64 = 0
        var digits = 0
        var groupDigits = 0
        var grouped = false
        while i < n {
            let d = bytes[i] &- 0x30
            if d <= 9 {
                units = units &* 10 &+ Int64(d)
                groupDigits &+= 1
                i &+= 1
                continue
            }
            let b = bytes[i]
            guard b == groupMark || b == 0x27 else { break }
            // The first group has 1-3 digits, every later one exactly 3.
            if grouped ? groupDigits != 3 : (groupDigits < 1 || groupDigits > 3) { return nil }
            grouped = true
            digits &+= groupDigits
            groupDigits = 0
            i &+= 1
        }
        if grouped && groupDigits != 3 { return nil }
        digits &+= groupDigits
        var scale = 0
        if i < n {
            guard bytes[i] == decimalMark else { return nil }
            i &+= 1
            let start = i
            while i < n {
                let d = bytes[i] &- 0x30
                guard d <= 9 else { return nil }
                units = units &* 10 &+ Int64(d)
                i &+= 1
            }
            scale = i &- start
            digits &+= scale
        }
        guard digits > 0, digits <= 18 else { return nil }
        return Amount(units: negative ? -units : units, scale: scale)
    }
}
