/// Finds literal text a regular expression cannot match without, so the engine can skip the
/// regex for transactions whose text lacks it.
///
/// The analysis is deliberately conservative: it understands plain characters, escaped
/// punctuation, `^`, `$`, quantifiers and top-level `|`; anything else (groups, classes, inline
/// flags, backreferences) ends the literal run it is in. When unsure it returns nil: no prefilter.
enum RegexPrefilter {
    /// Alternatives of which at least one must occur in a matching text (lowercased when the
    /// regex is case-insensitive), or nil when no such literals were found.
    static func requiredLiterals(of pattern: String) -> [String]? {
        let chars = Array(pattern)
        if chars.contains("(") && pattern.contains("(?") { return nil }
        var branches: [[Character]] = [[]]
        var depth = 0, inClass = false, escaped = false
        for c in chars {
            if escaped { branches[branches.count - 1].append("\\"); branches[branches.count - 1].append(c); escaped = false; continue }
            if c == "\\" { escaped = true; continue }
            if inClass { if c == "]" { inClass = false }; branches[branches.count - 1].append(c); continue }
            if c == "[" { inClass = true }
            if c == "(" { depth += 1 }
            if c == ")" { depth -= 1 }
            if c == "|" && depth == 0 { branches.append([]); continue }
            branches[branches.count - 1].append(c)
        }
        var result: [String] = []
        for branch in branches {
            guard let literal = longestLiteral(in: branch), literal.count >= 3 else { return nil }
            result.append(literal)
        }
        return result
    }

    /// The longest run of characters that must appear literally in a match of `branch`.
    private static func longestLiteral(in branch: [Character]) -> String? {
        var runs: [[Character]] = []
        var run: [Character] = []
        var i = 0
        func endRun() { if !run.isEmpty { runs.append(run) }; run = [] }
        while i < branch.count {
            let c = branch[i]
            var atom: Character?
            var width = 1
            if c == "\\" && i + 1 < branch.count {
                let n = branch[i + 1]
                // Escapes that continue with more characters (\x41, \u00E9, \N{…}, \cA, \0101, \12):
                // the characters after them are not literal text. Give up rather than guess.
                if "xuUNco".contains(n) || n.isNumber { return nil }
                width = 2
                if !n.isLetter && !n.isNumber { atom = n }     // \. \* \/ …: the character itself
            } else if "()[]{}|.^$".contains(c) {
                if c == "{" {
                    var j = i
                    while j < branch.count && branch[j] != "}" { j += 1 }
                    width = j - i + 1
                } else if c == "[" || c == "(" {
                    // Skip a class or group entirely; it breaks the run.
                    let close: Character = c == "[" ? "]" : ")"
                    var depth = 0
                    var j = i
                    while j < branch.count {
                        if branch[j] == "\\" { j += 2; continue }
                        if branch[j] == c { depth += 1 }
                        if branch[j] == close { depth -= 1; if depth == 0 { break } }
                        j += 1
                    }
                    width = j - i + 1
                }
            } else if "*+?".contains(c) {
                // A quantifier after a plain character: that character is optional or repeated.
                if c != "+" { _ = run.popLast() }
                endRun()
                i += 1
                continue
            } else {
                atom = c
            }
            // A quantifier right after the atom makes it optional (`?`, `*`, `{0,…}`).
            let following = i + width < branch.count ? branch[i + width] : nil
            if let atom {
                if following == "?" || following == "*" || following == "{" {
                    endRun()
                } else {
                    run.append(atom)
                    if following == "+" { endRun() }
                }
            } else {
                endRun()
            }
            i += width
        }
        endRun()
        guard let best = runs.max(by: { $0.count < $1.count || ($0.count == $1.count && String($0) > String($1)) }) else { return nil }
        let literal = String(best)
        // Only ASCII literals: the regex engine's case folding of other scripts may differ from ours.
        return literal.unicodeScalars.allSatisfy { $0.isASCII } ? literal : nil
    }
}
