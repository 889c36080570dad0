import Foundation

/// Reads a rule's regular expression (ICU syntax, the subset that can be matched in linear time)
/// into a ``RegexNode`` tree.
///
/// Understood: literals and escapes (`\.`, `\t`, `\x41`, `\x{20AC}`, `\u00E9`, `\0101`, `\cA`,
/// `\Q…\E`), `.`, sets (`[A-Z0-9 ]`, `[^…]`, `\d \w \s \h \v` and negations, `\p{L}`,
/// `[:alpha:]`), anchors (`^ $ \A \z \Z \b \B`), groups (capturing, `(?:…)`, named `(?<n>…)`,
/// comments `(?#…)`), alternation, `* + ? {m} {m,} {m,n}` greedy or lazy, and the flags `i` and
/// `s` (`(?i)`, `(?-i)`, `(?i:…)`). Refused with `rules.regex-unsupported`: backreferences,
/// lookaround, atomic groups, possessive quantifiers and other flags. The pattern is read in NFC,
/// as the texts it is matched against are.
struct RegexParser {
    struct Flags { var caseInsensitive: Bool; var dotAll = false }

    /// The parsed tree and how many capture groups it has.
    struct Parsed: Sendable { var node: RegexNode; var captureCount: Int }

    static let maximumDepth = 100
    static let maximumRepetition = 1_000

    let scalars: [UInt32]
    /// UTF-8 offset of each scalar, and one past the end.
    let offsets: [Int]
    var i = 0
    var captureCount = 0
    var depth = 0

    init(pattern: String) {
        let text = pattern.precomposedStringWithCanonicalMapping
        var scalars: [UInt32] = [], offsets: [Int] = []
        var offset = 0
        for s in text.unicodeScalars {
            scalars.append(s.value)
            offsets.append(offset)
            offset += UTF8.width(s)
        }
        offsets.append(offset)
        self.scalars = scalars
        self.offsets = offsets
    }

    static func parse(_ pattern: String, caseInsensitive: Bool) throws(RegexSyntaxError) -> Parsed {
        var parser = RegexParser(pattern: pattern)
        var flags = Flags(caseInsensitive: caseInsensitive)
        let node = try parser.parseAlternation(&flags)
        if parser.i < parser.scalars.count {
            throw .bad("this `)` closes no group", at: parser.offset, notes: ["write \\) for a parenthesis"])
        }
        return Parsed(node: node, captureCount: parser.captureCount)
    }

    var offset: Int { offsets[min(i, offsets.count - 1)] }
    var atEnd: Bool { i >= scalars.count }
    func peek(_ k: Int = 0) -> UInt32? { i + k < scalars.count ? scalars[i + k] : nil }
    func peekIs(_ c: Character, _ k: Int = 0) -> Bool { peek(k) == c.unicodeScalars.first!.value }

    mutating func parseAlternation(_ flags: inout Flags) throws(RegexSyntaxError) -> RegexNode {
        var branches = [try parseConcatenation(&flags)]
        while peekIs("|") {
            i += 1
            branches.append(try parseConcatenation(&flags))
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    mutating func parseConcatenation(_ flags: inout Flags) throws(RegexSyntaxError) -> RegexNode {
        var parts: [RegexNode] = []
        while let c = peek(), c != 0x7C /* | */, c != 0x29 /* ) */ {
            let start = offset
            guard let atom = try parseAtom(&flags) else { continue }
            parts.append(try parseQuantifiers(atom, start: start))
        }
        return parts.count == 1 ? parts[0] : (parts.isEmpty ? .empty : .concatenation(parts))
    }

    /// Applies the quantifiers after an atom (`a*`, `a{2,3}?`).
    mutating func parseQuantifiers(_ atom: RegexNode, start: Int) throws(RegexSyntaxError) -> RegexNode {
        guard let c = peek() else { return atom }
        var min = 0, max: Int?
        switch c {
        case 0x2A: i += 1; min = 0; max = nil            // *
        case 0x2B: i += 1; min = 1; max = nil            // +
        case 0x3F: i += 1; min = 0; max = 1              // ?
        case 0x7B: (min, max) = try parseInterval()      // {
        default: return atom
        }
        var greedy = true
        if peekIs("?") { i += 1; greedy = false } else if peekIs("+") {
            throw .unsupported("possessive quantifiers (`*+`, `++`, `?+`) are not supported", at: offset,
                               notes: [RegexSyntaxError.linearNote, "write the quantifier without the `+`"])
        }
        if let next = peek(), next == 0x2A || next == 0x2B || next == 0x3F || next == 0x7B {
            throw .bad("a quantifier cannot follow another quantifier", at: offset,
                       notes: ["group what you want to repeat: (a*)+ ; or escape the character: \\*"])
        }
        return .repetition(atom, min: min, max: max, greedy: greedy)
    }

    /// `{n}`, `{n,}`, `{n,m}`.
    mutating func parseInterval() throws(RegexSyntaxError) -> (Int, Int?) {
        let open = offset
        i += 1
        func number(_ parser: inout RegexParser) -> Int? {
            var value: Int?
            while let d = parser.peek(), d >= 0x30 && d <= 0x39 {
                value = Swift.min((value ?? 0) * 10 + Int(d - 0x30), 1_000_000)
                parser.i += 1
            }
            return value
        }
        let malformed = RegexSyntaxError.bad("a repetition count is written {n}, {n,} or {n,m}", at: open,
                                             notes: ["write \\{ for a brace"])
        guard let low = number(&self) else { throw malformed }
        var high: Int? = low
        if peekIs(",") {
            i += 1
            high = number(&self)
        }
        guard peekIs("}") else { throw malformed }
        i += 1
        if let high, high < low {
            throw .bad("the repetition {\(low),\(high)} allows fewer repetitions than it requires", at: open,
                       notes: ["write the smaller count first: {\(high),\(low)}"])
        }
        if low > Self.maximumRepetition || (high ?? 0) > Self.maximumRepetition {
            throw .tooLarge("a repetition count above \(Self.maximumRepetition) is not supported", at: open,
                            notes: ["use + or * for long runs: \\d+ instead of \\d{2000}"])
        }
        return (low, high)
    }
}
