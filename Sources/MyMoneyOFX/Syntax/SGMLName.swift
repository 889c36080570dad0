/// An SGML element name as written, kept while its element is open: the text it came from may
/// have left the reader's window long before the element closes (`<OFX>` is the first tag and
/// the last to close).
///
/// The first 32 bytes (every OFX name; `CREDITCARDMSGSRSV1` has 18) are four machine words read
/// with bounded loads: keeping a name costs no allocation and no reference counting, so the
/// stack of open elements is plain memory. The reader keeps the rest of a longer name itself.
struct SGMLName {
    /// The first 32 bytes, little-endian, zero past the name's end.
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    /// The name's length (which may exceed the 32 bytes kept).
    let count: Int
    static let kept = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        let n = min(count, SGMLName.kept)
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { out in
            let full = n / 8
            for k in 0..<full {
                out.storeBytes(of: raw.loadUnaligned(fromByteOffset: 8 * k, as: UInt64.self), toByteOffset: 8 * k, as: UInt64.self)
            }
            let rest = n - 8 * full
            guard rest > 0 else { return }
            let last: UInt64
            if n >= 8 {
                // The last eight bytes overlap the words before: shift the overlap out.
                last = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) >> UInt64(8 * (8 - rest))
            } else if n >= 4 {
                let first = UInt64(raw.loadUnaligned(as: UInt32.self))
                last = first | (UInt64(raw.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self)) >> UInt64(8 * (8 - n))) << 32
            } else {
                var w: UInt64 = 0
                for k in 0..<n { w |= UInt64(bytes[k]) << UInt64(8 * k) }
                last = w
            }
            out.storeBytes(of: last, toByteOffset: 8 * full, as: UInt64.self)
        }
        (w0, w1, w2, w3) = words
    }

    /// The byte at `k` (less than 32 and than ``count``).
    subscript(k: Int) -> UInt8 {
        let word: UInt64
        switch k >> 3 {
        case 0: word = w0
        case 1: word = w1
        case 2: word = w2
        default: word = w3
        }
        return UInt8(truncatingIfNeeded: word >> UInt64(8 * (k & 7)))
    }

    /// The bytes kept (all of the name unless it is longer than 32).
    var keptBytes: [UInt8] { (0..<min(count, SGMLName.kept)).map { self[$0] } }

    /// Whether `other` has this name's length and, ASCII case-insensitively, its first 32 bytes.
    func matchesKeptBytes(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == count else { return false }
        for k in 0..<min(count, SGMLName.kept) {
            let a = self[k], b = other[k]
            if ((a >= 0x61 && a <= 0x7A) ? a - 0x20 : a) != ((b >= 0x61 && b <= 0x7A) ? b - 0x20 : b) { return false }
        }
        return true
    }
}
