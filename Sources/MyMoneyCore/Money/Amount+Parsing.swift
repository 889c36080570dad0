extension Amount {
    /// Reads an amount as written in `format`; see ``AmountFormat``.
    ///
    /// Accepts a leading or trailing `-` or `+`, parentheses for negatives, `CR`/`DR` suffixes and
    /// currency symbols where the format allows them, and padding spaces. Everything else is
    /// refused with a reason: `1,5` in a point file, `12abc`, `--1`, a lone `-`, 19 digits.
    ///
    /// - Complexity: O(n) in the length of the text, no allocation on success.
    public init(parsing text: some StringProtocol, format: AmountFormat = .plain) throws(AmountParseError) {
        var copy = String(text)
        let result: Result<Amount, AmountParseError> = copy.withUTF8 { buffer in
            do throws(AmountParseError) {
                return .success(try Amount.parse(buffer, format: format))
            } catch {
                return .failure(error)
            }
        }
        self = try result.get()
    }

    /// Reads an amount from UTF-8 bytes; the fast path used by readers.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat) throws(AmountParseError) -> Amount {
        if let plain = parsePlain(bytes, decimalMark: format.decimalByte) { return plain }
        var reader = AmountReader(bytes: bytes, format: format)
        return try reader.read()
    }

    /// ``parsePlain(_:decimalMark:)`` plus digit groups written with one ASCII grouping byte
    /// (`-3.000,00` with `groupingMark` `.`, `1,234,567.89` with `,`): at most 18 digits, groups
    /// as ``parse(_:format:)`` accepts them. Nil for anything else, which ``parse(_:format:)`` reads
    /// (to the same value: a shortcut for readers' hot loops). `groupingMark` must be one of the
    /// format's grouping marks and differ from `decimalMark`.
    public static func parseSimple(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark mark: UInt8, groupingMark group: UInt8) -> Amount? {
        if let plain = parsePlain(bytes, decimalMark: mark) { return plain }
        let n = bytes.count
        guard n > 0, n <= 32, group != mark else { return nil }
        @inline(__always) func digit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
        var i = 0
        let negative = bytes[0] == 0x2D
        if negative { i = 1 }
        var units: Int64 = 0
        var digits = 0
        var length = 0
        while i < n, digit(bytes[i]) { units = units &* 10 &+ Int64(bytes[i] &- 0x30); i += 1; length += 1 }
        guard length > 0, i < n, bytes[i] == group else { return nil }
        digits = length
        var groups = AmountReader.DigitGroups()
        while i < n, bytes[i] == group {
            guard i + 1 < n, digit(bytes[i + 1]) else { return nil } // as the full reader: a mark before a digit
            groups.append(length)
            i += 1
            length = 0
            while i < n, digit(bytes[i]) { units = units &* 10 &+ Int64(bytes[i] &- 0x30); i += 1; length += 1 }
            digits += length
            guard digits <= 18 else { return nil }
        }
        groups.append(length)
        var scale = 0
        if i < n {
            guard bytes[i] == mark else { return nil }
            i += 1
            let fractionStart = i
            while i < n, digit(bytes[i]) { units = units &* 10 &+ Int64(bytes[i] &- 0x30); i += 1 }
            scale = i - fractionStart
            digits += scale
            guard scale > 0, i == n else { return nil }
        }
        guard digits <= 18, groups.isValid else { return nil }
        return Amount(units: negative ? -units : units, scale: scale)
    }

    /// The form most cells take, `-?D+(mD+)?` with at most 18 digits (`-150.00`, `12,5` with the
    /// decimal mark `,`), read without the full state machine; nil for anything else, which
    /// ``parse(_:format:)`` reads (to the same value as here: this is only a shortcut for readers'
    /// hot loops).
    @inlinable
    public static func parsePlain(_ bytes: UnsafeBufferPointer<UInt8>, decimalMark mark: UInt8) -> Amount? {
        let n = bytes.count
        guard n > 0, n <= 20 else { return nil }
        var i = 0
        let negative = bytes[0] == 0x2D
        if negative { i = 1 }
        var units: Int64 = 0
        let integerStart = i
        while i < n, bytes[i] &- 0x30 < 10 { units = units &* 10 &+ Int64(bytes[i] &- 0x30); i += 1 }
        var digits = i - integerStart
        guard digits > 0 else { return nil }
        var scale = 0
        if i < n {
            guard bytes[i] == mark else { return nil }
            i += 1
            let fractionStart = i
            while i < n, bytes[i] &- 0x30 < 10 { units = units &* 10 &+ Int64(bytes[i] &- 0x30); i += 1 }
            scale = i - fractionStart
            digits += scale
            guard scale > 0, i == n else { return nil }
        }
        guard digits <= 18 else { return nil } // 18 digits never overflow Int64
        return Amount(units: negative ? -units : units, scale: scale)
    }
}

private let ascii0: UInt8 = 0x30

/// The byte state machine behind ``Amount/parse(_:format:)``.
struct AmountReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let decimalMark: UInt8
    let groupingMask: UInt64       // bit n: byte 0x20 + n groups digits
    let groupsWithSpaces: Bool     // space or no-break spaces group digits
    let allowsCurrency: Bool
    let allowsIndicators: Bool
    var i = 0

    init(bytes: UnsafeBufferPointer<UInt8>, format: AmountFormat) {
        self.bytes = bytes
        self.decimalMark = format.decimalByte
        self.groupingMask = format.asciiGroupingMarks
        self.groupsWithSpaces = format.groupsWithSpaces
        self.allowsCurrency = format.allowsCurrency
        self.allowsIndicators = format.allowsIndicators
    }

    @inline(__always) func isGroupingMark(_ b: UInt8) -> Bool {
        b >= 0x20 && b < 0x60 && groupingMask & (1 << UInt64(b - 0x20)) != 0
    }

    /// Length of the space (ASCII, tab, NBSP, narrow NBSP, thin space) at `at`, or 0.
    func spaceLength(at: Int) -> Int {
        guard at < bytes.count else { return 0 }
        let b = bytes[at]
        if b == 0x20 || b == 0x09 { return 1 }
        if b == 0xC2, at + 1 < bytes.count, bytes[at + 1] == 0xA0 { return 2 }
        if b == 0xE2, at + 2 < bytes.count, bytes[at + 1] == 0x80,
           bytes[at + 2] == 0xAF || bytes[at + 2] == 0x89 { return 3 }
        return 0
    }

    mutating func skipSpaces() {
        while true {
            let n = spaceLength(at: i)
            if n == 0 { return }
            i += n
        }
    }

    /// Length of a currency symbol or ISO code at `at`, or 0.
    func currencyLength(at: Int) -> Int {
        guard allowsCurrency, at < bytes.count else { return 0 }
        let b = bytes[at]
        if b == 0x24 { return 1 } // $
        if b == 0xC2, at + 1 < bytes.count, bytes[at + 1] == 0xA3 || bytes[at + 1] == 0xA5 || bytes[at + 1] == 0xA2 { return 2 } // £ ¥ ¢
        if b == 0xE2, at + 2 < bytes.count, bytes[at + 1] == 0x82 {
            // € ₹ ₽ ₺ ₩ ₪ ₫ ₱ ₴ ₦ ₡ ₲ ₵ ₸ ₭ ₮
            return 3
        }
        // Three upper-case ASCII letters (an ISO 4217 code), optionally prefixed (US$, R$, C$, A$).
        var j = at
        while j < bytes.count, j - at < 3, (0x41...0x5A).contains(bytes[j]) { j += 1 }
        if j - at == 3, j == bytes.count || !isLetter(bytes[j]) { return 3 }
        if j - at >= 1, j - at <= 2, j < bytes.count, bytes[j] == 0x24 { return j - at + 1 } // US$ R$
        if at + 1 < bytes.count, (b == 0x6B || b == 0x4B), bytes[at + 1] == 0x72 || bytes[at + 1] == 0x52,
           at + 2 == bytes.count || !isLetter(bytes[at + 2]) { return 2 } // kr
        return 0
    }

    func isLetter(_ b: UInt8) -> Bool { (0x41...0x5A).contains(b) || (0x61...0x7A).contains(b) }
    func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// `CR` or `DR` (any case) at `at`, not followed by a letter.
    func isIndicator(_ at: Int) -> Bool {
        guard at + 1 < bytes.count else { return false }
        let a = bytes[at] | 0x20, b = bytes[at + 1] | 0x20
        guard (a == 0x63 || a == 0x64) && b == 0x72 else { return false }
        return at + 2 == bytes.count || !isLetter(bytes[at + 2])
    }

    func describe(_ at: Int) -> String {
        guard at < bytes.count else { return "end of text" }
        var end = at + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<end]), as: UTF8.self)
        return "\"\(text)\""
    }

    mutating func read() throws(AmountParseError) -> Amount {
        var negative = false
        var signs = 0
        var openParen = false
        skipSpaces()
        if i == bytes.count { throw AmountParseError("empty amount", offset: 0) }

        // Before the digits: signs, an opening parenthesis, a currency symbol.
        prefix: while i < bytes.count {
            let b = bytes[i]
            if b == 0x2D || b == 0x2B {
                signs += 1
                if b == 0x2D { negative = true }
                i += 1
            } else if b == 0xE2, i + 2 < bytes.count, bytes[i + 1] == 0x88, bytes[i + 2] == 0x92 { // U+2212 minus
                signs += 1; negative = true; i += 3
            } else if b == 0x28 {
                if openParen { throw AmountParseError("two opening parentheses", offset: i) }
                openParen = true; signs += 1; negative = true; i += 1
            } else {
                let c = currencyLength(at: i)
                if c > 0 { i += c } else { break prefix }
            }
            skipSpaces()
        }
        if signs > 1 { throw AmountParseError("more than one sign", offset: i) }

        // The digits.
        var units: Int64 = 0
        var digits = 0, significant = 0, scale = 0
        var seenDecimal = false
        var groups = DigitGroups() // not an array: no allocation per grouped amount
        var currentGroup = 0
        var sawGrouping = false
        let numberStart = i
        number: while i < bytes.count {
            let b = bytes[i]
            if isDigit(b) {
                if significant > 0 || b != ascii0 { significant += 1 }
                if significant > 18 { throw AmountParseError("more than 18 digits", offset: i) }
                units = units * 10 + Int64(b - ascii0)
                digits += 1
                currentGroup += 1
                if seenDecimal {
                    scale += 1
                    // Leading zeros after the mark are not significant but still need scale.
                    if scale > Amount.maximumScale {
                        throw AmountParseError("more than \(Amount.maximumScale) decimal places", offset: i)
                    }
                }
                i += 1
            } else if b == decimalMark && !seenDecimal {
                seenDecimal = true
                if sawGrouping { groups.append(currentGroup) }
                i += 1
            } else if !seenDecimal, isGroupingMark(b), i + 1 < bytes.count, isDigit(bytes[i + 1]) {
                groups.append(currentGroup); currentGroup = 0; sawGrouping = true
                i += 1
            } else if !seenDecimal, groupsWithSpaces, digits > 0, spaceLength(at: i) > 0,
                      startsDigitGroup(at: i + spaceLength(at: i)) {
                groups.append(currentGroup); currentGroup = 0; sawGrouping = true
                i += spaceLength(at: i)
            } else {
                break number
            }
        }
        if digits == 0 {
            if i < bytes.count {
                throw AmountParseError("expected digits, found \(describe(i))", offset: i)
            }
            throw AmountParseError("no digits", offset: numberStart)
        }
        if sawGrouping {
            if !seenDecimal { groups.append(currentGroup) }
            if !groups.isValid {
                throw AmountParseError("digit groups do not fit the grouping marks (is \"\(Character(UnicodeScalar(decimalMark)))\" the right decimal mark?)", offset: numberStart)
            }
        }

        // After the digits: a trailing sign, a closing parenthesis, CR/DR, a currency symbol.
        var closed = false
        skipSpaces()
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x29 && openParen && !closed {
                closed = true; i += 1
            } else if (b == 0x2D || b == 0x2B) {
                signs += 1
                if b == 0x2D { negative = true }
                i += 1
            } else if allowsIndicators && isIndicator(i) {
                signs += 1
                if bytes[i] | 0x20 == 0x64 { negative = true }
                i += 2
            } else {
                let c = currencyLength(at: i)
                if c > 0 { i += c } else {
                    throw AmountParseError("unexpected \(describe(i)) in an amount", offset: i)
                }
            }
            skipSpaces()
        }
        if openParen && !closed { throw AmountParseError("opening parenthesis is never closed", offset: numberStart) }
        if signs > 1 { throw AmountParseError("more than one sign", offset: i) }
        return Amount(units: negative ? -units : units, scale: scale)
    }

    /// Whether three digits start at `at` and no fourth follows (a digit group after a space).
    func startsDigitGroup(at: Int) -> Bool {
        guard at + 2 < bytes.count, isDigit(bytes[at]), isDigit(bytes[at + 1]), isDigit(bytes[at + 2]) else { return false }
        return at + 3 == bytes.count || !isDigit(bytes[at + 3])
    }

    /// The lengths of an amount's digit groups, kept as what ``validGrouping(_:)`` looks at.
    struct DigitGroups {
        var count = 0
        var first = 0
        var last = 0
        /// Whether every group between the first and the last has three (two) digits.
        var middleAllThree = true
        var middleAllTwo = true

        mutating func append(_ length: Int) {
            if count >= 2 { middleAllThree = middleAllThree && last == 3; middleAllTwo = middleAllTwo && last == 2 }
            if count == 0 { first = length }
            last = length
            count += 1
        }

        /// ``validGrouping(_:)`` of the lengths appended.
        var isValid: Bool {
            guard count >= 2, (1...3).contains(first), last == 3 else { return false }
            return middleAllThree || (first <= 2 && middleAllTwo)
        }
    }

    /// Groups of three after a first group of one to three digits; Indian grouping (`1,23,456`) too.
    static func validGrouping(_ groups: [Int]) -> Bool {
        guard let first = groups.first, let last = groups.last, groups.count >= 2 else { return false }
        guard (1...3).contains(first), last == 3 else { return false }
        let middle = groups.dropFirst().dropLast()
        if middle.allSatisfy({ $0 == 3 }) { return true }
        return first <= 2 && middle.allSatisfy({ $0 == 2 })
    }
}
