/// Everything the matcher reads: new and stored-unpaired transactions, the user's accounts,
/// reference rates, and the user's earlier decisions.
public struct TransferMatchInput: Sendable {
    /// New transactions and stored ones not yet part of a transfer. Each must name an account in
    /// `accounts` by id; a stored one carries its `id`. The same id twice counts once.
    public var transactions: [LedgerTransaction]
    /// The user's accounts; `id` must be set.
    public var accounts: [Account]
    /// Reference rates, from a rates file (``ExchangeRateFile``) or elsewhere.
    public var rates: [ExchangeRate]
    /// Transfers the user confirmed: passed through unchanged, their legs (by `transactionId`)
    /// never paired again, and their implied rates used as references. Their `transactionIndex`
    /// values are not looked at: they may come from an earlier match.
    public var confirmed: [TransferPair]
    /// Pairings the user rejected: never proposed again (either direction).
    public var rejected: [TransferLink]
    /// Ids of transactions already part of a transfer: left out.
    public var excludedTransactionIds: Set<Int64>

    public init(transactions: [LedgerTransaction], accounts: [Account], rates: [ExchangeRate] = [],
                confirmed: [TransferPair] = [], rejected: [TransferLink] = [], excludedTransactionIds: Set<Int64> = []) {
        self.transactions = transactions
        self.accounts = accounts
        self.rates = rates
        self.confirmed = confirmed
        self.rejected = rejected
        self.excludedTransactionIds = excludedTransactionIds
    }
}
