/// Values worked out from short byte texts, remembered by the texts' bytes: the one small-key
/// cache of the readers (the day of a date text, the parts of a category value, the tag of an
/// element name).
///
/// Statements repeat a few hundred distinct dates, categories and tag names over and over; a
/// hit gives the value worked out before without reading the text again. What a caller must
/// know: a hit returns exactly the value last stored for the same bytes, so the cache is correct
/// only for values that depend on nothing but the bytes (store a value only when working it out
/// gave no diagnostic, or when the diagnostic is given again on every read).
///
/// The policy: a direct-mapped table of `slots` entries (a power of two); the entry is picked by
/// the ``ByteHash`` of the text and holds its bytes as 8-byte words (the last partial word as an
/// overlapping load), so a lookup of a text of up to 16 bytes is two loads, one hash of the two
/// words and two word comparisons, with no call to `memcmp`. Texts that are empty or longer than `longest` are
/// never cached. A store replaces whatever the entry held: values are cheap to work out again,
/// and the distinct keys are few. Memory is fixed at creation.
///
/// A class because it owns manually allocated memory (freed in `deinit`); one instance per
/// read, not `Sendable` (never share one between threads).
///
/// Access: SPI (`@_spi(Speed) import MyMoneyCore`), not public API. It is `public` only so that
/// the readers' modules can specialize and inline it: `package` declarations, even `@inlinable`
/// ones, are not inlined across modules by Swift 6.3 (measured: generic calls with a runtime type
/// lookup per value made the QIF read half as fast again).
///
/// - Complexity: O(n) in the text's length per lookup or store; no allocation.
@_spi(Speed) public final class SmallKeyCache<Value> {
    /// The longest text that is cached.
    public let longest: Int
    /// The number of entries.
    public let slots: Int
    @usableFromInline let wordsPerKey: Int
    @usableFromInline let shift: UInt64
    @usableFromInline let lengths: UnsafeMutablePointer<Int>
    @usableFromInline let words: UnsafeMutablePointer<UInt64>
    @usableFromInline let values: UnsafeMutablePointer<Value?>

    /// A cache of `slots` entries (rounded up to a power of two, at least 2) for texts of 1 to
    /// `longest` bytes.
    public init(slots: Int, longest: Int) {
        var n = 2
        while n < slots { n <<= 1 }
        self.slots = n
        self.longest = max(1, longest)
        wordsPerKey = (self.longest + 7) / 8
        shift = UInt64(64 - n.trailingZeroBitCount)
        lengths = .allocate(capacity: n)
        lengths.initialize(repeating: 0, count: n)
        words = .allocate(capacity: n * wordsPerKey)
        words.initialize(repeating: 0, count: n * wordsPerKey)
        values = .allocate(capacity: n)
        values.initialize(repeating: nil, count: n)
    }

    deinit {
        values.deinitialize(count: slots)
        values.deallocate()
        words.deallocate()
        lengths.deallocate()
    }

    /// The value stored for exactly these bytes, if the cache still holds it.
    @inlinable
    public func value(for bytes: UnsafeBufferPointer<UInt8>) -> Value? {
        let n = bytes.count
        guard n > 0, n <= longest, let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        if n <= 16 {
            let (a, b) = ByteHash.shortWords(raw, count: n)
            return value(shortWords: a, b, count: n)
        }
        let slot = Int(truncatingIfNeeded: ByteHash.hash(raw, count: n) &>> shift)
        guard lengths[slot] == n, holds(slot, raw, n) else { return nil }
        return values[slot]
    }

    /// Remembers `value` for these bytes, replacing what their entry held (nothing happens for
    /// an empty text or one longer than ``longest``).
    @inlinable
    public func store(_ value: Value, for bytes: UnsafeBufferPointer<UInt8>) {
        let n = bytes.count
        guard n > 0, n <= longest, let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        if n <= 16 {
            let (a, b) = ByteHash.shortWords(raw, count: n)
            store(value, shortWords: a, b, count: n)
            return
        }
        let slot = Int(truncatingIfNeeded: ByteHash.hash(raw, count: n) &>> shift)
        let key = words + slot &* wordsPerKey
        var i = 0, k = 0
        while i &+ 8 <= n {
            key[k] = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
            k &+= 1
        }
        if i < n { key[k] = ByteHash.tail(raw, count: n) }
        lengths[slot] = n
        values[slot] = value
    }

    /// The value stored for the text of `n` bytes (1 to 16, at most ``longest``) whose
    /// ``ByteHash/shortWords(_:count:)`` are `a` and `b`: one hash of the two words and the same
    /// two words compared (for callers that hold the words already).
    @inlinable @inline(__always)
    public func value(shortWords a: UInt64, _ b: UInt64, count n: Int) -> Value? {
        let slot = Int(truncatingIfNeeded: ByteHash.shortHash(a, b, count: n) &>> shift)
        let key = words + slot &* wordsPerKey
        guard lengths[slot] == n, key[0] == a, wordsPerKey == 1 || key[1] == b else { return nil }
        return values[slot]
    }

    /// Remembers `value` for the text of `n` bytes (1 to 16, at most ``longest``) whose short words are `a` and `b`.
    @inlinable @inline(__always)
    public func store(_ value: Value, shortWords a: UInt64, _ b: UInt64, count n: Int) {
        let slot = Int(truncatingIfNeeded: ByteHash.shortHash(a, b, count: n) &>> shift)
        let key = words + slot &* wordsPerKey
        key[0] = a
        if wordsPerKey > 1 { key[1] = b }
        lengths[slot] = n
        values[slot] = value
    }

    /// The value for these bytes: the stored one, else `make`'s, which is stored unless nil.
    @inlinable
    public func value(for bytes: UnsafeBufferPointer<UInt8>, orMake make: (UnsafeBufferPointer<UInt8>) throws -> Value?) rethrows -> Value? {
        if let known = value(for: bytes) { return known }
        guard let made = try make(bytes) else { return nil }
        store(made, for: bytes)
        return made
    }

    /// Whether entry `slot` (of a text of the same length, over 16 bytes) holds these `n` bytes.
    @inlinable @inline(__always)
    func holds(_ slot: Int, _ raw: UnsafeRawPointer, _ n: Int) -> Bool {
        let key = words + slot &* wordsPerKey
        var i = 0, k = 0
        while i &+ 8 <= n {
            if key[k] != raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
            i &+= 8
            k &+= 1
        }
        return i == n || key[k] == ByteHash.tail(raw, count: n)
    }
}
