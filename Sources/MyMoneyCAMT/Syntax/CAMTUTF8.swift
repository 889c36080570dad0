import Foundation

/// Checking bytes for UTF-8 without copying them into an array: the pointer twin of
/// ``TextDecoder/isValidUTF8(_:)``, compared with it in `CAMTUTF8Tests`.
enum CAMTUTF8 {
    /// The offset of the first byte that does not start a well-formed UTF-8 sequence (overlongs,
    /// surrogates and code points past U+10FFFF refused), or nil.
    ///
    /// - Complexity: O(n); ASCII runs eight bytes at a time.
    static func firstInvalid(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        var i = 0
        while i < n {
            while i + 8 <= n, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
            guard i < n else { return nil }
            let c = base[i]
            if c < 0x80 { i += 1; continue }
            let need: Int, minimum: UInt32
            var value: UInt32
            if c & 0xE0 == 0xC0 { need = 1; minimum = 0x80; value = UInt32(c & 0x1F) }
            else if c & 0xF0 == 0xE0 { need = 2; minimum = 0x800; value = UInt32(c & 0x0F) }
            else if c & 0xF8 == 0xF0 { need = 3; minimum = 0x10000; value = UInt32(c & 0x07) }
            else { return i }
            guard i + need < n else { return i }
            for k in 1...need {
                let d = base[i + k]
                guard d & 0xC0 == 0x80 else { return i }
                value = value << 6 | UInt32(d & 0x3F)
            }
            if value < minimum || value > 0x10FFFF || (0xD800...0xDFFF).contains(value) { return i }
            i += need + 1
        }
        return nil
    }
}
