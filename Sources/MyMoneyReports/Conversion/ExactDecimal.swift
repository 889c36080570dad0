/// An exact decimal with 18 digits after the mark, in 128 bits: what converted amounts and their
/// sums are carried in until a figure is shown.
///
/// An amount in any currency (at most 18 digits after the mark) becomes one exactly; sums stay
/// exact; a conversion at a quoted rate (an amount times a rate of at most 18 − scale digits) is
/// exact, and a quotient (an inverse or cross rate) is rounded half-even at the 18th digit,
/// far below any currency's minor unit. A figure is rounded once, half-even, to its currency's
/// minor units by ``rounded(to:)`` when shown. Overflow (beyond about 1.7 × 10^20) throws.
public struct ExactDecimal: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// Digits after the mark.
    public static let scale = 18
    /// The value in units of 10^-18.
    public private(set) var units: Int128

    public static let zero = ExactDecimal(units: 0)

    init(units: Int128) { self.units = units }

    /// The amount, exactly.
    public init(_ amount: Amount) {
        // scale <= 18 and |units| < 2^63: the product stays below 2^63 * 10^18 < 2^127.
        units = Int128(amount.units) * ExactDecimal.power(ExactDecimal.scale - amount.scale)
    }

    public var isZero: Bool { units == 0 }
    public var isNegative: Bool { units < 0 }

    public static func + (a: ExactDecimal, b: ExactDecimal) throws(AmountError) -> ExactDecimal {
        let (v, o) = a.units.addingReportingOverflow(b.units)
        if o { throw .overflow }
        return ExactDecimal(units: v)
    }

    public static func - (a: ExactDecimal, b: ExactDecimal) throws(AmountError) -> ExactDecimal {
        let (v, o) = a.units.subtractingReportingOverflow(b.units)
        if o { throw .overflow }
        return ExactDecimal(units: v)
    }

    public static prefix func - (a: ExactDecimal) -> ExactDecimal { ExactDecimal(units: -a.units) }

    public mutating func add(_ other: ExactDecimal) throws(AmountError) { self = try self + other }

    public static func < (a: ExactDecimal, b: ExactDecimal) -> Bool { a.units < b.units }

    /// `self * n` for a whole number `n`.
    public func times(_ n: Int) throws(AmountError) -> ExactDecimal {
        let (v, o) = units.multipliedReportingOverflow(by: Int128(n))
        if o { throw .overflow }
        return ExactDecimal(units: v)
    }

    /// `self * numerator / denominator`, rounded half-even at the 18th digit (a share of a figure:
    /// 80% of a limit, a daily rate times days).
    public func scaled(by numerator: Int, over denominator: Int) throws(AmountError) -> ExactDecimal {
        guard denominator != 0 else { throw .divisionByZero }
        let (product, o) = units.multipliedReportingOverflow(by: Int128(denominator < 0 ? -numerator : numerator))
        if o { throw .overflow }
        return ExactDecimal(units: ExactDecimal.divideHalfEven(product, Int128(denominator.magnitude)))
    }

    /// The value rounded once, half-even, to `digits` after the mark (a currency's minor units).
    ///
    /// - Throws: ``AmountError/overflow`` when the rounded value does not fit an ``Amount``.
    public func rounded(toScale digits: Int) throws(AmountError) -> Amount {
        let target = max(0, min(digits, ExactDecimal.scale))
        let quotient = ExactDecimal.divideHalfEven(units, ExactDecimal.power(ExactDecimal.scale - target))
        guard let small = Int64(exactly: quotient) else { throw .overflow }
        return Amount(units: small, scale: target)
    }

    /// The value rounded once to `currency`'s minor units (2 when ISO gives none).
    public func rounded(to currency: Currency) throws(AmountError) -> Amount {
        try rounded(toScale: currency.minorUnits ?? 2)
    }

    /// `self / divisor` (an average over periods or days) rounded once, half-even, to `currency`'s
    /// minor units: the division and the rounding are one step.
    public func rounded(to currency: Currency, dividedBy divisor: Int) throws(AmountError) -> Amount {
        guard divisor > 0 else { throw .divisionByZero }
        let digits = max(0, min(currency.minorUnits ?? 2, ExactDecimal.scale))
        let (scaledDivisor, o) = ExactDecimal.power(ExactDecimal.scale - digits).multipliedReportingOverflow(by: Int128(divisor))
        if o { throw .overflow }
        guard let small = Int64(exactly: ExactDecimal.divideHalfEven(units, scaledDivisor)) else { throw .overflow }
        return Amount(units: small, scale: digits)
    }

    /// The exact value with trailing zeros dropped (`1.5`), for diagnostics and tests.
    public var description: String {
        let magnitude = units.magnitude
        let divisor = UInt128(ExactDecimal.power(ExactDecimal.scale))
        var text = String(magnitude / divisor)
        var fraction = String(magnitude % divisor)
        if fraction != "0" {
            fraction = String(repeating: "0", count: ExactDecimal.scale - fraction.count) + fraction
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return units < 0 ? "-" + text : text
    }

    // MARK: Internals

    static func power(_ n: Int) -> Int128 {
        var p: Int128 = 1
        for _ in 0..<n { p *= 10 }
        return p
    }

    /// `value / divisor` (divisor positive) rounded half to even.
    static func divideHalfEven(_ value: Int128, _ divisor: Int128) -> Int128 {
        var quotient = value / divisor
        let remainder = (value % divisor).magnitude
        let twice = remainder * 2
        let d = divisor.magnitude
        if twice > d || (twice == d && quotient % 2 != 0) { quotient += value < 0 ? -1 : 1 }
        return quotient
    }
}
