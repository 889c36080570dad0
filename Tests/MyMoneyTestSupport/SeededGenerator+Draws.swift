/// Draws the synthetic ledgers use: a day count, a fraction, (an element of a list is `pick`, beside the generator).
extension SeededGenerator {
    /// A whole number in `range`, each equally likely (up to the modulo bias of 2^64, negligible here).
    public mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// A fraction in 0..<1 with 53 random bits.
    public mutating func unit() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { unit() < p }
}
