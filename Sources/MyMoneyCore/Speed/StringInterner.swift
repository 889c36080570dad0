import Foundation

/// Strings for byte texts, shared when the same text comes back: the one string-sharing table
/// of the readers (payees, memos, posting stamps, categories, CSV cells).
///
/// Statements repeat themselves: the same shops, types and accounts on row after row. A string
/// of more than 15 UTF-8 bytes lives on the heap, so a fresh one per value costs an allocation,
/// a copy and memory for every row; a shared one costs a hash and a comparison. What a caller
/// must know: ``string(_:stream:)`` always returns exactly `String(decoding: bytes, as: UTF8.self)`
/// (its plain twin, ``decodedAlone(_:)``); only whether the storage is shared depends on the policy.
///
/// The policy, one for every reader:
/// - **What is shared**: texts of 16 to ``longest`` bytes (96 unless the caller says otherwise).
///   Shorter ones are stored inside the `String` itself, so sharing saves nothing; longer ones
///   rarely repeat and are made directly.
/// - **Where**: a direct-mapped table of `slots` entries (a power of two), keyed by the text's
///   bytes (kept beside the table, so a lookup never touches a string's storage) and their
///   ``ByteHash``. Memory is fixed at creation: `slots × (longest + 40)` bytes.
/// - **Replacement**: an empty entry takes the first text that lands on it. An occupied entry
///   changes hands only after 8 misses in a row and only to a text seen twice in a row there:
///   values that never repeat (memos with a running number, time stamps) then do not evict the
///   ones that do, and the evicted string, written long ago and out of the processor's cache, is
///   rarely released for nothing.
/// - **Streams**: callers number the kinds of value they look up (a CSV column, the QIF memos),
///   and each stream is judged on its own: after a trial of 1,024 lookups with fewer than one hit
///   in eight, the stream's texts are made directly for the next 65,536 lookups, then a new trial
///   starts. A column of unique references costs a few hashes, not a table's worth of evictions.
///
/// A class because it owns manually allocated memory (freed in `deinit`), so lookups pay no
/// reference counting or exclusivity checks on the tables. One instance per read; not `Sendable`
/// (never share one between threads).
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`), not public API. It is `public` only so that
/// the readers' modules can specialize and inline it: `package` declarations, even `@inlinable`
/// ones, are not inlined across modules by Swift 6.3 (measured: generic calls with a runtime type
/// lookup per value made the QIF read half as fast again).
///
/// - Complexity: O(n) in the text's length per lookup (one hash, one comparison); no allocation
///   on a hit.
@_spi(Speed) public final class StringInterner {
    /// The shortest text that is shared (Swift keeps up to 15 UTF-8 bytes inline).
    public static let shortest = 16
    /// The lookups of a trial, and the hits below which a stream is bypassed.
    public static let trialLength: Int32 = 1024
    public static let trialHits: Int32 = 128
    /// The lookups of a stream that are made directly after a failed trial.
    public static let bypassLength: Int32 = 65_536
    /// Misses in a row after which an entry may change hands.
    public static let patience: UInt8 = 8

    /// The longest text that is shared.
    public let longest: Int
    /// The number of entries.
    public let slots: Int
    private let shift: UInt64
    private let hashes: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<Int32>
    private let misses: UnsafeMutablePointer<UInt8>
    private let candidates: UnsafeMutablePointer<UInt64>
    private let keys: UnsafeMutablePointer<UInt8>
    private let strings: UnsafeMutablePointer<String>

    private struct Trial {
        var lookups: Int32 = 0
        var hits: Int32 = 0
        var bypassLeft: Int32 = 0
    }
    private var trials: UnsafeMutablePointer<Trial>
    private var streamCapacity: Int

    /// A table of `slots` entries (rounded up to a power of two, at least 16) for texts of up to
    /// `longest` bytes (at least ``shortest``).
    public init(slots: Int = 4096, longest: Int = 96) {
        var n = 16
        while n < slots { n <<= 1 }
        self.slots = n
        self.longest = max(longest, StringInterner.shortest)
        shift = UInt64(64 - n.trailingZeroBitCount)
        hashes = .allocate(capacity: n)
        hashes.initialize(repeating: 0, count: n)
        lengths = .allocate(capacity: n)
        lengths.initialize(repeating: 0, count: n)
        misses = .allocate(capacity: n)
        misses.initialize(repeating: 0, count: n)
        candidates = .allocate(capacity: n)
        candidates.initialize(repeating: 0, count: n)
        keys = .allocate(capacity: n * self.longest)   // read only where `lengths` says it was written
        strings = .allocate(capacity: n)
        strings.initialize(repeating: "", count: n)
        streamCapacity = 4
        trials = .allocate(capacity: 4)
        trials.initialize(repeating: Trial(), count: 4)
    }

    deinit {
        trials.deallocate()
        strings.deinitialize(count: slots)
        strings.deallocate()
        keys.deallocate()
        candidates.deallocate()
        misses.deallocate()
        lengths.deallocate()
        hashes.deallocate()
    }

    /// Entries for a text of `bytes` bytes: 64 for a small file, doubling per 512 bytes of text
    /// up to 4,096 (a small file needs few, and a big table costs time to set up).
    public static func slots(forTextOf bytes: Int) -> Int {
        var slots = 64
        while slots < 4096 && slots * 512 < bytes { slots *= 2 }
        return slots
    }

    /// The plain twin: the string of `bytes` made on its own (invalid UTF-8 repaired with U+FFFD).
    public static func decodedAlone(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// The string of `bytes` (UTF-8; invalid sequences become U+FFFD as with `String(decoding:as:)`),
    /// shared with an earlier equal one when the table holds it. `stream` (0 or more, small)
    /// names the kind of value, whose hit rate decides whether its texts are looked up at all.
    public func string(_ bytes: UnsafeBufferPointer<UInt8>, stream: Int = 0) -> String {
        let n = bytes.count
        guard n >= StringInterner.shortest, n <= longest, stream >= 0, let base = bytes.baseAddress else {
            return String(decoding: bytes, as: UTF8.self)
        }
        if stream >= streamCapacity { addStreams(upTo: stream) }
        let trial = trials + stream
        if trial.pointee.bypassLeft > 0 {
            trial.pointee.bypassLeft &-= 1
            return String(decoding: bytes, as: UTF8.self)
        }
        trial.pointee.lookups &+= 1
        if trial.pointee.lookups > StringInterner.trialLength {
            if trial.pointee.hits < StringInterner.trialHits {
                trial.pointee = Trial(lookups: 0, hits: 0, bypassLeft: StringInterner.bypassLength)
                return String(decoding: bytes, as: UTF8.self)
            }
            trial.pointee = Trial(lookups: 1, hits: 0, bypassLeft: 0)
        }
        let hash = ByteHash.hash(UnsafeRawPointer(base), count: n)
        let slot = Int(truncatingIfNeeded: hash &>> shift)
        let key = keys + slot &* longest
        if hashes[slot] == hash, Int(lengths[slot]) == n, memcmp(key, base, n) == 0 {
            misses[slot] = 0
            trial.pointee.hits &+= 1
            return strings[slot]
        }
        let made = String(decoding: bytes, as: UTF8.self)
        if lengths[slot] != 0 {
            let candidate = candidates[slot]
            candidates[slot] = hash
            if misses[slot] < StringInterner.patience { misses[slot] &+= 1 }
            if misses[slot] < StringInterner.patience || candidate != hash { return made }
        }
        misses[slot] = 0
        hashes[slot] = hash
        lengths[slot] = Int32(n)
        key.update(from: base, count: n)
        strings[slot] = made
        return made
    }

    /// Room for the statistics of streams up to `stream`.
    private func addStreams(upTo stream: Int) {
        let capacity = max(stream + 1, streamCapacity * 2)
        let grown = UnsafeMutablePointer<Trial>.allocate(capacity: capacity)
        grown.moveInitialize(from: trials, count: streamCapacity)
        (grown + streamCapacity).initialize(repeating: Trial(), count: capacity - streamCapacity)
        trials.deallocate()
        trials = grown
        streamCapacity = capacity
    }
}
