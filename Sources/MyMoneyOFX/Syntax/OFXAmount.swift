/// Reads OFX amounts (`TRNAMT`, `BALAMT`, `TOTAL`; spec §3.2.9) into exact decimals.
///
/// Accepts what banks write: a leading `+`, padding spaces, `.` or `,` as the decimal mark
/// (when both occur the last one is the mark and the other groups digits), spaces between
/// digit groups, any number of decimals. A value with no digits at all (`.`, `null`) is a
/// placeholder some banks send for zero: it reads as zero and is reported.
enum OFXAmount {
    enum Outcome {
        case value(Amount)
        /// No digits (`.`, `null`, `-null`): read as zero, worth a warning.
        case placeholder
        case invalid(String)
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        if let fast = plain(bytes) { return .value(fast) }
        return general(bytes)
    }

    /// The common case, `-123.45` with at most 18 digits and nothing else: read directly.
    @inline(__always)
    private static func plain(_ bytes: UnsafeBufferPointer<UInt8>) -> Amount? {
        var k = 0
        let n = bytes.count
        guard n > 0, n <= 24 else { return nil }
        var negative = false
        if bytes[0] == 0x2D { negative = true; k = 1 }
        var units: Int64 = 0
        var digits = 0, scale = 0
        var point = false
        while k < n {
            let b = bytes[k]
            if b >= 0x30 && b <= 0x39 {
                units = units &* 10 &+ Int64(b &- 0x30)
                digits += 1
                if point { scale += 1 }
            } else if b == 0x2E && !point {
                point = true
            } else {
                return nil
            }
            k += 1
        }
        guard digits > 0, digits <= 18 else { return nil }
        return Amount(units: negative ? -units : units, scale: scale)
    }

    private static func general(_ bytes: UnsafeBufferPointer<UInt8>) -> Outcome {
        var start = 0, end = bytes.count
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D }
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        var shown: String { String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<min(end, start + 40)]), as: UTF8.self) }
        guard end > start else { return .invalid("the amount is empty") }
        var lastPoint = -1, lastComma = -1, digits = 0
        for k in start..<end {
            let b = bytes[k]
            if b == 0x2E { lastPoint = k } else if b == 0x2C { lastComma = k }
            else if b >= 0x30 && b <= 0x39 { digits += 1 }
        }
        if digits == 0 {
            let word = shown.lowercased().filter { $0 != "-" && $0 != "+" && $0 != " " }
            if word == "null" || word == "." || word == "," || word == "" { return .placeholder }
            return .invalid("\"\(shown)\" is not an amount")
        }
        let mark = max(lastPoint, lastComma)
        // A lone separator is the decimal mark (the spec allows no grouping); only when both kinds
        // occur does the earlier kind group digits.
        guard end - start <= 64 else { return .invalid("\"\(shown)\" is too long for an amount") }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 64) { buffer -> Outcome in
            var n = 0
            var k = start
            var seenSign = false
            while k < end {
                let b = bytes[k]
                if b == 0x2B || b == 0x2D {
                    guard !seenSign, n == 0 else { return .invalid("\"\(shown)\" has a misplaced sign") }
                    seenSign = true
                    if b == 0x2D { buffer[n] = b; n += 1 }
                } else if b >= 0x30 && b <= 0x39 {
                    buffer[n] = b; n += 1
                } else if k == mark {
                    buffer[n] = 0x2E; n += 1
                } else if b == 0x2E || b == 0x2C {
                    // A grouping mark: must sit between digits, before the decimal mark.
                    guard k > start, k + 1 < end, k < mark || mark < 0 else { return .invalid("\"\(shown)\" is not an amount") }
                } else if isSpace(b) {
                    // Spaces between the sign and the digits, or between digit groups: dropped.
                } else {
                    return .invalid("\"\(shown)\" is not an amount: unexpected \"\(Character(UnicodeScalar(b)))\"")
                }
                k += 1
            }
            guard let amount = try? Amount.parse(UnsafeBufferPointer(rebasing: buffer[0..<n]), format: .plain) else {
                return .invalid("\"\(shown)\" is not an amount (too many digits?)")
            }
            return .value(amount)
        }
    }
}
