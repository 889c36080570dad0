@_spi(Speed) import MyMoneyCore

/// An SGML element name as written, kept while its element is open: the text it came from may
/// have left the reader's window long before the element closes (`<OFX>` is the first tag and
/// the last to close).
///
/// Plain memory, no allocation and no reference counting, so the stack of open elements is
/// cheap to push and pop: the first 16 bytes (nearly every OFX name) as their two
/// ``ByteHash/shortWords(_:count:)``, which are also the key the tag cache looks the name up
/// by. The reader keeps the rest of a longer name (`CREDITCARDMSGSRSV1`) beside the stack.
struct SGMLName {
    private let a: UInt64, b: UInt64
    /// The name's length (which may exceed the 16 bytes kept).
    let count: Int
    static let kept = 16

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { a = 0; b = 0; return }
        (a, b) = ByteHash.shortWords(UnsafeRawPointer(base), count: min(count, SGMLName.kept))
    }

    /// The two words of the first 16 bytes (the tag cache's key for a name of up to 16 bytes).
    var shortWords: (UInt64, UInt64) { (a, b) }

    /// The byte at `k` (less than 16 and than ``count``).
    subscript(k: Int) -> UInt8 {
        func byte(_ word: UInt64, _ at: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> UInt64(8 * at)) }
        let n = min(count, SGMLName.kept)
        if n >= 8 { return k < 8 ? byte(a, k) : byte(b, k - (n - 8)) }
        if n >= 4 { return k < 4 ? byte(a, k) : byte(a, 4 + k - (n - 4)) }
        return k == 0 ? byte(a, 0) : (k == n - 1 ? byte(a, 2) : byte(a, 1))
    }

    /// The bytes kept (all of the name unless it is longer than 16).
    var keptBytes: [UInt8] { (0..<min(count, SGMLName.kept)).map { self[$0] } }

    /// Whether `other` has this name's length and, ASCII case-insensitively, its first 16 bytes:
    /// the same words (a name closed as it was opened, nearly always), else byte by byte.
    func matchesKeptBytes(_ other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard other.count == count, let base = other.baseAddress else { return other.count == count && count == 0 }
        let n = min(count, SGMLName.kept)
        let (x, y) = ByteHash.shortWords(UnsafeRawPointer(base), count: n)
        if x == a && y == b { return true }
        for k in 0..<n {
            let p = self[k], q = other[k]
            if ((p >= 0x61 && p <= 0x7A) ? p - 0x20 : p) != ((q >= 0x61 && q <= 0x7A) ? q - 0x20 : q) { return false }
        }
        return true
    }
}
