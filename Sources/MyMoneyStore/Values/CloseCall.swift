/// A close call the transfer matcher left for the user: candidate pairs about equally likely,
/// kept in the ledger until the user decides (links one, rejects them, or removes a leg).
package struct CloseCall: Sendable, Hashable {
    /// One candidate pairing of two stored legs.
    package struct Candidate: Sendable, Hashable {
        package var fromTransactionId: Int64
        package var toTransactionId: Int64
        package var confidence: Double
        package var rate: Amount?
        package var fee: Amount?
        package var reasons: [String]

        package init(fromTransactionId: Int64, toTransactionId: Int64, confidence: Double, rate: Amount? = nil,
                     fee: Amount? = nil, reasons: [String] = []) {
            self.fromTransactionId = fromTransactionId
            self.toTransactionId = toTransactionId
            self.confidence = confidence
            self.rate = rate
            self.fee = fee
            self.reasons = reasons
        }
    }

    /// The store's id; nil before it is stored.
    package var id: Int64?
    /// When the matcher found it (ISO 8601 UTC).
    package var foundAt: String?
    /// The candidates, best first.
    package var candidates: [Candidate]

    package init(id: Int64? = nil, foundAt: String? = nil, candidates: [Candidate]) {
        self.id = id
        self.foundAt = foundAt
        self.candidates = candidates
    }
}
