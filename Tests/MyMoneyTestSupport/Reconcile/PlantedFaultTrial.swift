import MyMoneyCore
import MyMoneyReconcile

/// One account's ledger with a fault planted in it, the bank's balances it is checked against,
/// and what a diagnosis must name: for measuring the reconciler (tests and `mymoney-bench reconcile`).
/// Test data: it lives here, never in the library.
///
/// The ledger is months of imported bank statements (monthly CSV files, ids in import order):
/// rent, salary, subscriptions and a transfer to savings every month, groceries and shops in
/// between, a few rows typed by hand. The bank's balances are the statements' month-end closing
/// balances (or only the last one, as an OFX `LEDGERBAL`), computed from the clean ledger.
public struct PlantedFaultTrial: Sendable {
    /// What was planted.
    public enum Fault: String, Sendable, Hashable, CaseIterable, Codable {
        /// A row stored twice (an overlapping statement imported again).
        case duplicate
        /// A hand-edited row with its sign flipped.
        case signFlip = "sign_flip"
        /// A row typed by hand with its decimal point moved.
        case decimalSlip = "decimal_slip"
        /// A row typed or edited by hand with two adjacent digits swapped (12.34 as 12.43); only the
        /// last balance is known, so nothing agrees earlier.
        case transposition
        /// The same, with month-end balances that agree up to the month before.
        case transpositionAfterAgreeing = "transposition_after_agreeing"
        /// Two rows typed by hand that the bank does not have, early in the window (far from the checkpoint).
        case twoExtra = "two_extra"
        /// Two rows the ledger lacks: picked from a transfer's counter-leg, a monthly payment and a
        /// row the import skipped from an overlapping statement.
        case twoMissing = "two_missing"
    }

    public var fault: Fault
    /// The faulty ledger and the bank's balances.
    public var input: ReconciliationInput
    /// Stored transactions a right diagnosis names (by id).
    public var expectedIds: Set<Int64>
    /// For missing rows: the amounts a right diagnosis names (as suspects' amounts or candidates).
    public var expectedMissing: [Amount]
    /// What the Kit knows besides the ledger: rows whose amount the user edited by hand…
    public var editedIds: Set<Int64> = []
    /// …rows the import skipped from an overlapping statement as already stored…
    public var skippedRows: [LedgerTransaction] = []
    /// …and the savings account, whose legs of the transfers are the counterparts of this account's.
    public var savings: ReconciliationInput
    /// The bank's amounts of the imported rows the user edited (by id), for making the trial
    /// through the Kit (``kitSteps``).
    public var bankAmounts: [Int64: Amount] = [:]
    /// The last id of the generated ledger: rows above it were planted afterwards (entered late).
    public var lastGeneratedId: Int64 = 0
    /// The first day of each month (the n-th month's statement is `giro-2025-(n+1).csv`).
    public var monthStarts: [Day] = []

    /// Whether one of the first `k` suspects of the first disagreeing checkpoint names the fault.
    public func isHit(_ result: AccountReconciliation, within k: Int) -> Bool {
        guard let first = result.checkpoints.first(where: { $0.status == .mismatch }) else { return false }
        return first.suspects.prefix(k).contains(where: names)
    }

    /// Whether `suspect` names exactly the planted fault.
    public func names(_ suspect: Suspect) -> Bool {
        switch fault {
        case .duplicate:
            return suspect.kind == .duplicate && Set(suspect.transactions.compactMap(\.id)) == expectedIds
        case .signFlip:
            return suspect.kind == .signFlipped && Set(suspect.transactions.compactMap(\.id)) == expectedIds
        case .decimalSlip:
            return suspect.kind == .decimalSlip && Set(suspect.transactions.compactMap(\.id)) == expectedIds
        case .transposition, .transpositionAfterAgreeing:
            return suspect.kind == .transposedDigits && Set(suspect.transactions.compactMap(\.id)) == expectedIds
        case .twoExtra:
            return suspect.kind == .subsetSum && Set(suspect.transactions.compactMap(\.id)) == expectedIds
        case .twoMissing:
            // Both missing rows named by one suspect.
            return suspect.missingRows.map(\.amount).sorted() == expectedMissing.sorted()
        }
    }
}

extension PlantedFaultTrial {
    /// The input as the Kit gives it: the ledger and balances, the hand edits, the rows the
    /// import skipped and the savings account's legs that name this account.
    public var kitInput: ReconciliationInput {
        var full = input
        full.editedTransactionIds = editedIds
        full.skippedStatementRows = skippedRows
        full.counterpartLegs = savings.transactions.filter { ($0.memo ?? "").contains(input.account.name) }
        return full
    }
}
