/// Strings for cell bytes, shared when the same text comes back.
///
/// Bank files repeat themselves: the same payees, types and currencies on row after row. A
/// string longer than 15 bytes lives on the heap, so making a fresh one per cell costs an
/// allocation and memory for every row. This keeps the most recent string per hash slot and
/// hands out the stored one when the bytes are the same (equal strings, one allocation).
/// Short texts (stored inline in the `String` itself) and long ones are made directly.
///
/// A column whose texts do not repeat (times, references) stops being looked up after a trial:
/// replacing a stored string there costs more than sharing saves (the replaced string is long
/// out of the processor's cache by then).
struct RepeatedText {
    private var slots: [(hash: UInt64, text: String)?]
    private let mask: Int
    /// Per column: lookups and hits during the trial, and whether the column is left out.
    private var lookups: [Int32] = []
    private var hits: [Int32] = []
    private var leftOut: [Bool] = []
    /// Lookups after which a column with fewer than one hit in four is left out.
    static let trial: Int32 = 512

    /// `slots` is rounded up to a power of two.
    init(slots: Int = 4096) {
        var n = 16
        while n < slots { n <<= 1 }
        self.slots = Array(repeating: nil, count: n)
        self.mask = n - 1
    }

    /// The longest text that is shared; longer cells are rarely repeated.
    static let longest = 96

    /// A string equal to `String(decoding: bytes, as: UTF8.self)`; `column` (0 or more) keeps the
    /// statistics that decide whether its texts are worth looking up.
    mutating func string(_ bytes: UnsafeBufferPointer<UInt8>, column: Int = 0) -> String {
        let n = bytes.count
        guard n > 15, n <= RepeatedText.longest, let base = bytes.baseAddress, column >= 0 else {
            return String(decoding: bytes, as: UTF8.self)
        }
        if column >= leftOut.count {
            let more = column + 1 - leftOut.count
            lookups += repeatElement(0, count: more)
            hits += repeatElement(0, count: more)
            leftOut += repeatElement(false, count: more)
        }
        if leftOut[column] { return String(decoding: bytes, as: UTF8.self) }
        let onTrial = lookups[column] < RepeatedText.trial
        if onTrial { lookups[column] += 1 }
        let hash = RepeatedText.hash(UnsafeRawPointer(base), n)
        let slot = Int(truncatingIfNeeded: hash) & mask
        if let stored = slots[slot], stored.hash == hash {
            let text = stored.text
            let same = text.utf8.withContiguousStorageIfAvailable { $0.count == n && memoryEqual($0.baseAddress, base, n) }
            if same == true {
                if onTrial { hits[column] += 1 }
                return text
            }
        }
        if onTrial, lookups[column] == RepeatedText.trial, hits[column] * 4 < RepeatedText.trial {
            leftOut[column] = true
        }
        let text = String(decoding: bytes, as: UTF8.self)
        slots[slot] = (hash, text)
        return text
    }

    /// A word-at-a-time multiplicative hash (not for security: only to find a slot).
    static func hash(_ p: UnsafeRawPointer, _ n: Int) -> UInt64 {
        var h: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(n)
        var i = 0
        while i + 8 <= n {
            h = (h ^ p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            h ^= h >> 31
            i += 8
        }
        if i < n {
            // The last (overlapping) eight bytes: n > 15 here, so they exist.
            h = (h ^ p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)) &* 0x94D0_49BB_1331_11EB
            h ^= h >> 29
        }
        return h
    }
}

@inline(__always)
private func memoryEqual(_ a: UnsafePointer<UInt8>?, _ b: UnsafePointer<UInt8>, _ n: Int) -> Bool {
    guard let a else { return n == 0 }
    var i = 0
    let ra = UnsafeRawPointer(a), rb = UnsafeRawPointer(b)
    while i + 8 <= n {
        if ra.loadUnaligned(fromByteOffset: i, as: UInt64.self) != rb.loadUnaligned(fromByteOffset: i, as: UInt64.self) { return false }
        i += 8
    }
    while i < n {
        if a[i] != b[i] { return false }
        i += 1
    }
    return true
}
