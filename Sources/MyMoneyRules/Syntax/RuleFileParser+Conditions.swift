/// Reading `when` lines: tests combined with `and`, `or`, `not` and parentheses.
extension RuleFileParser {
    // MARK: conditions

    mutating func readConditionLine() -> ParsedCondition? {
        guard peek() != nil else {
            error("rules.syntax", "expected a condition after `\(tokens[0].text)`", at: tokens[0].end,
                  notes: ["for example: when payee contains \"REWE\""])
            return nil
        }
        guard let condition = parseOr() else { return nil }
        if let extra = peek() {
            let hint = extra.kind == .closeParen ? "this `)` closes no `(`" : "a condition ends here; join conditions with `and` or `or`"
            error("rules.syntax", "unexpected `\(extra.text)` after the condition", at: extra.start, notes: [hint])
            return nil
        }
        return condition
    }

    mutating func parseOr() -> ParsedCondition? {
        guard let first = parseAnd() else { return nil }
        var parts = [first]
        while let token = peek(), token.isWord("or") {
            index += 1
            guard let next = parseAnd() else { return nil }
            parts.append(next)
        }
        return parts.count == 1 ? first : .any(parts)
    }

    mutating func parseAnd() -> ParsedCondition? {
        guard let first = parseUnary() else { return nil }
        var parts = [first]
        while let token = peek(), token.isWord("and") {
            index += 1
            guard let next = parseUnary() else { return nil }
            parts.append(next)
        }
        return parts.count == 1 ? first : .all(parts)
    }

    /// Joins a condition line to the rule's condition: into the same list when it joins the same
    /// way (a thousand `or` lines make one `any`, not a thousand nested ones), else one level deeper.
    /// The list grows in ``joinedLines`` and becomes the condition in ``flushJoinedLines()``.
    mutating func join(_ line: ParsedCondition, any: Bool, at offset: Int) {
        if !joinedLines.isEmpty && joinedAny != any { flushJoinedLines() }
        if joinedLines.isEmpty {
            guard let existing = current?.condition else { return }
            current?.condition = nil
            switch existing {
            case .any(let parts) where any: joinedLines = parts
            case .all(let parts) where !any: joinedLines = parts
            default:
                lineNesting += 1
                guard lineNesting <= Self.maximumNesting else {
                    current?.condition = existing
                    if lineNesting == Self.maximumNesting + 1 {   // once per rule
                        error("rules.syntax", "the condition lines switch between `and` and `or` more than \(Self.maximumNesting) times",
                              at: offset, notes: ["split the rule into several rules, or write the condition on fewer lines"])
                    }
                    return
                }
                joinedLines = [existing]
            }
            joinedAny = any
        }
        joinedLines.append(line)
    }

    /// Makes the lines gathered by ``join(_:any:at:)`` the rule's condition.
    mutating func flushJoinedLines() {
        guard !joinedLines.isEmpty else { return }
        current?.condition = joinedAny ? .any(joinedLines) : .all(joinedLines)
        joinedLines = []
    }

    mutating func parseUnary() -> ParsedCondition? {
        nesting += 1
        defer { nesting -= 1 }
        guard nesting <= Self.maximumNesting else {
            error("rules.syntax", "`(` and `not` are nested more than \(Self.maximumNesting) deep",
                  at: peek()?.start ?? lineStart, notes: ["write the condition with fewer parentheses, or split the rule"])
            return nil
        }
        guard let token = peek() else {
            error("rules.syntax", "the condition ends too early", at: tokens.last?.end ?? lineStart,
                  notes: ["expected a test such as payee contains \"REWE\""])
            return nil
        }
        if token.isWord("not") {
            index += 1
            guard let inner = parseUnary() else { return nil }
            let end = tokens[index - 1].end
            return .not(inner, range(token.start, end))
        }
        if token.kind == .openParen {
            index += 1
            guard let inner = parseOr() else { return nil }
            guard let close = peek(), close.kind == .closeParen else {
                error("rules.syntax", "this `(` has no matching `)`", at: token.start)
                return nil
            }
            index += 1
            return inner
        }
        return parseTest()
    }

    mutating func parseField() -> (RuleField, Int)? {
        guard let token = peek() else { return nil }
        guard token.kind == .word else {
            error("rules.syntax", "expected a field name such as `payee` or `amount`, found `\(token.text)`", at: token.start,
                  notes: token.kind == .string ? ["a test starts with the field: payee contains \(slice(token.start, token.end))"] : [])
            return nil
        }
        let lower = token.text.lowercased()
        if lower == "abs", let open = peek(1), open.kind == .openParen, let inner = peek(2), inner.isWord("amount"),
           let close = peek(3), close.kind == .closeParen {
            index += 4
            return (.absoluteAmount, close.end)
        }
        if lower.hasPrefix("extra.") {
            let key = String(token.text.dropFirst(6))
            guard !key.isEmpty else {
                error("rules.unknown-field", "`extra.` needs the name of the source's field", at: token.start,
                      notes: ["write extra.SIC, or extra \"Field with spaces\""])
                return nil
            }
            index += 1
            return (.extra(key), token.end)
        }
        if lower == "extra", let key = peek(1), key.kind == .string {
            index += 2
            return (.extra(key.text), key.end)
        }
        for (words, field) in RuleField.spellings {
            var matched = true
            for (k, word) in words.enumerated() {
                guard let t = peek(k), t.kind == .word, t.text.lowercased() == word else { matched = false; break }
            }
            if matched {
                let end = tokens[index + words.count - 1].end
                index += words.count
                return (field, end)
            }
        }
        var notes = ["fields: " + RuleField.documentedNames.joined(separator: ", ")]
        if let guess = closest(to: lower, in: RuleField.documentedNames) { notes.insert("did you mean `\(guess)`?", at: 0) }
        error("rules.unknown-field", "unknown field `\(token.text)`", at: token.start, notes: notes)
        return nil
    }

    mutating func parseTest() -> ParsedCondition? {
        let start = peek()?.start ?? lineStart
        guard let (field, fieldEnd) = parseField() else { return nil }
        let fieldRange = range(start, fieldEnd)
        guard let opToken = peek() else {
            error("rules.syntax", "expected an operator after `\(field)`", at: fieldEnd,
                  notes: operatorNotes(field))
            return nil
        }
        index += 1
        var op: ConditionOperator
        var negated = false
        if opToken.kind == .comparison {
            switch opToken.text {
            case "=": op = .equals
            case "!=": op = .notEquals
            case "<": op = .less
            case "<=": op = .lessOrEqual
            case ">": op = .greater
            default: op = .greaterOrEqual
            }
        } else if opToken.kind == .word {
            switch opToken.text.lowercased() {
            case "contains": op = .contains
            case "equals": op = .equals
            case "matches": op = .matches
            case "between": op = .between
            case "in": op = .oneOf
            case "starts", "ends":
                guard let with = peek(), with.isWord("with") else {
                    error("rules.syntax", "expected `\(opToken.text.lowercased()) with`", at: peek()?.start ?? opToken.end)
                    return nil
                }
                index += 1
                op = opToken.text.lowercased() == "starts" ? .startsWith : .endsWith
            case "is":
                if let not = peek(), not.isWord("not") { negated = true; index += 1 }
                if let next = peek(), next.isWord("empty") {
                    index += 1; op = negated ? .isSet : .isEmpty; negated = false
                } else if let next = peek(), next.isWord("set") {
                    index += 1; op = negated ? .isEmpty : .isSet; negated = false
                } else if let next = peek(), next.isWord("in") {
                    index += 1; op = .oneOf
                } else if let next = peek(), next.isWord("between") {
                    index += 1; op = .between
                } else {
                    op = .equals
                }
            default:
                var notes = operatorNotes(field)
                let words = ["contains", "equals", "is", "starts with", "ends with", "matches", "between", "in"]
                if let guess = closest(to: opToken.text.lowercased(), in: words) { notes.insert("did you mean `\(guess)`?", at: 0) }
                error("rules.unknown-operator", "unknown operator `\(opToken.text)` after `\(field)`", at: opToken.start, notes: notes)
                return nil
            }
        } else {
            error("rules.syntax", "expected an operator after `\(field)`, found `\(opToken.text)`", at: opToken.start,
                  notes: operatorNotes(field))
            return nil
        }
        if negated && op == .equals { op = .notEquals; negated = false }
        guard allowed(op, for: field) else {
            error("rules.unknown-operator", "`\(slice(opToken.start, tokens[index - 1].end))` does not apply to \(field)", at: opToken.start,
                  notes: operatorNotes(field))
            return nil
        }
        var values: [ParsedValue] = []
        switch op {
        case .isEmpty, .isSet:
            break
        case .between:
            guard let low = readValue(for: field, after: opToken) else { return nil }
            guard let and = peek(), and.isWord("and") else {
                error("rules.syntax", "expected `and` in `between LOW and HIGH`", at: peek()?.start ?? low.range.end.offset)
                return nil
            }
            index += 1
            guard let high = readValue(for: field, after: and) else { return nil }
            values = [low, high]
        case .oneOf:
            guard let open = peek(), open.kind == .openParen else {
                error("rules.syntax", "expected `(` after `in`", at: peek()?.start ?? opToken.end,
                      notes: ["write: \(field) in (a, b, c)"])
                return nil
            }
            index += 1
            while true {
                guard let value = readValue(for: field, after: open) else { return nil }
                values.append(value)
                guard let next = peek() else {
                    error("rules.syntax", "this `(` has no matching `)`", at: open.start)
                    return nil
                }
                index += 1
                if next.kind == .closeParen { break }
                guard next.kind == .comma else {
                    error("rules.syntax", "expected `,` or `)` in the list, found `\(next.text)`", at: next.start)
                    return nil
                }
            }
        default:
            guard let value = readValue(for: field, after: opToken) else { return nil }
            if op == .matches && value.kind != .regex {
                error("rules.syntax", "`matches` needs a regular expression between slashes", at: value.range.start.offset,
                      notes: ["write: \(field) matches /\(value.text)/"])
                return nil
            }
            if op != .matches && value.kind == .regex {
                error("rules.syntax", "a regular expression needs `matches`", at: value.range.start.offset,
                      notes: ["write: \(field) matches /\(value.text)/"])
                return nil
            }
            values = [value]
        }
        var caseSensitive = false
        if let word = peek(), word.isWord("case-sensitive") {
            guard field.valueKind == .text || field.valueKind == .choice, op != .isEmpty, op != .isSet else {
                error("rules.syntax", "`case-sensitive` applies to text tests only", at: word.start)
                return nil
            }
            caseSensitive = true
            index += 1
        }
        let end = tokens[index - 1].end
        let test = ParsedTest(field: field, fieldRange: fieldRange, op: op, values: values, caseSensitive: caseSensitive,
                              range: range(start, end), text: slice(start, end))
        return .test(test)
    }

    mutating func readValue(for field: RuleField, after previous: RuleToken) -> ParsedValue? {
        guard let token = peek() else {
            error("rules.syntax", "expected a value after `\(previous.text)`", at: previous.end,
                  notes: field.valueKind == .text ? ["quote text values: \"REWE Markt\""] : [])
            return nil
        }
        index += 1
        switch token.kind {
        case .word:
            // `12,50` with a decimal comma lexes as three tokens: keep it whole so the amount check can explain.
            if field.valueKind == .amount, let comma = peek(), comma.kind == .comma, comma.start == token.end,
               let digits = peek(1), digits.kind == .word, digits.start == comma.end {
                index += 2
                return ParsedValue(text: slice(token.start, digits.end), kind: .bare, flags: "", range: range(token.start, digits.end))
            }
            if token.isWord("and") || token.isWord("or") {
                error("rules.syntax", "expected a value after `\(previous.text)`, found `\(token.text)`", at: token.start)
                return nil
            }
            return ParsedValue(text: token.text, kind: .bare, flags: "", range: range(token.start, token.end))
        case .string:
            return ParsedValue(text: token.text, kind: .quoted, flags: "", range: range(token.start, token.end))
        case .regex:
            return ParsedValue(text: token.text, kind: .regex, flags: token.flags, range: range(token.start, token.end))
        default:
            error("rules.syntax", "expected a value after `\(previous.text)`, found `\(token.text)`", at: token.start)
            return nil
        }
    }

    func allowed(_ op: ConditionOperator, for field: RuleField) -> Bool {
        switch field.valueKind {
        case .text, .choice:
            return ![.less, .lessOrEqual, .greater, .greaterOrEqual, .between].contains(op)
        case .amount, .date, .number, .weekday:
            return ![.contains, .startsWith, .endsWith, .matches, .isEmpty, .isSet].contains(op)
        }
    }

    func operatorNotes(_ field: RuleField) -> [String] {
        switch field.valueKind {
        case .text, .choice:
            return ["\(field) takes: contains, equals (or is), starts with, ends with, matches /regex/, in (…), is empty, is set"]
        case .amount, .date, .number, .weekday:
            return ["\(field) takes: =, !=, <, <=, >, >=, between A and B, in (…)"]
        }
    }
}
