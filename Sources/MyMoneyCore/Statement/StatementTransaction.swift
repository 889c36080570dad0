/// One transaction as a statement reported it.
public struct StatementTransaction: Sendable, Hashable, Codable {
    /// The day the bank posted it (OFX DTPOSTED, a CSV booking date), as written in the file's own zone.
    public var day: Day
    /// Signed from the account holder's side: negative leaves the account.
    public var amount: Amount
    /// Set when the transaction's currency differs from the account's (OFX CURRENCY, a CSV column).
    public var currency: Currency?
    /// Who was paid or paid us, as written.
    public var payee: String?
    public var memo: String?
    /// The bank's own id for it (OFX FITID, a CSV transaction id); nil when the bank gives none.
    public var id: String?
    /// The bank's own type word (OFX TRNTYPE `DEBIT`, a CSV `Type` column).
    public var bankType: String?
    /// Check or slip number.
    public var checkNumber: String?
    /// A category the source assigned (QIF `L`, a CSV category column), as written.
    public var category: String?
    /// Another of the user's accounts the source names as the other side (QIF `L[Savings]`,
    /// OFX BANKACCTTO/CCACCTTO), as written.
    public var transferAccount: String?
    /// Tags or classes the source assigned (QIF `/Class`).
    public var tags: [String]
    /// Split lines (QIF `S`/`E`/`$`); their amounts add up to `amount`.
    public var splits: [StatementSplit]
    /// Every other field the source carried, in source order.
    public var extra: [StatementField]
    /// Where the transaction starts in its file.
    public var position: SourcePosition?

    @inlinable
    public init(day: Day, amount: Amount, currency: Currency? = nil, payee: String? = nil, memo: String? = nil,
                id: String? = nil, bankType: String? = nil, checkNumber: String? = nil, category: String? = nil,
                transferAccount: String? = nil, tags: [String] = [], splits: [StatementSplit] = [],
                extra: [StatementField] = [], position: SourcePosition? = nil) {
        self.day = day
        self.amount = amount
        self.currency = currency
        self.payee = payee
        self.memo = memo
        self.id = id
        self.bankType = bankType
        self.checkNumber = checkNumber
        self.category = category
        self.transferAccount = transferAccount
        self.tags = tags
        self.splits = splits
        self.extra = extra
        self.position = position
    }

    /// The value of an extra field, by key (case-sensitive), first occurrence.
    public func extra(_ key: String) -> String? {
        extra.first(where: { $0.key == key })?.value
    }
}

/// One line of a split transaction.
public struct StatementSplit: Sendable, Hashable, Codable {
    public var amount: Amount
    public var category: String?
    public var transferAccount: String?
    public var memo: String?
    public var tags: [String]

    public init(amount: Amount, category: String? = nil, transferAccount: String? = nil,
                memo: String? = nil, tags: [String] = []) {
        self.amount = amount
        self.category = category
        self.transferAccount = transferAccount
        self.memo = memo
        self.tags = tags
    }
}
