import MyMoneyImport
import MyMoneyTransfers
import MyMoneyReconcile

/// One statement of an import and the account it went into.
///
/// Once its transactions are converted for the ledger, `statement` keeps its account, source and
/// balances but lets go of its transactions and running balances (a large import would otherwise
/// hold them twice): `transactionCount` says how many transactions it had.
public struct ImportedStatement: Sendable {
    public var statement: Statement
    /// The statement's transactions, counted before they were let go.
    public var transactionCount: Int
    public var account: Account
    /// Why this account (`account number DE89…`, `--account Wallet`, `new account`).
    public var reason: String
    public var created: Bool
    /// Transactions the import added from this statement, and those it skipped as already in the ledger.
    public var added = 0
    public var duplicates = 0
    /// Of the duplicates, the rows the ledger holds under other bank ids: the bank re-issued its
    /// ids for the whole statement (`same_rows_new_ids`; `--trust-ids` imports them).
    public var reissuedIds = 0
}

/// Everything `mymoney import` did (or, for a dry run, would do).
public struct ImportOutcome: Sendable {
    public var readings: [FileReading]
    public var statements: [ImportedStatement] = []
    /// The import batch (`mymoney imports undo ID`); nil for a dry run or when nothing was stored.
    public var batchId: Int64?
    /// Whether the store ran (false when a file could not be read).
    public var stored = false
    /// Transactions the rules categorized, and the ones a rule's `ignore` dropped.
    public var categorized = 0
    public var ignored = 0
    public var transfers: TransferMatchResult?
    /// Transfer pairs linked as confirmed, and those left for review.
    public var transfersConfirmed = 0
    public var transfersProposed = 0
    /// The statement transactions the ledger already held, as offered to the store (after the
    /// rules), in the order of the report (those of a statement held whole are made as they are
    /// read: ``SkippedDuplicates``).
    public var duplicates = SkippedDuplicates()
    /// Accounts created from the user's account book (`Rules/accounts.csv`).
    public var declaredAccountsCreated: [Account] = []
    /// Counter-legs created in accounts without statements (a cash wallet).
    public var counterLegsCreated = 0
    /// The indexes a bulk import dropped and left to its caller to build again
    /// (``ImportRequest/asideIndexesBesideCheck``); empty otherwise.
    var indexesToRebuild: [String] = []
    public var reconciliation: ReconciliationReport?
    /// Problems found after reading: balances, rules, transfers.
    public var diagnostics: [Diagnostic] = []
    public var isDryRun: Bool

    /// Whether every input file was usable (nothing is imported otherwise).
    public var readFailed: Bool { readings.contains { !$0.isUsable } }

    /// Transactions added over all statements (counter-legs in cash accounts included).
    public var addedCount = 0
    /// Transactions skipped as already in the ledger, over all statements.
    public var duplicateCount = 0
    /// How many duplicates were recognized for each reason.
    public var duplicateReasons: [DuplicateReason: Int] {
        duplicates.reasonCounts
    }
}

/// A statement transaction an import skipped because the ledger already held it (what a report
/// shows of it; a re-import of a large file has as many of these as transactions).
public struct SkippedDuplicate: Sendable {
    public var accountName: String
    public var day: Day
    public var amount: Amount
    /// The payee as offered (after the rules).
    public var payee: String?
    public var reason: DuplicateReason
    /// The stored transaction it is a duplicate of.
    public var existingId: Int64
}

/// An import that cannot go on; nothing is kept.
public struct ImportFailure: Error, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String
    public var description: String { "\(file): \(message)" }
}
