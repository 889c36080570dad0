/// How the two amounts of a candidate pair relate.
enum AmountRelation: Sendable, Hashable {
    /// The same magnitude, same currency.
    case equal
    /// Same currency; the sending leg is larger by this many 10^-6 units.
    case fee(Int64)
    /// Different currencies; the implied rate and the reference it was checked against.
    case rate(RateCheck)
}

/// The reference a cross-currency candidate was held against.
struct RateCheck: Sendable, Hashable {
    enum Tier: Sendable, Hashable { case near, wide, coarse, none }
    var tier: Tier
    /// Units of the receiving currency per sending unit, scaled by 10^10 (0 with no reference).
    var referenceUnits: Int64
    var referenceDay: Int32
    var source: ExchangeRate.Source
    /// (implied − reference) / reference, for the score only.
    var deviation: Double
    /// The reference is a cross rate through a third currency.
    var crossed: Bool = false
    /// Tier `.coarse` although a reference was known: the rate lies outside the reference's band
    /// (`referenceUnits`), within the built-in table's (`coarseUnits`), and both texts say transfer.
    var offReference: Bool = false
    /// The built-in coarse rate, scaled by 10^10 (tier `.coarse`).
    var coarseUnits: Int64 = 0
}

/// A scored candidate pair: leg indices into the ``LegTable``.
struct CandidateEdge: Sendable {
    var from: Int32
    var to: Int32
    var score: Double
    var relation: AmountRelation
    /// Beyond the day window without strong enough text: listed as a close call, never proposed.
    var reviewOnly: Bool = false
    /// A transfer already stored (``TransferMatchInput/linked``): held, never proposed again.
    var linked: Bool = false
}

/// The best candidate below the bar for a leg with a transfer hint: why it stayed alone.
struct NearMiss: Sendable {
    var from: Int32
    var to: Int32
    var score: Double
    var relation: AmountRelation
}
