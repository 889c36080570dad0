/// A plain-text table for people: a header, aligned columns, numbers right-aligned.
public struct TextTable: Sendable {
    public enum Alignment: Sendable { case left, right }

    public var headers: [String]
    public var alignments: [Alignment]
    /// A line of dashes under the header.
    public var separator: Bool
    public var rows: [[String]] = []

    public init(_ headers: [String], alignments: [Alignment]? = nil, separator: Bool = true) {
        self.headers = headers
        self.alignments = alignments ?? headers.map { _ in .left }
        self.separator = separator
    }

    /// Adds a row; line breaks and tabs inside a cell become spaces so the columns stay aligned,
    /// and other control characters are escaped (``TerminalText``): a cell holds data, never
    /// instructions to the terminal.
    public mutating func add(_ row: [String]) {
        rows.append(row.map(TextTable.cell))
    }

    /// A cell as a table shows it: line breaks and tabs made spaces, other controls escaped.
    static func cell(_ cell: String) -> String {
        let flat = cell.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" })
            ? String(cell.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" || $0 == "\t" ? " " : $0 }) : cell
        return TerminalText.escaped(flat)
    }

    /// The table as lines, columns separated by two spaces, trailing spaces trimmed.
    public func render() -> String {
        var widths = headers.map(\.count)
        for row in rows {
            for (i, cell) in row.enumerated() where i < widths.count { widths[i] = max(widths[i], cell.count) }
        }
        var lines = [TextTable.line(headers, widths: widths, alignments: alignments)]
        if separator { lines.append(TextTable.rule(widths, alignments: alignments)) }
        lines += rows.map { TextTable.line($0, widths: widths, alignments: alignments) }
        return lines.joined(separator: "\n")
    }

    /// One line: each cell padded to its column's width (cells past the widths dropped),
    /// columns separated by two spaces, trailing spaces trimmed.
    static func line(_ cells: [String], widths: [Int], alignments: [Alignment]) -> String {
        var parts: [String] = []
        for (i, width) in widths.enumerated() {
            let cell = i < cells.count ? cells[i] : ""
            let pad = String(repeating: " ", count: max(0, width - cell.count))
            parts.append(alignments.indices.contains(i) && alignments[i] == .right ? pad + cell : cell + pad)
        }
        var text = parts.joined(separator: "  ")
        while text.hasSuffix(" ") { text.removeLast() }
        return text
    }

    /// The line of dashes under the header.
    static func rule(_ widths: [Int], alignments: [Alignment]) -> String {
        line(widths.map { String(repeating: "-", count: $0) }, widths: widths, alignments: alignments)
    }
}
