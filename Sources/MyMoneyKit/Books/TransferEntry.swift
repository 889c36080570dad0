/// A transfer typed in by hand as one entry: what left one account and what arrived in another.
///
/// The leaving leg is `amount` plus `fee` (the fee is paid from the leaving account on top of
/// what is sent); the arriving leg is `toAmount`, or `amount` when both accounts share a
/// currency. Accounts in different currencies need `toAmount`.
public struct TransferEntry: Sendable, Hashable {
    /// The account money leaves, by name.
    public var fromAccount: String
    /// The account money arrives in, by name.
    public var toAccount: String
    /// What was sent, positive, in the leaving account's currency.
    public var amount: Amount
    /// What arrived, positive, in the arriving account's currency.
    public var toAmount: Amount?
    /// What the move cost on top, in the leaving account's currency.
    public var fee: Amount?
    public var day: Day
    /// Notes kept on both legs.
    public var notes: String?

    public init(fromAccount: String, toAccount: String, amount: Amount, toAmount: Amount? = nil, fee: Amount? = nil,
                day: Day, notes: String? = nil) {
        self.fromAccount = fromAccount
        self.toAccount = toAccount
        self.amount = amount
        self.toAmount = toAmount
        self.fee = fee
        self.day = day
        self.notes = notes
    }
}
