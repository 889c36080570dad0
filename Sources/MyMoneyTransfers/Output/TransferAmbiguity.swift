/// A close call: legs with two or more candidate pairings whose scores lie within
/// ``TransferMatchOptions/ambiguityMargin`` of each other. None of them is proposed; the user picks.
public struct TransferAmbiguity: Sendable, Hashable, Codable {
    /// The legs in contention, by day then account.
    public var legs: [TransferLeg]
    /// Every candidate pairing among them, best first (status `.ambiguous`).
    public var candidates: [TransferPair]

    public init(legs: [TransferLeg], candidates: [TransferPair]) {
        self.legs = legs
        self.candidates = candidates
    }
}
