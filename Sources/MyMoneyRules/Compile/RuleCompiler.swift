import Foundation

/// Checks parsed rules and compiles them into a ``CompiledRuleSet``.
///
/// Every value is checked here, with its position: regular expressions (`rules.bad-regex`),
/// amounts, dates and choices (`rules.bad-amount`, `rules.bad-date`, `rules.bad-value`), category
/// depth (`rules.category-too-deep`), capture references (`rules.bad-capture`) and actions that
/// contradict each other (`rules.conflicting-actions`). Nothing is compiled at evaluation time.
public enum RuleCompiler {
    /// Compiles files in the order given (load order: file name order for a folder).
    public static func compile(_ files: [RuleFile]) -> RuleCompilation {
        var state = CompilerState()
        for file in files {
            state.diagnostics.append(contentsOf: file.diagnostics)
            for rule in file.rules { state.compile(rule, file: file.name) }
        }
        let diagnostics = state.diagnostics.enumerated().sorted { a, b in
            let fa = files.firstIndex(where: { $0.name == a.element.file }) ?? 0
            let fb = files.firstIndex(where: { $0.name == b.element.file }) ?? 0
            if fa != fb { return fa < fb }
            let pa = a.element.position?.offset ?? 0, pb = b.element.position?.offset ?? 0
            return pa != pb ? pa < pb : a.offset < b.offset
        }.map(\.element)
        if diagnostics.containsErrors {
            return RuleCompilation(ruleSet: nil, diagnostics: diagnostics, files: files)
        }
        var sources: [String: SourceFile] = [:]
        for file in files { sources[file.name] = file.source }
        return RuleCompilation(ruleSet: state.finish(sources: sources), diagnostics: diagnostics, files: files)
    }

    /// Parses and compiles texts given in memory, in order (tests, tools).
    public static func compile(sources: [(name: String, text: String)]) -> RuleCompilation {
        compile(sources.map { RuleParser.parse(name: $0.name, text: $0.text) })
    }
}

/// A rule waiting for the literal layout.
struct PendingRule {
    let file: String
    let parsed: ParsedRule
    let condition: ConditionNode?
    let actions: [RuleAction]
    let regexLeaves: [Int]
    let usesCaptures: Bool
}

/// What a literal leaf or regex prefilter holds before bits are assigned.
enum PendingTest {
    case literal(Int)
    /// The regex and its prefilter: sets of alternatives, each of which must have one member present.
    case regex(Int, [[Int]])
}

struct RegexKey: Hashable {
    let field: RuleField
    let pattern: String
    let caseSensitive: Bool
}

/// What compiling collects, rule by rule (regex tests: `RuleCompiler+Regex.swift`).
struct CompilerState {
    var diagnostics: [Diagnostic] = []
    var pending: [PendingRule] = []
    var leaves: [ConditionLeaf] = []
    var pendingTests: [Int: PendingTest] = [:]
    /// One compiled regex per field, pattern and case mode: equal tests share it (and its per-transaction answer).
    var regexes: [RuleRegex] = []
    var regexIndexes: [RegexKey: Int] = [:]
    /// Per regex: the literals a matching text must contain (or start with), and whether it is exponential under backtracking.
    var regexPrefilters: [RegexLiterals] = []
    var regexRisks: [Bool] = []
    var literals = LiteralGroupBuilder()
    var names: [String: (String, Int)] = [:]

    // Per rule.
    var file = ""
    var ruleRegexLeaves: [Int] = []
    var ruleCaptureGroups = -1

    mutating func error(_ code: String, _ message: String, at range: RuleTextRange, notes: [String] = []) {
        diagnostics.append(.error(code, message, file: file, at: range.start, notes: notes))
    }

    mutating func warning(_ code: String, _ message: String, at range: RuleTextRange, notes: [String] = []) {
        diagnostics.append(.warning(code, message, file: file, at: range.start, notes: notes))
    }

    // MARK: rules

    mutating func compile(_ rule: ParsedRule, file: String) {
        self.file = file
        ruleRegexLeaves = []
        ruleCaptureGroups = -1
        let key = rule.name.lowercased()
        if let (otherFile, otherLine) = names[key] {
            warning("rules.duplicate-name", "another rule is already named \"\(rule.name)\"", at: rule.nameRange,
                    notes: ["the first is at \(otherFile):\(otherLine); give each rule its own name so reports can tell them apart"])
        } else {
            names[key] = (file, rule.range.start.line)
        }
        let condition = rule.condition.flatMap { compile($0) }
        let actions = compileActions(rule)
        if rule.actions.isEmpty && rule.stop == nil && !rule.hasErrors {
            warning("rules.no-actions", "rule \"\(rule.name)\" has no actions, so it changes nothing", at: rule.nameRange,
                    notes: ["add an action such as `set category Food:Groceries`, `add tag coffee` or `stop`"])
        }
        let usesCaptures = actions.contains { action in
            switch action {
            case .setPlace(let t), .setPayee(let t), .setNotes(let t), .appendNotes(let t):
                return t.parts.contains { if case .capture = $0 { return true } else { return false } }
            default: return false
            }
        }
        pending.append(PendingRule(file: file, parsed: rule, condition: condition, actions: actions,
                                   regexLeaves: ruleRegexLeaves, usesCaptures: usesCaptures))
    }

    // MARK: conditions

    mutating func compile(_ condition: ParsedCondition) -> ConditionNode? {
        switch condition {
        case .all(let parts):
            let nodes = parts.compactMap { compile($0) }
            return nodes.count == parts.count ? .all(nodes) : nil
        case .any(let parts):
            let nodes = parts.compactMap { compile($0) }
            return nodes.count == parts.count ? .any(nodes) : nil
        case .not(let inner, _):
            return compile(inner).map { .not($0) }
        case .test(let test):
            return compile(test)
        }
    }

    mutating func leaf(_ test: ParsedTest, _ kind: ConditionLeaf.Test) -> ConditionNode {
        leaves.append(ConditionLeaf(field: test.field, test: kind, text: test.text, range: test.range))
        return .leaf(leaves.count - 1)
    }

    mutating func compile(_ test: ParsedTest) -> ConditionNode? {
        switch test.field.valueKind {
        case .text, .choice: return compileText(test)
        case .amount: return compileAmount(test)
        case .date: return compileDate(test)
        case .number: return compileNumber(test)
        case .weekday: return compileWeekday(test)
        }
    }

    mutating func compileText(_ test: ParsedTest) -> ConditionNode? {
        switch test.op {
        case .isEmpty: return leaf(test, .empty(true))
        case .isSet: return leaf(test, .empty(false))
        case .matches:
            return compileRegex(test)
        case .contains, .startsWith, .endsWith, .equals, .notEquals, .oneOf:
            var nodes: [ConditionNode] = []
            for value in test.values {
                guard let text = checkedChoice(test, value) else { return nil }
                if text.isEmpty {
                    if test.op == .equals || test.op == .notEquals || test.op == .oneOf {
                        nodes.append(leaf(test, .empty(true)))
                        continue
                    }
                    error("rules.empty-pattern", "an empty text is in every value, so this test always holds", at: value.range,
                          notes: ["to test that \(test.field) has any value, write `\(test.field) is set`"])
                    return nil
                }
                let kind: LiteralGroup.Kind
                switch test.op {
                case .contains: kind = .contains
                case .startsWith: kind = .startsWith
                case .endsWith: kind = .endsWith
                default: kind = .equals
                }
                let id = literals.request(field: test.field, caseSensitive: test.caseSensitive, kind: kind, pattern: text)
                let node = leaf(test, .literal(bit: -1))
                if case .leaf(let i) = node {
                    pendingTests[i] = .literal(id)
                    leaves[i].literal = LiteralTest(kind: kind, pattern: TextFolding.folded(text, caseSensitive: test.caseSensitive),
                                                    caseSensitive: test.caseSensitive)
                }
                nodes.append(node)
            }
            let node: ConditionNode = nodes.count == 1 ? nodes[0] : .any(nodes)
            return test.op == .notEquals ? .not(node) : node
        default:
            return nil
        }
    }

    /// The value of a text test, with choice fields checked against what they can hold.
    mutating func checkedChoice(_ test: ParsedTest, _ value: ParsedValue) -> String? {
        let isEquality = test.op == .equals || test.op == .notEquals || test.op == .oneOf
        guard isEquality else { return value.text }
        switch test.field {
        case .type:
            guard let t = TransactionType(rawValue: value.text.lowercased()) else {
                error("rules.bad-value", "unknown transaction type `\(value.text)`", at: value.range,
                      notes: ["types are income, expense and transfer"])
                return nil
            }
            return t.rawValue
        case .accountKind:
            guard let kind = AccountKind(userText: value.text) else {
                error("rules.bad-value", "unknown account kind `\(value.text)`", at: value.range,
                      notes: ["kinds: " + AccountKind.allCases.map(\.rawValue).joined(separator: ", ")])
                return nil
            }
            return kind.rawValue
        case .currency:
            if Currency(code: value.text.uppercased()) == nil {
                warning("rules.unknown-currency", "`\(value.text)` is not an ISO 4217 currency code, so this test never holds", at: value.range,
                        notes: ["write a three-letter code such as EUR or USD"])
            }
            return value.text
        case .sourceFormat:
            let known = ["csv", "ofx", "qfx", "qif", "manual", "camt", "mt940"]
            if !known.contains(value.text.lowercased()) {
                warning("rules.bad-value", "no reader produces the source format `\(value.text)`", at: value.range,
                        notes: ["formats: " + known.joined(separator: ", ")])
            }
            return value.text
        default:
            return value.text
        }
    }

    /// Turns a comparison on parsed values into leaves with inclusive bounds.
    mutating func bounds<T>(_ test: ParsedTest, _ parsed: [T], less: (T, T) -> Bool,
                            make: (T?, T?, Bool) -> ConditionLeaf.Test) -> ConditionNode? {
        guard parsed.count == test.values.count, !parsed.isEmpty else { return nil }
        switch test.op {
        case .equals: return leaf(test, make(parsed[0], parsed[0], false))
        case .notEquals: return .not(leaf(test, make(parsed[0], parsed[0], false)))
        case .oneOf: return .any(parsed.map { leaf(test, make($0, $0, false)) })
        case .lessOrEqual: return leaf(test, make(nil, parsed[0], false))
        case .greaterOrEqual: return leaf(test, make(parsed[0], nil, false))
        case .less: return leaf(test, make(nil, parsed[0], true))
        case .greater: return leaf(test, make(parsed[0], nil, true))
        case .between:
            if less(parsed[1], parsed[0]) {
                error("rules.empty-range", "`between \(test.values[0].text) and \(test.values[1].text)`: the low end is above the high end, so nothing matches",
                      at: test.values[0].range, notes: ["write the smaller value first: between \(test.values[1].text) and \(test.values[0].text)"])
                return nil
            }
            return leaf(test, make(parsed[0], parsed[1], false))
        default:
            return nil
        }
    }

    mutating func compileAmount(_ test: ParsedTest) -> ConditionNode? {
        let absolute = test.field == .absoluteAmount
        var parsed: [Amount] = []
        for value in test.values {
            do {
                parsed.append(try Amount(parsing: value.text))
            } catch {
                self.error("rules.bad-amount", "cannot read `\(value.text)` as an amount", at: value.range,
                           notes: ["write amounts with a decimal point and an optional sign: -54.37, 1000, 0.5"])
                return nil
            }
        }
        return bounds(test, parsed, less: { $0 < $1 }, make: { .amount(low: $0, high: $1, absolute: absolute, exclusive: $2) })
    }

    mutating func compileDate(_ test: ParsedTest) -> ConditionNode? {
        var parsed: [Int32] = []
        for value in test.values {
            guard let day = Day(iso: value.text) else {
                error("rules.bad-date", "cannot read `\(value.text)` as a date", at: value.range,
                      notes: ["write dates as YYYY-MM-DD, for example 2026-10-01"])
                return nil
            }
            parsed.append(day.daysSinceEpoch)
        }
        return bounds(test, parsed, less: { $0 < $1 }, make: { low, high, exclusive in
            .days(low: exclusive ? low.map { $0 + 1 } : low, high: exclusive ? high.map { $0 - 1 } : high) })
    }

    mutating func compileNumber(_ test: ParsedTest) -> ConditionNode? {
        let limit = test.field == .month ? 12 : 31
        let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        var parsed: [Int] = []
        for value in test.values {
            let lower = value.text.lowercased()
            if test.field == .month, lower.count >= 3, let i = months.firstIndex(where: { lower.hasPrefix($0) }) {
                parsed.append(i + 1)
                continue
            }
            guard let n = Int(value.text), (1...limit).contains(n) else {
                error("rules.bad-value", "\(test.field) must be a whole number from 1 to \(limit), found `\(value.text)`", at: value.range,
                      notes: test.field == .month ? ["months are 1–12 or names: jan, feb, …"] : ["day of month 31 matches only months that have it"])
                return nil
            }
            parsed.append(n)
        }
        return bounds(test, parsed, less: { $0 < $1 }, make: { low, high, exclusive in
            .number(low: exclusive ? low.map { $0 + 1 } : low, high: exclusive ? high.map { $0 - 1 } : high) })
    }

    mutating func compileWeekday(_ test: ParsedTest) -> ConditionNode? {
        let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        var days: [Int] = []
        for value in test.values {
            let lower = value.text.lowercased()
            if let n = Int(lower), (1...7).contains(n) {
                days.append(n)
            } else if lower.count >= 2, let i = names.firstIndex(where: { $0.hasPrefix(String(lower.prefix(3))) }),
                      "mondaytuesdaywednesdaythursdayfridaysaturdaysunday".contains(lower) || lower.count <= 3 {
                days.append(i + 1)
            } else {
                error("rules.bad-value", "unknown weekday `\(value.text)`", at: value.range,
                      notes: ["weekdays are monday … sunday (mon … sun), or 1 (Monday) … 7 (Sunday)"])
                return nil
            }
        }
        let set: Set<Int>
        switch test.op {
        case .equals, .notEquals, .oneOf: set = Set(days)
        case .less: set = Set(days[0] > 1 ? Array(1..<days[0]) : [])
        case .lessOrEqual: set = Set(1...days[0])
        case .greater: set = Set(days[0] < 7 ? Array((days[0] + 1)...7) : [])
        case .greaterOrEqual: set = Set(days[0]...7)
        case .between:
            guard days[0] <= days[1] else {
                error("rules.empty-range", "`between \(test.values[0].text) and \(test.values[1].text)`: the first weekday comes after the second",
                      at: test.values[0].range, notes: ["weeks run Monday to Sunday; for a weekend write: weekday in (sat, sun)"])
                return nil
            }
            set = Set(days[0]...days[1])
        default: return nil
        }
        let node = leaf(test, .weekdays(set))
        return test.op == .notEquals ? .not(node) : node
    }

    // MARK: actions

    mutating func compileActions(_ rule: ParsedRule) -> [RuleAction] {
        var actions: [RuleAction] = []
        var seen: [RuleTarget: (String, ParsedAction)] = [:]
        var added: [String: ParsedAction] = [:]
        var removed: [String: ParsedAction] = [:]
        for action in rule.actions {
            let value = action.values.first
            var compiled: RuleAction?
            switch action.kind {
            case .setCategory:
                guard let value else { continue }
                guard let path = CategoryPath(parsing: value.text) else {
                    error("rules.bad-value", "the category is empty", at: value.range, notes: ["write a path such as Food:Groceries"])
                    continue
                }
                if path.depth > CategoryPath.maximumDepth {
                    error("rules.category-too-deep", "category \(path) is \(path.depth) levels deep; categories nest at most \(CategoryPath.maximumDepth) levels",
                          at: value.range, notes: ["shorten the path, for example \(CategoryPath(Array(path.components.prefix(CategoryPath.maximumDepth))))"])
                    continue
                }
                compiled = .setCategory(path)
            case .setProject:
                guard let value else { continue }
                compiled = .setProject(value.text)
            case .setPlace, .setPayee, .setNotes, .appendNotes:
                guard let value else { continue }
                let template = ValueTemplate(parsing: value.text)
                let wanted = template.maximumCapture
                if wanted > 0 || template.parts.contains(.capture(0)) {
                    if ruleCaptureGroups < 0 {
                        error("rules.bad-capture", "`$\(wanted)` refers to a regular expression capture, but this rule has no `matches` test",
                              at: value.range, notes: ["add a test such as: when payee matches /STORE (\\d+)/; write $$ for a dollar sign"])
                        continue
                    }
                    if wanted > ruleCaptureGroups {
                        error("rules.bad-capture", "`$\(wanted)` refers to capture group \(wanted), but the rule's regular expressions have \(ruleCaptureGroups)",
                              at: value.range, notes: ["groups are numbered by their opening parenthesis: /(A)(B)/ has $1 and $2"])
                        continue
                    }
                }
                switch action.kind {
                case .setPlace: compiled = .setPlace(template)
                case .setPayee: compiled = .setPayee(template)
                case .setNotes: compiled = .setNotes(template)
                default: compiled = .appendNotes(template)
                }
            case .addTags, .removeTags:
                let tags = action.values.map(\.text).filter { !$0.isEmpty }.map { (tag: $0, key: $0.lowercased()) }
                for (tag, value) in zip(action.values.map(\.text), action.values) {
                    let key = tag.lowercased()
                    if action.kind == .addTags, removed[key] != nil {
                        error("rules.conflicting-actions", "tag `\(tag)` is both removed and added by this rule", at: value.range,
                              notes: ["keep one of the two actions"])
                    }
                    if action.kind == .removeTags, added[key] != nil {
                        error("rules.conflicting-actions", "tag `\(tag)` is both added and removed by this rule", at: value.range,
                              notes: ["keep one of the two actions"])
                    }
                    if action.kind == .addTags { added[key] = action } else { removed[key] = action }
                }
                compiled = action.kind == .addTags ? .addTags(tags) : .removeTags(tags)
            case .transferTo, .transferFrom:
                guard let value else { continue }
                compiled = .transfer(action.kind == .transferTo ? .to : .from, value.text)
            case .ignore:
                compiled = .ignore
            }
            guard let compiled else { continue }
            let target = compiled.target
            let identity = action.kind == .appendNotes ? nil : "\(action.kind.rawValue) \(value?.text ?? "")"
            if target != .tags, let identity {
                if let (previous, previousAction) = seen[target] {
                    if previous == identity {
                        warning("rules.conflicting-actions", "this action repeats line \(previousAction.range.start.line)", at: action.range,
                                notes: ["remove one of them"])
                    } else {
                        error("rules.conflicting-actions", "`\(action.text)` contradicts `\(previousAction.text)` on line \(previousAction.range.start.line)",
                              at: action.range, notes: ["a rule sets each field once; split it into two rules with different conditions"])
                    }
                    continue
                }
                seen[target] = (identity, action)
            }
            actions.append(compiled)
        }
        if let ignore = rule.actions.first(where: { $0.kind == .ignore }), let other = rule.actions.first(where: { $0.kind != .ignore }) {
            error("rules.conflicting-actions", "`\(other.text)` has no effect: `ignore` drops the transaction", at: other.range,
                  notes: ["`ignore` is on line \(ignore.range.start.line); remove one of them"])
        }
        return actions
    }

    // MARK: finishing

    mutating func finish(sources: [String: SourceFile]) -> CompiledRuleSet {
        let (groups, bitOf) = literals.build()
        for (leafIndex, pendingTest) in pendingTests {
            let old = leaves[leafIndex]
            let test: ConditionLeaf.Test
            switch pendingTest {
            case .literal(let id): test = .literal(bit: bitOf[id])
            case .regex(let r, let sets): test = .regex(r, prefilter: sets.map { $0.map { bitOf[$0] } })
            }
            leaves[leafIndex] = ConditionLeaf(field: old.field, test: test, text: old.text, range: old.range, literal: old.literal,
                                             decidedByLiterals: old.decidedByLiterals,
                                             ordered: old.ordered.map { $0.map { $0.map { bitOf[$0] } } })
        }
        let ordered = pending.enumerated().sorted { a, b in
            a.element.parsed.stage != b.element.parsed.stage ? a.element.parsed.stage < b.element.parsed.stage : a.offset < b.offset
        }.map(\.element)
        var rules: [CompiledRule] = []
        for (index, p) in ordered.enumerated() {
            rules.append(CompiledRule(
                reference: RuleReference(index: index, name: p.parsed.name, file: p.file, line: p.parsed.range.start.line),
                stage: p.parsed.stage, text: p.parsed.text, range: p.parsed.range, stops: p.parsed.stop != nil,
                actionTexts: p.parsed.actions.map(\.text), condition: p.condition, actions: p.actions,
                regexLeaves: p.regexLeaves, usesCaptures: p.usesCaptures))
        }
        return CompiledRuleSet(rules: rules, leaves: leaves, regexes: regexes, groups: groups, sources: sources)
    }
}
