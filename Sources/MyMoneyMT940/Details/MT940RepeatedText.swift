import Foundation

/// Strings made recently from `:86:` subfields, by their bytes: a value seen again (the same
/// posting text, bank code, counterparty IBAN or name) shares the first one's storage instead of
/// allocating its own. Strings of up to 15 bytes are stored inline by Swift and skip the cache.
///
/// Direct-mapped and fixed in size (512 entries of up to 64 bytes): a miss costs one hash and
/// replaces the entry, so memory does not grow with the file. The plain twin is
/// `String(decoding:as:)`, compared in `MT940RepeatedTextTests`.
struct MT940RepeatedText {
    static let slots = 512
    static let longest = 64

    private var keys = [UInt8](repeating: 0, count: slots * longest)
    private var lengths = [Int](repeating: 0, count: slots)
    private var strings = [String](repeating: "", count: slots)

    /// The string of UTF-8 `bytes`, shared with an earlier identical one when it is still cached.
    ///
    /// - Complexity: O(n) in the length of `bytes` (one comparison on a hit).
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let n = bytes.count
        guard n >= 16, n <= MT940RepeatedText.longest, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        let raw = UnsafeRawPointer(base)
        let first = raw.loadUnaligned(as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
        var h = (first ^ (last &* 0x9E37_79B9_7F4A_7C15)) &+ UInt64(n)
        h ^= h >> 29
        h = h &* 0xBF58_476D_1CE4_E5B9
        let slot = Int(truncatingIfNeeded: h >> 55)   // 9 bits: 512 slots
        let hit = lengths[slot] == n && keys.withUnsafeBufferPointer { keys in
            memcmp(keys.baseAddress! + slot * MT940RepeatedText.longest, base, n) == 0
        }
        if hit { return strings[slot] }
        let made = String(decoding: bytes, as: UTF8.self)
        keys.withUnsafeMutableBufferPointer { keys in
            (keys.baseAddress! + slot * MT940RepeatedText.longest).update(from: base, count: n)
        }
        lengths[slot] = n
        strings[slot] = made
        return made
    }

    /// ``string(_:)`` of `bytes` without surrounding spaces and tabs; nil when nothing is left.
    mutating func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var a = 0, b = bytes.count
        while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1 }
        while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
        return a < b ? string(UnsafeBufferPointer(rebasing: bytes[a..<b])) : nil
    }
}
