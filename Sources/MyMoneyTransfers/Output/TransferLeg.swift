/// One side of a transfer: a transaction in one of the user's accounts.
public struct TransferLeg: Sendable, Hashable, Codable {
    /// Its position in ``TransferMatchInput/transactions``; nil for legs of confirmed pairs
    /// that were not passed in.
    public var transactionIndex: Int?
    /// The store's id, for stored legs.
    public var transactionId: Int64?
    public var accountId: Int64
    /// The account's name, as reports show it.
    public var accountName: String
    public var day: Day
    /// Signed as the account sees it: negative on the sending leg, positive on the receiving one.
    public var amount: Amount
    public var currency: Currency
    public var payee: String?
    public var memo: String?

    public init(transactionIndex: Int? = nil, transactionId: Int64? = nil, accountId: Int64, accountName: String,
                day: Day, amount: Amount, currency: Currency, payee: String? = nil, memo: String? = nil) {
        self.transactionIndex = transactionIndex
        self.transactionId = transactionId
        self.accountId = accountId
        self.accountName = accountName
        self.day = day
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.memo = memo
    }

    /// The leg of a ledger transaction in `account`.
    public init(_ transaction: LedgerTransaction, account: Account, index: Int? = nil) {
        self.init(transactionIndex: index, transactionId: transaction.id, accountId: transaction.accountId,
                  accountName: account.name, day: transaction.day, amount: transaction.amount,
                  currency: transaction.currency, payee: transaction.payee, memo: transaction.memo)
    }
}
