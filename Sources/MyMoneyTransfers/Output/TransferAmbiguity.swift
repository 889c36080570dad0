/// A close call: legs with two or more candidate pairings whose scores lie within
/// ``TransferMatchOptions/ambiguityMargin`` of each other, or a candidate beyond the day window
/// whose texts are not strong enough to propose it. None of them is proposed; the user picks.
public struct TransferAmbiguity: Sendable, Hashable, Codable {
    /// The legs in contention, by day then account.
    public var legs: [TransferLeg]
    /// Every candidate pairing among them, best first (status `.ambiguous`), each with its own reasons.
    public var candidates: [TransferPair]
    /// Why it is a close call, in words (`2 readings score within 0.05 of each other: …`,
    /// `6 days apart, beyond the 4-day window: …`).
    public var reasons: [String]

    public init(legs: [TransferLeg], candidates: [TransferPair], reasons: [String] = []) {
        self.legs = legs
        self.candidates = candidates
        self.reasons = reasons
    }
}
