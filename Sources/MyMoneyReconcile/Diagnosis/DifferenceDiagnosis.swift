/// Finds the stored transactions that could explain a difference between a statement and the
/// ledger, ranked, with reasons.
///
/// The difference is always *statement minus ledger*. A stored transaction `t` that the bank does
/// not have makes it `-t`; a transaction missing from the ledger makes it `+t`; a stored amount `s`
/// that should be `a` makes it `a - s`. Suspects among rows typed or edited by hand, or entered
/// after rows dated later (``EntryProvenance``), rank first: imported rows carry the bank's amounts.
///
/// - Complexity: O(w · c) for a window of w transactions and c transposition patterns (a handful),
///   plus the subset search over the whole window (``SubsetSumSearch``: linear for pairs with a
///   suspect entry, quadratic in suspect entries for triples) and O(k²) among the k transactions
///   nearest the checkpoint (``ReconcileOptions/subsetCandidates``); the rows the ledger may lack
///   (``RecurringSeries`` once per account, O(n log n)). Never exponential.
struct DifferenceDiagnosis {
    let balances: LedgerBalances
    let options: ReconcileOptions
    let provenance: EntryProvenance
    let recurring: RecurringSeries
    /// Skipped statement rows and other accounts' legs naming this account, by day.
    let skippedRows: [LedgerTransaction]
    let counterpartLegs: [LedgerTransaction]

    init(balances: LedgerBalances, options: ReconcileOptions, input: ReconciliationInput, counterpartLegs: [LedgerTransaction]) {
        self.balances = balances
        self.options = options
        self.provenance = EntryProvenance(balances, edited: input.editedTransactionIds)
        self.recurring = RecurringSeries(balances)
        self.skippedRows = input.skippedStatementRows.filter { $0.currency == input.account.currency }
        self.counterpartLegs = counterpartLegs.filter { $0.currency == input.account.currency }
    }

    /// What is known about one disagreeing checkpoint.
    struct Context {
        /// Statement minus ledger, the part that is new at this checkpoint (units of the ledger's scale).
        var delta: Int64
        /// The previous checkpoint's last included day (exclusive start of the window), if any.
        var after: Day?
        /// This checkpoint's last included day.
        var through: Day
        /// The next checkpoint's difference returns to the previous one: the fault is in this window only.
        var transient: Bool
        /// No checkpoint follows.
        var isLast: Bool
        /// No earlier checkpoint or reconciled day: the opening balance itself is in question.
        var atStart: Bool
        /// Breaks in the bank's running balances dated in this window.
        var breaks: [RunningBalanceChain.Break]
    }

    /// The ranked suspects of one disagreeing checkpoint, and how far the search looked.
    func suspects(_ c: Context) -> (suspects: [Suspect], scope: DiagnosisScope?) {
        let d = c.delta
        guard d != 0 else { return ([], nil) }
        let lo = c.after.map { balances.upperBound($0) } ?? 0
        let hi = balances.upperBound(c.through)
        let windowStart = c.after.map { $0.advanced(by: 1) } ?? (lo < hi ? Day(daysSinceEpoch: balances.days[lo]) : c.through)
        let window = DayRange(start: min(windowStart, c.through), end: c.through)
        var found: [Suspect] = []
        let amountD = balances.amount(d)

        // Breaks in the bank's own running balance of exactly this size.
        for b in c.breaks where (balances.unitsOf(b.difference) ?? 0) == d {
            found.append(Suspect(kind: .runningBalanceBreak, amount: b.difference, window: window,
                                 reason: "the bank's running balance jumps by \(b.difference) at row \(b.row.index + 1) (\(b.row.day)): "
                                     + "expected \(b.expected), stated \(b.stated); a transaction of \(b.difference) is missing from the statement file, so from the ledger",
                                 confidence: 0.88))
        }

        found += duplicates(d, lo: lo, hi: hi)
        found += singles(d, lo: lo, hi: hi)
        found += transpositions(d, lo: lo, hi: hi)
        found += acrossCheckpoint(d, lo: lo, hi: hi, context: c)
        let (sets, scope) = subsets(d, lo: lo, hi: hi, window: window)
        found += sets
        let missing = missingRows(d, window: window)

        // Keep one suspect per set of transactions: the most likely explanation of it.
        var best: [[String]: Suspect] = [:]
        var others: [Suspect] = []
        for s in found {
            if s.transactions.isEmpty { others.append(s); continue }
            let key = s.transactions.map(Self.key)
            if let existing = best[key], !Suspect.ranks(s, before: existing) { continue }
            best[key] = s
        }
        // A copy of a duplicate is not also an "extra" of its own: the duplicate says more.
        let duplicated = Set(best.values.filter { $0.kind == .duplicate }.flatMap { $0.transactions.map(Self.key) })
        var result = best.values.filter { !($0.kind == .extra && $0.transactions.allSatisfy { duplicated.contains(Self.key($0)) }) }
            + others + missing
        let storedExplains = !result.isEmpty

        if c.atStart {
            let opening = (try? balances.amount(balances.openingUnits) + amountD)
            result.append(Suspect(kind: .openingBalance, amount: opening, window: window,
                                  reason: "no earlier checkpoint agrees: the account's opening balance \(balances.amount(balances.openingUnits)) may be wrong"
                                      + (opening.map { "; \($0) would make this checkpoint agree" } ?? ""),
                                  confidence: storedExplains ? 0.3 : 0.45))
        }
        result.append(Suspect(kind: .missing, amount: amountD, window: window,
                              reason: (storedExplains ? "or " : "no stored transaction explains it: ")
                                  + "a transaction of \(amountD) is missing from the ledger "
                                  + (c.after == nil ? "on or before \(window.end)"
                                     : window.start == window.end ? "on \(window.end)" : "between \(window.start) and \(window.end)"),
                              confidence: storedExplains ? 0.2 : 0.5))
        result.sort(by: Suspect.ranks)
        return (Array(result.prefix(max(1, options.maximumSuspects))), scope)
    }

    /// Tells stored transactions apart (id, day, amount) for merging suspects.
    static func key(_ t: LedgerTransaction) -> String { "\(t.id ?? -1)|\(t.day)|\(t.amount)" }

    /// `-54.37 on 2026-10-02 "REWE" (#103)`, with how it came in when that makes it suspect.
    func described(at position: Int) -> String {
        let t = balances.transaction(at: position)
        return MyMoneyReconcile.describe(t) + (provenance[position].phrase.map { ", \($0)" } ?? "")
    }

    /// Higher for rows typed or edited by hand, then for rows entered late.
    func boost(_ position: Int, byHand: Double, late: Double) -> Double {
        switch provenance[position] {
        case .byHand: return byHand
        case .late: return late
        case .imported: return 0
        }
    }
}

/// 10^0 … 10^18.
let powersOfTen64: [Int64] = {
    var result: [Int64] = [1]
    for _ in 1...18 { result.append((result.last ?? 1) * 10) }
    return result
}()
