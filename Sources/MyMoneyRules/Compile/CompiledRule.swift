/// A rule ready to run: values checked, regexes compiled, literals handed to the shared matchers.
public struct CompiledRule: Sendable {
    public let reference: RuleReference
    public let stage: RuleStage
    /// The rule as written, for explanations.
    public let text: String
    public let range: RuleTextRange
    /// Ends evaluation for the transaction after this rule's actions.
    public let stops: Bool
    /// The action lines as written, in order.
    public let actionTexts: [String]
    /// The categories the rule sets.
    public var categories: [CategoryPath] {
        actions.compactMap { if case .setCategory(let path) = $0 { return path } else { return nil } }
    }

    let condition: ConditionNode?
    let actions: [RuleAction]
    /// Leaves that are regular expressions, in reading order (for `$1` captures).
    let regexLeaves: [Int]
    let usesCaptures: Bool

    public var index: Int { reference.index }
    public var name: String { reference.name }
}

/// A condition tree over leaves stored in ``CompiledRuleSet``.
indirect enum ConditionNode: Sendable {
    case all([ConditionNode])
    case any([ConditionNode])
    case not(ConditionNode)
    case leaf(Int)
}

/// One compiled test.
struct ConditionLeaf: Sendable {
    enum Test: Sendable {
        /// A literal test (contains, equals, starts with, ends with) answered by the shared scan.
        case literal(bit: Int)
        /// A regular expression; skipped unless every prefilter set has a literal that occurred
        /// (sets of alternatives from ``RegexLiterals``, best first; empty: always run).
        case regex(Int, prefilter: [[Int]])
        case empty(Bool)
        /// Bounds, inclusive unless `exclusive` (`<`, `>`: only one bound is set); nil is unbounded.
        case amount(low: Amount?, high: Amount?, absolute: Bool, exclusive: Bool)
        /// Inclusive bounds in days since 1970.
        case days(low: Int32?, high: Int32?)
        case number(low: Int?, high: Int?)
        case weekdays(Set<Int>)
    }
    let field: RuleField
    let test: Test
    /// The test as written.
    let text: String
    let range: RuleTextRange
    /// For a literal test, what it looks for, for the plain evaluator (``CompiledRuleSet/applyPlainly(to:context:options:)``).
    var literal: LiteralTest? = nil
    /// For a regex that is only literal texts (``RegexLiterals/exact``): its first prefilter set
    /// holds them all, so on ASCII text a literal of that set occurring is the answer.
    var decidedByLiterals = false
    /// For a regex `A.*B` (``RegexLiterals/ordered``) on a field with one value: the `contains`
    /// bits of the texts of `A` and of `B`, whose positions answer it on ASCII text.
    var ordered: [[Int]]? = nil
}

/// A literal test as written: its kind and its pattern, folded as ``TextFolding`` folds the text it is looked for in.
struct LiteralTest: Sendable {
    let kind: LiteralGroup.Kind
    let pattern: [UInt8]
    let caseSensitive: Bool
}

/// A value with `$1`-style capture references.
struct ValueTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable { case text(String), capture(Int) }
    let parts: [Part]

    init(parts: [Part]) { self.parts = parts }

    var maximumCapture: Int {
        parts.reduce(0) { if case .capture(let n) = $1 { return max($0, n) } else { return $0 } }
    }

    func render(_ captures: [String]?) -> String {
        var out = ""
        for part in parts {
            switch part {
            case .text(let t): out += t
            case .capture(let n): if let captures, n < captures.count { out += captures[n] }
            }
        }
        return out
    }

    /// Reads `$1`, `${12}` and `$$` (a dollar sign).
    init(parsing text: String) {
        var parts: [Part] = []
        var literal = ""
        let chars = Array(text)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == "$" && i + 1 < chars.count {
                if chars[i + 1] == "$" { literal.append("$"); i += 2; continue }
                var j = i + 1
                let braced = chars[j] == "{"
                if braced { j += 1 }
                var digits = ""
                while j < chars.count, chars[j].isASCII, chars[j].isNumber, digits.count < 3 { digits.append(chars[j]); j += 1 }
                if !digits.isEmpty, let n = Int(digits), !braced || (j < chars.count && chars[j] == "}") {
                    if braced { j += 1 }
                    if !literal.isEmpty { parts.append(.text(literal)); literal = "" }
                    parts.append(.capture(n))
                    i = j
                    continue
                }
            }
            literal.append(c)
            i += 1
        }
        if !literal.isEmpty { parts.append(.text(literal)) }
        self.parts = parts
    }
}

/// A compiled action.
enum RuleAction: Sendable {
    case setCategory(CategoryPath)
    case setProject(String)
    case setPlace(ValueTemplate)
    case setPayee(ValueTemplate)
    case setNotes(ValueTemplate)
    case appendNotes(ValueTemplate)
    /// Tags as written, with their lowercase form for comparing.
    case addTags([(tag: String, key: String)])
    case removeTags([(tag: String, key: String)])
    case transfer(TransferDirection, String)
    case ignore

    var target: RuleTarget {
        switch self {
        case .setCategory: return .category
        case .setProject: return .project
        case .setPlace: return .place
        case .setPayee: return .payee
        case .setNotes, .appendNotes: return .notes
        case .addTags, .removeTags: return .tags
        case .transfer: return .transfer
        case .ignore: return .ignored
        }
    }
}

/// Which way money moves in a transfer a rule marks.
public enum TransferDirection: String, Sendable, Hashable, Codable {
    /// Money leaves this account for the named one.
    case to
    /// Money arrives from the named account.
    case from
}
