/// One transaction as a statement reported it.
public struct StatementTransaction: Sendable, Hashable, Codable {
    /// The day the bank posted it (OFX DTPOSTED, a CSV booking date), as written in the file's own zone.
    public var day: Day
    /// Signed from the account holder's side: negative leaves the account.
    public var amount: Amount
    /// Set when the transaction's currency differs from the account's (OFX CURRENCY, a CSV column).
    public var currency: Currency?
    @usableFromInline var hasPosition = false
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
    @usableFromInline var packedPosition = PackedPosition(nil)

    /// Where the transaction starts in its file.
    ///
    /// Kept packed (``PackedPosition``), whether it is there in the room beside the currency: 184
    /// bytes a transaction instead of 200 (a million-row file's transactions are held whole
    /// through its read and conversion). Absent, it is all 0, so equality and hashing are those
    /// of the plain field.
    public var position: SourcePosition? {
        @inlinable get { hasPosition ? packedPosition.position : nil }
        @inlinable set {
            hasPosition = newValue != nil
            packedPosition = PackedPosition(newValue)
        }
    }

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

    private enum CodingKeys: String, CodingKey {
        case day, amount, currency, payee, memo, id, bankType, checkNumber, category, transferAccount, tags, splits, extra, position
    }

    // The keys and form of the plain fields' synthesized coding (optional fields left out when absent).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(day: try c.decode(Day.self, forKey: .day), amount: try c.decode(Amount.self, forKey: .amount),
                  currency: try c.decodeIfPresent(Currency.self, forKey: .currency),
                  payee: try c.decodeIfPresent(String.self, forKey: .payee), memo: try c.decodeIfPresent(String.self, forKey: .memo),
                  id: try c.decodeIfPresent(String.self, forKey: .id), bankType: try c.decodeIfPresent(String.self, forKey: .bankType),
                  checkNumber: try c.decodeIfPresent(String.self, forKey: .checkNumber),
                  category: try c.decodeIfPresent(String.self, forKey: .category),
                  transferAccount: try c.decodeIfPresent(String.self, forKey: .transferAccount),
                  tags: try c.decode([String].self, forKey: .tags), splits: try c.decode([StatementSplit].self, forKey: .splits),
                  extra: try c.decode([StatementField].self, forKey: .extra),
                  position: try c.decodeIfPresent(SourcePosition.self, forKey: .position))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(day, forKey: .day)
        try c.encode(amount, forKey: .amount)
        try c.encodeIfPresent(currency, forKey: .currency)
        try c.encodeIfPresent(payee, forKey: .payee)
        try c.encodeIfPresent(memo, forKey: .memo)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(bankType, forKey: .bankType)
        try c.encodeIfPresent(checkNumber, forKey: .checkNumber)
        try c.encodeIfPresent(category, forKey: .category)
        try c.encodeIfPresent(transferAccount, forKey: .transferAccount)
        try c.encode(tags, forKey: .tags)
        try c.encode(splits, forKey: .splits)
        try c.encode(extra, forKey: .extra)
        try c.encodeIfPresent(position, forKey: .position)
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
