/// One leg of money moved between the user's own accounts, with the other leg's amount when the
/// two are linked: what a report needs to convert a transfer at the rate the user actually got.
public struct TransferLegAmount: Sendable, Hashable {
    public var transactionId: Int64
    public var accountId: Int64
    public var day: Day
    /// Signed from the account's side: negative leaves it.
    public var amount: Amount
    public var currency: Currency
    /// The linked leg in the other account; nil for a transaction typed transfer without a link.
    public var other: Other?

    /// The other leg of a linked transfer.
    public struct Other: Sendable, Hashable {
        public var transactionId: Int64
        public var day: Day
        public var amount: Amount
        public var currency: Currency
        /// The link is confirmed (proposed links are not yet the user's word).
        public var confirmed: Bool

        public init(transactionId: Int64, day: Day, amount: Amount, currency: Currency, confirmed: Bool) {
            self.transactionId = transactionId
            self.day = day
            self.amount = amount
            self.currency = currency
            self.confirmed = confirmed
        }
    }

    public init(transactionId: Int64, accountId: Int64, day: Day, amount: Amount, currency: Currency, other: Other?) {
        self.transactionId = transactionId
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.currency = currency
        self.other = other
    }
}
