extension Amount {
    /// The amount written with at least `currency`'s minor units (`-200` EUR is `-200.00`,
    /// `-5.125` EUR stays `-5.125`): exact, never rounded. Currencies without minor units
    /// (gold, SDR) and amounts that would not fit keep the amount as it is.
    public func atMinorUnits(of currency: Currency) -> Amount {
        guard let digits = currency.minorUnits, scale < digits else { return self }
        return (try? rescaled(to: digits)) ?? self
    }

    /// `-200.00 EUR`: the amount at the currency's minor units and its code, for people.
    public func shown(in currency: Currency) -> String {
        "\(atMinorUnits(of: currency)) \(currency.code)"
    }

    /// Whether the amount has more digits after the mark than `currency` has minor units
    /// (`-5.123` in EUR); trailing zeros do not count (`-5.120` is fine).
    public func hasMoreDecimals(than currency: Currency) -> Bool {
        guard let digits = currency.minorUnits else { return false }
        return normalized.scale > digits
    }
}
