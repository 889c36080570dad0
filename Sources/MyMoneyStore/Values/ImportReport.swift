/// What an import did (or, in a dry run, would do), account by account.
public struct ImportReport: Sendable, Hashable {
    /// The batch recorded; nil in a dry run or when nothing was new.
    public var batchId: Int64?
    public var isDryRun: Bool
    /// One entry per account, in the order the accounts first appear in the request.
    public var accounts: [AccountImportReport]

    public init(batchId: Int64?, isDryRun: Bool, accounts: [AccountImportReport]) {
        self.batchId = batchId
        self.isDryRun = isDryRun
        self.accounts = accounts
    }

    public var addedCount: Int { accounts.reduce(0) { $0 + $1.added.count } }
    public var skippedCount: Int { accounts.reduce(0) { $0 + $1.skipped.count } }
}

/// One account's part of an ``ImportReport``.
public struct AccountImportReport: Sendable, Hashable {
    public var accountId: Int64
    public var accountName: String
    /// The new transactions: where they were in the request, and their ids (nil in a dry run).
    public var added: [ImportedTransaction]
    /// Transactions the ledger already held, and why they were recognized.
    public var skipped: [SkippedTransaction]
    /// Statement balances stored, and those already held.
    public var balancesAdded: Int
    public var balancesSkipped: Int

    public init(accountId: Int64, accountName: String, added: [ImportedTransaction] = [],
                skipped: [SkippedTransaction] = [], balancesAdded: Int = 0, balancesSkipped: Int = 0) {
        self.accountId = accountId
        self.accountName = accountName
        self.added = added
        self.skipped = skipped
        self.balancesAdded = balancesAdded
        self.balancesSkipped = balancesSkipped
    }

    /// How many were skipped for `reason`.
    public func skippedCount(_ reason: DuplicateReason) -> Int { skipped.count(where: { $0.reason == reason }) }
}

/// A new transaction an import stored: `statements[statementIndex].transactions[index]` of the request.
public struct ImportedTransaction: Sendable, Hashable {
    public var statementIndex: Int
    public var index: Int
    /// The stored id; nil in a dry run.
    public var id: Int64?

    public init(statementIndex: Int, index: Int, id: Int64?) {
        self.statementIndex = statementIndex
        self.index = index
        self.id = id
    }
}

/// A candidate the ledger already held.
public struct SkippedTransaction: Sendable, Hashable {
    /// Where it was in the request: `statements[statementIndex].transactions[index]`.
    public var statementIndex: Int
    public var index: Int
    public var reason: DuplicateReason
    /// The stored transaction it matched.
    public var existingId: Int64

    public init(statementIndex: Int, index: Int, reason: DuplicateReason, existingId: Int64) {
        self.statementIndex = statementIndex
        self.index = index
        self.reason = reason
        self.existingId = existingId
    }
}

/// Why a candidate was recognized as already in the ledger.
public enum DuplicateReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Same account, bank id and amount.
    case sameBankId = "same_bank_id"
    /// Same account, day, amount and payee+memo text, and not more often than the ledger holds it.
    case sameFingerprint = "same_fingerprint"
    /// Same account, day and amount; the bank wrote a different description in an overlapping export.
    case rewrittenDescription = "rewritten_description"

    /// A short phrase for printing ("same bank id").
    public var phrase: String {
        switch self {
        case .sameBankId: return "same bank id"
        case .sameFingerprint: return "same date, amount and description"
        case .rewrittenDescription: return "same date and amount, description rewritten by the bank"
        }
    }
}

/// A recorded import run.
public struct ImportBatch: Sendable, Hashable, Codable {
    public var id: Int64
    /// When it ran, ISO 8601 UTC (`2026-11-30T05:40:00.123Z`).
    public var createdAt: String
    public var files: [String]
    public var added: Int
    public var skipped: Int
    public var balances: Int

    public init(id: Int64, createdAt: String, files: [String], added: Int, skipped: Int, balances: Int) {
        self.id = id
        self.createdAt = createdAt
        self.files = files
        self.added = added
        self.skipped = skipped
        self.balances = balances
    }
}

/// What ``Ledger/undoImport(batchId:)`` removed.
public struct UndoReport: Sendable, Hashable {
    public var batchId: Int64
    public var transactions: Int
    public var balances: Int
    public var transfers: Int

    public init(batchId: Int64, transactions: Int, balances: Int, transfers: Int) {
        self.batchId = batchId
        self.transactions = transactions
        self.balances = balances
        self.transfers = transfers
    }
}
