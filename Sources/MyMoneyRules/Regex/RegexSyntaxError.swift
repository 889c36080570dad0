/// Why a rule's regular expression cannot be used, and where in the pattern.
///
/// The compiler turns it into a diagnostic pointing at `offset` inside the `/…/` value.
struct RegexSyntaxError: Error, Sendable, Hashable {
    /// `rules.bad-regex` (not a valid pattern), `rules.regex-unsupported` (valid elsewhere, but
    /// not matchable in linear time or not supported), `rules.regex-too-large`.
    var code: String
    var message: String
    /// UTF-8 offset in the pattern of the construct at fault; -1 for the pattern as a whole.
    var offset: Int
    var notes: [String]

    static func bad(_ message: String, at offset: Int, notes: [String] = []) -> RegexSyntaxError {
        RegexSyntaxError(code: "rules.bad-regex", message: message, offset: offset,
                         notes: notes + ["check brackets, parentheses and quantifiers; escape a literal character with \\ (\\. \\( \\*)"])
    }

    static func unsupported(_ message: String, at offset: Int, notes: [String] = []) -> RegexSyntaxError {
        RegexSyntaxError(code: "rules.regex-unsupported", message: message, offset: offset, notes: notes)
    }

    static func tooLarge(_ message: String, at offset: Int, notes: [String] = []) -> RegexSyntaxError {
        RegexSyntaxError(code: "rules.regex-too-large", message: message, offset: offset, notes: notes)
    }

    /// The note every refusal of a linear-time-breaking construct carries.
    static let linearNote = "My Money matches every regular expression in time proportional to the text, so no statement can stall an import; "
        + "backreferences, lookahead, lookbehind, atomic groups and possessive quantifiers cannot be matched that way"
}
