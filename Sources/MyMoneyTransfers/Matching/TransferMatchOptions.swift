/// The knobs of the matcher, with documented defaults (see `docs/transfers.md`).
public struct TransferMatchOptions: Sendable, Hashable {
    /// Legs may lie at most this many days apart, either way round (default 4).
    public var windowDays: Int = 4
    /// Legs whose texts name each other (both name the other account, a shared reference, the
    /// other leg's amount) may lie up to this many days apart (default 10: international and
    /// SEPA transfers take a week or more). Legs this far apart with weaker words are listed as
    /// close calls, never proposed.
    public var evidenceWindowDays: Int = 10
    /// With a reference rate quoted within `referenceDays` of the sending day, the implied rate
    /// may lie this fraction below it (default 0.06: card networks charge about 3% over the
    /// reference, retail banks up to about 5%, and the reference may be a few days old)…
    public var referenceBand: Amount = Amount(units: 6, scale: 2)
    /// …and this fraction above it (default 0.02: a provider's spread lowers what arrives; more
    /// arriving than the reference gives means a stale reference or another transfer). The score
    /// falls with the distance either way.
    public var referenceBandAbove: Amount = Amount(units: 2, scale: 2)
    /// How far (days) a reference rate may be from the sending day to count as that day's rate (default 7).
    public var referenceDays: Int = 7
    /// With only an older or later rate for the pair (up to `wideReferenceDays` away), the implied
    /// rate must lie within this wider fraction (default 0.15, ±15%).
    public var wideReferenceBand: Amount = Amount(units: 15, scale: 2)
    /// How far the nearest known rate may be for the wide band (default 366 days).
    public var wideReferenceDays: Int = 366
    /// Same currency: the sending leg may exceed the receiving one by a fee of at most this
    /// fraction of the amount sent (default 0.02, 2%)…
    public var feeMaximumFraction: Amount = Amount(units: 2, scale: 2)
    /// …and at most this many units of the currency (default 25).
    public var feeMaximum: Amount = Amount(units: 25)
    /// Pairs scoring at least this are proposed (default 0.5).
    public var threshold: Double = 0.5
    /// Two candidate readings closer than this are a close call, reported as ambiguous (default 0.05).
    public var ambiguityMargin: Double = 0.05
    /// Across currencies without any reference rate, the text must give at least this much
    /// evidence (default 0.3: e.g. transfer words on both legs, or a hint naming the other account).
    public var minimumTextEvidenceWithoutRate: Double = 0.3
    /// Groups of competing candidates up to this many are resolved exactly; larger ones greedily
    /// (default 40). An exact search that would take too long also falls back to the greedy one.
    public var exactGroupLimit: Int = 40

    public init() {}

    /// The options with every value in a range the matcher can work with: a window of 0…366
    /// days, bands and fees not negative, an exact group limit of 1…64.
    public var sanitized: TransferMatchOptions {
        var o = self
        o.windowDays = min(max(0, windowDays), 366)
        o.evidenceWindowDays = min(max(o.windowDays, evidenceWindowDays), 366)
        o.referenceDays = max(0, referenceDays)
        o.wideReferenceDays = max(0, wideReferenceDays)
        if referenceBand.isNegative { o.referenceBand = .zero }
        if referenceBandAbove.isNegative { o.referenceBandAbove = .zero }
        if wideReferenceBand.isNegative { o.wideReferenceBand = .zero }
        if feeMaximumFraction.isNegative { o.feeMaximumFraction = .zero }
        if feeMaximum.isNegative { o.feeMaximum = .zero }
        o.exactGroupLimit = min(max(1, exactGroupLimit), 64)
        return o
    }

    /// The defaults with another day window, and no wider window for legs whose texts name each other.
    public init(windowDays: Int) {
        self.init()
        self.windowDays = max(0, windowDays)
        self.evidenceWindowDays = self.windowDays
    }
}
