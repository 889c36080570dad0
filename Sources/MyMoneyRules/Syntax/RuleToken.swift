/// One token of a line of a rules file, with its byte range in the file.
struct RuleToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        /// A bare run of characters: a keyword, field name, number, date or unquoted value.
        case word
        /// A double-quoted string; `text` holds its contents with escapes resolved.
        case string
        /// `/pattern/`; `text` holds the pattern, `flags` the letters after the closing slash.
        case regex
        /// `=`, `!=`, `<`, `<=`, `>`, `>=`.
        case comparison
        case openParen, closeParen, comma
    }

    var kind: Kind
    var text: String
    var flags: String = ""
    /// UTF-8 byte offsets into the file: `start..<end`.
    var start: Int
    var end: Int

    /// Whether this is the bare word `word`, compared without regard to case.
    func isWord(_ word: String) -> Bool {
        kind == .word && text.lowercased() == word
    }
}
