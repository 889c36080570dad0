import Foundation

/// Turns byte offsets in the text being parsed into line:column positions, counting line breaks
/// from the last position asked for: positions asked in file order cost one pass over the text
/// in all (`memchr` over what lies between).
///
/// `text` must outlive the counter (the mapped file or the decoded bytes).
struct CAMTLineCounter {
    let text: UnsafeBufferPointer<UInt8>
    private var offset = 0
    private var line = 1
    private var lineStart = 0

    init(_ text: UnsafeBufferPointer<UInt8>) { self.text = text }

    /// The position of `target` (clamped to the text).
    ///
    /// - Complexity: O(distance from the previous call's offset).
    mutating func position(of target: Int) -> SourcePosition {
        let target = max(0, min(target, text.count))
        guard let base = text.baseAddress else { return SourcePosition(offset: 0, line: 1, column: 1) }
        if target < offset {
            // Backwards (a leaf of the entry being read): count the breaks in between.
            var k = target
            while k < offset { if base[k] == 0x0A { line -= 1 }; k += 1 }
            offset = target
            var start = target
            while start > 0, base[start - 1] != 0x0A { start -= 1 }
            lineStart = start
        } else {
            var cursor = offset
            while cursor < target, let hit = memchr(base + cursor, 0x0A, target - cursor) {
                let found = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit))
                line += 1
                lineStart = found + 1
                cursor = found + 1
            }
            offset = target
        }
        return SourcePosition(offset: target, line: line, column: target - lineStart + 1)
    }

    /// The position of the start tag that libxml2 has just read up to `consumed`: the nearest `<`
    /// before it (attribute values cannot hold a raw `<`).
    mutating func position(ofTagBefore consumed: Int) -> SourcePosition {
        guard let base = text.baseAddress, !text.isEmpty else { return SourcePosition(offset: 0, line: 1, column: 1) }
        var k = min(consumed, text.count - 1)
        let limit = max(0, k - 65_536)
        while k > limit, base[k] != 0x3C { k -= 1 }
        return position(of: k)
    }
}
