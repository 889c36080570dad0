/// Why a candidate was recognized as already in the ledger.
public enum DuplicateReason: String, Sendable, Hashable, Codable, CaseIterable {
    /// Same account, bank id and amount.
    case sameBankId = "same_bank_id"
    /// Same account, day, amount and payee+memo text, and not more often than the ledger holds it.
    case sameFingerprint = "same_fingerprint"
    /// Same account, day and amount; the bank wrote a different description in an overlapping export.
    case rewrittenDescription = "rewritten_description"
    /// Same account; the whole statement is rows the ledger holds (day, amount, payee+memo, one to
    /// one) under bank ids it has never seen: the bank re-issued its ids (`import --trust-ids` adds them).
    case sameRowsNewIds = "same_rows_new_ids"

    /// A short phrase for printing ("same bank id").
    public var phrase: String {
        switch self {
        case .sameBankId: return "same bank id"
        case .sameFingerprint: return "same date, amount and description"
        case .rewrittenDescription: return "same date and amount, description rewritten by the bank"
        case .sameRowsNewIds: return "same rows under new bank ids (the bank re-issued its ids)"
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
    /// When it was undone (ISO 8601 UTC); nil while what it added is in the ledger. An undone
    /// batch stays listed, and its id is never given to another batch.
    public var undoneAt: String?

    public init(id: Int64, createdAt: String, files: [String], added: Int, skipped: Int, balances: Int,
                undoneAt: String? = nil) {
        self.id = id
        self.createdAt = createdAt
        self.files = files
        self.added = added
        self.skipped = skipped
        self.balances = balances
        self.undoneAt = undoneAt
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
