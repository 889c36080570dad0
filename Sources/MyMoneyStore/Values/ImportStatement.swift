import MyMoneyImport
/// What one statement adds to one account: its transactions in statement order, and its balances.
///
/// Transactions are stored on `accountId` (their own `accountId` is not consulted), must be in that
/// account's currency, and carry whatever the rules made of them
/// (category, tags, project, place by name: missing tags, projects, places and categories are created).
/// Their order matters: a transaction's occurrence number counts identical rows before it in this
/// statement (see ``TransactionIdentity``).
package struct ImportStatement: Sendable, Hashable {
    package var accountId: Int64
    /// The file it came from, recorded on the batch and on balances.
    package var sourceFile: String?
    package var transactions: [LedgerTransaction]
    /// Balances the statement reported; those without a day are not stored.
    package var balances: [StatementBalance]
    /// Which fields of each transaction the rules set (index-aligned with `transactions`, may be empty),
    /// so a later rule run may change them while fields the user set stay.
    package var ruleFields: [Set<TransactionField>]
    /// Set on the first part of a statement handed to the store in parts (``StatementParts``):
    /// the identity of every row of the whole statement, in order, from which the store decides
    /// its duplicates before the later parts' rows exist. Nil for a statement handed whole.
    package var identities: [IdentityCandidate]?
    /// More parts of this statement follow: the next statement handed to the store continues it
    /// (same account, the rows after these). Its balances come with its last part.
    package var continues = false
    /// A statement the ledger holds whole by bank ids, matched before its rows were converted
    /// (``Ledger/alignedBankIdMatches(accountId:_:from:through:)``): one match per row, in statement order,
    /// and `transactions` empty (nothing is added; the rows are not needed to skip them). Nil for
    /// a statement whose rows are given and matched by the store.
    package var heldRows: [IdentityMatch?]?

    package init(accountId: Int64, sourceFile: String? = nil, transactions: [LedgerTransaction],
                balances: [StatementBalance] = [], ruleFields: [Set<TransactionField>] = [], heldRows: [IdentityMatch?]? = nil) {
        self.heldRows = heldRows
        self.accountId = accountId
        self.sourceFile = sourceFile
        self.transactions = transactions
        self.balances = balances
        self.ruleFields = ruleFields
    }
}
