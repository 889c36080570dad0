import MyMoneyImport
import MyMoneyStore

/// A statement the ledger already holds whole by bank ids (a file imported again), found from
/// the rows as read, before they are converted into ledger transactions: its rows stay as the
/// reader made them and go to the store as matches only (``ImportStatement/heldRows``).
///
/// What a caller must know: a row is converted only when a report or the reconciler asks for it
/// (``offered(_:)``, the same conversion the import applies to every row), so a re-import of a
/// million rows makes no million `LedgerTransaction` values. Only statements whose rules may be
/// passed over (none, or ``RuleStage/rulesMaySkip(_:context:)``) are looked for: rules that run on
/// every row need them converted, unless what they leave behind of skipped rows is found from the
/// few rows it can come from (``HeldRuleEffects``). ``ImportRequest/duplicatesBeforeConversion`` false is the plain
/// twin (every row converted and matched by the store).
struct HeldStatement: Sendable {
    /// The statement's rows as read.
    var rows: [StatementTransaction]
    var source: StatementSource
    var account: Account
    /// One match per row, in order (``Ledger/alignedBankIdMatches(accountId:_:from:through:)``).
    var matches: [IdentityMatch?]
    /// The first and last day of the rows (the days transfer matching looks around).
    var days: ClosedRange<Day>
    /// What the rules leave behind of the rows though they are skipped (their payees, for one).
    var ruled = HeldRuleEffects()

    /// The row at `index` as the import offers it to the store (``StatementConversion/ledgerTransaction(_:of:account:)``).
    func offered(_ index: Int) -> LedgerTransaction {
        var row = StatementConversion.ledgerTransaction(rows[index], of: source, account: account)
        if let payee = ruled.payees[index] { row.payee = payee }
        return row
    }

    /// What the duplicates' list shows of the row at `index`: day, amount and payee as
    /// ``offered(_:)`` has them, without converting the whole row.
    func shown(_ index: Int) -> (day: Day, amount: Amount, payee: String?) {
        // Field by field: a copy of the whole row would retain each of its texts.
        (rows[index].day, StatementConversion.atMinorUnits(rows[index].amount, account.currency),
         ruled.payees[index] ?? rows[index].payee.map(StatementConversion.clean))
    }

    /// The matches of every statement (by slot) whose rows all have bank ids and are the stored
    /// rows by them in the order they were stored (``Ledger/alignedBankIdMatches(accountId:_:from:through:)``),
    /// as the store would decide now. Reads the ledger only; stops reading a statement's stored
    /// rows at the first that does not line up.
    ///
    /// - Complexity: O(n) in the statements' rows, plus the store's identity read per statement.
    /// `hadRows` says whether an account had any transaction before the import: one without
    /// (a new ledger or account) holds nothing, and its statement is not looked at.
    static func matches(of statements: [ImportedStatement], ledger: Ledger,
                        hadRows: (Int64) -> Bool = { _ in true }) throws -> [Int: (matches: [IdentityMatch?], days: ClosedRange<Day>)] {
        var held: [Int: (matches: [IdentityMatch?], days: ClosedRange<Day>)] = [:]
        for (slot, imported) in statements.enumerated() {
            let rows = imported.statement.transactions
            guard let accountId = imported.account.id, hadRows(accountId), let first = rows.first else { continue }
            var candidates: [IdentityCandidate] = []
            candidates.reserveCapacity(rows.count)
            var low = first.day, high = first.day
            for i in rows.indices {
                // As converted: an empty id is no id, amounts in the account's minor units.
                guard let bankId = rows[i].id, !bankId.isEmpty else { candidates = []; break }
                let day = rows[i].day
                if day < low { low = day }
                if day > high { high = day }
                candidates.append(IdentityCandidate(day: day, amount: StatementConversion.atMinorUnits(rows[i].amount, imported.account.currency),
                                                    bankId: bankId, textKey: ""))
            }
            // Only a statement that lines up with its stored rows (imported again as it was) is
            // looked for: any other goes to the store, which decides it as before.
            guard candidates.count == rows.count,
                  let matches = try ledger.alignedBankIdMatches(accountId: accountId, candidates, from: low, through: high) else { continue }
            held[slot] = (matches, low...high)
        }
        return held
    }
}
