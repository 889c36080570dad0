/// One movement of money between two of the user's accounts, as the books hold it: the leg that
/// left one account and the leg that arrived in the other.
public struct Transfer: Sendable, Hashable {
    public enum Status: String, Sendable, Hashable, CaseIterable {
        /// Accepted by the user or matched with full confidence: both legs are typed `transfer`.
        case confirmed
        /// Suggested by the matcher, waiting for the user to confirm or reject it.
        case proposed
    }

    /// One side of the transfer, with the name of its account.
    public struct Leg: Sendable, Hashable {
        public var transaction: LedgerTransaction
        public var accountName: String
    }

    public var id: Int64
    /// The leg that left an account (negative amount).
    public var from: Leg
    /// The leg that arrived (positive amount).
    public var to: Leg
    /// Units of the arriving currency per unit of the leaving one (`1.1364`), exact; nil in one currency.
    public var rate: Amount?
    /// What the move cost, in the leaving account's currency, positive; nil when nothing was lost.
    public var fee: Amount?
    /// The matcher's confidence, 0...1 (1 for transfers linked by hand).
    public var confidence: Double
    public var status: Status
    /// Why it is a transfer, in words (the matcher's reasons, or how the user linked it).
    public var reasons: [String]
}
