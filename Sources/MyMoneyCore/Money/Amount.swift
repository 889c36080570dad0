/// An exact decimal amount of money: `units / 10^scale`.
///
/// Amounts never go through `Double` or `Foundation.Decimal`. The scale is kept as written,
/// so `6.60` prints as `6.60`; equality and ordering compare the numeric value (`6.60 == 6.6`).
/// Every arithmetic operation reports overflow as ``AmountError/overflow`` instead of wrapping.
public struct Amount: Sendable {
    /// The value in units of `10^-scale`.
    public let units: Int64
    /// Digits after the decimal mark (0...18).
    public let scale: Int

    /// The largest scale an amount may carry.
    public static let maximumScale = 18

    /// Creates `units / 10^scale`. A scale outside 0...18 is clamped into range by the caller's contract.
    @inlinable
    public init(units: Int64, scale: Int = 0) {
        precondition((0...Amount.maximumScale).contains(scale), "scale out of range")
        self.units = units
        self.scale = scale
    }

    public static let zero = Amount(units: 0, scale: 0)

    @inlinable public var isZero: Bool { units == 0 }
    @inlinable public var isNegative: Bool { units < 0 }
    @inlinable public var isPositive: Bool { units > 0 }
    /// -1, 0 or 1.
    public var signum: Int { units == 0 ? 0 : (units < 0 ? -1 : 1) }
}

/// Why arithmetic on amounts failed.
public enum AmountError: Error, Sendable, Equatable, CustomStringConvertible {
    case overflow
    case divisionByZero

    public var description: String {
        switch self {
        case .overflow: return "amount is too large (more than 18 significant digits)"
        case .divisionByZero: return "division by zero"
        }
    }
}

/// Powers of ten that fit in Int64.
@usableFromInline
let powersOfTen: [Int64] = {
    var result: [Int64] = [1]
    for _ in 1...18 { result.append(result.last! * 10) }
    return result
}()

extension Amount {
    /// The same value written with `newScale` digits after the mark; `newScale` must not drop digits.
    ///
    /// - Throws: ``AmountError/overflow`` when the value does not fit at that scale.
    public func rescaled(to newScale: Int) throws(AmountError) -> Amount {
        if newScale == scale { return self }
        guard newScale > scale, newScale <= Amount.maximumScale else {
            return try rounded(toScale: newScale)
        }
        let (value, overflow) = units.multipliedReportingOverflow(by: powersOfTen[newScale - scale])
        if overflow { throw .overflow }
        return Amount(units: value, scale: newScale)
    }

    /// Rounds half away from zero to `newScale` digits (used for display in a currency's minor units).
    public func rounded(toScale newScale: Int) throws(AmountError) -> Amount {
        let target = max(0, min(newScale, Amount.maximumScale))
        if target >= scale { return try rescaled(to: target) }
        let divisor = powersOfTen[scale - target]
        var quotient = units / divisor
        let remainder = units % divisor
        if remainder.magnitude * 2 >= divisor.magnitude {
            quotient += units < 0 ? -1 : 1
        }
        return Amount(units: quotient, scale: target)
    }

    /// The value with trailing zero digits after the mark removed (`6.60` → `6.6`, `5.00` → `5`).
    public var normalized: Amount {
        var u = units, s = scale
        while s > 0 && u % 10 == 0 { u /= 10; s -= 1 }
        return Amount(units: u, scale: s)
    }

    private static func aligned(_ a: Amount, _ b: Amount) throws(AmountError) -> (Int64, Int64, Int) {
        let s = max(a.scale, b.scale)
        return (try a.rescaled(to: s).units, try b.rescaled(to: s).units, s)
    }

    @inlinable
    public static func + (lhs: Amount, rhs: Amount) throws(AmountError) -> Amount {
        if lhs.scale == rhs.scale {
            // The usual case (one currency's amounts): no rescaling.
            let (v, o) = lhs.units.addingReportingOverflow(rhs.units)
            if o { throw .overflow }
            return Amount(units: v, scale: lhs.scale)
        }
        return try sum(lhs, rhs)
    }

    @usableFromInline
    static func sum(_ lhs: Amount, _ rhs: Amount) throws(AmountError) -> Amount {
        let (a, b, s) = try aligned(lhs, rhs)
        let (v, o) = a.addingReportingOverflow(b)
        if o { throw .overflow }
        return Amount(units: v, scale: s)
    }

    @inlinable
    public static func - (lhs: Amount, rhs: Amount) throws(AmountError) -> Amount {
        if lhs.scale == rhs.scale {
            let (v, o) = lhs.units.subtractingReportingOverflow(rhs.units)
            if o { throw .overflow }
            return Amount(units: v, scale: lhs.scale)
        }
        return try difference(lhs, rhs)
    }

    @usableFromInline
    static func difference(_ lhs: Amount, _ rhs: Amount) throws(AmountError) -> Amount {
        let (a, b, s) = try aligned(lhs, rhs)
        let (v, o) = a.subtractingReportingOverflow(b)
        if o { throw .overflow }
        return Amount(units: v, scale: s)
    }

    public static prefix func - (value: Amount) throws(AmountError) -> Amount {
        if value.units == .min { throw .overflow }
        return Amount(units: -value.units, scale: value.scale)
    }

    /// The absolute value.
    public func magnitude() throws(AmountError) -> Amount {
        units < 0 ? try -self : self
    }

    /// The exact product. Trailing zeros are dropped when the combined scale exceeds 18 digits.
    ///
    /// - Throws: ``AmountError/overflow`` when the exact product does not fit.
    public static func * (lhs: Amount, rhs: Amount) throws(AmountError) -> Amount {
        var value = Int128(lhs.units) * Int128(rhs.units)
        var scale = lhs.scale + rhs.scale
        while scale > 0 && value % 10 == 0 && (scale > Amount.maximumScale || Int64(exactly: value) == nil) {
            value /= 10
            scale -= 1
        }
        guard scale <= Amount.maximumScale, let units = Int64(exactly: value) else { throw .overflow }
        return Amount(units: units, scale: scale)
    }

    /// The product rounded half away from zero to `scale` digits (an amount times an exchange rate).
    public func multiplied(by factor: Amount, scale target: Int) throws(AmountError) -> Amount {
        let value = Int128(units) * Int128(factor.units)
        let scale = self.scale + factor.scale
        let wanted = max(0, min(target, Amount.maximumScale))
        var result = value
        if scale > wanted {
            var divisor: Int128 = 1
            for _ in 0..<(scale - wanted) { divisor *= 10 }
            result = value / divisor
            let remainder = value % divisor
            if remainder.magnitude * 2 >= divisor.magnitude { result += value < 0 ? -1 : 1 }
        } else {
            for _ in 0..<(wanted - scale) {
                let (v, o) = result.multipliedReportingOverflow(by: 10)
                if o { throw .overflow }
                result = v
            }
        }
        guard let units = Int64(exactly: result) else { throw .overflow }
        return Amount(units: units, scale: wanted)
    }

    /// `self / divisor` rounded half away from zero to `scale` digits after the mark.
    ///
    /// Used for exchange rates (`100 / 88` at scale 6 is `1.136364`).
    public func divided(by divisor: Amount, scale: Int) throws(AmountError) -> Amount {
        guard divisor.units != 0 else { throw .divisionByZero }
        let target = max(0, min(scale, Amount.maximumScale))
        // self/divisor = (u1/10^s1) / (u2/10^s2) = u1 * 10^(s2 - s1) / u2; scaled by 10^target.
        var numerator = Int128(units)
        var denominator = Int128(divisor.units)
        let shift = divisor.scale - self.scale + target
        if shift >= 0 {
            for _ in 0..<shift {
                let (v, o) = numerator.multipliedReportingOverflow(by: 10)
                if o { throw .overflow }
                numerator = v
            }
        } else {
            for _ in 0..<(-shift) {
                let (v, o) = denominator.multipliedReportingOverflow(by: 10)
                if o { throw .overflow }
                denominator = v
            }
        }
        var quotient = numerator / denominator
        let remainder = numerator % denominator
        if remainder.magnitude * 2 >= denominator.magnitude {
            quotient += (numerator < 0) != (denominator < 0) ? -1 : 1
        }
        guard let result = Int64(exactly: quotient) else { throw .overflow }
        return Amount(units: result, scale: target)
    }

    /// Compares values exactly, whatever the scales.
    public func compare(_ other: Amount) -> Int {
        let l = Int128(units) * Int128(powersOfTen[Amount.maximumScale - scale])
        let r = Int128(other.units) * Int128(powersOfTen[Amount.maximumScale - other.scale])
        return l == r ? 0 : (l < r ? -1 : 1)
    }
}

extension Amount: Comparable, Hashable {
    @inlinable
    public static func == (lhs: Amount, rhs: Amount) -> Bool {
        lhs.scale == rhs.scale ? lhs.units == rhs.units : lhs.compare(rhs) == 0
    }
    @inlinable
    public static func < (lhs: Amount, rhs: Amount) -> Bool {
        lhs.scale == rhs.scale ? lhs.units < rhs.units : lhs.compare(rhs) < 0
    }
    public func hash(into hasher: inout Hasher) {
        let n = normalized
        hasher.combine(n.units)
        hasher.combine(n.scale)
    }
}

extension Amount: CustomStringConvertible {
    /// The plain decimal form, scale kept: `-6.60`, `1234`, `0.05`.
    public var description: String {
        var digits = String(units.magnitude)
        if scale > 0 {
            if digits.count <= scale {
                digits = String(repeating: "0", count: scale - digits.count + 1) + digits
            }
            digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -scale))
        }
        return units < 0 ? "-" + digits : digits
    }
}

extension Amount: Codable {
    /// Amounts encode as strings holding the exact decimal (`"-6.60"`).
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            self = try Amount(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath,
                                                    debugDescription: "not an amount: \(text)"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
