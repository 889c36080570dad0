import Foundation

/// Turns text into the bytes literal patterns are matched against.
///
/// Case-insensitive matching lowercases; pure ASCII (nearly every bank line) takes a byte loop,
/// anything else is NFC-normalized and lowercased scalar by scalar (``ScalarFolding``, as the
/// regex engine ignores case), so `Café` typed in a rule matches `CAFÉ` from a bank whichever way
/// either was composed.
enum TextFolding {
    /// Writes the folded bytes of `text` into `buffer` (replacing its contents); returns whether
    /// `text` is ASCII.
    @discardableResult
    static func fold(_ text: String, caseSensitive: Bool, into buffer: inout [UInt8]) -> Bool {
        buffer.removeAll(keepingCapacity: true)
        // The text's own bytes when it has them: a copy of the string would retain it, and
        // threads retaining one shared payee text contend for it.
        if text.utf8.withContiguousStorageIfAvailable({ buffer.append(contentsOf: $0) }) == nil {
            buffer.append(contentsOf: text.utf8)
        }
        // One pass over the bytes: lowercase in place, and note any non-ASCII byte.
        let ascii: Bool = buffer.withUnsafeMutableBufferPointer { out in
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
        if !ascii {
            buffer.removeAll(keepingCapacity: true)
            let normalized = text.precomposedStringWithCanonicalMapping
            if caseSensitive {
                buffer.append(contentsOf: normalized.utf8)
            } else {
                // Scalar by scalar, as the regex engine folds (``ScalarFolding``): lowercasing the
                // whole string would make a capital sigma final or not by what follows it, so
                // `ΟΔΟΣ` would not be found in `ΟΔΟΣΑ`.
                for scalar in normalized.unicodeScalars {
                    let folded = Unicode.Scalar(ScalarFolding.fold(scalar.value)) ?? scalar
                    UTF8.encode(folded) { buffer.append($0) }
                }
            }
        }
        return ascii
    }

    /// The folded bytes of `text`.
    static func folded(_ text: String, caseSensitive: Bool) -> [UInt8] {
        var buffer: [UInt8] = []
        fold(text, caseSensitive: caseSensitive, into: &buffer)
        return buffer
    }
}
