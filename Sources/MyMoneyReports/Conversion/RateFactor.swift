/// What an amount is multiplied by to change currency, kept as an exact fraction: the product of
/// at most two rates, each used as quoted or inverted.
///
/// A quoted rate `r` is `r / 1`; its inverse `1 / r`; a confirmed transfer of 88.00 EUR that
/// arrived as 100.00 USD is `100.00 / 88.00` (EUR → USD), so converting that transfer's 100.00 USD
/// back gives exactly 88.00 EUR; a cross through a third currency multiplies two of these. Nothing
/// is divided until ``convert(_:)``, which rounds at most once (at the 18th digit).
public struct RateFactor: Sendable, Hashable, CustomStringConvertible {
    /// Multiplied (each positive).
    public private(set) var numerators: [Amount]
    /// Divided by (each positive).
    public private(set) var denominators: [Amount]

    /// The factor 1 (same currency).
    public static let one = RateFactor(numerators: [], denominators: [])

    init(numerators: [Amount], denominators: [Amount]) {
        self.numerators = numerators
        self.denominators = denominators
    }

    /// A quoted rate: units of the target per unit of the source.
    public init(rate: Amount) { self.init(numerators: [rate], denominators: []) }

    /// `numerator / denominator` (a transfer's arrived amount over its sent amount).
    public init(_ numerator: Amount, over denominator: Amount) {
        self.init(numerators: [numerator], denominators: [denominator])
    }

    /// The factor for the opposite direction.
    public var inverted: RateFactor { RateFactor(numerators: denominators, denominators: numerators) }

    /// This factor, then `next` (A → B, then B → C).
    public func then(_ next: RateFactor) -> RateFactor {
        RateFactor(numerators: numerators + next.numerators, denominators: denominators + next.denominators)
    }

    /// `amount` times the factor, rounded half-even at the 18th digit when the quotient does not end.
    ///
    /// - Throws: ``AmountError/overflow`` when the result does not fit (about 1.7 × 10^20).
    public func convert(_ amount: Amount) throws(AmountError) -> ExactDecimal {
        if numerators.isEmpty && denominators.isEmpty { return ExactDecimal(amount) }
        if let fast = try convertIn128Bits(amount) { return fast }
        return try convertWide(amount)
    }

    /// The usual case (one rate, as quoted or inverted) in 128-bit integers; nil when the factor
    /// has more parts or an intermediate would not fit (``convertWide(_:)`` then does it). The
    /// plain twin is ``convertWide(_:)``: a differential test holds them equal.
    func convertIn128Bits(_ amount: Amount) throws(AmountError) -> ExactDecimal? {
        guard numerators.count + denominators.count == 1 else { return nil }
        let rate = numerators.first ?? denominators[0]
        guard rate.units > 0 else { throw numerators.isEmpty ? .divisionByZero : .overflow }
        let magnitude = Int128(amount.units.magnitude)
        if numerators.isEmpty {
            // amount / rate at scale 18: |units| * 10^(18 - a + r) / rate.units.
            let shift = ExactDecimal.scale - amount.scale + rate.scale
            guard shift <= 38 else { return nil }
            let (numerator, o) = magnitude.multipliedReportingOverflow(by: ExactDecimal.power(shift))
            if o { return nil }
            let quotient = ExactDecimal.divideHalfEven(numerator, Int128(rate.units))
            guard quotient < Int128(1) << 126 else { throw .overflow }
            return ExactDecimal(units: amount.isNegative ? -quotient : quotient)
        }
        // amount * rate at scale 18: |units| * rate.units * 10^(18 - a - r), exact when the shift is not negative.
        let shift = ExactDecimal.scale - amount.scale - rate.scale
        guard shift >= 0 else { return nil }
        let (product, o1) = magnitude.multipliedReportingOverflow(by: Int128(rate.units))
        if o1 { return nil }
        let (scaled, o2) = product.multipliedReportingOverflow(by: ExactDecimal.power(shift))
        if o2 || scaled >= Int128(1) << 126 { throw .overflow }
        return ExactDecimal(units: amount.isNegative ? -scaled : scaled)
    }

    /// Any factor, in 384-bit integers: every product exact, one division, rounded half-even at the 18th digit.
    func convertWide(_ amount: Amount) throws(AmountError) -> ExactDecimal {
        if numerators.isEmpty && denominators.isEmpty { return ExactDecimal(amount) }
        var numerator = WideNatural(amount.units.magnitude)
        var denominator = WideNatural(UInt64(1))
        var exponent = ExactDecimal.scale - amount.scale
        for n in numerators {
            guard n.units > 0, numerator.multiply(by: n.units.magnitude) else { throw .overflow }
            exponent -= n.scale
        }
        for d in denominators {
            guard d.units > 0 else { throw .divisionByZero }
            guard denominator.multiply(by: d.units.magnitude) else { throw .overflow }
            exponent += d.scale
        }
        if exponent >= 0 {
            guard numerator.multiply(byPowerOfTen: exponent) else { throw .overflow }
        } else {
            guard denominator.multiply(byPowerOfTen: -exponent) else { throw .overflow }
        }
        let (quotient, remainder) = numerator.divided(by: denominator)
        guard var magnitude = quotient.uint128, magnitude < UInt128(1) << 126 else { throw .overflow }
        // Half-even: compare twice the remainder with the denominator.
        var twice = remainder
        _ = twice.multiply(by: 2)
        if twice >= denominator && (twice != denominator || magnitude % 2 == 1) { magnitude += 1 }
        let units = Int128(magnitude)
        return ExactDecimal(units: amount.isNegative ? -units : units)
    }

    /// The factor as a decimal, to `digits` places (for listings: `1.1364`); nil when it overflows.
    public func decimal(digits: Int = 10) -> Amount? {
        guard let value = try? convert(Amount(units: 1)), let rounded = try? value.rounded(toScale: digits) else { return nil }
        return rounded.normalized
    }

    public var description: String {
        let top = numerators.isEmpty ? "1" : numerators.map(\.description).joined(separator: " × ")
        return denominators.isEmpty ? top : "\(top) / \(denominators.map(\.description).joined(separator: " × "))"
    }
}
