/// One row of a table as the UTF-8 bytes of its cells, gathered in one buffer reused from row
/// to row: what ``StreamingTextTable/add(_:)-(TableRowBytes)`` turns into a line without a String
/// per cell when every byte is printable ASCII.
///
/// Write a cell's bytes with the `append` calls, then ``endCell()``; ``removeAll()`` before the
/// next row. ``cells`` are the same cells as Strings (bytes that are not UTF-8 repaired, as
/// `String(decoding:as:)` repairs them).
public struct TableRowBytes {
    /// Every cell's bytes, one after another.
    public private(set) var bytes: [UInt8] = []
    /// Where each ended cell ends in ``bytes``.
    public private(set) var ends: [Int] = []

    public init() {}

    /// Empties the row, keeping its storage.
    public mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    /// Ends the cell being written (an empty one when nothing was appended).
    public mutating func endCell() { ends.append(bytes.count) }

    public mutating func append(_ text: String) { bytes.append(contentsOf: text.utf8) }

    public mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) { self.bytes.append(contentsOf: bytes) }

    /// `value` in decimal, as `String(value)` writes it.
    public mutating func append(decimal value: Int64) {
        if value == 0 { bytes.append(0x30); return }
        let start = bytes.count
        var magnitude = value.magnitude
        while magnitude > 0 {
            bytes.append(UInt8(truncatingIfNeeded: 0x30 + magnitude % 10))
            magnitude /= 10
        }
        if value < 0 { bytes.append(0x2D) }
        bytes[start...].reverse()
    }

    /// `day` as ``Day/description`` writes it.
    public mutating func append(day: Day) {
        BufferedOutput.withBytes(of: day) { bytes.append(contentsOf: $0) }
    }

    /// `amount` as ``Amount/description`` writes it.
    public mutating func append(amount: Amount) {
        BufferedOutput.withBytes(of: amount) { bytes.append(contentsOf: $0) }
    }

    /// The ended cells as Strings.
    public var cells: [String] {
        var start = 0
        return ends.map { end in
            defer { start = end }
            return String(decoding: bytes[start..<end], as: UTF8.self)
        }
    }

    /// Whether every byte is printable ASCII (0x20–0x7E).
    var isPrintableASCII: Bool { bytes.withUnsafeBufferPointer(TerminalText.isPrintableASCII) }
}
