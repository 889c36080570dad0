/// A bit set over token hashes that says which hashes a ``TextEvidenceReader`` table may hold,
/// so the reader asks its dictionaries only about those: most tokens of a payee or memo (`NORTH`,
/// `BAKERY`, `130722`) are in none of them, and a `Dictionary` look-up hashes its key again
/// (SipHash) each time, six or more times a token.
///
/// No false negatives: every inserted hash is reported as possibly held; a few others are too
/// (the dictionaries then answer no). A filter made with `enabled: false` holds everything (the
/// plain twin: every look-up goes to the dictionaries).
///
/// - Complexity: O(1) per question, 8 KB of bits.
struct TokenFilter: Sendable {
    private static let bitCount = 1 << 16
    private var bits: [UInt64]
    let enabled: Bool

    init(enabled: Bool = true) {
        self.enabled = enabled
        bits = Array(repeating: 0, count: TokenFilter.bitCount / 64)
    }

    /// The bit of `hash`: its top 16 bits after a multiply, so hashes that differ only in their
    /// low bits (FNV) spread too.
    @inline(__always)
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> 48)
    }

    mutating func insert(_ hash: UInt64) {
        let s = TokenFilter.slot(hash)
        bits[s >> 6] |= 1 << UInt64(s & 63)
    }

    /// False only when `hash` was never inserted.
    @inline(__always)
    func mayHold(_ hash: UInt64) -> Bool {
        guard enabled else { return true }
        let s = TokenFilter.slot(hash)
        return bits[s >> 6] & (1 << UInt64(s & 63)) != 0
    }
}
