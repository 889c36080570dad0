@_spi(Speed) import MyMoneyCore

/// An SGML element name as written, kept while its element is open: the text it came from may
/// have left the reader's window long before the element closes (`<OFX>` is the first tag and
/// the last to close).
///
/// Plain memory, no allocation and no reference counting, so the stack of open elements is
/// cheap to push and pop. A name of up to 16 bytes (nearly every OFX name) is its two
/// ``ByteHash/shortWords(_:count:)`` (two loads, and the key the tag cache looks it up by);
/// one of 17 to 32 bytes (`CREDITCARDMSGSRSV1`) four words; the reader keeps the rest of a
/// longer one beside the stack.
struct SGMLName {
    private var w0: UInt64 = 0, w1: UInt64 = 0, w2: UInt64 = 0, w3: UInt64 = 0
    /// The name's length (which may exceed the 32 bytes kept).
    let count: Int
    static let kept = 32

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        count = bytes.count
        guard let base = bytes.baseAddress, count > 0 else { return }
        let raw = UnsafeRawPointer(base)
        if count <= 16 {
            (w0, w1) = ByteHash.shortWords(raw, count: count)
            return
        }
        // 17 bytes or more: the first 16, and bytes 16 to 31 as the overlapping last 16 of those kept.
        let n = min(count, SGMLName.kept)
        w0 = raw.loadUnaligned(as: UInt64.self)
        w1 = raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
        w2 = raw.loadUnaligned(fromByteOffset: n - 16, as: UInt64.self)
        w3 = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }

    /// The two words of a name of up to 16 bytes (the tag cache's key).
    var shortWords: (UInt64, UInt64) { (w0, w1) }

    /// The byte at `k` (less than 32 and than ``count``).
    subscript(k: Int) -> UInt8 {
        func byte(_ word: UInt64, _ at: Int) -> UInt8 { UInt8(truncatingIfNeeded: word >> UInt64(8 * at)) }
        let n = count
        if n > 16 {
            let kept = min(n, SGMLName.kept)
            if k < 8 { return byte(w0, k) }
            if k < 16 { return byte(w1, k - 8) }
            let at = k - (kept - 16)   // in w2 and w3, which hold the last 16 bytes kept
            return at < 8 ? byte(w2, at) : byte(w3, at - 8)
        }
        if n >= 8 { return k < 8 ? byte(w0, k) : byte(w1, k - (n - 8)) }
        if n >= 4 { return k < 4 ? byte(w0, k) : byte(w0, 4 + k - (n - 4)) }
        return k == 0 ? byte(w0, 0) : (k == n - 1 ? byte(w0, 2) : byte(w0, 1))
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
