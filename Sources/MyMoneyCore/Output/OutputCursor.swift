/// Where the next byte goes in room a ``BufferedOutput/writeInPlace(maximum:_:)`` handed out:
/// bytes, digits, days and amounts written through a pointer, without a capacity check each.
///
/// For a writer of millions of small records of one shape (`transactions --format json`) that
/// works out a bound on a record's size first, asks for that much room once and fills it. The
/// caller must not write more than the room it asked for; ``written`` is what it returns to
/// `writeInPlace`. Days and amounts are written as ``BufferedOutput/write(day:)`` and
/// ``BufferedOutput/write(amount:)`` write them (their twins, held to them by the tests).
public struct OutputCursor {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>
    /// How many bytes were written (what the room's closure returns).
    public var written = 0

    /// At most this many bytes for ``decimal(_:)`` and ``amount(_:)``; 10 for ``day(_:)``.
    public static let numberBound = 24

    /// The first day ``day(_:)`` writes (0001-01-01, days since 1970-01-01).
    public static let firstDay = Day(year: 1, month: 1, day: 1)!
    /// The last day ``day(_:)`` writes (9999-12-31).
    public static let lastDay = Day(year: 9999, month: 12, day: 31)!

    @inlinable
    public init(_ base: UnsafeMutablePointer<UInt8>) { self.base = base }

    /// One byte.
    @inlinable
    public mutating func byte(_ value: UInt8) {
        base[written] = value
        written += 1
    }

    /// `bytes` as they are. Up to 32 bytes (keys, short texts) are moved as overlapping 8-byte
    /// words instead of a call to `memcpy`, which costs more than such a copy.
    @inlinable
    public mutating func copy(_ bytes: UnsafeRawBufferPointer) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        let target = UnsafeMutableRawPointer(base + written)
        if n >= 8 && n <= 32 {
            // Words from the front and one ending at the last byte; they overlap where n is not a multiple of 8.
            var at = 0
            while at + 8 < n {
                target.storeBytes(of: source.loadUnaligned(fromByteOffset: at, as: UInt64.self), toByteOffset: at, as: UInt64.self)
                at += 8
            }
            target.storeBytes(of: source.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self), toByteOffset: n - 8, as: UInt64.self)
        } else if n < 8 {
            for i in 0..<n { target.storeBytes(of: source.load(fromByteOffset: i, as: UInt8.self), toByteOffset: i, as: UInt8.self) }
        } else {
            target.copyMemory(from: source, byteCount: n)
        }
        written += n
    }

    /// `bytes` as they are.
    @inlinable
    public mutating func copy(_ bytes: UnsafeBufferPointer<UInt8>) { copy(UnsafeRawBufferPointer(bytes)) }

    /// `value` in decimal, as `String(value)` writes it (at most 20 bytes).
    @inlinable
    public mutating func decimal(_ value: Int64) {
        if value < 0 { byte(0x2D) }
        digits(value.magnitude, least: 1, point: 0)
    }

    /// The exact decimal of `amount`, as ``Amount/description`` writes it (`-6.60`, `0.05`, `12`;
    /// at most 21 bytes: a sign, 19 digits and the point).
    @inlinable
    public mutating func amount(_ amount: Amount) {
        if amount.units < 0 { byte(0x2D) }
        digits(amount.units.magnitude, least: amount.scale + 1, point: amount.scale)
    }

    /// The digits of `magnitude`, at least `least` of them (leading zeros), a point before the
    /// last `point` digits (none when 0).
    @inlinable
    mutating func digits(_ magnitude: UInt64, least: Int, point: Int) {
        var count = 1
        var rest = magnitude
        while rest >= 10 { rest /= 10; count += 1 }
        count = max(count, least)
        let length = count + (point > 0 ? 1 : 0)
        var at = written + length - 1
        var m = magnitude
        for i in 0..<count {
            if point > 0 && i == point { base[at] = 0x2E; at -= 1 }
            base[at] = UInt8(truncatingIfNeeded: 0x30 + m % 10)
            m /= 10
            at -= 1
        }
        written += length
    }

    /// `day` as `YYYY-MM-DD` (10 bytes), as ``Day/description`` writes it. The day must lie
    /// between ``firstDay`` and ``lastDay`` (four-digit years); others are the caller's to write.
    @inlinable
    public mutating func day(_ day: Day) {
        let c = day.components
        let p = base + written
        p[0] = UInt8(truncatingIfNeeded: 0x30 + c.year / 1000)
        p[1] = UInt8(truncatingIfNeeded: 0x30 + c.year / 100 % 10)
        p[2] = UInt8(truncatingIfNeeded: 0x30 + c.year / 10 % 10)
        p[3] = UInt8(truncatingIfNeeded: 0x30 + c.year % 10)
        p[4] = 0x2D
        p[5] = UInt8(truncatingIfNeeded: 0x30 + c.month / 10)
        p[6] = UInt8(truncatingIfNeeded: 0x30 + c.month % 10)
        p[7] = 0x2D
        p[8] = UInt8(truncatingIfNeeded: 0x30 + c.day / 10)
        p[9] = UInt8(truncatingIfNeeded: 0x30 + c.day % 10)
        written += 10
    }
}
