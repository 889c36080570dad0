/// The one hash of byte texts that the readers' tables use to find a slot: ``StringInterner``
/// and ``SmallKeyCache`` (payees, memos, dates, category values, tag names).
///
/// Not for security and not stable between versions: never store a hash or send it anywhere.
/// Eight bytes at a time (multiply, then xor-shift), the last partial word read as an
/// overlapping load, a final avalanche so that both the high and the low bits can pick a slot.
/// ``plainHash(_:)`` is its plain twin: the same value, built a byte at a time.
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`), not public API. It is `public` only so that
/// the readers' modules can specialize and inline it: `package` declarations, even `@inlinable`
/// ones, are not inlined across modules by Swift 6.3 (measured: generic calls with a runtime type
/// lookup per value made the QIF read half as fast again).
///
/// - Complexity: O(n) in the text's length; no allocation.
@_spi(Speed) public enum ByteHash {
    /// The hash of the `count` bytes at `base` (which may be unaligned; nil only when `count` is 0).
    @inlinable @inline(__always)
    public static func hash(_ base: UnsafeRawPointer?, count n: Int) -> UInt64 {
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        guard let p = base, n > 0 else { return finish(h) }
        var i = 0
        while i &+ 8 <= n {
            h = (h ^ p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h &>> 29
            i &+= 8
        }
        if i < n {
            h = (h ^ tail(p, count: n)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h &>> 31
        }
        return finish(h)
    }

    /// The hash of a buffer's bytes.
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(bytes.baseAddress.map(UnsafeRawPointer.init), count: bytes.count)
    }

    /// The bytes after the last whole word, as one word: the last eight bytes (overlapping the
    /// words already mixed) when there are eight, else all of them packed little-endian.
    @inlinable @inline(__always)
    static func tail(_ p: UnsafeRawPointer, count n: Int) -> UInt64 {
        if n >= 8 { return p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self) }
        if n >= 4 {
            let low = UInt64(p.loadUnaligned(as: UInt32.self))
            let high = UInt64(p.loadUnaligned(fromByteOffset: n &- 4, as: UInt32.self))
            return low | high &<< 32
        }
        let first = UInt64(p.load(as: UInt8.self))
        let middle = UInt64(p.load(fromByteOffset: n &>> 1, as: UInt8.self))
        let last = UInt64(p.load(fromByteOffset: n &- 1, as: UInt8.self))
        return first | middle &<< 8 | last &<< 16
    }

    @inlinable @inline(__always)
    static func finish(_ value: UInt64) -> UInt64 {
        var h = value
        h ^= h &>> 32
        h = h &* 0x94D0_49BB_1331_11EB
        h ^= h &>> 29
        return h
    }

    /// The plain twin of ``hash(_:count:)``: the same value from an array, every word assembled
    /// byte by byte (the reference the differential test compares the fast one with).
    public static func plainHash(_ bytes: [UInt8]) -> UInt64 {
        func word(_ at: Int, _ width: Int) -> UInt64 {
            var w: UInt64 = 0
            for k in 0..<width { w |= UInt64(bytes[at + k]) << (8 * UInt64(k)) }
            return w
        }
        let n = bytes.count
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= n {
            h = (h ^ word(i, 8)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 8
        }
        if i < n {
            let t: UInt64
            if n >= 8 { t = word(n - 8, 8) }
            else if n >= 4 { t = word(0, 4) | word(n - 4, 4) << 32 }
            else { t = UInt64(bytes[0]) | UInt64(bytes[n / 2]) << 8 | UInt64(bytes[n - 1]) << 16 }
            h = (h ^ t) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        return finish(h)
    }
}
