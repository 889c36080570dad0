/// The one hash of byte texts that the readers' tables use to find a slot: ``StringInterner``
/// and ``SmallKeyCache`` (payees, memos, dates, category values, tag names).
///
/// Not for security and not stable between versions: never store a hash or send it anywhere.
/// Up to 16 bytes: two bounded loads and three multiplications (``shortHash(_:_:count:)``);
/// longer texts eight bytes at a time (multiply, then xor-shift), the last partial word read as
/// an overlapping load, and a final avalanche. Tables pick slots by the high bits.
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
        guard let p = base, n > 0 else { return finish(UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15) }
        if n <= 16 {
            let (a, b) = shortWords(p, count: n)
            return shortHash(a, b, count: n)
        }
        var h = UInt64(truncatingIfNeeded: n) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i &+ 8 <= n {
            h = (h ^ p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h &>> 29
            i &+= 8
        }
        if i < n {
            h = (h ^ p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h &>> 31
        }
        return finish(h)
    }

    /// A text of 1 to 16 bytes as two words that tell it apart from every other text of its
    /// length: the first and the last eight bytes (overlapping) from 8 bytes on, else all of
    /// them packed into the first word. Read with bounded loads (never past the text).
    @inlinable @inline(__always)
    public static func shortWords(_ p: UnsafeRawPointer, count n: Int) -> (UInt64, UInt64) {
        if n >= 8 { return (p.loadUnaligned(as: UInt64.self), p.loadUnaligned(fromByteOffset: n &- 8, as: UInt64.self)) }
        return (tail(p, count: n), 0)
    }

    /// The hash of a text of 1 to 16 bytes from its ``shortWords(_:count:)``: what
    /// ``hash(_:count:)`` gives for it (callers that keep the words skip loading them again).
    @inlinable @inline(__always)
    public static func shortHash(_ a: UInt64, _ b: UInt64, count n: Int) -> UInt64 {
        // The high bits, which pick slots, depend on every bit of both words and of the length
        // (spread by its own multiplication: a plain `^ n` let "2" and "12" meet).
        let h = (a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(truncatingIfNeeded: n) &* 0x94D0_49BB_1331_11EB)) &* 0xBF58_476D_1CE4_E5B9
        return h ^ (h &>> 32)
    }

    /// The hash of a buffer's bytes.
    @inlinable @inline(__always)
    public static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        hash(bytes.baseAddress.map(UnsafeRawPointer.init), count: bytes.count)
    }

    /// Up to seven bytes packed into a word (from eight on, the last eight bytes): from four
    /// on, the first four and the last four (overlapping); below, the first, middle and last.
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
        func packed(_ n: Int) -> UInt64 {
            if n >= 8 { return word(n - 8, 8) }
            if n >= 4 { return word(0, 4) | word(n - 4, 4) << 32 }
            return UInt64(bytes[0]) | UInt64(bytes[n / 2]) << 8 | UInt64(bytes[n - 1]) << 16
        }
        let n = bytes.count
        if n == 0 { return finish(0) }
        if n <= 16 {
            let a = n >= 8 ? word(0, 8) : packed(n)
            let b = n >= 8 ? word(n - 8, 8) : 0
            let h = (a ^ (b &* 0x9E37_79B9_7F4A_7C15) ^ (UInt64(n) &* 0x94D0_49BB_1331_11EB)) &* 0xBF58_476D_1CE4_E5B9
            return h ^ (h >> 32)
        }
        var h = UInt64(n) &* 0x9E37_79B9_7F4A_7C15
        var i = 0
        while i + 8 <= n {
            h = (h ^ word(i, 8)) &* 0x9E37_79B9_7F4A_7C15
            h ^= h >> 29
            i += 8
        }
        if i < n {
            h = (h ^ word(n - 8, 8)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
        }
        return finish(h)
    }
}
