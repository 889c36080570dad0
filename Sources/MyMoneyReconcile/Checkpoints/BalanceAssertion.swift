/// A balance the user says an account had at the end of a day ("the bank app shows 1,234.56 today").
///
/// Like every balance here, it includes everything posted on `day`.
public struct BalanceAssertion: Sendable, Hashable {
    /// The ledger's name of the account (`Girokonto`, `US Checking`).
    public var account: String
    public var day: Day
    public var amount: Amount
    /// The currency written beside the amount, when one was.
    public var currency: Currency?
    /// The balances file it was read from, when it was.
    public var file: String?
    public var position: SourcePosition?

    public init(account: String, day: Day, amount: Amount, currency: Currency? = nil,
                file: String? = nil, position: SourcePosition? = nil) {
        self.account = account
        self.day = day
        self.amount = amount
        self.currency = currency
        self.file = file
        self.position = position
    }
}
