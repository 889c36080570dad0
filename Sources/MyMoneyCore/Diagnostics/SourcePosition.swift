/// A place in a source file: the UTF-8 byte offset and the 1-based line and byte column.
///
/// Readers record offsets (cheap); ``SourceFile`` turns a position into the line's text and a
/// character column only when a diagnostic is rendered.
public struct SourcePosition: Sendable, Hashable, Codable, Comparable {
    /// UTF-8 byte offset from the start of the decoded text.
    public var offset: Int
    /// 1-based line number.
    public var line: Int
    /// 1-based column in UTF-8 bytes from the line's start.
    public var column: Int

    public init(offset: Int, line: Int, column: Int) {
        self.offset = offset
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool { lhs.offset < rhs.offset }
}

/// A ``SourcePosition`` in 16 bytes instead of 24, for the values held by the million (a
/// statement's transactions and running balances): its line and column in 32 bits each, up to
/// 4,294,967,295 (a file this tool reads is at most 2 GiB; a larger value is kept as that).
/// Whether there is a position at all is kept beside it, where its holder has room: an
/// optional packed position would take 24 bytes again. Absent, it is all 0.
@usableFromInline struct PackedPosition: Sendable, Hashable {
    @usableFromInline var offset: Int
    @usableFromInline var line: UInt32
    @usableFromInline var column: UInt32

    @inlinable init(_ position: SourcePosition?) {
        offset = position?.offset ?? 0
        line = UInt32(clamping: position?.line ?? 0)
        column = UInt32(clamping: position?.column ?? 0)
    }

    @inlinable var position: SourcePosition { SourcePosition(offset: offset, line: Int(line), column: Int(column)) }
}

/// A stretch of a source file: where it starts and how many UTF-8 bytes it covers (a field, a
/// value, a tag), so a diagnostic can underline all of it.
public struct SourceRange: Sendable, Hashable, Codable {
    public var start: SourcePosition
    /// Length in UTF-8 bytes; 0 for a point (a missing value).
    public var length: Int

    public init(start: SourcePosition, length: Int) {
        self.start = start
        self.length = max(0, length)
    }
}

/// The text of one input, decoded to UTF-8, kept for diagnostics and positions.
public struct SourceFile: Sendable {
    /// The name as the user gave it (`-` for standard input).
    public let name: String
    /// The decoded UTF-8 bytes.
    public let text: [UInt8]

    public init(name: String, text: [UInt8]) {
        self.name = name
        self.text = text
    }

    public init(name: String, string: String) {
        self.init(name: name, text: Array(string.utf8))
    }

    /// The position of a byte offset (clamped to the text).
    ///
    /// - Complexity: O(offset); use line counters in hot loops instead.
    public func position(ofOffset offset: Int) -> SourcePosition {
        let end = max(0, min(offset, text.count))
        var line = 1, lineStart = 0
        text.withUnsafeBufferPointer { buffer in
            for i in 0..<end where buffer[i] == 0x0A {
                line += 1
                lineStart = i + 1
            }
        }
        return SourcePosition(offset: end, line: line, column: end - lineStart + 1)
    }

    /// The text of the line holding `offset`, without its line break.
    public func lineText(containing offset: Int) -> (text: String, start: Int) {
        let line = lineText(containing: offset, limit: Int.max)
        return (line.text, line.start)
    }

    /// The text of the line holding `offset`, looking at most `limit` bytes either side of it:
    /// on a longer line, `isWhole` is false and the text runs from the first character boundary
    /// `limit` bytes before `offset` (the work stays bounded on a one-line file of megabytes).
    public func lineText(containing offset: Int, limit: Int) -> (text: String, start: Int, isWhole: Bool) {
        text.withUnsafeBufferPointer { text in
            let o = max(0, min(offset, text.count))
            var start = o
            // Lines end in LF, CRLF or a lone CR (old Mac exports).
            while start > 0 && text[start - 1] != 0x0A && text[start - 1] != 0x0D && o - start < limit { start -= 1 }
            let isWhole = start == 0 || text[start - 1] == 0x0A || text[start - 1] == 0x0D
            if !isWhole { while start < o && text[start] & 0xC0 == 0x80 { start += 1 } }
            var end = o
            while end < text.count && text[end] != 0x0A && text[end] != 0x0D && end - o < limit { end += 1 }
            return (String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self), start, isWhole)
        }
    }
}
