/// One field of a tokenized CSV file: a byte range in the decoded text.
///
/// For a quoted field without doubled quotes the range is the text between the quotes; a field
/// that needs unescaping (doubled quotes, text after the closing quote) keeps its raw range and
/// is decoded on demand by ``CSVTable/bytes(of:in:)``.
struct CSVFieldSpan: Sendable, Hashable {
    /// Eight bytes (a table keeps its fields in five: ``CSVFieldSpans``): the end's top bit is `needsUnescape`.
    private let startBits: UInt32
    private let endBits: UInt32

    var start: Int32 { Int32(bitPattern: startBits) }
    var end: Int32 { Int32(bitPattern: endBits & 0x7FFF_FFFF) }
    /// The range is raw (opening quote included) and must be unescaped.
    var needsUnescape: Bool { endBits & 0x8000_0000 != 0 }

    /// `start` and `end` are offsets below 2 GiB (the tokenizer refuses larger files).
    init(start: Int32, end: Int32, needsUnescape: Bool) {
        startBits = UInt32(bitPattern: start)
        endBits = UInt32(bitPattern: end) & 0x7FFF_FFFF | (needsUnescape ? 0x8000_0000 : 0)
    }
}

/// A tokenized CSV file: rows of field spans over the decoded UTF-8 text (5 bytes a field:
/// ``CSVFieldSpans``), with the line and byte offset where each row starts. Blank lines are not rows.
/// A large file's table may hold no fields and get them from a ``CSVFieldWindow`` instead.
struct CSVTable: Sendable {
    var fields = CSVFieldSpans()
    /// Where the fields are when `fields` does not hold them (the table of ``CSVTokenizer/index(_:passed:)``).
    var window: CSVFieldWindow?
    /// Index into `fields` of each row's first field; one more entry than there are rows.
    var rowFieldStart: [Int32] = [0]
    /// 1-based line number of each row's first byte.
    var rowLine: [Int32] = []
    /// Byte offset of each row's first byte.
    var rowOffset: [Int32] = []

    var rowCount: Int { rowLine.count }

    func fieldCount(_ row: Int) -> Int { Int(rowFieldStart[row + 1] - rowFieldStart[row]) }

    /// The span of `column` in `row`, or nil when the row is shorter.
    func span(_ row: Int, _ column: Int) -> CSVFieldSpan? {
        guard row >= 0, row < rowCount, column >= 0, column < fieldCount(row) else { return nil }
        return field(Int(rowFieldStart[row]) + column, row: row)
    }

    @inline(__always)
    private func field(_ k: Int, row: Int) -> CSVFieldSpan {
        if let window { return window.span(field: k, row: row) }
        return fields[k]
    }

    /// Writes the field's bytes with quotes resolved into `out` (at least the span's length) and
    /// returns how many were written.
    static func unescape(_ span: CSVFieldSpan, in text: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var count = 0
        var i = Int(span.start)
        let end = Int(span.end)
        var inQuotes = false
        if i < end, text[i] == 0x22 { inQuotes = true; i += 1 }
        while i < end {
            let b = text[i]
            if inQuotes && b == 0x22 {
                if i + 1 < end, text[i + 1] == 0x22 { out[count] = 0x22; count += 1; i += 2; continue }
                inQuotes = false; i += 1; continue
            }
            out[count] = b; count += 1; i += 1
        }
        return count
    }

    /// The field's text, trimmed of spaces and tabs (padded bank exports).
    static func string(_ span: CSVFieldSpan, in text: UnsafeBufferPointer<UInt8>) -> String {
        withBytes(span, in: text) { String(decoding: $0, as: UTF8.self) }
    }

    /// Runs `body` over the field's trimmed bytes (untrimmed with `trimming: false`) without
    /// copying when possible; a field with doubled quotes is unescaped into a temporary buffer
    /// (on the stack when small), never into an array.
    static func withBytes<R>(_ span: CSVFieldSpan, in text: UnsafeBufferPointer<UInt8>, trimming: Bool = true,
                             _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if span.needsUnescape {
            let length = max(1, Int(span.end) - Int(span.start))
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { buffer in
                let count = unescape(span, in: text, into: buffer)
                let bytes = UnsafeBufferPointer(start: buffer.baseAddress, count: count)
                return body(trimming ? trimmed(bytes, 0, count) : bytes)
            }
        }
        return body(trimming ? trimmed(text, Int(span.start), Int(span.end))
                             : UnsafeBufferPointer(rebasing: text[Int(span.start)..<Int(span.end)]))
    }

    @inline(__always)
    static func trimmed(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        var s = start, e = end
        while s < e, text[s] == 0x20 || text[s] == 0x09 { s += 1 }
        while e > s, text[e - 1] == 0x20 || text[e - 1] == 0x09 { e -= 1 }
        return UnsafeBufferPointer(rebasing: text[s..<e])
    }

    /// Calls `body` with each of `columns` (in their order) that a row of `rows` has, trimmed,
    /// row after row: the one direct walk over the token table (two million cells in a
    /// million-row file), used to decide a file's decimal mark and day order.
    ///
    /// - Complexity: O(rows × columns); no allocation (doubled quotes are unescaped on the stack).
    func forEachCell(rows: Range<Int>, columns: [Int], in text: UnsafeBufferPointer<UInt8>,
                     _ body: (_ column: Int, _ bytes: UnsafeBufferPointer<UInt8>) -> Void) {
        rowFieldStart.withUnsafeBufferPointer { starts in
            for row in rows {
                let first = Int(starts[row]), width = Int(starts[row + 1]) - first
                for c in columns where c >= 0 && c < width {
                    let span = field(first + c, row: row)
                    if span.needsUnescape { CSVTable.withBytes(span, in: text) { body(c, $0) } }
                    else { body(c, CSVTable.trimmed(text, Int(span.start), Int(span.end))) }
                }
            }
        }
    }

    /// Whether the field is empty after trimming.
    static func isBlank(_ span: CSVFieldSpan, in text: UnsafeBufferPointer<UInt8>) -> Bool {
        if span.needsUnescape { return withBytes(span, in: text) { $0.isEmpty } }
        return trimmed(text, Int(span.start), Int(span.end)).isEmpty
    }

    /// The position of a byte offset inside `row` (line and byte column), for diagnostics.
    func position(ofOffset offset: Int, row: Int, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        var line = Int(rowLine[row])
        var lineStart = Int(rowOffset[row])
        var i = lineStart
        let end = min(offset, text.count)
        while i < end {
            if text[i] == 0x0A { line += 1; lineStart = i + 1 }
            else if text[i] == 0x0D {
                if i + 1 < text.count, text[i + 1] == 0x0A { i += 1 }
                line += 1; lineStart = i + 1
            }
            i += 1
        }
        return SourcePosition(offset: offset, line: line, column: offset - lineStart + 1)
    }

    /// The position of a field (its first byte), or of the row's start.
    func position(row: Int, column: Int?, in text: UnsafeBufferPointer<UInt8>) -> SourcePosition {
        guard row >= 0, row < rowCount else { return SourcePosition(offset: 0, line: 1, column: 1) }
        if let column, let span = span(row, column) {
            var start = Int(span.start)
            if !span.needsUnescape, start > 0, start <= text.count, start - 1 >= Int(rowOffset[row]),
               text[start - 1] == 0x22 { start -= 1 } // point at the opening quote
            return position(ofOffset: start, row: row, in: text)
        }
        return SourcePosition(offset: Int(rowOffset[row]), line: Int(rowLine[row]), column: 1)
    }
}
