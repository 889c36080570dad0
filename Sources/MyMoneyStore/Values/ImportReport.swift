/// What an import did (or, in a dry run, would do), account by account.
package struct ImportReport: Sendable, Hashable {
    /// The batch recorded; nil in a dry run or when nothing was new.
    package var batchId: Int64?
    package var isDryRun: Bool
    /// One entry per account, in the order the accounts first appear in the request.
    package var accounts: [AccountImportReport]
    /// Indexes the import dropped and left to its caller to build again (the SQL creating each),
    /// when it was asked to (``Ledger/importStatements(files:transactionCount:dryRun:trustIds:indexes:batching:rebuildingIndexes:progress:next:)``):
    /// pass them to ``Ledger/rebuildIndexes(_:)`` in the same SQL transaction.
    package var indexesToRebuild: [String] = []

    package init(batchId: Int64?, isDryRun: Bool, accounts: [AccountImportReport]) {
        self.batchId = batchId
        self.isDryRun = isDryRun
        self.accounts = accounts
    }

    package var addedCount: Int { accounts.reduce(0) { $0 + $1.added.count } }
    package var skippedCount: Int { accounts.reduce(0) { $0 + $1.skipped.count } }
}

/// One account's part of an ``ImportReport``.
package struct AccountImportReport: Sendable, Hashable {
    package var accountId: Int64
    package var accountName: String
    /// The new transactions: where they were in the request, and their ids (nil in a dry run).
    package var added: [ImportedTransaction]
    /// Transactions the ledger already held, and why they were recognized.
    package var skipped: [SkippedTransaction]
    /// Statement balances stored, and those already held.
    package var balancesAdded: Int
    package var balancesSkipped: Int

    package init(accountId: Int64, accountName: String, added: [ImportedTransaction] = [],
                skipped: [SkippedTransaction] = [], balancesAdded: Int = 0, balancesSkipped: Int = 0) {
        self.accountId = accountId
        self.accountName = accountName
        self.added = added
        self.skipped = skipped
        self.balancesAdded = balancesAdded
        self.balancesSkipped = balancesSkipped
    }

    /// How many were skipped for `reason`.
    package func skippedCount(_ reason: DuplicateReason) -> Int { skipped.count(where: { $0.reason == reason }) }
}

/// A new transaction an import stored: `statements[statementIndex].transactions[index]` of the request.
///
/// 16 bytes (a million new rows are listed until the import ends: 32 MB as two `Int`s and an
/// optional id); a statement or row index past `UInt32.max` cannot be listed (it stops the program).
package struct ImportedTransaction: Sendable, Hashable {
    private var statement: UInt32
    private var row: UInt32
    /// The stored id, `Int64.min` for none (ledger ids count up from 1).
    private var storedId: Int64

    package var statementIndex: Int {
        get { Int(statement) }
        set { statement = UInt32(newValue) }
    }
    package var index: Int {
        get { Int(row) }
        set { row = UInt32(newValue) }
    }
    /// The stored id; nil in a dry run.
    package var id: Int64? {
        get { storedId == .min ? nil : storedId }
        set { storedId = newValue ?? .min }
    }

    package init(statementIndex: Int, index: Int, id: Int64?) {
        statement = UInt32(statementIndex)
        row = UInt32(index)
        storedId = id ?? .min
    }
}

/// A candidate the ledger already held.
package struct SkippedTransaction: Sendable, Hashable {
    /// Where it was in the request: `statements[statementIndex].transactions[index]`.
    package var statementIndex: Int
    package var index: Int
    package var reason: DuplicateReason
    /// The stored transaction it matched.
    package var existingId: Int64

    package init(statementIndex: Int, index: Int, reason: DuplicateReason, existingId: Int64) {
        self.statementIndex = statementIndex
        self.index = index
        self.reason = reason
        self.existingId = existingId
    }
}

