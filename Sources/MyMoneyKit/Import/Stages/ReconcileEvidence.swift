import MyMoneyReconcile
import MyMoneyStore

/// What the ledger knows about how an account's rows came in and what it left out, for the
/// reconciler (the three fields of ``ReconciliationInput`` besides the ledger and balances): the
/// rows the user edited by hand, the statement rows imports skipped as already stored, and the
/// legs of other accounts that name the account.
///
/// `mymoney reconcile` and the import's reconcile stage both fill them here, so a user gets the
/// same diagnosis either way.
enum ReconcileEvidence {
    /// Hand edits that change what a row adds to a balance, and so may have put a wrong figure in
    /// (`transactions edit --amount/--date/--account`). Edits of text, category or tags do not count.
    static let balanceFields: Set<TransactionField> = [.amount, .day, .account]
    /// At most this many skipped rows are kept of one statement, the latest-dated: an overlap
    /// with the previous export is a few days; a statement that repeats years of stored rows
    /// (an "all time" export) needs only its newest.
    static let skippedRowsKeptPerStatement = 5_000
    /// Other accounts' legs dated this many days before the account's reconciled day are still read
    /// (a transfer takes days to arrive).
    static let legSlackDays = 10

    /// Fills `input`'s hand-edited ids and adds the skipped rows the ledger keeps (leaving out
    /// those of batch `excludedBatchId`, which the caller has in memory).
    static func fill(_ input: inout ReconciliationInput, ledger: Ledger, excludingBatch excludedBatchId: Int64? = nil) throws(LedgerError) {
        guard let id = input.account.id else { return }
        input.editedTransactionIds = try ledger.transactionIdsEditedByHand(accountId: id, fields: balanceFields)
        // From the reconciled day itself: a row skipped on the last agreeing day still counts.
        let from = input.account.reconciledThrough
        input.skippedStatementRows = try ledger.skippedStatementRows(accountId: id, from: from, excludingBatch: excludedBatchId).map(\.row)
            + input.skippedStatementRows
    }

    /// The legs of other accounts that name `account` (by hint, name or number: ``CounterpartLegs``),
    /// in its currency, dated from a little before its reconciled day. The store sieves the rows
    /// by text first, so only legs that may name the account are read.
    static func counterpartLegs(of account: Account, ledger: Ledger) throws(LedgerError) -> [LedgerTransaction] {
        guard let id = account.id else { return [] }
        let from = account.reconciledThrough.map { $0.advanced(by: -legSlackDays) }
        let rows = try ledger.transactionsPossiblyNaming(accountId: id, currency: account.currency, from: from,
                                                         needles: needles(for: account))
        return CounterpartLegs.naming(account, in: rows)
    }

    /// What the store's sieve looks for: the longest word of the name and the last six digits of
    /// each account number. Nil (read every leg) when a word of the name is not ASCII, which
    /// SQLite compares with regard to case: a sieve must not lose a leg. (A number is looked for
    /// digit by digit, whatever separates them in a payee or memo.)
    static func needles(for account: Account) -> [String]? {
        let words = account.name.lowercased().split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard words.allSatisfy({ $0.allSatisfy(\.isASCII) }) else { return nil }
        let longest = words.max { $0.count < $1.count }
        let numbers = account.numbers.map { String($0.filter(\.isNumber)) }.filter { $0.count >= 6 }.map { String($0.suffix(6)) }
        return (longest.map { [$0] } ?? []) + numbers
    }

    /// Whether a row skipped for `reason` may be kept (``rowsToKeep(_:addedBySlot:)``): one skipped
    /// by its text and day. A caller asks before copying a skipped row out, so the rows skipped by
    /// bank id (nearly all of a statement imported again with a few new rows) are never copied.
    static func mayKeep(_ reason: DuplicateReason) -> Bool {
        reason == .sameFingerprint || reason == .rewrittenDescription
    }

    /// The skipped rows of an import worth keeping for a later `reconcile`: those of statements
    /// that also added rows (an overlapping export; a statement imported again whole tells
    /// nothing), skipped by their text and day (a row with a bank id the ledger holds is the
    /// bank's own word that it is the same transaction), at most ``skippedRowsKeptPerStatement``
    /// a statement, the latest-dated.
    static func rowsToKeep(_ skipped: [(slot: Int, row: Ledger.SkippedStatementRow)], addedBySlot: [Int: Int]) -> [Ledger.SkippedStatementRow] {
        var bySlot: [Int: [Ledger.SkippedStatementRow]] = [:]
        for (slot, s) in skipped where (addedBySlot[slot] ?? 0) > 0 && mayKeep(s.reason) {
            bySlot[slot, default: []].append(s)
        }
        var kept: [Ledger.SkippedStatementRow] = []
        for slot in bySlot.keys.sorted() {
            var rows = bySlot[slot] ?? []
            if rows.count > skippedRowsKeptPerStatement {
                // Latest first; ties keep the statement's order.
                rows = rows.enumerated().sorted { ($0.element.row.day, -$0.offset) > ($1.element.row.day, -$1.offset) }
                    .prefix(skippedRowsKeptPerStatement).map(\.element)
            }
            kept += rows
        }
        return kept
    }
}
