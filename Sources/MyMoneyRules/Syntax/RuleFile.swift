/// One rules file as written: its rules with their ranges and text, and the problems found reading it.
///
/// This is the parsed form; ``RuleCompiler`` turns one or more files into a ``CompiledRuleSet``.
public struct RuleFile: Sendable {
    /// The file's text, kept to show lines in diagnostics and explanations.
    public var source: SourceFile
    /// The rules in file order.
    public var rules: [ParsedRule]
    /// Syntax problems (`rules.syntax`, `rules.unknown-field`, …).
    public var diagnostics: [Diagnostic]

    public init(source: SourceFile, rules: [ParsedRule], diagnostics: [Diagnostic]) {
        self.source = source
        self.rules = rules
        self.diagnostics = diagnostics
    }

    /// The file's name as the user gave it.
    public var name: String { source.name }
}

/// One `rule "…"` block as written.
public struct ParsedRule: Sendable {
    public var name: String
    public var stage: RuleStage
    /// From the `rule` keyword to the end of the rule's last line.
    public var range: RuleTextRange
    /// Where the name was written (for duplicate-name diagnostics).
    public var nameRange: RuleTextRange
    /// The rule's lines exactly as written.
    public var text: String
    /// All `when`/`and`/`or` lines combined; nil when the rule has none (it then matches everything).
    public var condition: ParsedCondition?
    public var actions: [ParsedAction]
    /// Where `stop` was written, when it was.
    public var stop: RuleTextRange?
    /// Some line of the rule had a syntax problem (so checks on the whole rule are skipped).
    public var hasErrors = false
}

/// A condition as written: tests combined with `and`, `or`, `not` and parentheses.
public indirect enum ParsedCondition: Sendable {
    case all([ParsedCondition])
    case any([ParsedCondition])
    case not(ParsedCondition, RuleTextRange)
    case test(ParsedTest)
}

/// How a test compares a field with its values.
public enum ConditionOperator: String, Sendable, Hashable, Codable {
    case contains, equals, notEquals = "not-equals", startsWith = "starts-with", endsWith = "ends-with"
    case matches, isEmpty = "is-empty", isSet = "is-set", oneOf = "in"
    case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", between
}

/// One test: `payee contains "REWE"`, `amount between -20 and -10`, `weekday in (sat, sun)`.
public struct ParsedTest: Sendable {
    public var field: RuleField
    public var fieldRange: RuleTextRange
    public var op: ConditionOperator
    public var values: [ParsedValue]
    /// `case-sensitive` was written after the value.
    public var caseSensitive: Bool
    public var range: RuleTextRange
    /// The test exactly as written.
    public var text: String
}

/// A value in a condition or action, as written.
public struct ParsedValue: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case bare, quoted, regex }
    public var text: String
    public var kind: Kind
    /// Letters after a regular expression's closing slash.
    public var flags: String
    public var range: RuleTextRange
}

/// One action line: `set category Food:Groceries`, `add tag coffee`, `transfer to Tagesgeld`.
public struct ParsedAction: Sendable {
    public enum Kind: String, Sendable, Hashable, Codable {
        case setCategory = "set category", setProject = "set project", setPlace = "set place"
        case setPayee = "set payee", setNotes = "set notes", appendNotes = "append notes"
        case addTags = "add tag", removeTags = "remove tag"
        case transferTo = "transfer to", transferFrom = "transfer from"
        case ignore
    }
    public var kind: Kind
    public var values: [ParsedValue]
    public var range: RuleTextRange
    /// The line as written, without indentation or comment.
    public var text: String
}
