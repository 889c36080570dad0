/// Two transactions on two of the user's accounts that are one movement of money.
public struct TransferLink: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Accepted by the user or matched with full confidence: both legs are typed `.transfer`.
        case confirmed
        /// Suggested by the matcher, waiting for the user.
        case proposed
    }

    public var id: Int64?
    /// The leg that left an account (negative amount).
    public var fromTransactionId: Int64
    /// The leg that arrived (positive amount).
    public var toTransactionId: Int64
    /// Filled in by queries from the legs.
    public var fromAccountId: Int64?
    public var toAccountId: Int64?
    public var fromAmount: Amount?
    public var toAmount: Amount?
    public var fromDay: Day?
    public var toDay: Day?
    public var fromCurrency: Currency?
    public var toCurrency: Currency?
    /// Units of the arriving currency per unit of the leaving one (`1.1364`), exact.
    public var rate: Amount?
    /// What the move cost, in the leaving account's currency, positive.
    public var fee: Amount?
    /// The matcher's confidence, 0...1.
    public var confidence: Double
    public var status: Status

    public init(id: Int64? = nil, fromTransactionId: Int64, toTransactionId: Int64, rate: Amount? = nil,
                fee: Amount? = nil, confidence: Double = 1, status: Status = .confirmed) {
        self.id = id
        self.fromTransactionId = fromTransactionId
        self.toTransactionId = toTransactionId
        self.rate = rate
        self.fee = fee
        self.confidence = confidence
        self.status = status
    }
}
