import Foundation

/// One line of a QIF file: byte offsets of its text (line break and trailing blanks removed)
/// and its 1-based number.
struct QIFLine {
    /// Offset of the first byte after leading blanks.
    var start: Int
    /// Offset just past the last byte before the line break and trailing blanks.
    var end: Int
    /// Offset of the line's first byte (before leading blanks), for positions.
    var lineStart: Int
    var number: Int

    var isEmpty: Bool { start >= end }

    /// A placeholder for a line not (yet) seen.
    static let none = QIFLine(start: 0, end: 0, lineStart: 0, number: 0)
}

/// Splits UTF-8 bytes into lines without making strings.
///
/// Lines end in LF (a CR before it is dropped); a file with CR but no LF at all is read with CR
/// line breaks (classic Mac). Leading and trailing spaces and tabs are trimmed.
///
/// - Complexity: O(n) over the bytes.
struct QIFLines {
    let bytes: UnsafeBufferPointer<UInt8>
    let terminator: UInt8
    private(set) var position = 0
    private(set) var number = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        var terminator: UInt8 = 0x0A
        if let base = bytes.baseAddress, bytes.count > 0,
           memchr(base, 0x0A, bytes.count) == nil, memchr(base, 0x0D, bytes.count) != nil {
            terminator = 0x0D
        }
        self.terminator = terminator
    }

    mutating func next() -> QIFLine? {
        guard position < bytes.count, let base = bytes.baseAddress else { return nil }
        let lineStart = position
        number += 1
        // Eight bytes at a time: QIF lines are short, a memchr call per line costs more.
        var end = lineStart
        let count = bytes.count
        let t = terminator
        let pattern = UInt64(t) &* 0x0101_0101_0101_0101
        let raw = UnsafeRawPointer(base)
        while end &+ 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: end, as: UInt64.self) ^ pattern
            let zero = (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
            if zero != 0 {
                end &+= zero.trailingZeroBitCount >> 3
                break
            }
            end &+= 8
        }
        if end &+ 8 > count {
            while end < count && base[end] != t { end &+= 1 }
        }
        position = end < count ? end + 1 : count
        var start = lineStart
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start {
            let last = bytes[end - 1]
            if last == 0x0D || last == 0x20 || last == 0x09 { end -= 1 } else { break }
        }
        return QIFLine(start: start, end: end, lineStart: lineStart, number: number)
    }
}
