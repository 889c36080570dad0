/// A rule's regular expression, parsed and compiled once when the rules load.
///
/// Matching is linear in the text by construction (``LazyDFA`` over ASCII, ``PikeVM`` otherwise),
/// so no pattern and no statement can stall an import; constructs that would need backtracking
/// are refused by the parser. Share it across threads; the per-thread matching state is a
/// ``RegexMatcher``.
struct RuleRegex: Sendable {
    let pattern: String
    let caseSensitive: Bool
    let tree: RegexNode
    let program: RegexProgram

    /// Parses and compiles `pattern`; `caseSensitive` false is the `i` flag for the whole pattern.
    init(pattern: String, caseSensitive: Bool) throws(RegexSyntaxError) {
        let parsed = try RegexParser.parse(pattern, caseInsensitive: !caseSensitive)
        self.pattern = pattern
        self.caseSensitive = caseSensitive
        self.tree = parsed.node
        self.program = try RegexProgram(compiling: parsed)
    }

    var captureGroupCount: Int { program.captureCount }
}

/// The answer of one regex on one text.
enum RegexAnswer: Equatable {
    /// Matched; the captures (index 0 the whole match, "" for groups that took no part) when asked for.
    case match([String])
    case noMatch
    /// The step budget ran out: counted as no match, and reported.
    case gaveUp
}
