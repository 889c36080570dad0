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

    public init(account: Account, transactions: [LedgerTransaction], checkpoints: [Checkpoint] = [],
                chains: [RunningBalanceChain] = []) {
        self.account = account
        self.transactions = transactions
        self.checkpoints = checkpoints
        self.chains = chains
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
