/// A possible cause of a difference between the statement and the ledger, with the reason.
///
/// Suspects are ranked: higher ``confidence`` first. The confidence is a heuristic score in 0...1
/// that orders suspects; it is not a probability.
public struct Suspect: Sendable, Hashable {
    /// What kind of fault a suspect stands for.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Two stored transactions that are one: the ledger counts it twice.
        case duplicate
        /// The ledger dates a transaction on one side of the checkpoint and the bank on the other.
        case datedAcrossCheckpoint = "dated_across_checkpoint"
        /// The bank's own running balance jumps: the statement file lacks a row.
        case runningBalanceBreak = "running_balance_break"
        /// One stored transaction is exactly the difference: extra, or not yet posted at the bank.
        case extra
        /// One stored transaction is half the difference: its sign is flipped.
        case signFlipped = "sign_flipped"
        /// One stored amount with two digits swapped explains the difference (divisible by 9).
        case transposedDigits = "transposed_digits"
        /// One stored amount with its decimal point moved explains the difference.
        case decimalSlip = "decimal_slip"
        /// A few stored transactions together are exactly the difference.
        case subsetSum = "subset_sum"
        /// A row the import skipped as already stored is missing: it was a second real transaction.
        case skippedStatementRow = "skipped_statement_row"
        /// The counter-leg of a transfer whose other leg is in another account is missing.
        case missingTransferLeg = "missing_transfer_leg"
        /// A payment that recurs (same payee, same amount, steady interval) is absent this period.
        case missingRecurring = "missing_recurring"
        /// Several rows named by the above are missing together.
        case missingRows = "missing_rows"
        /// The account's opening balance is off by the difference.
        case openingBalance = "opening_balance"
        /// Nothing stored explains it: a transaction of this amount is missing from the ledger.
        case missing

        /// The order among suspects of equal confidence.
        var rank: Int { Kind.allCases.firstIndex(of: self) ?? 0 }
    }

    public var kind: Kind
    /// The stored transactions involved, sorted by day then id (none for `missing`, `opening_balance`).
    public var transactions: [LedgerTransaction]
    /// The amount the explanation is about: the missing transaction's amount, the corrected amount
    /// of a mistyped one, the opening balance that would agree.
    public var amount: Amount?
    /// Rows the ledger probably lacks, as they would be stored in this account (no id): a skipped
    /// statement row, the counter-leg of another account's transfer leg, a recurring payment due.
    public var missingRows: [LedgerTransaction] = []
    /// Where to look: the days between the last agreeing checkpoint (exclusive) and the first
    /// disagreeing one (inclusive).
    public var window: DayRange?
    /// Why it is suspected, in words for the user.
    public var reason: String
    /// Ranking score in 0...1 (higher first); not a probability.
    public var confidence: Double

    public init(kind: Kind, transactions: [LedgerTransaction] = [], amount: Amount? = nil, window: DayRange? = nil,
                reason: String, confidence: Double, missingRows: [LedgerTransaction] = []) {
        self.kind = kind
        self.transactions = transactions
        self.missingRows = missingRows
        self.amount = amount
        self.window = window
        self.reason = reason
        self.confidence = confidence
    }

    /// The ranking: confidence, then kind, then the first transaction's day and id.
    static func ranks(_ a: Suspect, before b: Suspect) -> Bool {
        if a.confidence != b.confidence { return a.confidence > b.confidence }
        if a.kind.rank != b.kind.rank { return a.kind.rank < b.kind.rank }
        let da = a.transactions.first?.day.daysSinceEpoch ?? .min, db = b.transactions.first?.day.daysSinceEpoch ?? .min
        if da != db { return da < db }
        let ia = a.transactions.map { $0.id ?? -1 }, ib = b.transactions.map { $0.id ?? -1 }
        if ia != ib { return ia.lexicographicallyPrecedes(ib) }
        return a.reason < b.reason
    }
}
