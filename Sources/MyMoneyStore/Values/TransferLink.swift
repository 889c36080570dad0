/// Two transactions on two of the user's accounts that are one movement of money.
package struct TransferLink: Sendable, Hashable, Codable {
    package enum Status: String, Sendable, Hashable, Codable, CaseIterable {
        /// Accepted by the user or matched with full confidence: both legs are typed `.transfer`.
        case confirmed
        /// Suggested by the matcher, waiting for the user.
        case proposed
    }

    package var id: Int64?
    /// The leg that left an account (negative amount).
    package var fromTransactionId: Int64
    /// The leg that arrived (positive amount).
    package var toTransactionId: Int64
    /// Filled in by queries from the legs.
    package var fromAccountId: Int64?
    package var toAccountId: Int64?
    package var fromAmount: Amount?
    package var toAmount: Amount?
    package var fromDay: Day?
    package var toDay: Day?
    package var fromCurrency: Currency?
    package var toCurrency: Currency?
    /// Units of the arriving currency per unit of the leaving one (`1.1364`), exact.
    package var rate: Amount?
    /// What the move cost, in the leaving account's currency, positive.
    package var fee: Amount?
    /// The matcher's confidence, 0...1.
    package var confidence: Double
    package var status: Status
    /// Why it is a transfer, in words (the matcher's reasons, or "linked by hand").
    package var reasons: [String]

    package init(id: Int64? = nil, fromTransactionId: Int64, toTransactionId: Int64, rate: Amount? = nil,
                fee: Amount? = nil, confidence: Double = 1, status: Status = .confirmed, reasons: [String] = []) {
        self.id = id
        self.fromTransactionId = fromTransactionId
        self.toTransactionId = toTransactionId
        self.rate = rate
        self.fee = fee
        self.confidence = confidence
        self.status = status
        self.reasons = reasons
    }
}
