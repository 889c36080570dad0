/// Compares accounts' ledgers with their checkpoints and diagnoses every difference.
///
/// For each account: checkpoints in another currency are reported and left out; those whose last
/// included day is before the account's `reconciledThrough` are skipped; the rest are sorted (by
/// last included day, then source) and identical ones (same day, same balance) are kept once. Each
/// is compared with the ledger's balance through its day (opening balance plus every transaction
/// posted on or before it). The difference is statement minus ledger. Where it changes from one
/// checkpoint to the next, the change is diagnosed among the transactions between the two: this
/// is the window a bisection over checkpoints finds (the last that agrees, the first that
/// disagrees), and since each checkpoint costs a binary search all are evaluated.
///
/// - Complexity: O(n log n) to sort n transactions, O(log n) per checkpoint, plus the diagnosis of
///   each window (linear in its transactions, see ``ReconcileOptions``).
public struct Reconciler: Sendable {
    public var options: ReconcileOptions

    public init(options: ReconcileOptions = .standard) {
        self.options = options
    }

    /// Reconciles several accounts. An input without ``ReconciliationInput/counterpartLegs``
    /// gets the other inputs' legs that name its account (looked up only when it disagrees).
    public func reconcile(_ inputs: [ReconciliationInput]) -> ReconciliationReport {
        ReconciliationReport(accounts: inputs.enumerated().map { n, input in
            reconcile(input) {
                guard input.counterpartLegs.isEmpty else { return input.counterpartLegs }
                let others = inputs.enumerated().filter { $0.offset != n }.flatMap(\.element.transactions)
                return CounterpartLegs.naming(input.account, in: others)
            }
        })
    }

    /// Reconciles one account.
    public func reconcile(_ input: ReconciliationInput) -> AccountReconciliation {
        reconcile(input) { input.counterpartLegs }
    }

    /// Reconciles one account; `counterparts` gives the other accounts' legs naming it (in place
    /// of the input's ``ReconciliationInput/counterpartLegs``), called at most once, and only when
    /// a difference is diagnosed: a caller that must read them from a ledger reads nothing when
    /// every balance agrees.
    public func reconcile(_ input: ReconciliationInput, counterparts: () -> [LedgerTransaction]) -> AccountReconciliation {
        let account = input.account
        let (prepared, unique) = prepared(input)
        var result = prepared
        let breaks = result.chainBreaks
        let ledger: LedgerBalances
        var differences: [Int64] = []
        var statementUnits: [Int64] = []
        var ledgerUnits: [Int64] = []
        do throws(AmountError) {
            ledger = try LedgerBalances(account: account, transactions: input.transactions,
                                        alsoExact: unique.map(\.balance))
            for c in unique {
                let s = try c.balance.rescaled(to: ledger.scale).units
                let l = try ledger.balanceUnits(through: c.throughDay)
                let (d, o) = s.subtractingReportingOverflow(l)
                if o { throw .overflow }
                statementUnits.append(s)
                ledgerUnits.append(l)
                differences.append(d)
            }
        } catch {
            result.diagnostics.append(.error("reconcile.overflow",
                                             "\(account.name)'s balances add up to more than an amount can hold (18 digits): the account is not reconciled"))
            return result
        }

        // Built at the first difference: the provenance of entries, recurring payments, counterparts.
        var diagnosis: DifferenceDiagnosis?
        var sameSince: Day? = nil
        for (i, c) in unique.enumerated() {
            let d = differences[i]
            let previous = i > 0 ? differences[i - 1] : 0
            var suspects: [Suspect] = []
            var scope: DiagnosisScope?
            if d == 0 {
                sameSince = nil
            } else if d == previous, i > 0 {
                sameSince = sameSince ?? unique[i - 1].day
            } else {
                sameSince = nil
                var after: Day? = i > 0 ? unique[i - 1].throughDay : account.reconciledThrough
                if let a = after, a >= c.throughDay { after = nil }
                let (delta, o) = d.subtractingReportingOverflow(previous)
                let next = i + 1 < differences.count ? differences[i + 1] : nil
                if !o {
                    let windowBreaks = breaks.filter { b in
                        b.row.day <= c.throughDay && (after.map { b.row.day > $0 } ?? true)
                    }
                    if diagnosis == nil {
                        diagnosis = DifferenceDiagnosis(balances: ledger, options: options, input: input, counterpartLegs: counterparts())
                    }
                    (suspects, scope) = diagnosis?.suspects(.init(delta: delta, after: after, through: c.throughDay,
                                                                   transient: next == previous, isLast: next == nil,
                                                                   atStart: i == 0 && account.reconciledThrough == nil,
                                                                   breaks: windowBreaks)) ?? ([], nil)
                }
            }
            result.checkpoints.append(CheckpointResult(checkpoint: c, statementBalance: ledger.amount(statementUnits[i]),
                                                       ledgerBalance: ledger.amount(ledgerUnits[i]),
                                                       difference: ledger.amount(d), status: d == 0 ? .ok : .mismatch,
                                                       suspects: suspects, sameDifferenceSince: sameSince, scope: scope))
        }

        // Reconciled through the last checkpoint before the first disagreement.
        var lastAgreeing: Day? = nil
        for r in result.checkpoints {
            if r.status == .ok {
                lastAgreeing = r.checkpoint.throughDay
                continue
            }
            let start = lastAgreeing.map { $0.advanced(by: 1) }
                ?? account.reconciledThrough.map { $0.advanced(by: 1) }
                ?? (ledger.count > 0 ? Day(daysSinceEpoch: ledger.days[0]) : r.checkpoint.throughDay)
            result.firstMismatchWindow = DayRange(start: min(start, r.checkpoint.throughDay), end: r.checkpoint.throughDay)
            result.lastAgreeingDay = lastAgreeing ?? account.reconciledThrough
            break
        }
        if let day = lastAgreeing, account.reconciledThrough.map({ day > $0 }) ?? true {
            result.reconciledThrough = day
        }
        return result
    }

    /// Reconciles one account on its balance rows alone when every checkpoint agrees with them;
    /// nil as soon as one disagrees (or the sums overflow), without diagnosing anything: the
    /// caller then reads the account's whole transactions and calls
    /// ``reconcile(_:counterparts:)``, which diagnoses the difference once.
    ///
    /// `input.transactions` is not looked at (the rows stand for them). An agreeing result is the
    /// one ``reconcile(_:counterparts:)`` gives on the transactions the rows come from.
    ///
    /// - Complexity: O(n) for n rows in `(day, id)` order, O(log n) per checkpoint.
    public func reconcileIfAgreeing(_ input: ReconciliationInput, rows: [LedgerBalanceRow]) -> AccountReconciliation? {
        let (prepared, unique) = prepared(input)
        var result = prepared
        guard !unique.isEmpty else { return result }
        guard let ledger = try? LedgerBalances(account: input.account, rows: rows, alsoExact: unique.map(\.balance)) else { return nil }
        for c in unique {
            guard let s = try? c.balance.rescaled(to: ledger.scale).units,
                  let l = try? ledger.balanceUnits(through: c.throughDay), s == l else { return nil }
            result.checkpoints.append(CheckpointResult(checkpoint: c, statementBalance: ledger.amount(s), ledgerBalance: ledger.amount(l),
                                                       difference: ledger.amount(0), status: .ok, suspects: [],
                                                       sameDifferenceSince: nil, scope: nil))
        }
        // Every checkpoint agrees: reconciled through the last.
        if let day = unique.last?.throughDay, input.account.reconciledThrough.map({ day > $0 }) ?? true {
            result.reconciledThrough = day
        }
        return result
    }

    /// The account's result before any balance is compared, and the checkpoints to compare in
    /// order: those in another currency reported and left out, those inside the reconciled
    /// period skipped (not the user's assertions), identical ones kept once.
    private func prepared(_ input: ReconciliationInput) -> (AccountReconciliation, [Checkpoint]) {
        let account = input.account
        var diagnostics: [Diagnostic] = []
        var skipped = 0
        var kept: [Checkpoint] = []
        for c in input.checkpoints {
            if let currency = c.currency, currency != account.currency {
                diagnostics.append(.warning("reconcile.currency",
                                            "the \(c.source.rawValue) balance \(c.balance) \(currency.code) as of \(c.day) is not in \(account.name)'s currency \(account.currency.code): it is not compared",
                                            file: c.file, at: c.position))
                continue
            }
            // A balance the user asserts is always checked, also inside a reconciled period.
            if let through = account.reconciledThrough, c.throughDay < through, c.source != .assertion {
                skipped += 1
                continue
            }
            kept.append(c)
        }
        kept.sort(by: Checkpoint.precedes)
        var unique: [Checkpoint] = []
        for c in kept {
            if let last = unique.last, last.throughDay == c.throughDay, last.balance == c.balance { continue }
            unique.append(c)
        }
        let breaks = input.chains.flatMap(\.breaks)
        let result = AccountReconciliation(account: account, checkpoints: [], skippedCheckpoints: skipped,
                                           reconciledThrough: account.reconciledThrough, firstMismatchWindow: nil, lastAgreeingDay: nil,
                                           chainBreaks: breaks, reorderedDays: input.chains.flatMap(\.reorderedDays).sorted(),
                                           diagnostics: diagnostics)
        return (result, unique)
    }
}
