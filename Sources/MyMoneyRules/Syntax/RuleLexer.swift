/// Splits one line of a rules file into tokens.
///
/// A line is lexed on its own: strings and regular expressions never span lines. `#` starts a
/// comment where a token could start; inside quotes or slashes it is an ordinary character.
struct RuleLexer {
    let bytes: [UInt8]
    /// Where lexing problems are reported.
    let report: (String, Int, [String]) -> Void

    /// The tokens of `bytes[start..<end]`.
    func tokens(from start: Int, to end: Int) -> [RuleToken] {
        var result: [RuleToken] = []
        var i = start
        while i < end {
            let b = bytes[i]
            if b == 0x20 || b == 0x09 || b == 0x0D { i += 1; continue }
            if b == UInt8(ascii: "#") { break }
            switch b {
            case UInt8(ascii: "("):
                result.append(RuleToken(kind: .openParen, text: "(", start: i, end: i + 1)); i += 1
            case UInt8(ascii: ")"):
                result.append(RuleToken(kind: .closeParen, text: ")", start: i, end: i + 1)); i += 1
            case UInt8(ascii: ","):
                result.append(RuleToken(kind: .comma, text: ",", start: i, end: i + 1)); i += 1
            case UInt8(ascii: "\""):
                guard let token = string(at: i, end: end) else { return result }
                result.append(token); i = token.end
            case UInt8(ascii: "/"):
                guard let token = regex(at: i, end: end) else { return result }
                result.append(token); i = token.end
            case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "="), UInt8(ascii: "!"):
                var j = i + 1
                if j < end && bytes[j] == UInt8(ascii: "=") { j += 1 }
                let text = String(decoding: bytes[i..<j], as: UTF8.self)
                if text == "!" {
                    report("a lone `!` is not an operator", i, ["write `!=` for \"not equal\", or `not` before a condition"])
                    return result
                }
                result.append(RuleToken(kind: .comparison, text: text == "==" ? "=" : text, start: i, end: j))
                i = j
            default:
                var j = i
                while j < end {
                    let c = bytes[j]
                    if c == 0x20 || c == 0x09 || c == 0x0D || c == UInt8(ascii: "(") || c == UInt8(ascii: ")")
                        || c == UInt8(ascii: ",") || c == UInt8(ascii: "\"") || c == UInt8(ascii: "<")
                        || c == UInt8(ascii: ">") || c == UInt8(ascii: "=") || c == UInt8(ascii: "!") { break }
                    j += 1
                }
                result.append(RuleToken(kind: .word, text: String(decoding: bytes[i..<j], as: UTF8.self), start: i, end: j))
                i = j
            }
        }
        return result
    }

    private func string(at start: Int, end: Int) -> RuleToken? {
        var out: [UInt8] = []
        var i = start + 1
        while i < end {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") && i + 1 < end {
                let n = bytes[i + 1]
                switch n {
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "t"): out.append(0x09)
                default: out.append(n)
                }
                i += 2
                continue
            }
            if c == UInt8(ascii: "\"") {
                return RuleToken(kind: .string, text: String(decoding: out, as: UTF8.self), start: start, end: i + 1)
            }
            out.append(c)
            i += 1
        }
        report("this string has no closing quote", start, ["strings end on the same line: \"like this\"; write \\\" for a quote inside"])
        return nil
    }

    private func regex(at start: Int, end: Int) -> RuleToken? {
        var out: [UInt8] = []
        var i = start + 1
        while i < end {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") && i + 1 < end {
                if bytes[i + 1] == UInt8(ascii: "/") { out.append(UInt8(ascii: "/")) } else { out.append(c); out.append(bytes[i + 1]) }
                i += 2
                continue
            }
            if c == UInt8(ascii: "/") {
                var j = i + 1
                while j < end, (bytes[j] >= UInt8(ascii: "a") && bytes[j] <= UInt8(ascii: "z")) { j += 1 }
                return RuleToken(kind: .regex, text: String(decoding: out, as: UTF8.self),
                                 flags: String(decoding: bytes[(i + 1)..<j], as: UTF8.self), start: start, end: j)
            }
            out.append(c)
            i += 1
        }
        report("this regular expression has no closing `/`", start, ["regular expressions end on the same line: /like this/; write \\/ for a slash inside"])
        return nil
    }
}
