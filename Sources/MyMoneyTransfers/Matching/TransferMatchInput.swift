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
    /// Transfers already stored (proposed or confirmed) whose two legs are among `transactions`.
    /// They are held as they are and never proposed again, but their legs still take part: the
    /// candidates that competed with them compete again, so a second match over a matched ledger
    /// proposes nothing the first would not have. (Leaving stored legs out instead, through
    /// `excludedTransactionIds`, lets a weak candidate that lost to a stored pair win alone.)
    /// A link whose other leg is not among `transactions` leaves its leg out.
    public var linked: [TransferLink]
    /// The user's own names (`Alex Morgan`): a payee naming the user is transfer evidence.
    /// Payees that the input names beside own-transfer words count the same without it.
    public var ownerNames: [String]

    public init(transactions: [LedgerTransaction], accounts: [Account], rates: [ExchangeRate] = [],
                confirmed: [TransferPair] = [], rejected: [TransferLink] = [], excludedTransactionIds: Set<Int64> = [],
                linked: [TransferLink] = [], ownerNames: [String] = []) {
        self.transactions = transactions
        self.accounts = accounts
        self.rates = rates
        self.confirmed = confirmed
        self.rejected = rejected
        self.excludedTransactionIds = excludedTransactionIds
        self.linked = linked
        self.ownerNames = ownerNames
    }
}
