/// One of the user's accounts: a bank account, a credit card, a cash wallet.
public struct Account: Sendable, Hashable, Codable {
    /// The store's id; nil before the account is stored.
    public var id: Int64?
    /// The user's name for it, unique in a ledger (`Checking`, `Visa`, `Wallet`).
    public var name: String
    public var kind: AccountKind
    public var currency: Currency
    /// The numbers statements use for this account (OFX ACCTID, an IBAN, a card's last digits).
    public var numbers: [String]
    /// The bank's id (OFX BANKID, a BIC), when known.
    public var bankId: String?
    /// The balance before the first transaction the ledger holds.
    public var openingBalance: Amount
    /// Transactions up to this day are reconciled and locked.
    public var reconciledThrough: Day?

    public init(id: Int64? = nil, name: String, kind: AccountKind, currency: Currency, numbers: [String] = [],
                bankId: String? = nil, openingBalance: Amount = .zero, reconciledThrough: Day? = nil) {
        self.id = id
        self.name = name
        self.kind = kind
        self.currency = currency
        self.numbers = numbers
        self.bankId = bankId
        self.openingBalance = openingBalance
        self.reconciledThrough = reconciledThrough
    }
}
