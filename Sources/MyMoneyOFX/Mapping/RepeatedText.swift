import Foundation

/// Strings of 16 to 64 bytes the statement builder made recently, by their bytes: a value seen
/// again (the same payee, the same posting time stamp) shares the first one's storage instead
/// of allocating its own. Shorter strings need no cache (Swift stores up to 15 bytes inline).
///
/// Direct-mapped and fixed in size (256 entries, 16 KB of keys): a miss costs one hash and
/// replaces the entry; memory does not grow with the file.
struct RepeatedText {
    static let slots = 256
    static let longest = 64

    private var keys = [UInt8](repeating: 0, count: slots * longest)
    private var lengths = [Int](repeating: 0, count: slots)
    private var strings = [String](repeating: "", count: slots)

    /// The string for UTF-8 `bytes`, shared with an earlier identical one when cached.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let n = bytes.count
        guard n >= 16, n <= RepeatedText.longest, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        // The first and last eight bytes and the length pick the slot (two loads, no loop).
        let raw = UnsafeRawPointer(base)
        let head = raw.loadUnaligned(as: UInt64.self)
        let tail = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        let h = (head &* 0x9E37_79B9_7F4A_7C15) ^ (tail &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(n)
        let slot = Int(truncatingIfNeeded: (h &* 0xFF51_AFD7_ED55_8CCD) >> 56)
        let same = lengths[slot] == n && keys.withUnsafeBufferPointer { keys in
            keys.baseAddress.map { memcmp($0 + slot * RepeatedText.longest, base, n) == 0 } ?? false
        }
        if same { return strings[slot] }
        let made = String(decoding: bytes, as: UTF8.self)
        keys.withUnsafeMutableBufferPointer { keys in
            keys.baseAddress.map { ($0 + slot * RepeatedText.longest).update(from: base, count: n) }
        }
        lengths[slot] = n
        strings[slot] = made
        return made
    }
}
