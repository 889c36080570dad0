/// A coarse built-in table of exchange rates, used only as a plausibility check when no reference
/// rate is known for a currency pair: units of each currency per euro, at about their 2025 levels.
///
/// Without a rates file, a cross-currency candidate must imply a rate within ±25% of the rate
/// these give (so 88 EUR → 100 USD passes, 88 EUR → 1,000 USD does not) and must carry words on
/// both legs. Currencies that move too fast for a fixed table (ARS, TRY, …) are not listed: pairs
/// with them need a rates file or words alone. The table goes stale; a rates file always wins.
public enum CoarseRates {
    /// Units per euro, scaled by 10^4.
    static let unitsPerEuro: [String: Int64] = [
        "EUR": 10_000, "USD": 11_000, "GBP": 8_500, "CHF": 9_500, "JPY": 1_600_000, "CAD": 15_000,
        "AUD": 16_500, "NZD": 18_000, "SEK": 113_000, "NOK": 116_000, "DKK": 74_600, "PLN": 43_000,
        "CZK": 250_000, "HUF": 3_950_000, "RON": 49_800, "CNY": 79_000, "HKD": 86_000, "SGD": 14_600,
        "INR": 920_000, "KRW": 14_800_000, "ILS": 40_000, "MXN": 200_000, "BRL": 60_000, "ZAR": 200_000,
        "THB": 380_000, "AED": 40_400, "SAR": 41_300, "BGN": 19_558, "ISK": 1_500_000,
    ]

    /// The band around the coarse rate (±25%).
    public static let band = Amount(units: 25, scale: 2)

    /// Units of `to` per unit of `from`, scaled by 10^10, or nil when either is not in the table.
    static func rate(from: Currency, to: Currency) -> Int64? {
        guard let a = unitsPerEuro[from.code], let b = unitsPerEuro[to.code], a > 0 else { return nil }
        return Int64(exactly: Int128(b) * 10_000_000_000 / Int128(a))
    }
}
