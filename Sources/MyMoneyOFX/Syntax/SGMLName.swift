/// An SGML element name as written, kept while its element is open: the text it came from may
/// have left the reader's window long before the element closes (`<OFX>` is the first tag and
/// the last to close).
///
/// Up to 16 bytes (every OFX name) are two machine words read with bounded loads, so keeping a
/// name costs no allocation; longer vendor names keep the rest in an array.
struct SGMLName {
    /// The first 16 bytes, little-endian, zero past the name's end.
    private var low: UInt64 = 0
    private var high: UInt64 = 0
    /// The bytes after the 16th (nearly always empty).
    private var rest: [UInt8] = []
    let count: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        let n = count
        if n >= 16 {
            low = raw.loadUnaligned(as: UInt64.self)
            high = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
            if n > 16 { rest = Array(bytes[16...]) }
        } else if n >= 8 {
            low = raw.loadUnaligned(as: UInt64.self)
            // The last eight bytes overlap the first word: shift the overlap out.
            high = n == 8 ? 0 : raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (16 - n))
        } else if n >= 4 {
            let first = UInt64(raw.loadUnaligned(as: UInt32.self))
            let last = UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) >> UInt64(8 * (8 - n))
            low = first | last << 32
        } else {
            for k in 0..<n { low |= UInt64(bytes[k]) << UInt64(8 * k) }
        }
    }

    /// The byte at `k` (less than ``count``).
    subscript(k: Int) -> UInt8 {
        if k < 8 { return UInt8(truncatingIfNeeded: low >> UInt64(8 * k)) }
        if k < 16 { return UInt8(truncatingIfNeeded: high >> UInt64(8 * (k - 8))) }
        return rest[k - 16]
    }

    /// The name's bytes.
    var bytes: [UInt8] { (0..<count).map { self[$0] } }

    /// The name's bytes with ASCII letters upper-cased.
    var upperCased: [UInt8] { bytes.map { ($0 >= 0x61 && $0 <= 0x7A) ? $0 - 0x20 : $0 } }

    /// Whether `other` is this name, ASCII case-insensitively.
    func matches(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == count else { return false }
        for k in 0..<count {
            let a = self[k], b = other[k]
            if ((a >= 0x61 && a <= 0x7A) ? a - 0x20 : a) != ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) { return false }
        }
        return true
    }

    /// The name as a string, for messages.
    var description: String { String(decoding: bytes, as: UTF8.self) }
}
