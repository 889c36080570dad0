/// `matches /…/` tests: parse and compile the regex once per field, pattern and case mode, read
/// its literals for the prefilter, and warn about patterns other tools backtrack on.
extension CompilerState {
    mutating func compileRegex(_ test: ParsedTest) -> ConditionNode? {
        guard let value = test.values.first else { return nil }
        let unknownFlags = value.flags.filter { $0 != "i" }
        if !unknownFlags.isEmpty {
            error("rules.bad-regex", "unknown regular expression flag `\(unknownFlags)`", at: value.range,
                  notes: ["tests ignore case unless `case-sensitive` follows the value"])
            return nil
        }
        let regex: RuleRegex
        let regexIndex: Int
        let dedupeKey = RegexKey(field: test.field, pattern: value.text, caseSensitive: test.caseSensitive)
        if let existing = regexIndexes[dedupeKey] {
            regexIndex = existing
            regex = regexes[existing]
        } else {
            do {
                regex = try RuleRegex(pattern: value.text, caseSensitive: test.caseSensitive)
            } catch {
                diagnostics.append(Diagnostic(.error, code: error.code, "cannot use the regular expression /\(value.text)/: \(error.message)",
                                              file: file, position: Self.position(of: error.offset, in: value), notes: error.notes))
                return nil
            }
            regexes.append(regex)
            regexIndex = regexes.count - 1
            regexIndexes[dedupeKey] = regexIndex
            regexPrefilters.append(RegexLiterals(regex.tree))
            regexRisks.append(BacktrackingRisk.isExponential(regex.tree))
        }
        if regexRisks[regexIndex] {
            warning("rules.regex-backtracking", "/\(value.text)/ can take exponential time in tools that backtrack", at: value.range,
                    notes: ["My Money matches it in time proportional to the text, but PCRE, ICU, Python, JavaScript and grep -P try "
                            + "the ways it can match one by one, and their number doubles with each character of a text that almost matches",
                            "a repeated group whose inside can match the same text in more than one way causes this, as in (a+)+ or (a|a)*: "
                            + "write a+ or a* instead"])
        }
        // An anchored prefix first (the rule's trigger), then the literals the text must contain.
        let literals = regexPrefilters[regexIndex]
        var prefilter: [[Int]] = []
        // A regex that is only literal texts (ignoring case) is answered by its first set on ASCII text.
        let exact = literals.exact.map { texts in
            texts.map { self.literals.request(field: test.field, caseSensitive: false, kind: .contains, pattern: $0) }
        }
        if let exact { prefilter.append(exact) }
        if let prefixes = literals.requiredPrefixes {
            prefilter.append(prefixes.map { self.literals.request(field: test.field, caseSensitive: false, kind: .startsWith, pattern: $0) })
        }
        for alternatives in literals.required where alternatives != literals.requiredPrefixes && alternatives != literals.exact {
            prefilter.append(alternatives.map { self.literals.request(field: test.field, caseSensitive: false, kind: .contains, pattern: $0) })
        }
        let node = leaf(test, .regex(regexIndex, prefilter: []))
        if case .leaf(let i) = node {
            leaves[i].decidedByLiterals = exact != nil
            // `A.*B` on a field with one value, scanned per transaction (not an account's, whose bits are cached).
            if exact == nil, let ordered = literals.ordered,
               ![.tag, .text, .account, .accountKind].contains(test.field) {
                leaves[i].ordered = ordered.map { texts in
                    texts.map { self.literals.request(field: test.field, caseSensitive: false, kind: .contains, pattern: $0) }
                }
            }
            pendingTests[i] = .regex(regexIndex, prefilter)
            ruleRegexLeaves.append(i)
        }
        ruleCaptureGroups = max(ruleCaptureGroups, regex.captureGroupCount)
        return node
    }

    /// Where byte `offset` of a regex's pattern is in the file: past the opening `/`, and past the
    /// backslash of every `\/` before it (the lexer unescaped those); a negative offset is the whole value.
    /// A pattern whose bytes before `offset` were not UTF-8 was decoded (each bad byte became the
    /// three bytes of U+FFFD), so its offsets are not the file's: the value's start is given instead.
    static func position(of offset: Int, in value: ParsedValue) -> SourcePosition {
        let before = value.text.utf8.prefix(max(0, offset))
        let slashes = before.filter { $0 == UInt8(ascii: "/") }.count
        let shift = offset < 0 ? 0 : 1 + offset + slashes
        let decoded = String(decoding: before, as: UTF8.self).unicodeScalars.contains("\u{FFFD}")
        guard !decoded, value.range.start.offset + shift <= value.range.end.offset else { return value.range.start }
        return SourcePosition(offset: value.range.start.offset + shift, line: value.range.start.line,
                              column: value.range.start.column + shift)
    }
}
