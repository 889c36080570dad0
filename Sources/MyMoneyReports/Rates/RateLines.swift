/// The lines of a text with their numbers and byte offsets, for rate readers' diagnostics.
struct RateLine {
    /// 1-based.
    var number: Int
    /// UTF-8 offset of the line's first byte in the text.
    var offset: Int
    /// Without the line break (and a `\r` before it).
    var text: Substring

    /// The position of a column (1-based, in UTF-8 bytes).
    func position(column: Int) -> SourcePosition {
        SourcePosition(offset: offset + max(1, column) - 1, line: number, column: max(1, column))
    }

    /// The 1-based column where `part` (a slice of ``text``) starts.
    func column(of part: Substring) -> Int {
        text.utf8.distance(from: text.utf8.startIndex, to: part.utf8.startIndex) + 1
    }

    /// The line split at `separator`, each field trimmed of spaces, with the column it starts at.
    func fields(separatedBy separator: Character) -> [(text: String, column: Int)] {
        text.split(separator: separator, omittingEmptySubsequences: false).map { part in
            var trimmed = part.drop(while: { $0 == " " || $0 == "\t" })
            let column = self.column(of: trimmed)
            while let last = trimmed.last, last == " " || last == "\t" { trimmed = trimmed.dropLast() }
            return (String(trimmed), column)
        }
    }

    /// Whitespace-separated words (a `;` outside quotes starts a comment), with their columns.
    func words() -> [(text: String, column: Int)] {
        var result: [(String, Int)] = []
        var current: Substring.Index?
        var index = text.startIndex
        func flush(_ end: Substring.Index) {
            if let start = current {
                let word = text[start..<end]
                result.append((String(word), column(of: word)))
                current = nil
            }
        }
        while index < text.endIndex {
            let c = text[index]
            if c == ";" { break }
            if c == " " || c == "\t" { flush(index) } else if current == nil { current = index }
            index = text.index(after: index)
        }
        flush(index)
        return result
    }

    /// Every line of `text`; a byte-order mark at the start is skipped.
    static func split(_ text: String) -> [RateLine] {
        var lines: [RateLine] = []
        var body = Substring(text)
        var offset = 0
        if body.hasPrefix("\u{FEFF}") { body = body.dropFirst(); offset = 3 }
        var number = 0
        // Split on bytes: "\r\n" is one Character, so splitting Characters at "\n" would miss it.
        for raw in body.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
            number += 1
            var bytes = raw
            if bytes.last == 0x0D { bytes = bytes.dropLast() }
            lines.append(RateLine(number: number, offset: offset, text: Substring(bytes)))
            offset += raw.count + 1
        }
        if lines.last?.text.isEmpty == true { lines.removeLast() }
        return lines
    }
}
