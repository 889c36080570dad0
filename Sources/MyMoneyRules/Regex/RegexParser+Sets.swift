/// Sets: `[A-Z0-9 ]`, `[^…]`, `[\d.,]`, `[[:alpha:]]`.
extension RegexParser {
    /// The set starting at `[`.
    mutating func parseSet(_ flags: Flags) throws(RegexSyntaxError) -> RegexCharacterSet {
        let open = offset
        i += 1
        var negated = false
        if peekIs("^") { negated = true; i += 1 }
        var set = RegexCharacterSet()
        var first = true
        while let c = peek() {
            if c == 0x5D && !first { break }          // ]
            first = false
            let itemStart = offset
            // `[:alpha:]` inside a set.
            if c == 0x5B && peekIs(":", 1) {
                i += 2
                var name = ""
                while let n = peek(), n != 0x3A { name.unicodeScalars.append(Self.scalar(n)); i += 1 }
                guard peekIs(":"), peekIs("]", 1) else { throw .bad("a POSIX class is written [:alpha:] inside a set", at: itemStart) }
                i += 2
                guard let cls = RegexUnicodeClass.named(name), ["alpha", "upper", "lower", "digit", "space", "punct"].contains(name) || cls == .word else {
                    throw .unsupported("the class `[:\(name):]` is not supported", at: itemStart,
                                       notes: ["supported: [:alpha:] [:upper:] [:lower:] [:digit:] [:space:] [:punct:]"])
                }
                set.add(cls, negated: false)
                continue
            }
            if c == 0x5B {
                throw .unsupported("sets inside sets are not supported", at: itemStart,
                                   notes: ["list the characters in one set: [a-z0-9]; escape a bracket: \\["])
            }
            if c == 0x26 && peekIs("&", 1) {
                throw .unsupported("set intersection `&&` is not supported", at: itemStart, notes: ["list the characters you want in one set"])
            }
            guard let low = try parseSetMember(&set) else { continue }
            // A range `a-z` (a `-` before `]` is the character itself).
            if peekIs("-"), let after = peek(1), after != 0x5D {
                i += 1
                let rangeEnd = offset
                var probe = RegexCharacterSet()
                guard let high = try parseSetMember(&probe) else {
                    throw .bad("a range must end in a character, not a class", at: rangeEnd, notes: ["write the `-` last to mean the character: [\\d-]"])
                }
                guard high >= low else {
                    throw .bad("the range ends before it starts", at: itemStart, notes: ["write the smaller character first: [a-z]"])
                }
                addRange(low...high, to: &set, flags)
            } else {
                addRange(low...low, to: &set, flags)
            }
        }
        guard peekIs("]") else {
            throw .bad("the set opened here is never closed", at: open, notes: ["add `]`, or write \\[ for a bracket"])
        }
        i += 1
        set.finish(caseInsensitive: flags.caseInsensitive, negated: negated)
        return set
    }

    /// One member: a character (returned) or a class escape (added to `set`, nil returned).
    mutating func parseSetMember(_ set: inout RegexCharacterSet) throws(RegexSyntaxError) -> UInt32? {
        guard let c = peek() else { return nil }
        guard c == 0x5C else {
            i += 1
            return c
        }
        let start = offset
        i += 1
        guard let e = peek() else { throw .bad("the pattern ends with a lone `\\`", at: start) }
        if e == 0x62 {                                // \b
            throw .bad("`\\b` is a word boundary, which a set cannot hold", at: start, notes: ["write \\x08 for a backspace"])
        }
        if e == 0x51 || e == 0x45 {                   // \Q \E
            throw .unsupported("`\\Q…\\E` is not supported inside a set", at: start, notes: ["escape each character instead"])
        }
        if let (cls, negated) = try parseClassEscapeParts() {
            set.add(cls, negated: negated)
            return nil
        }
        return try parseScalarEscape(start: start)
    }

    /// Adds scalars; under `i`, single non-ASCII scalars bring their case variants (ASCII letters
    /// and ranges are closed over case by the set itself).
    func addRange(_ range: ClosedRange<UInt32>, to set: inout RegexCharacterSet, _ flags: Flags) {
        set.add(range)
        if flags.caseInsensitive && range.lowerBound >= 0x80 && range.count <= 512 {
            for s in range { for v in ScalarFolding.variants(of: s) where v != s { set.add(v...v) } }
        }
    }
}
