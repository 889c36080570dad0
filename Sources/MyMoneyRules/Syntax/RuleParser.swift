/// Reads the rule language into ``RuleFile`` values.
///
/// Problems are collected as diagnostics (`rules.syntax`, `rules.unknown-field`,
/// `rules.unknown-operator`, `rules.unknown-action`); a line with a problem is skipped and reading
/// goes on, so one run reports every mistake.
public enum RuleParser {
    /// Parses one file.
    public static func parse(_ source: SourceFile) -> RuleFile {
        var parser = RuleFileParser(source: source)
        parser.run()
        return RuleFile(source: source, rules: parser.rules, diagnostics: parser.diagnostics)
    }

    /// Parses text given in memory (tests, `rules check -`).
    public static func parse(name: String, text: String) -> RuleFile {
        parse(SourceFile(name: name, string: text))
    }
}

/// The state of reading one file.
struct RuleFileParser {
    let source: SourceFile
    var rules: [ParsedRule] = []
    var diagnostics: [Diagnostic] = []

    // The rule being read.
    var current: ParsedRule?
    var currentEnd = 0
    var currentEndPosition = SourcePosition(offset: 0, line: 1, column: 1)
    // The current line.
    var lineNumber = 0
    var lineStart = 0
    var tokens: [RuleToken] = []
    var index = 0
    var lineFailed = false
    /// The last `rule` line was broken: its indented lines are skipped without further messages.
    var skippingBrokenRule = false
    /// How deep `(` and `not` nest on the current line, and how deep the current rule's condition
    /// lines nest (`or` after `and` after `or` …): both at most ``maximumNesting``, so the parser,
    /// the compiler and the evaluator, which recurse over conditions, never run out of stack.
    var nesting = 0
    var lineNesting = 0
    static let maximumNesting = 64
    /// Condition lines joined the same way, gathered into one list before they become the rule's
    /// condition (appending to the list inside the condition copied it on every line).
    var joinedLines: [ParsedCondition] = []
    var joinedAny = false

    init(source: SourceFile) { self.source = source }

    // MARK: positions

    func position(_ offset: Int) -> SourcePosition {
        SourcePosition(offset: offset, line: lineNumber, column: offset - lineStart + 1)
    }

    func range(_ start: Int, _ end: Int) -> RuleTextRange {
        RuleTextRange(start: position(start), end: position(end))
    }

    func slice(_ start: Int, _ end: Int) -> String {
        String(decoding: source.text[start..<end], as: UTF8.self)
    }

    mutating func error(_ code: String, _ message: String, at offset: Int, notes: [String] = []) {
        guard !lineFailed else { return }
        lineFailed = true
        current?.hasErrors = true
        diagnostics.append(.error(code, message, file: source.name, at: position(offset), notes: notes))
    }

    // MARK: lines

    mutating func run() {
        let text = source.text
        var start = 0
        if text.count >= 3 && text[0] == 0xEF && text[1] == 0xBB && text[2] == 0xBF { start = 3 }
        lineNumber = 0
        while start <= text.count {
            var end = start
            while end < text.count && text[end] != 0x0A { end += 1 }
            lineNumber += 1
            lineStart = start
            readLine(from: start, to: end)
            if end >= text.count { break }
            start = end + 1
        }
        finishRule()
    }

    mutating func readLine(from start: Int, to end: Int) {
        var indent = start
        while indent < end && (source.text[indent] == 0x20 || source.text[indent] == 0x09) { indent += 1 }
        lineFailed = false
        var lexProblems: [(String, Int, [String])] = []
        let lexer = RuleLexer(bytes: source.text, report: { lexProblems.append(($0, $1, $2)) })
        tokens = lexer.tokens(from: indent, to: end)
        index = 0
        if let problem = lexProblems.first {
            error("rules.syntax", problem.0, at: problem.1, notes: problem.2)
            return
        }
        guard let first = tokens.first else { return }
        if indent == start {
            guard first.isWord("rule") else {
                error("rules.syntax", "expected `rule \"NAME\"` at the start of a line, found `\(first.text)`", at: first.start,
                      notes: ["indent the lines of a rule (conditions and actions) under its `rule` line"])
                return
            }
            finishRule()
            readHeader()
            skippingBrokenRule = current == nil
        } else {
            if skippingBrokenRule { return }
            guard current != nil else {
                error("rules.syntax", "this indented line belongs to no rule", at: first.start,
                      notes: ["start a rule with `rule \"NAME\"` at the beginning of a line"])
                return
            }
            readBodyLine()
            if !lineFailed, let last = tokens.last, last.end > currentEnd {
                currentEnd = last.end
                currentEndPosition = position(last.end)
            }
        }
    }

    mutating func finishRule() {
        flushJoinedLines()
        guard var rule = current else { return }
        let end = max(currentEnd, rule.range.start.offset)
        rule.range.end = currentEnd >= rule.range.start.offset ? currentEndPosition : rule.range.start
        rule.text = slice(rule.range.start.offset - (rule.range.start.column - 1), end)
        rules.append(rule)
        current = nil
    }

    // MARK: header

    mutating func readHeader() {
        let ruleToken = tokens[0]
        index = 1
        guard let nameToken = peek(), nameToken.kind == .string else {
            let found = peek().map { "`\($0.text)`" } ?? "the end of the line"
            error("rules.syntax", "expected the rule's name in double quotes after `rule`, found \(found)", at: peek()?.start ?? ruleToken.end,
                  notes: ["write: rule \"Groceries\""])
            return
        }
        index += 1
        var stage = RuleStage.default
        if let word = peek() {
            guard word.isWord("stage") else {
                error("rules.syntax", "expected `stage pre|default|post` or the end of the line, found `\(word.text)`", at: word.start,
                      notes: ["conditions and actions go on their own indented lines below the `rule` line"])
                return
            }
            index += 1
            guard let value = peek(), value.kind == .word, let parsed = RuleStage(rawValue: value.text.lowercased()) else {
                let found = peek().map { "`\($0.text)`" } ?? "nothing"
                error("rules.bad-value", "unknown stage \(found)", at: peek()?.start ?? word.end,
                      notes: ["stages are `pre`, `default` and `post`"])
                return
            }
            stage = parsed
            index += 1
            if let extra = peek() {
                error("rules.syntax", "unexpected `\(extra.text)` after the stage", at: extra.start)
                return
            }
        }
        lineNesting = 0
        current = ParsedRule(name: nameToken.text, stage: stage, range: range(ruleToken.start, nameToken.end),
                             nameRange: range(nameToken.start, nameToken.end), text: "", condition: nil, actions: [], stop: nil)
        currentEnd = tokens.last?.end ?? nameToken.end
        currentEndPosition = position(currentEnd)
    }

    // MARK: body

    func peek(_ offset: Int = 0) -> RuleToken? {
        index + offset < tokens.count ? tokens[index + offset] : nil
    }

    mutating func readBodyLine() {
        let first = tokens[0]
        let keyword = first.kind == .word ? first.text.lowercased() : ""
        index = 1
        switch keyword {
        case "when", "and", "or", "if":
            guard let condition = readConditionLine() else { return }
            if current?.condition != nil || !joinedLines.isEmpty {
                join(condition, any: keyword == "or", at: first.start)
            } else if keyword == "when" || keyword == "if" {
                current?.condition = condition
            } else if current?.hasErrors == true {
                return      // the `when` line before it was already reported
            } else {
                error("rules.syntax", "`\(keyword)` continues a condition, but this rule has no `when` line before it", at: first.start,
                      notes: ["start the conditions with `when`"])
            }
        case "set": readSet(first)
        case "rename":
            guard let field = peek(), field.isWord("payee") else {
                error("rules.unknown-action", "only the payee can be renamed", at: peek()?.start ?? first.end,
                      notes: ["write: rename payee \"New name\""])
                return
            }
            index += 1
            if let to = peek(), to.isWord("to") { index += 1 }
            readValueAction(.setPayee, first)
        case "append":
            guard let field = peek(), field.isWord("notes") || field.isWord("note") else {
                error("rules.unknown-action", "only notes can be appended to", at: peek()?.start ?? first.end,
                      notes: ["write: append notes \"text\""])
                return
            }
            index += 1
            readValueAction(.appendNotes, first)
        case "add", "remove":
            guard let field = peek(), field.isWord("tag") || field.isWord("tags") else {
                error("rules.unknown-action", "`\(keyword)` works on tags", at: peek()?.start ?? first.end,
                      notes: ["write: \(keyword) tag coffee"])
                return
            }
            index += 1
            readTagsAction(keyword == "add" ? .addTags : .removeTags, first)
        case "transfer":
            guard let direction = peek(), direction.isWord("to") || direction.isWord("from") else {
                error("rules.syntax", "expected `to` or `from` after `transfer`", at: peek()?.start ?? first.end,
                      notes: ["write: transfer to \"Savings\" (money leaves this account) or transfer from \"Checking\""])
                return
            }
            index += 1
            readValueAction(direction.isWord("to") ? .transferTo : .transferFrom, first)
        case "ignore", "skip":
            guard expectEnd() else { return }
            appendAction(ParsedAction(kind: .ignore, values: [], range: range(first.start, first.end), text: first.text))
        case "stop":
            guard expectEnd() else { return }
            let stopRange = range(first.start, first.end)
            current?.stop = stopRange
        case "rule":
            error("rules.syntax", "`rule` must start at the beginning of a line", at: first.start,
                  notes: ["remove the indentation before `rule`"])
        default:
            let known = ["when", "and", "or", "set", "rename", "append", "add", "remove", "transfer", "ignore", "stop"]
            var notes = ["a rule's lines start with: " + known.joined(separator: ", ")]
            if let guess = closest(to: keyword.isEmpty ? first.text : keyword, in: known) { notes.insert("did you mean `\(guess)`?", at: 0) }
            error("rules.unknown-action", "unknown rule line starting with `\(first.text)`", at: first.start, notes: notes)
        }
    }

    mutating func appendAction(_ action: ParsedAction) {
        current?.actions.append(action)
    }

    mutating func expectEnd() -> Bool {
        if let extra = peek() {
            error("rules.syntax", "unexpected `\(extra.text)` at the end of the line", at: extra.start)
            return false
        }
        return true
    }

    mutating func readSet(_ first: RuleToken) {
        guard let field = peek(), field.kind == .word else {
            error("rules.syntax", "expected what to set after `set`", at: peek()?.start ?? first.end,
                  notes: ["settable fields: category, project, place, payee, notes"])
            return
        }
        index += 1
        let kind: ParsedAction.Kind
        switch field.text.lowercased() {
        case "category": kind = .setCategory
        case "project": kind = .setProject
        case "place": kind = .setPlace
        case "payee": kind = .setPayee
        case "notes", "note": kind = .setNotes
        case "tag", "tags":
            error("rules.unknown-action", "tags are added, not set", at: field.start, notes: ["write: add tag \(peek()?.text ?? "NAME")"])
            return
        default:
            var notes = ["settable fields: category, project, place, payee, notes"]
            if let guess = closest(to: field.text.lowercased(), in: ["category", "project", "place", "payee", "notes"]) {
                notes.insert("did you mean `\(guess)`?", at: 0)
            }
            error("rules.unknown-field", "`\(field.text)` cannot be set by a rule", at: field.start, notes: notes)
            return
        }
        readValueAction(kind, first)
    }

    /// Reads the rest of the line as one value: a quoted string, or the raw text as written.
    mutating func readValueAction(_ kind: ParsedAction.Kind, _ first: RuleToken) {
        guard let valueStart = peek(), let last = tokens.last else {
            error("rules.syntax", "expected a value after `\(slice(first.start, tokens[max(0, index - 1)].end))`", at: tokens[max(0, index - 1)].end)
            return
        }
        let value: ParsedValue
        if valueStart.kind == .string {
            guard index == tokens.count - 1 else {
                error("rules.syntax", "unexpected `\(tokens[index + 1].text)` after the quoted value", at: tokens[index + 1].start)
                return
            }
            value = ParsedValue(text: valueStart.text, kind: .quoted, flags: "", range: range(valueStart.start, valueStart.end))
        } else {
            if let bad = tokens[index...].first(where: { $0.kind == .string || $0.kind == .regex }) {
                error("rules.syntax", "quote the whole value, or none of it", at: bad.start,
                      notes: ["write: \(slice(first.start, valueStart.start))\"\(slice(valueStart.start, last.end).replacingOccurrences(of: "\"", with: ""))\""])
                return
            }
            value = ParsedValue(text: slice(valueStart.start, last.end), kind: .bare, flags: "", range: range(valueStart.start, last.end))
        }
        index = tokens.count
        appendAction(ParsedAction(kind: kind, values: [value], range: range(first.start, last.end),
                                             text: slice(first.start, last.end)))
    }

    mutating func readTagsAction(_ kind: ParsedAction.Kind, _ first: RuleToken) {
        var values: [ParsedValue] = []
        while let token = peek() {
            index += 1
            switch token.kind {
            case .comma: continue
            case .word: values.append(ParsedValue(text: token.text, kind: .bare, flags: "", range: range(token.start, token.end)))
            case .string: values.append(ParsedValue(text: token.text, kind: .quoted, flags: "", range: range(token.start, token.end)))
            default:
                error("rules.syntax", "expected a tag name, found `\(token.text)`", at: token.start,
                      notes: ["tags are words or quoted strings, separated by commas or spaces"])
                return
            }
        }
        guard !values.isEmpty, let last = tokens.last else {
            error("rules.syntax", "expected at least one tag after `\(slice(first.start, tokens[max(0, index - 1)].end))`", at: tokens[max(0, index - 1)].end)
            return
        }
        appendAction(ParsedAction(kind: kind, values: values, range: range(first.start, last.end),
                                             text: slice(first.start, last.end)))
    }
}

/// The candidate closest to `word` by edit distance, when close enough to be a likely typo.
func closest(to word: String, in candidates: [String]) -> String? {
    let w = Array(word.lowercased())
    var best: (String, Int)?
    for candidate in candidates {
        let c = Array(candidate.lowercased())
        var previous = Array(0...c.count)
        for i in 1...max(1, w.count) where !w.isEmpty {
            var row = [i] + Array(repeating: 0, count: c.count)
            for j in 1...max(1, c.count) where !c.isEmpty {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (w[i - 1] == c[j - 1] ? 0 : 1))
            }
            previous = row
        }
        let distance = w.isEmpty ? c.count : previous[c.count]
        if distance <= max(1, min(w.count, c.count) / 3), best.map({ distance < $0.1 }) ?? true {
            best = (candidate, distance)
        }
    }
    return best?.0
}
