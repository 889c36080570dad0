/// A natural number of up to 384 bits (six 64-bit limbs, least significant first): enough for an
/// amount times two rates times a power of ten, the numerator of one exact conversion.
///
/// Only what conversion needs: multiply by a limb, by a power of ten, divide with remainder,
/// compare. Every operation reports overflow instead of wrapping.
struct WideNatural: Sendable, Equatable {
    static let limbCount = 6
    private(set) var limbs: [UInt64]

    init(_ value: UInt64 = 0) {
        limbs = [UInt64](repeating: 0, count: WideNatural.limbCount)
        limbs[0] = value
    }

    init(_ value: UInt128) {
        self.init(UInt64(truncatingIfNeeded: value))
        limbs[1] = UInt64(truncatingIfNeeded: value >> 64)
    }

    var isZero: Bool { limbs.allSatisfy { $0 == 0 } }

    /// The value when it fits in 128 bits.
    var uint128: UInt128? {
        guard limbs[2...].allSatisfy({ $0 == 0 }) else { return nil }
        return UInt128(limbs[1]) << 64 | UInt128(limbs[0])
    }

    /// `self * factor`; false when the product needs more than 384 bits (`self` is then unusable).
    mutating func multiply(by factor: UInt64) -> Bool {
        var carry: UInt64 = 0
        for i in 0..<WideNatural.limbCount {
            let (high, low) = limbs[i].multipliedFullWidth(by: factor)
            let (sum, overflow) = low.addingReportingOverflow(carry)
            limbs[i] = sum
            carry = high &+ (overflow ? 1 : 0)
        }
        return carry == 0
    }

    /// `self * 10^exponent`; false on overflow.
    mutating func multiply(byPowerOfTen exponent: Int) -> Bool {
        var left = exponent
        while left > 0 {
            let step = min(left, 19)
            var power: UInt64 = 1
            for _ in 0..<step { power *= 10 }
            guard multiply(by: power) else { return false }
            left -= step
        }
        return true
    }

    /// `self * other`; false on overflow.
    mutating func multiply(by other: WideNatural) -> Bool {
        var result = WideNatural()
        for (i, limb) in other.limbs.enumerated() where limb != 0 {
            var partial = self
            guard partial.multiply(by: limb) else { return false }
            guard partial.shiftLimbs(by: i), result.add(partial) else { return false }
        }
        self = result
        return true
    }

    /// The quotient and remainder of `self / divisor`; divisor not zero.
    ///
    /// A one-limb divisor (the usual case: one rate's units) takes the fast path, limb by limb;
    /// ``dividedBitwise(by:)`` is its plain twin, and a differential test holds them equal.
    func divided(by divisor: WideNatural) -> (quotient: WideNatural, remainder: WideNatural) {
        if divisor.limbs[1...].allSatisfy({ $0 == 0 }) {
            // One-limb divisor (a rate's units): limb by limb, as on paper.
            let d = divisor.limbs[0]
            var quotient = WideNatural()
            var remainder: UInt64 = 0
            for i in stride(from: WideNatural.limbCount - 1, through: 0, by: -1) {
                let (q, r) = d.dividingFullWidth((remainder, limbs[i]))
                quotient.limbs[i] = q
                remainder = r
            }
            return (quotient, WideNatural(remainder))
        }
        return dividedBitwise(by: divisor)
    }

    /// `self / divisor` bit by bit, as on paper in base 2: any divisor (two rates' units in the
    /// denominator), and the reference the fast path is tested against.
    func dividedBitwise(by divisor: WideNatural) -> (quotient: WideNatural, remainder: WideNatural) {
        var quotient = WideNatural()
        var remainder = WideNatural()
        for bit in stride(from: WideNatural.limbCount * 64 - 1, through: 0, by: -1) {
            let carried = remainder.shiftLeftOne()
            if (limbs[bit / 64] >> UInt64(bit % 64)) & 1 == 1 { remainder.limbs[0] |= 1 }
            if carried || remainder >= divisor {
                remainder.subtract(divisor)
                quotient.limbs[bit / 64] |= 1 << UInt64(bit % 64)
            }
        }
        return (quotient, remainder)
    }

    static func >= (a: WideNatural, b: WideNatural) -> Bool {
        for i in stride(from: limbCount - 1, through: 0, by: -1) where a.limbs[i] != b.limbs[i] {
            return a.limbs[i] > b.limbs[i]
        }
        return true
    }

    // MARK: Internals

    private mutating func add(_ other: WideNatural) -> Bool {
        var carry = false
        for i in 0..<WideNatural.limbCount {
            let (s1, o1) = limbs[i].addingReportingOverflow(other.limbs[i])
            let (s2, o2) = s1.addingReportingOverflow(carry ? 1 : 0)
            limbs[i] = s2
            carry = o1 || o2
        }
        return !carry
    }

    /// Subtracts `other`, which is not larger (wrapping a borrow out of the top limb is how the
    /// bit-by-bit division subtracts from a remainder that carried out of 384 bits).
    mutating func subtract(_ other: WideNatural) {
        var borrow = false
        for i in 0..<WideNatural.limbCount {
            let (d1, o1) = limbs[i].subtractingReportingOverflow(other.limbs[i])
            let (d2, o2) = d1.subtractingReportingOverflow(borrow ? 1 : 0)
            limbs[i] = d2
            borrow = o1 || o2
        }
    }

    /// Shifts left by one bit; returns the bit shifted out of the top.
    private mutating func shiftLeftOne() -> Bool {
        var carry: UInt64 = 0
        for i in 0..<WideNatural.limbCount {
            let next = limbs[i] >> 63
            limbs[i] = limbs[i] << 1 | carry
            carry = next
        }
        return carry == 1
    }

    private mutating func shiftLimbs(by count: Int) -> Bool {
        guard count > 0 else { return true }
        guard limbs[(WideNatural.limbCount - count)...].allSatisfy({ $0 == 0 }) else { return false }
        limbs = [UInt64](repeating: 0, count: count) + limbs.prefix(WideNatural.limbCount - count)
        return true
    }
}
