/// A ``TextTable`` written as it goes: rows handed on line by line, never all held.
///
/// The column widths come from a first look at up to `lookahead` rows (1,000 unless told): those
/// rows are held, then the header, the rule and they are written with the widths they need,
/// and every later row at once. A table of no more rows than that is exactly what
/// ``TextTable/render()`` makes of it (held to it by the tests). A later cell wider than its
/// column is never cut: **the column widens from that row on** (the rows above keep the width
/// they were written with), so a long payee far down shifts the columns to its right by what
/// it needs. Cells are cleaned as ``TextTable/add(_:)`` cleans them.
///
/// - Complexity: O(n) in the rows; memory for `lookahead` rows.
public struct StreamingTextTable {
    public static let defaultLookahead = 1_000

    public let headers: [String]
    public let alignments: [TextTable.Alignment]
    public let separator: Bool
    public let lookahead: Int
    /// Where each finished line goes (without its line feed).
    private let emit: (String) -> Void
    /// Where a line of printable ASCII built from ``TableRowBytes`` goes as its bytes (without
    /// its line feed); nil: as a String to `emit`.
    private let emitPlain: ((UnsafeRawBufferPointer) -> Void)?
    /// The bytes of the line being built from a ``TableRowBytes``, reused from row to row.
    private var lineBytes: [UInt8] = []
    private var held: [[String]] = []
    /// The widths in use, once the first look is over.
    private var widths: [Int]?
    /// How many rows were added.
    public private(set) var count = 0

    public init(_ headers: [String], alignments: [TextTable.Alignment]? = nil, separator: Bool = true,
                lookahead: Int = StreamingTextTable.defaultLookahead, lines emit: @escaping (String) -> Void,
                plainLines emitPlain: ((UnsafeRawBufferPointer) -> Void)? = nil) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
        self.separator = separator
        self.lookahead = max(0, lookahead)
        self.emit = emit
        self.emitPlain = emitPlain
    }

    /// Adds a row given as bytes: the same line as ``add(_:)-([String])`` of its ``TableRowBytes/cells``
    /// (its plain twin, held to it by the tests), built from the bytes without a String when the
    /// first look is over and every byte is printable ASCII (such a cell needs no cleaning and is
    /// as wide as it is long), and handed to `plainLines` when there is one.
    public mutating func add(_ row: TableRowBytes) {
        guard var widths, row.isPrintableASCII else { add(row.cells); return }
        count += 1
        let ends = row.ends
        var start = 0
        for i in 0..<min(ends.count, widths.count) {
            widths[i] = max(widths[i], ends[i] - start)
            start = ends[i]
        }
        self.widths = widths
        lineBytes.removeAll(keepingCapacity: true)
        start = 0
        row.bytes.withUnsafeBufferPointer { bytes in
            for (i, width) in widths.enumerated() {
                if i > 0 { lineBytes.append(0x20); lineBytes.append(0x20) }
                let end = i < ends.count ? ends[i] : start
                let right = alignments.indices.contains(i) && alignments[i] == .right
                if right { lineBytes.append(contentsOf: repeatElement(0x20, count: width - (end - start))) }
                lineBytes.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if !right { lineBytes.append(contentsOf: repeatElement(0x20, count: width - (end - start))) }
                start = end
            }
        }
        while lineBytes.last == 0x20 { lineBytes.removeLast() }
        if let emitPlain { lineBytes.withUnsafeBytes(emitPlain) } else { emit(String(decoding: lineBytes, as: UTF8.self)) }
    }

    /// Adds a row: held during the first look, written at once after it.
    public mutating func add(_ row: [String]) {
        count += 1
        guard var widths else {
            held.append(row.map(TextTable.cell))
            if held.count >= lookahead { start() }
            return
        }
        if let line = Self.plainLine(row, widths: &widths, alignments: alignments) {
            self.widths = widths
            emit(line)
            return
        }
        let cells = row.map(TextTable.cell)
        for (i, cell) in cells.enumerated() where i < widths.count {
            let width = cell.count
            if width > widths[i] { widths[i] = width }
        }
        self.widths = widths
        emit(TextTable.line(cells, widths: widths, alignments: alignments))
    }

    /// Writes what is still held (a table shorter than the first look); call it once at the end.
    /// A table without rows writes its header (as ``TextTable/render()`` does).
    public mutating func finish() {
        if widths == nil { start() }
    }

    /// Ends the first look: the widths from the header and the held rows, then those lines.
    private mutating func start() {
        var widths = headers.map(\.count)
        for row in held {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        self.widths = widths
        emit(TextTable.line(headers, widths: widths, alignments: alignments))
        if separator { emit(TextTable.rule(widths, alignments: alignments)) }
        for row in held { emit(TextTable.line(row, widths: widths, alignments: alignments)) }
        held = []
    }

    /// The line of a row whose cells are all printable ASCII (0x20–0x7E), built from bytes:
    /// such a cell is its own table cell (nothing to clean) and as wide as it is long, so the
    /// line is ``TextTable/line(_:widths:alignments:)`` of it without going character by
    /// character (held to it by the tests). Widens `widths` as ``add(_:)`` does; nil (and
    /// `widths` untouched) when a cell is anything else.
    static func plainLine(_ row: [String], widths: inout [Int], alignments: [TextTable.Alignment]) -> String? {
        var lengths: [Int] = []
        lengths.reserveCapacity(row.count)
        for cell in row {
            var cell = cell
            let plain = cell.withUTF8 { bytes in bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
            guard plain else { return nil }
            lengths.append(cell.utf8.count)
        }
        for i in 0..<min(lengths.count, widths.count) where lengths[i] > widths[i] { widths[i] = lengths[i] }
        var line: [UInt8] = []
        line.reserveCapacity(widths.reduce(2 * widths.count, +))
        for (i, width) in widths.enumerated() {
            if i > 0 { line.append(0x20); line.append(0x20) }
            let length = i < lengths.count ? lengths[i] : 0
            let right = alignments.indices.contains(i) && alignments[i] == .right
            if right { line.append(contentsOf: repeatElement(0x20, count: width - length)) }
            if i < row.count { line.append(contentsOf: row[i].utf8) }
            if !right { line.append(contentsOf: repeatElement(0x20, count: width - length)) }
        }
        while line.last == 0x20 { line.removeLast() }
        return String(decoding: line, as: UTF8.self)
    }
}
