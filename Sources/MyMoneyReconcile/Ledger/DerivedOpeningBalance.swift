/// An opening balance worked out from a statement, for an account whose ledger has none yet.
///
/// The ledger's balance through a day is `opening + sum of transactions through that day`, so the
/// opening balance that makes a checkpoint agree is `checkpoint balance − sum of the ledger's
/// transactions through the checkpoint's last included day`. The earliest checkpoint is used: on
/// the first import of an OFX file whose only balance is LEDGERBAL 1824.55 as of 2026-10-31, with
/// transactions adding up to −375.45 by then, the opening balance is 2200.00, and the account
/// then reconciles. For an `opening` checkpoint the result is its balance minus the transactions
/// dated before its day (none on a first import), i.e. the statement's opening balance itself.
///
/// The derived balance makes that checkpoint agree by construction: it is an assumption, not a
/// check. Only later checkpoints (other statements, the user's assertions) test it.
public struct DerivedOpeningBalance: Sendable, Hashable {
    /// The opening balance to store on the account.
    public var amount: Amount
    /// The checkpoint it was derived from.
    public var checkpoint: Checkpoint
    /// The sum of the ledger's transactions through the checkpoint's last included day.
    public var transactionsThrough: Amount

    /// Derives the opening balance from the earliest of `checkpoints` (in the account's currency).
    ///
    /// - Returns: nil when no checkpoint is in `account`'s currency.
    /// - Throws: ``AmountError/overflow`` when the sums do not fit.
    /// - Complexity: O(n log n) in the number of transactions.
    public init?(account: Account, transactions: [LedgerTransaction], checkpoints: [Checkpoint]) throws(AmountError) {
        try self.init(account: account, checkpoints: checkpoints) { zeroed, first throws(AmountError) in
            try LedgerBalances(account: zeroed, transactions: transactions, alsoExact: [first])
        }
    }

    /// As above, from the account's balance rows (id, day, amount) instead of its whole
    /// transactions: the same sums, without a row's texts.
    public init?(account: Account, rows: [LedgerBalanceRow], checkpoints: [Checkpoint]) throws(AmountError) {
        try self.init(account: account, checkpoints: checkpoints) { zeroed, first throws(AmountError) in
            try LedgerBalances(account: zeroed, rows: rows, alsoExact: [first])
        }
    }

    private init?(account: Account, checkpoints: [Checkpoint],
                  balances: (_ zeroed: Account, _ first: Amount) throws(AmountError) -> LedgerBalances) throws(AmountError) {
        let usable = checkpoints.filter { $0.currency == nil || $0.currency == account.currency }.sorted(by: Checkpoint.precedes)
        guard let first = usable.first else { return nil }
        var zeroed = account
        zeroed.openingBalance = .zero
        let ledger = try balances(zeroed, first.balance)
        let sum = ledger.sumOfTransactions(through: first.throughDay)
        self.amount = try first.balance.rescaled(to: ledger.scale) - sum
        self.checkpoint = first
        self.transactionsThrough = sum
    }
}
