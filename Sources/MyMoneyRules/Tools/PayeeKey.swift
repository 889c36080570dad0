/// Groups payee spellings that name the same merchant: `WHOLE FOODS MARKET #10234` and
/// `WHOLE FOODS MARKET #998` share the key `WHOLE FOODS MARKET`.
///
/// ASCII payees (nearly every bank line) take a byte loop (``ofASCII(_:)``); anything else goes
/// through ``ofPlainly(_:)``, its plain twin over characters, which gives the same answer for
/// ASCII too (`PayeeKeyDifferentialTests`).
public enum PayeeKey {
    /// The leading words of `payee` up to the first word with a digit, `#` or `*` (store numbers,
    /// card suffixes, order references), uppercased; and those words exactly as written, usable
    /// as a `payee contains` pattern. Nil when nothing is left.
    ///
    /// - Complexity: O(payee length); one pass over the bytes for ASCII payees.
    public static func of(_ payee: String) -> (key: String, pattern: String)? {
        if case .found(let answer)? = ofASCII(payee) { return answer }
        return ofPlainly(payee)
    }

    /// The same answer as ``ofPlainly(_:)`` for an ASCII payee, read byte by byte; nil when the
    /// payee is not ASCII (the caller asks the plain twin), `.found(nil)` when it has no key.
    ///
    /// In ASCII, Unicode white space is tab, line feed, vertical tab, form feed, carriage return
    /// and space, and the only numbers are the digits; a carriage return and line feed are one
    /// `Character` to the twin, but both are white space, so words split the same way.
    static func ofASCII(_ payee: String) -> ASCIIAnswer? {
        var copy = payee
        return copy.withUTF8 { bytes -> ASCIIAnswer? in
            var high: UInt8 = 0
            for b in bytes { high |= b }
            guard high < 0x80 else { return nil }
            func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (b >= 0x09 && b <= 0x0D) }
            func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
            let n = bytes.count
            var end = 0
            var i = 0
            var kept = 0
            words: while i < n {
                while i < n && isSpace(bytes[i]) { i += 1 }
                guard i < n else { break }
                var j = i
                var digit = false
                while j < n && !isSpace(bytes[j]) {
                    let b = bytes[j]
                    if b == UInt8(ascii: "*") || b == UInt8(ascii: "#") {
                        if j > i && !digit { end = j; kept += 1 }
                        break words
                    }
                    if isDigit(b) { digit = true }
                    j += 1
                }
                if digit { break }
                end = j
                kept += 1
                i = j
            }
            guard kept > 0 else { return .found(nil) }
            var start = 0
            while start < end && isSpace(bytes[start]) { start += 1 }
            while end > start {
                let b = bytes[end - 1]
                guard b == UInt8(ascii: "-") || b == UInt8(ascii: ",") || b == UInt8(ascii: ":") || b == UInt8(ascii: "/") || isSpace(b)
                else { break }
                end -= 1
            }
            guard end > start else { return .found(nil) }
            let pattern = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
            var key: [UInt8] = []
            key.reserveCapacity(end - start)
            var k = start
            while k < end {
                while k < end && isSpace(bytes[k]) { k += 1 }
                guard k < end else { break }
                if !key.isEmpty { key.append(0x20) }
                while k < end && !isSpace(bytes[k]) {
                    let b = bytes[k]
                    key.append(b &- 0x61 < 26 ? b & ~0x20 : b)
                    k += 1
                }
            }
            return .found((String(decoding: key, as: UTF8.self), pattern))
        }
    }

    /// What ``ofASCII(_:)`` found for an ASCII payee.
    enum ASCIIAnswer {
        case found((key: String, pattern: String)?)
    }

    /// The plain twin: the rule of ``of(_:)`` over characters, for any payee.
    static func ofPlainly(_ payee: String) -> (key: String, pattern: String)? {
        let chars = Array(payee)
        var end = 0          // end of the last kept word, in characters
        var i = 0
        var kept = 0
        while i < chars.count {
            while i < chars.count && chars[i].isWhitespace { i += 1 }
            guard i < chars.count else { break }
            var j = i
            while j < chars.count && !chars[j].isWhitespace { j += 1 }
            let word = chars[i..<j]
            if let star = word.firstIndex(where: { $0 == "*" || $0 == "#" }) {
                let head = chars[i..<star]
                if !head.isEmpty && !head.contains(where: { $0.isNumber }) { end = star; kept += 1 }
                break
            }
            if word.contains(where: { $0.isNumber }) { break }
            end = j
            kept += 1
            i = j
        }
        guard kept > 0 else { return nil }
        var pattern = String(chars[0..<end]).drop(while: { $0.isWhitespace }).description
        while let last = pattern.last, last == "-" || last == "," || last == ":" || last == "/" || last.isWhitespace {
            pattern.removeLast()
        }
        guard !pattern.isEmpty else { return nil }
        let key = pattern.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ").uppercased()
        return (key, pattern)
    }
}
