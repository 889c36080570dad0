/// An RFC 4180 tokenizer over decoded UTF-8 bytes, with the tolerances bank files need.
///
/// Reads quoted fields holding delimiters, doubled quotes and line breaks; CR, LF and CRLF line
/// ends; a quoted field preceded by spaces (`, "text"`); a stray quote inside an unquoted field
/// (kept as a literal). Memory is bounded: a field or line longer than `maximumFieldBytes` stops
/// the tokenizer with a diagnostic instead of growing without end.
struct CSVTokenizer {
    /// Why tokenizing stopped early.
    struct Failure: Sendable, Equatable {
        var code: String
        var message: String
        var offset: Int
        var line: Int
        var lineStart: Int
    }

    var delimiter: UInt8
    /// The largest field, and the largest unquoted line, accepted (1 MiB by default).
    var maximumFieldBytes = 1 << 20
    /// Stop after this many rows (used by sniffing); nil reads everything.
    var rowLimit: Int?

    init(delimiter: UInt8, maximumFieldBytes: Int = 1 << 20, rowLimit: Int? = nil) {
        self.delimiter = delimiter
        self.maximumFieldBytes = maximumFieldBytes
        self.rowLimit = rowLimit
    }

    /// Tokenizes `text`; on failure the table holds every complete row before the problem.
    func tokenize(_ text: UnsafeBufferPointer<UInt8>) -> (table: CSVTable, failure: Failure?) {
        var fields = CSVFieldSpans()
        // A rough capacity guess keeps appends cheap on large files.
        if rowLimit == nil { fields.reserveCapacity(text.count / 10) }
        var (table, failure) = tokenize(text, from: 0, line: 1, rows: rowLimit, into: &fields)
        table.fields = fields
        return (table, failure)
    }

    /// Tokenizes `text` for its rows only: each row's line, offset and field count, no fields
    /// (``CSVFieldWindow`` tokenizes them again a window at a time). `passed(offset)` is called
    /// every 8,192 rows with the offset where the next row starts: this pass reads nothing before it again.
    func index(_ text: UnsafeBufferPointer<UInt8>, passed: (Int) -> Void) -> (table: CSVTable, failure: Failure?) {
        var count = CSVFieldCount()
        return withoutActuallyEscaping(passed) { passed in
            tokenize(text, from: 0, line: 1, rows: rowLimit, into: &count, passed: passed)
        }
    }

    /// Tokenizes at most `rows` rows of `text` from `start`, the first byte of a row on `line`,
    /// into `fields`; the table returned holds the rows (``CSVTable/rowFieldStart`` counts the
    /// fields from `fields`' count at the start), not the fields.
    func tokenize<Fields: CSVFieldStore>(_ text: UnsafeBufferPointer<UInt8>, from start: Int, line firstLine: Int32, rows rowLimit: Int?,
                                         into fields: inout Fields, passed: ((Int) -> Void)? = nil) -> (table: CSVTable, failure: Failure?) {
        var table = CSVTable()
        let n = text.count
        if rowLimit == nil {
            table.rowLine.reserveCapacity(n / 40)
            table.rowOffset.reserveCapacity(n / 40)
            table.rowFieldStart.reserveCapacity(n / 40 + 1)
        }
        let delimiter = self.delimiter
        let limit = maximumFieldBytes
        // Word-at-a-time search for the bytes that end a run: `zeroBytes(w ^ pattern)` marks the
        // bytes of `w` equal to the pattern's byte; its lowest mark is always exact.
        let raw = text.baseAddress.map { UnsafeRawPointer($0) }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let delimiterWord = UInt64(delimiter) &* ones, quoteWord = UInt64(0x22) &* ones
        let lineFeedWord = UInt64(0x0A) &* ones, returnWord = UInt64(0x0D) &* ones
        @inline(__always) func zeroBytes(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & 0x8080_8080_8080_8080 }
        /// From `i`, the offset of the first byte equal to `stop` or a line break, or the last
        /// offset before `end` from which fewer than eight bytes remain.
        @inline(__always) func skipPlain(_ i: Int, _ end: Int, _ stop: UInt64) -> Int {
            guard let raw else { return i }
            var j = i
            while j + 8 <= end {
                let w = raw.loadUnaligned(fromByteOffset: j, as: UInt64.self)
                let m = zeroBytes(w ^ stop) | zeroBytes(w ^ lineFeedWord) | zeroBytes(w ^ returnWord)
                if m != 0 { return j + m.trailingZeroBitCount >> 3 }
                j += 8
            }
            return j
        }
        var i = start
        var line = firstLine
        var lineStart = start
        var rowStart = start
        var rowStartLine = firstLine
        var rowFields = 0
        var failure: Failure?

        @inline(__always) func endRow(_ table: inout CSVTable) {
            // A blank line (one empty unquoted field) is not a row.
            let first = fields.count - rowFields
            if rowFields == 1 {
                let f = fields[first]
                if !f.needsUnescape && CSVTable.trimmed(text, Int(f.start), Int(f.end)).isEmpty
                    && (Int(f.start) == 0 || text[Int(f.start) - 1] != 0x22) {
                    fields.removeLast(1)
                    rowFields = 0
                    return
                }
            }
            table.rowLine.append(rowStartLine)
            table.rowOffset.append(Int32(truncatingIfNeeded: rowStart))
            table.rowFieldStart.append(Int32(truncatingIfNeeded: fields.count))
            rowFields = 0
            if let passed, table.rowLine.count & 8191 == 0 { passed(i) }
        }

        guard n < Int(Int32.max) else {
            return (table, Failure(code: "csv.too-large", message: "the file is larger than 2 GiB", offset: 0, line: 1, lineStart: 0))
        }

        rows: while i <= n {
            if let rowLimit, table.rowCount >= rowLimit { break }
            // Start of a field.
            var start = i
            var quoted = false
            if i < n {
                if text[i] == 0x22 { quoted = true }
                else if text[i] == 0x20 {
                    var j = i
                    while j < n, text[j] == 0x20 { j += 1 }
                    if j < n, text[j] == 0x22 { quoted = true; start = j; i = j }
                }
            }
            var span: CSVFieldSpan
            if quoted {
                i += 1
                let contentStart = i
                var escaped = false
                var closed = false
                while i < n {
                    i = skipPlain(i, min(n, contentStart + limit + 1), quoteWord)
                    if i >= n { break }
                    let b = text[i]
                    if b == 0x22 {
                        if i + 1 < n, text[i + 1] == 0x22 { escaped = true; i += 2; continue }
                        closed = true
                        break
                    }
                    if b == 0x0A { line += 1; lineStart = i + 1 }
                    else if b == 0x0D { if i + 1 < n, text[i + 1] == 0x0A { i += 1 }; line += 1; lineStart = i + 1 }
                    i += 1
                    if i - contentStart > limit { break }
                }
                if i - contentStart > limit {
                    failure = Failure(code: "csv.field.too-long",
                                      message: "a quoted field is longer than \(limit / 1024) KiB; is a closing quote missing?",
                                      offset: start, line: Int(rowStartLine), lineStart: rowStart)
                    break rows
                }
                if !closed {
                    failure = Failure(code: "csv.quote.unterminated",
                                      message: "a quoted field is never closed: the file ends inside quotes",
                                      offset: start, line: Int(rowStartLine), lineStart: rowStart)
                    break rows
                }
                let contentEnd = i
                i += 1 // closing quote
                if i < n, text[i] != delimiter, text[i] != 0x0A, text[i] != 0x0D {
                    // Text after the closing quote: keep it, decoded on demand.
                    while i < n, text[i] != delimiter, text[i] != 0x0A, text[i] != 0x0D { i += 1 }
                    span = CSVFieldSpan(start: Int32(start), end: Int32(i), needsUnescape: true)
                } else if escaped {
                    span = CSVFieldSpan(start: Int32(start), end: Int32(contentEnd), needsUnescape: true)
                } else {
                    span = CSVFieldSpan(start: Int32(contentStart), end: Int32(contentEnd), needsUnescape: false)
                }
            } else {
                i = skipPlain(i, n, delimiterWord)
                while i < n {
                    let b = text[i]
                    if b == delimiter || b == 0x0A || b == 0x0D { break }
                    i += 1
                }
                span = CSVFieldSpan(start: Int32(start), end: Int32(i), needsUnescape: false)
            }
            fields.append(span)
            rowFields += 1
            if i - rowStart > limit && i - lineStart > limit {
                failure = Failure(code: "csv.line.too-long",
                                  message: "a line is longer than \(limit / 1024) KiB; this does not look like a bank statement",
                                  offset: rowStart, line: Int(rowStartLine), lineStart: rowStart)
                fields.removeLast(rowFields)
                rowFields = 0
                break rows
            }
            if i >= n {
                endRow(&table)
                break
            }
            let b = text[i]
            if b == delimiter { i += 1; continue }
            // A line break ends the row.
            if b == 0x0D, i + 1 < n, text[i + 1] == 0x0A { i += 1 }
            i += 1
            line += 1
            lineStart = i
            endRow(&table)
            rowStart = i
            rowStartLine = line
            if i >= n { break }
        }
        if failure != nil, rowFields > 0 { fields.removeLast(rowFields) }
        return (table, failure)
    }
}
