import Foundation

/// Makes strings from field values, reusing the string made for the same bytes recently.
///
/// Payees and memos repeat a lot in statements (the same shops, the same transfers); sharing one
/// string per distinct value saves an allocation and a copy per field and memory per transaction.
/// A small direct-mapped table keyed by the bytes themselves. A slot's entry is replaced only
/// after 8 misses in a row and by a value that came twice in a row, so values that never repeat
/// (memos with a running number) do not evict the ones that do; and the old string, long out of
/// the cache, is rarely touched.
///
/// A class because it owns manually allocated memory (freed in `deinit`), so lookups pay no
/// reference counting on the tables; one instance per read, never shared between threads
/// (not `Sendable`).
final class QIFStringTable {
    private static let width = 96
    private let slots: Int
    private let hashes: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<Int>
    private let misses: UnsafeMutablePointer<UInt8>
    /// The hash of the last value that missed in each slot.
    private let candidates: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<UInt8>
    private let strings: UnsafeMutablePointer<String>

    /// `slots` must be a power of two.
    init(slots: Int = 4096) {
        self.slots = slots
        hashes = .allocate(capacity: slots)
        hashes.initialize(repeating: 0, count: slots)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: 0, count: slots)
        misses = .allocate(capacity: slots)
        misses.initialize(repeating: 0, count: slots)
        candidates = .allocate(capacity: slots)
        candidates.initialize(repeating: 0, count: slots)
        keys = .allocate(capacity: slots * QIFStringTable.width)
        keys.initialize(repeating: 0, count: slots * QIFStringTable.width)
        strings = .allocate(capacity: slots)
        strings.initialize(repeating: "", count: slots)
    }

    deinit {
        strings.deinitialize(count: slots)
        strings.deallocate()
        keys.deallocate()
        candidates.deallocate()
        misses.deallocate()
        lengths.deallocate()
        hashes.deallocate()
    }

    /// Lookups and hits of the current trial, and lookups left before the next one while the
    /// table is bypassed (0: not bypassed).
    private var trialLookups = 0
    private var trialHits = 0
    private var bypassLeft = 0

    /// The string of `bytes` (valid UTF-8).
    ///
    /// A table whose values do not repeat (memos with a running number) is bypassed: after 1024
    /// lookups with fewer than one hit in eight, strings are made directly for the next 65,536
    /// values, then a new trial starts. Replacing entries that are never found again only costs
    /// (the old string's release touches memory written long ago).
    func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let n = bytes.count
        if bypassLeft > 0 {
            bypassLeft &-= 1
            return String(decoding: bytes, as: UTF8.self)
        }
        guard n > 0, n <= QIFStringTable.width, let base = bytes.baseAddress else {
            // Long values (rare) are not kept.
            return String(decoding: bytes, as: UTF8.self)
        }
        trialLookups &+= 1
        if trialLookups == 1024 {
            if trialHits < 128 { bypassLeft = 65536 }
            trialLookups = 0
            trialHits = 0
        }
        let hash = QIFStringTable.hash(base, n)
        let slot = Int(truncatingIfNeeded: hash) & (slots - 1)
        let key = keys + slot * QIFStringTable.width
        if hashes[slot] == hash && lengths[slot] == n && memcmp(key, base, n) == 0 {
            misses[slot] = 0
            trialHits &+= 1
            return strings[slot]
        }
        let made = String(decoding: bytes, as: UTF8.self)
        if lengths[slot] != 0 {
            // An occupied slot changes hands only to a value seen twice in a row here, after its
            // entry missed 8 times: values that never repeat are then never stored, and the
            // entry's string (made long ago, out of the cache) is not released for them.
            let candidate = candidates[slot]
            candidates[slot] = hash
            if misses[slot] < 8 { misses[slot] += 1 }
            if misses[slot] < 8 || candidate != hash { return made }
        }
        misses[slot] = 0
        hashes[slot] = hash
        lengths[slot] = n
        memcpy(key, base, n)
        strings[slot] = made
        return made
    }

    /// A 64-bit hash of `n` bytes: eight bytes at a time, multiply-xorshift mixing.
    @inline(__always)
    static func hash(_ base: UnsafePointer<UInt8>, _ n: Int) -> UInt64 {
        var hash = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        let raw = UnsafeRawPointer(base)
        var i = 0
        while i + 8 <= n {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            hash ^= hash >> 29
            i += 8
        }
        var tail: UInt64 = 0
        while i < n { tail = tail << 8 | UInt64(base[i]); i += 1 }
        hash = (hash ^ tail) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 32
        return hash
    }
}
