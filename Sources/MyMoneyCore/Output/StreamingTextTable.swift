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
    private var held: [[String]] = []
    /// The widths in use, once the first look is over.
    private var widths: [Int]?
    /// How many rows were added.
    public private(set) var count = 0

    public init(_ headers: [String], alignments: [TextTable.Alignment]? = nil, separator: Bool = true,
                lookahead: Int = StreamingTextTable.defaultLookahead, lines emit: @escaping (String) -> Void) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
        self.separator = separator
        self.lookahead = max(0, lookahead)
        self.emit = emit
    }

    /// Adds a row: held during the first look, written at once after it.
    public mutating func add(_ row: [String]) {
        let cells = row.map(TextTable.cell)
        count += 1
        guard var widths else {
            held.append(cells)
            if held.count >= lookahead { start() }
            return
        }
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
}
