/// One field of an MT940 message: its tag and where its content lies in the text.
///
/// The content starts after the tag's closing colon and runs over the tag's line and its
/// continuation lines up to `contentEnd`; ``lines(in:)`` walks them.
struct MT940Field: Sendable {
    var tag: MT940Tag
    /// The tag as written (`61`, `28C`), for fields kept as they are.
    var name: String?
    /// Where the tag's line starts: its offset and 1-based line number.
    var lineStart: Int
    var line: Int
    /// The content: from after `:TAG:` to the end of its last continuation line.
    var contentStart: Int
    var contentEnd: Int
    /// Where the tag's own line ends (before its line break).
    var firstLineEnd: Int

    /// The position of a byte offset on the field's first line (1-based column).
    func position(at offset: Int) -> SourcePosition {
        SourcePosition(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// The field's tag position.
    var position: SourcePosition { position(at: lineStart) }

    /// Each content line (line breaks and a trailing `\r` removed), the first one after the tag.
    func lines(in text: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var start = contentStart
        while start <= contentEnd {
            var end = start
            while end < contentEnd, text[end] != 0x0A { end += 1 }
            var stop = end
            while stop > start, text[stop - 1] == 0x0D { stop -= 1 }
            body(UnsafeBufferPointer(rebasing: text[start..<stop]))
            if end >= contentEnd { break }
            start = end + 1
        }
    }
}
