/// One account reconciled: every checkpoint compared, where it first goes wrong, and the day it is
/// reconciled through.
public struct AccountReconciliation: Sendable {
    public var account: Account
    /// The compared checkpoints, in order of the last day they include.
    public var checkpoints: [CheckpointResult]
    /// Checkpoints left out because they lie before the day the account was already reconciled through.
    public var skippedCheckpoints: Int
    /// The last day up to which every checkpoint agrees: the lead may lock transactions up to it, and the
    /// next reconciliation starts there. The account's earlier `reconciledThrough` when no new checkpoint agrees.
    public var reconciledThrough: Day?
    /// Where the ledger first goes wrong: after the last agreeing checkpoint, up to the first disagreeing one.
    /// When nothing agreed before (no earlier checkpoint, no reconciled day), it starts at the ledger's
    /// first transaction and ``lastAgreeingDay`` is nil.
    public var firstMismatchWindow: DayRange?
    /// The last day through which the ledger agreed before the first mismatch (a checkpoint or the
    /// earlier reconciled day); nil when nothing agreed before it.
    public var lastAgreeingDay: Day?
    /// Breaks in the running balances of the statements given.
    public var chainBreaks: [RunningBalanceChain.Break]
    /// Days whose rows a statement lists in another order than the bank booked them (not faults).
    public var reorderedDays: [Day]
    /// Problems with the input (a checkpoint in another currency, an overflow).
    public var diagnostics: [Diagnostic]

    /// Mismatch when any checkpoint disagrees.
    public var status: CheckpointResult.Status {
        checkpoints.contains { $0.status == .mismatch } ? .mismatch : .ok
    }

    /// The checkpoint a one-line summary shows: the first that disagrees, else the latest.
    public var summary: CheckpointResult? {
        checkpoints.first { $0.status == .mismatch } ?? checkpoints.last
    }
}

/// All accounts reconciled.
public struct ReconciliationReport: Sendable {
    /// Every account given, in input order.
    public var accounts: [AccountReconciliation]

    public init(accounts: [AccountReconciliation]) {
        self.accounts = accounts
    }

    /// Accounts with at least one checkpoint compared.
    public var checked: [AccountReconciliation] { accounts.filter { !$0.checkpoints.isEmpty } }

    /// Names of the accounts that had no checkpoint to compare with, in input order.
    public var unchecked: [String] { accounts.filter { $0.checkpoints.isEmpty }.map(\.account.name) }

    /// Whether any account disagrees anywhere: the CLI then exits with status 1.
    public var hasMismatch: Bool { accounts.contains { $0.status == .mismatch } }

    /// Every account's diagnostics, in account order.
    public var diagnostics: [Diagnostic] { accounts.flatMap(\.diagnostics) }
}
