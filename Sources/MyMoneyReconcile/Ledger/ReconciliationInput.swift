/// One account as the reconciler needs it: the account, its stored transactions and the balances
/// to check them against.
public struct ReconciliationInput: Sendable {
    /// The account: its name, currency, opening balance and the day it is reconciled through.
    public var account: Account
    /// Its stored transactions, in any order (they are sorted by day, then id).
    public var transactions: [LedgerTransaction]
    /// Statement balances and the user's assertions, in any order.
    public var checkpoints: [Checkpoint]
    /// Running-balance chains of the statements the checkpoints came from (their breaks are reported).
    public var chains: [RunningBalanceChain]
    /// Ids of stored transactions whose amount or day the user typed or changed by hand (the
    /// Kit fills it from the store's hand-edited fields). Rows with `sourceFormat` `manual` count
    /// as typed by hand without it. A digit swap or a sign flip is looked for among these first.
    public var editedTransactionIds: Set<Int64>
    /// Rows of this account's statements that the import skipped as already stored (the Kit
    /// fills it from the import's duplicate report): when one of them is what the ledger lacks,
    /// it was a real second transaction, not a duplicate.
    public var skippedStatementRows: [LedgerTransaction]
    /// Legs in the user's other accounts whose hint or text names this account (`Umbuchung auf
    /// Tagesgeld`, a transfer hint, the account's number): the reconciler checks which of them
    /// have no counter-leg here, and names those counter-legs when the ledger lacks money.
    /// ``Reconciler/reconcile(_:)-([ReconciliationInput])`` fills it from the other inputs when empty.
    public var counterpartLegs: [LedgerTransaction]

    public init(account: Account, transactions: [LedgerTransaction], checkpoints: [Checkpoint] = [],
                chains: [RunningBalanceChain] = [], editedTransactionIds: Set<Int64> = [],
                skippedStatementRows: [LedgerTransaction] = [], counterpartLegs: [LedgerTransaction] = []) {
        self.account = account
        self.transactions = transactions
        self.checkpoints = checkpoints
        self.chains = chains
        self.editedTransactionIds = editedTransactionIds
        self.skippedStatementRows = skippedStatementRows
        self.counterpartLegs = counterpartLegs
    }

    /// Adds a statement's checkpoints and its running-balance chain.
    public mutating func add(_ statement: StatementCheckpoints) {
        checkpoints += statement.checkpoints
        if let chain = statement.chain { chains.append(chain) }
    }

    /// Adds a statement's balances (see ``StatementCheckpoints``) and returns the problems found in them.
    @discardableResult
    public mutating func add(_ statement: Statement) -> [Diagnostic] {
        let checkpoints = StatementCheckpoints(statement)
        add(checkpoints)
        return checkpoints.diagnostics
    }

    /// Adds the user's assertions about this account (matched by name, case-insensitively).
    public mutating func add(_ assertions: [BalanceAssertion]) {
        let name = account.name.lowercased()
        checkpoints += assertions.filter { $0.account.lowercased() == name }.map(Checkpoint.init)
    }
}
