/// A balance a statement reported, kept to reconcile the ledger against.
public struct StoredBalance: Sendable, Hashable, Codable {
    public var id: Int64?
    public var accountId: Int64
    /// The balance includes everything posted on this day.
    public var day: Day
    public var amount: Amount
    public var kind: StatementBalance.Kind
    public var sourceFile: String?
    /// The import that added it; nil when entered by hand.
    public var batchId: Int64?

    public init(id: Int64? = nil, accountId: Int64, day: Day, amount: Amount, kind: StatementBalance.Kind,
                sourceFile: String? = nil, batchId: Int64? = nil) {
        self.id = id
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.kind = kind
        self.sourceFile = sourceFile
        self.batchId = batchId
    }
}
