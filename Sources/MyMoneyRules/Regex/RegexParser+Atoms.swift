/// Atoms: groups, escapes and single characters.
extension RegexParser {
    /// One atom, or nil for constructs that match nothing themselves (`(?i)`, `(?#…)`, `\E`).
    mutating func parseAtom(_ flags: inout Flags) throws(RegexSyntaxError) -> RegexNode? {
        let c = scalars[i]
        switch c {
        case 0x28: return try parseGroup(&flags)
        case 0x5B: return .set(try parseSet(flags))
        case 0x2E:
            i += 1
            return .set(.any(dotMatchesLineBreaks: flags.dotAll))
        case 0x5E:
            i += 1
            return .assertion(.textStart)
        case 0x24:
            i += 1
            return .assertion(.textEndOrFinalLineBreak)
        case 0x5C: return try parseEscape(flags)
        case 0x2A, 0x2B, 0x3F, 0x7B:
            let shown = String(Self.scalar(c))
            throw .bad("`\(shown)` has nothing before it to repeat", at: offset, notes: ["escape it to match the character itself: \\\(shown)"])
        case 0x7D:
            throw .bad("a `}` outside a repetition count must be escaped", at: offset, notes: ["write \\} for a brace"])
        default:
            i += 1
            return .set(RegexCharacterSet(scalar: c, caseInsensitive: flags.caseInsensitive))
        }
    }

    /// A scalar from a value the parser has read from a String (always valid).
    static func scalar(_ value: UInt32) -> Unicode.Scalar { Unicode.Scalar(value) ?? "\u{FFFD}" }

    /// `(…)`, `(?:…)`, `(?<name>…)`, `(?i)`, `(?i-s:…)`, `(?#…)`; lookaround and atomic groups are refused.
    mutating func parseGroup(_ flags: inout Flags) throws(RegexSyntaxError) -> RegexNode? {
        let open = offset
        i += 1
        depth += 1
        defer { depth -= 1 }
        if depth > Self.maximumDepth {
            throw .tooLarge("groups nest deeper than \(Self.maximumDepth) levels", at: open, notes: ["write the expression with fewer parentheses"])
        }
        var capture: Int?
        var inner = flags
        if peekIs("?") {
            i += 1
            switch peek().map({ Character(Self.scalar($0)) }) {
            case ":": i += 1
            case "=", "!":
                throw .unsupported("lookahead `(?=…)` and `(?!…)` is not supported", at: open,
                                   notes: [RegexSyntaxError.linearNote, "test the other part with a second condition: `and not payee matches /…/`"])
            case ">":
                throw .unsupported("atomic groups `(?>…)` are not supported", at: open,
                                   notes: [RegexSyntaxError.linearNote, "write (?:…) instead; the result is the same for a yes/no test"])
            case "<" where peekIs("=", 1) || peekIs("!", 1):
                throw .unsupported("lookbehind `(?<=…)` and `(?<!…)` is not supported", at: open,
                                   notes: [RegexSyntaxError.linearNote, "test the other part with a second condition: `and not payee matches /…/`"])
            case "<":
                i += 1
                let nameStart = i
                while let n = peek(), n < 0x80, Character(Self.scalar(n)).isLetter || Character(Self.scalar(n)).isNumber { i += 1 }
                guard i > nameStart, peekIs(">") else {
                    throw .bad("a named group is written (?<name>…)", at: open, notes: ["names are letters and digits"])
                }
                i += 1
                captureCount += 1
                capture = captureCount
            case "#":
                while let n = peek(), n != 0x29 { i += 1 }
                guard peekIs(")") else { throw .bad("the comment opened here is never closed", at: open, notes: ["end it with )"]) }
                i += 1
                return nil
            default:
                var on = true
                while let n = peek(), n != 0x29, n != 0x3A {
                    switch Character(Self.scalar(n)) {
                    case "-": on = false
                    case "i": inner.caseInsensitive = on
                    case "s": inner.dotAll = on
                    default:
                        let shown = String(Self.scalar(n))
                        throw .unsupported("the flag `\(shown)` is not supported", at: offset,
                                           notes: ["My Money knows the flags i (ignore case) and s (`.` also matches line breaks)"])
                    }
                    i += 1
                }
                guard let end = peek() else { throw .bad("the group opened here is never closed", at: open, notes: ["add `)`"]) }
                i += 1
                if end == 0x29 {
                    flags = inner   // `(?i)`: the rest of the enclosing group
                    return nil
                }
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let node = try parseAlternation(&inner)
        guard peekIs(")") else {
            throw .bad("the group opened here is never closed", at: open, notes: ["add `)`, or write \\( for a parenthesis"])
        }
        i += 1
        return .group(node, capture: capture)
    }

    /// `\…` outside a set: an assertion, a class, a quoted run or one character.
    mutating func parseEscape(_ flags: Flags) throws(RegexSyntaxError) -> RegexNode? {
        let start = offset
        i += 1
        guard let e = peek() else { throw .bad("the pattern ends with a lone `\\`", at: start, notes: ["write \\\\ for a backslash"]) }
        let letter = Character(Self.scalar(e))
        switch letter {
        case "b": i += 1; return .assertion(.wordBoundary)
        case "B": i += 1; return .assertion(.notWordBoundary)
        case "A": i += 1; return .assertion(.textStart)
        case "z": i += 1; return .assertion(.textEnd)
        case "Z": i += 1; return .assertion(.textEndOrFinalLineBreak)
        case "E": i += 1; return nil
        case "1"..."9", "k":
            throw .unsupported("backreferences (`\\1`, `\\k<name>`) are not supported", at: start,
                               notes: [RegexSyntaxError.linearNote])
        case "G", "X", "R", "N":
            throw .unsupported("`\\\(letter)` is not supported", at: start,
                               notes: ["supported escapes: \\d \\w \\s \\h \\v (and upper case for the opposite), \\b \\B \\A \\z \\Z, \\p{…}, \\t \\n \\r \\xhh \\x{h…} \\uhhhh, \\Q…\\E"])
        case "Q":
            i += 1
            var parts: [RegexNode] = []
            while let q = peek(), !(q == 0x5C && peekIs("E", 1)) {
                parts.append(.set(RegexCharacterSet(scalar: q, caseInsensitive: flags.caseInsensitive)))
                i += 1
            }
            if !atEnd { i += 2 }
            return parts.isEmpty ? .empty : (parts.count == 1 ? parts[0] : .group(.concatenation(parts), capture: nil))
        default:
            if let set = try parseClassEscape(flags) { return .set(set) }
            let scalar = try parseScalarEscape(start: start)
            return .set(RegexCharacterSet(scalar: scalar, caseInsensitive: flags.caseInsensitive))
        }
    }

    /// `\d \D \w \W \s \S \h \H \v \V \p{…} \P{…}` at `i` (just past the backslash) as a set; nil for other letters.
    mutating func parseClassEscape(_ flags: Flags) throws(RegexSyntaxError) -> RegexCharacterSet? {
        guard let (cls, isNegated) = try parseClassEscapeParts() else { return nil }
        var set = RegexCharacterSet()
        set.add(cls, negated: false)
        set.finish(caseInsensitive: flags.caseInsensitive, negated: isNegated)
        return set
    }

    /// The class an escape at `i` names, and whether it is the opposite (`\D`); nil for other letters.
    mutating func parseClassEscapeParts() throws(RegexSyntaxError) -> (RegexUnicodeClass, Bool)? {
        guard let e = peek() else { return nil }
        let start = offsets[max(0, i - 1)]
        var cls: RegexUnicodeClass
        let letter = Character(Self.scalar(e))
        switch letter.lowercased() {
        case "d": cls = .digit
        case "w": cls = .word
        case "s": cls = .space
        case "h": cls = .horizontalSpace
        case "v": cls = .verticalSpace
        case "p":
            i += 1
            var name = ""
            if peekIs("{") {
                i += 1
                while let n = peek(), n != 0x7D { name.unicodeScalars.append(Self.scalar(n)); i += 1 }
                guard peekIs("}") else { throw .bad("a property is written \\p{Name}", at: start, notes: ["for example \\p{L} for any letter"]) }
            } else if let n = peek() {
                name = String(Self.scalar(n))
            }
            guard let named = RegexUnicodeClass.named(name) else {
                throw .unsupported("the property `\(name)` is not supported", at: start,
                                   notes: ["supported: L, Lu, Ll, N, Nd, P, S, Sc, Z, Zs, M and other general categories, Alphabetic, Uppercase, Lowercase, White_Space"])
            }
            cls = named
        default: return nil
        }
        i += 1
        return (cls, letter.isUppercase)
    }

    /// One character written as an escape, at `i` (just past the backslash).
    mutating func parseScalarEscape(start: Int) throws(RegexSyntaxError) -> UInt32 {
        guard let e = peek() else { throw .bad("the pattern ends with a lone `\\`", at: start) }
        i += 1
        func hex(_ parser: inout RegexParser, count: ClosedRange<Int>, until close: UInt32?) throws(RegexSyntaxError) -> UInt32 {
            var value: UInt32 = 0, digits = 0
            while digits < count.upperBound, let h = parser.peek(), let d = Character(Self.scalar(h)).hexDigitValue {
                value = value * 16 + UInt32(d)
                digits += 1
                parser.i += 1
            }
            if let close {
                guard parser.peekIs(Character(Self.scalar(close))) else { throw .bad("a hex escape is written \\x{20AC}", at: start) }
                parser.i += 1
            }
            guard count.contains(digits), value <= 0x10FFFF, !(0xD800...0xDFFF).contains(value) else {
                throw .bad("this escape does not name a character", at: start, notes: ["write \\xhh with two hex digits, \\x{h…}, or \\uhhhh"])
            }
            return value
        }
        switch Character(Self.scalar(e)) {
        case "t": return 0x09
        case "n": return 0x0A
        case "r": return 0x0D
        case "f": return 0x0C
        case "a": return 0x07
        case "e": return 0x1B
        case "x":
            if peekIs("{") { i += 1; return try hex(&self, count: 1...6, until: 0x7D) }
            return try hex(&self, count: 2...2, until: nil)
        case "u": return try hex(&self, count: 4...4, until: nil)
        case "U": return try hex(&self, count: 8...8, until: nil)
        case "0":
            var value: UInt32 = 0, digits = 0
            while digits < 3, let d = peek(), d >= 0x30 && d <= 0x37, value * 8 + (d - 0x30) <= 0xFF {
                value = value * 8 + (d - 0x30)
                digits += 1
                i += 1
            }
            return value
        case "c":
            guard let x = peek(), x < 0x80 else { throw .bad("a control escape is written \\cA", at: start) }
            i += 1
            return x & 0x1F
        default:
            let c = Character(Self.scalar(e))
            if e < 0x80 && (c.isLetter || c.isNumber) {
                throw .bad("`\\\(c)` is not an escape this engine knows", at: start,
                           notes: ["write the letter without the backslash, or see Rules/README.md for the escapes"])
            }
            return e
        }
    }
}

