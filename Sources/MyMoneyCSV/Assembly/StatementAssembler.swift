/// Builds statements from read rows: one per account and currency, transactions in
/// chronological order, signs and same-day order as the running balances require
/// (``BalanceEvidence``), running, opening and closing balances.
///
/// A chain that no reading makes hold, and stated balances that contradict the rows, are errors
/// unless ``ReadOptions/acceptBrokenBalances`` is set (then warnings, and each statement records
/// in its `extra` field `balance-chain` that it was accepted).
struct StatementAssembler {
    var file: String
    var layout: CSVLayout
    var preamble: PreambleFacts
    var preambleBalances: [StatementBalance]
    var period: DayRange?
    var encoding: TextEncoding
    var options: ReadOptions
    var diagnostics: [Diagnostic] = []
    /// The line of the first break of a chain that no reading mends (for the `balance-chain` note).
    var firstBreakLine: Int?

    typealias BalanceOnlyRow = (day: Day, balance: Amount, position: SourcePosition)

    mutating func assemble(_ rows: inout ReadRows, balanceOnly: [BalanceOnlyRow]) -> [Statement] {
        demoteRepeatedIds(&rows)
        let groups = StatementGroups.make(accounts: rows.account, currencies: rows.currencyKey, count: rows.transactions.count)
        // The whole file, in order, its chain holding as it was read: taken as it is.
        if groups.count == 1, !rows.daysGoBack, let chain = rows.chain, chain.mismatches == 0, rows.unknownWords.isEmpty,
           rows.fee.isEmpty, rows.balanceBefore.isEmpty {
            return [statementInFileOrder(groups[0], rows: &rows, balanceOnly: balanceOnly)]
        }
        rows.materializeBalances()
        let single = groups.count == 1
        var stated: [BalanceEvidence.Statement] = []
        for group in groups {
            let order = chronological(group.rows ?? Array(rows.transactions.indices), rows: rows)
            let opening = single ? preambleBalances.first { $0.kind == .opening }?.amount : nil
            let closing = single ? preambleBalances.first { $0.kind == .closing }?.amount : nil
            stated.append(BalanceEvidence.Statement(order: order, opening: opening, closing: closing))
        }
        let hasBalances = rows.hasBalances
        let decision: BalanceEvidence.Decision
        if hasBalances && !rows.balanceBefore.isEmpty {
            // A balance-before column (ASN) is read one way: its balances after follow from the amounts as read.
            let evidence = self.evidence(rows, unknownWords: 0, hasFees: false)
            decision = evidence.decide(stated)
        } else if hasBalances || stated.contains(where: { $0.opening != nil && $0.closing != nil }) {
            decision = evidence(rows, unknownWords: rows.unknownWords.count, hasFees: rows.fee.contains { $0.map { !$0.isZero } ?? false })
                .decide(stated)
        } else {
            decision = BalanceEvidence.Decision(reading: SignReading(), orders: stated.map(\.order), outcomes: [], holds: true, tried: [])
        }
        report(decision, rows: rows)
        apply(decision.reading, to: &rows)
        var statements: [Statement] = []
        for (k, group) in groups.enumerated() {
            statements.append(statement(group, order: decision.orders[k], rows: &rows, reading: decision.reading,
                                        accepted: !decision.holds && options.acceptBrokenBalances,
                                        balanceOnly: single ? balanceOnly : []))
        }
        return statements
    }

    func evidence(_ rows: ReadRows, unknownWords: Int, hasFees: Bool) -> BalanceEvidence {
        let transactions = rows.transactions, balance = rows.balance, classes = rows.wordClass, fees = rows.fee
        return BalanceEvidence(base: { transactions[$0].amount },
                               wordClass: { classes.isEmpty ? 0 : Int(classes[$0]) },
                               fee: { fees.isEmpty ? nil : fees[$0] },
                               after: { balance.isEmpty ? nil : balance[$0] },
                               day: { transactions[$0].day },
                               hasBalances: rows.hasBalances, unknownWords: unknownWords, hasFees: hasFees)
    }

    /// Signs as the reading says (splits follow their transaction); fees stay apart (see ``statement``).
    func apply(_ reading: SignReading, to rows: inout ReadRows) {
        guard reading.negated || !reading.wordSigns.isEmpty else { return }
        let classes = rows.wordClass
        for i in rows.transactions.indices {
            let old = rows.transactions[i].amount
            guard let new = reading.movement(base: old, wordClass: classes.isEmpty ? 0 : Int(classes[i]), fee: nil), new != old else { continue }
            rows.transactions[i].amount = new
            guard new.signum == -old.signum else { continue }
            for s in rows.transactions[i].splits.indices {
                if let n = try? -rows.transactions[i].splits[s].amount { rows.transactions[i].splits[s].amount = n }
            }
        }
    }

    /// A reference column whose values repeat or hold no digit (Starling's `Reference` holds the shop's name) is not
    /// the bank's transaction id: taken as an id it would make the ledger drop a later purchase at
    /// the same shop as a duplicate. Its values are kept as the extra field `reference`.
    mutating func demoteRepeatedIds(_ rows: inout ReadRows) {
        guard layout.column(.id) != nil else { return } // ids come only from an id column
        let repeated = IdRepeatCheck.firstOffender(rows.transactions)
        guard let repeated else { return }
        for i in rows.transactions.indices {
            guard let id = rows.transactions[i].id else { continue }
            rows.transactions[i].extra.append(StatementField("reference", id))
            rows.transactions[i].id = nil
        }
        noteRepeatedIds(repeated)
    }

    /// The note that the reference column's values (`repeated` the first offender) are kept as the extra field `reference`.
    mutating func noteRepeatedIds(_ repeated: String) {
        diagnostics.append(Diagnostic(.note, code: "csv.id.repeated",
                                      "the reference column holds values that are no transaction ids (\"\(repeated)\" repeats or has no digit): it is kept as the extra field reference",
                                      file: file))
    }
}
