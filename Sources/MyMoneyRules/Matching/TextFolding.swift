import Foundation

/// Turns text into the bytes literal patterns are matched against.
///
/// Case-insensitive matching lowercases; pure ASCII (nearly every bank line) takes a byte loop,
/// anything else is NFC-normalized and lowercased by Foundation, so `Café` typed in a rule
/// matches `CAFÉ` from a bank whichever way either was composed.
enum TextFolding {
    /// Writes the folded bytes of `text` into `buffer` (replacing its contents).
    static func fold(_ text: String, caseSensitive: Bool, into buffer: inout [UInt8]) {
        buffer.removeAll(keepingCapacity: true)
        var copy = text
        let ascii: Bool = copy.withUTF8 { bytes in
            buffer.append(contentsOf: bytes)
            // One pass over the copy: lowercase in place, and note any non-ASCII byte.
            return buffer.withUnsafeMutableBufferPointer { out in
                var high: UInt8 = 0
                if caseSensitive {
                    for b in out { high |= b }
                } else {
                    for i in out.indices {
                        let b = out[i]
                        high |= b
                        out[i] = b &- 0x41 < 26 ? b | 0x20 : b
                    }
                }
                return high < 0x80
            }
        }
        if !ascii {
            buffer.removeAll(keepingCapacity: true)
            let normalized = text.precomposedStringWithCanonicalMapping
            buffer.append(contentsOf: caseSensitive ? normalized.utf8 : normalized.lowercased().utf8)
        }
    }

    /// The folded bytes of `text`.
    static func folded(_ text: String, caseSensitive: Bool) -> [UInt8] {
        var buffer: [UInt8] = []
        fold(text, caseSensitive: caseSensitive, into: &buffer)
        return buffer
    }
}
