/// Days already read from `D` texts of up to 16 bytes, keyed by the bytes themselves.
///
/// A register repeats a few hundred distinct dates many times (`1/ 5'24` on every record of that
/// day), so a small direct-mapped table answers most dates without scanning them again. Only days
/// that were read without a diagnostic are stored, and one file has one day/month order, so a hit
/// gives exactly what reading the text again would.
///
/// A class because it owns manually allocated memory (freed in `deinit`); one instance per read,
/// never shared between threads (not `Sendable`).
final class QIFDayCache {
    private let slots: Int
    /// The text's bytes packed little-endian into two words, and its length (0: empty slot).
    private let low: UnsafeMutablePointer<UInt64>
    private let high: UnsafeMutablePointer<UInt64>
    private let lengths: UnsafeMutablePointer<Int>
    private let days: UnsafeMutablePointer<Day>

    /// `slots` must be a power of two.
    init(slots: Int = 1024) {
        self.slots = slots
        low = .allocate(capacity: slots)
        low.initialize(repeating: 0, count: slots)
        high = .allocate(capacity: slots)
        high.initialize(repeating: 0, count: slots)
        lengths = .allocate(capacity: slots)
        lengths.initialize(repeating: 0, count: slots)
        days = .allocate(capacity: slots)
        days.initialize(repeating: Day(daysSinceEpoch: 0), count: slots)
    }

    deinit {
        days.deallocate()
        lengths.deallocate()
        high.deallocate()
        low.deallocate()
    }

    /// The key of a text: its bytes in two words and the slot they map to; nil when the text is
    /// empty or longer than 16 bytes (such texts are not cached).
    @inline(__always)
    func key(_ bytes: UnsafeBufferPointer<UInt8>) -> (low: UInt64, high: UInt64, slot: Int)? {
        let n = bytes.count
        guard n > 0, n <= 16 else { return nil }
        var low: UInt64 = 0, high: UInt64 = 0
        var i = 0
        while i < n && i < 8 { low |= UInt64(bytes[i]) << (UInt64(i) << 3); i &+= 1 }
        while i < n { high |= UInt64(bytes[i]) << (UInt64(i &- 8) << 3); i &+= 1 }
        var mixed = (low ^ (high &* 0x9E37_79B9_7F4A_7C15) ^ UInt64(n)) &* 0xBF58_476D_1CE4_E5B9
        mixed ^= mixed >> 31
        return (low, high, Int(truncatingIfNeeded: mixed >> 40) & (slots - 1))
    }

    /// The day stored for the text, if any.
    @inline(__always)
    func day(_ bytes: UnsafeBufferPointer<UInt8>, key: (low: UInt64, high: UInt64, slot: Int)) -> Day? {
        let s = key.slot
        guard lengths[s] == bytes.count, low[s] == key.low, high[s] == key.high else { return nil }
        return days[s]
    }

    /// Remembers the day of a text (replacing whatever the slot held).
    @inline(__always)
    func store(_ day: Day, length: Int, key: (low: UInt64, high: UInt64, slot: Int)) {
        let s = key.slot
        low[s] = key.low
        high[s] = key.high
        lengths[s] = length
        days[s] = day
    }
}
