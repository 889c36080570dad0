/// The fields of a large file's table a window of rows at a time: a table made by
/// ``CSVTokenizer/index(_:passed:)`` keeps each row's line, offset and field count (12 bytes a
/// row) and no fields; this tokenizes the rows around the one asked for again, from the row's
/// offset, and keeps their spans until a row outside them is asked for. A window's text is given
/// back (`release`, for a mapped file) when the next window is made, so neither the table's
/// fields nor the file are ever held whole.
///
/// What a caller must know: any row may be asked for in any order and gets the span a whole
/// tokenization gives (rows start where a whole tokenization found them, so a window never
/// begins inside a quoted field); reading rows in order tokenizes each window once, going back
/// and forth tokenizes a window each time. The text must outlive the window. A class, so the
/// copies of a table (each reader holds one) share the window; its state is behind a pointer,
/// read and written without exclusivity checks (one thread reads a table at a time).
final class CSVFieldWindow: @unchecked Sendable {
    private struct State {
        var firstField = 0, endField = 0
        var bytes = 0..<0
        var spans: UnsafeMutablePointer<CSVFieldSpan>?
        var capacity = 0
    }

    private let text: UnsafeBufferPointer<UInt8>
    private let tokenizer: CSVTokenizer
    private let rowOffset: [Int32], rowLine: [Int32], rowFieldStart: [Int32]
    let rowsPerWindow: Int
    private let release: (Range<Int>) -> Void
    private let state = UnsafeMutablePointer<State>.allocate(capacity: 1)

    init(table: CSVTable, text: UnsafeBufferPointer<UInt8>, tokenizer: CSVTokenizer, rowsPerWindow: Int,
         release: @escaping (Range<Int>) -> Void) {
        self.text = text
        self.tokenizer = tokenizer
        rowOffset = table.rowOffset
        rowLine = table.rowLine
        rowFieldStart = table.rowFieldStart
        self.rowsPerWindow = max(1, rowsPerWindow)
        self.release = release
        state.initialize(to: State())
    }

    deinit {
        state.pointee.spans?.deallocate()
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// Field `k` of the table (the `column`-th of `row`'s: `rowFieldStart[row] + column`).
    @inline(__always)
    func span(field k: Int, row: Int) -> CSVFieldSpan {
        let s = state.pointee
        if k >= s.firstField && k < s.endField { return s.spans.unsafelyUnwrapped[k - s.firstField] }
        return load(field: k, row: row)
    }

    @inline(never)
    private func load(field k: Int, row: Int) -> CSVFieldSpan {
        let first = row / rowsPerWindow * rowsPerWindow, end = min(first + rowsPerWindow, rowLine.count)
        let firstField = Int(rowFieldStart[first]), count = Int(rowFieldStart[end]) - firstField
        var s = state.pointee
        if s.capacity < count {
            s.spans?.deallocate()
            s.capacity = max(count, 2 * s.capacity)
            s.spans = .allocate(capacity: s.capacity)
        }
        var fields = CSVFieldBuffer(base: s.spans.unsafelyUnwrapped, capacity: s.capacity)
        let (window, _) = tokenizer.tokenize(text, from: Int(rowOffset[first]), line: rowLine[first], rows: end - first, into: &fields)
        precondition(window.rowCount == end - first && fields.count == count, "a window tokenized unlike the whole file")
        let bytes = Int(rowOffset[first])..<(end < rowLine.count ? Int(rowOffset[end]) : text.count)
        if !s.bytes.isEmpty { release(s.bytes) }
        s.firstField = firstField
        s.endField = firstField + count
        s.bytes = bytes
        state.pointee = s
        return s.spans.unsafelyUnwrapped[k - firstField]
    }
}
