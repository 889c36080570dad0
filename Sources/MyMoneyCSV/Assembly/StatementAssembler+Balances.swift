extension StatementAssembler {
    /// Running, opening and closing balances; stated balances checked against the running ones,
    /// and given the statement's first or last day when the file names none.
    ///
    /// Running balances carry no currency of their own: the account's applies.
    mutating func balances(_ transactions: [StatementTransaction], _ afters: [Amount?], openingBefore: Amount?, currency: Currency?,
                           balanceOnly: [BalanceOnlyRow], prebuilt: inout RunningBalances?, accepted: Bool) -> [StatementBalance] {
        let ends = StatementEnds(transactions)
        let firstAfter = prebuilt.map { $0.firstAfter } ?? (afters.first ?? nil)
        let (head, derivedOpening) = headBalances(ends, firstAfter: firstAfter, openingBefore: openingBefore, currency: currency,
                                                  balanceOnly: balanceOnly)
        // The running balances: taken as the row reader built them while reading (the file was
        // already in statement order), else built here.
        // Moved, not copied: a second reference would make the first write copy every entry.
        var taken: RunningBalances?
        swap(&taken, &prebuilt)
        let wasPrebuilt = taken != nil
        var chain = taken ?? RunningBalances(file: file, headSlots: head.count, capacity: min(afters.count, transactions.count))
        taken = nil
        if !wasPrebuilt {
            for i in 0..<min(afters.count, transactions.count) {
                chain.add(after: afters[i], amount: transactions[i].amount, day: transactions[i].day, position: transactions[i].position, index: i)
            }
        }
        return finishBalances(head, derivedOpening: derivedOpening, chain: &chain, ends, currency: currency, accepted: accepted)
    }

    /// The statement's own balances before its running ones (preamble balances, and an opening
    /// derived from the first running balance or a balance-only row), with the derived opening.
    mutating func headBalances(_ ends: StatementEnds, firstAfter: Amount?, openingBefore: Amount?, currency: Currency?,
                               balanceOnly: [BalanceOnlyRow]) -> (head: [StatementBalance], derivedOpening: Amount?) {
        var head = preambleBalances
        // Opening: the balance before the first row, as of the first row's day (before that day's rows).
        var derivedOpening: Amount?
        if let first = ends.first {
            if let before = openingBefore { derivedOpening = before }
            else if let after = firstAfter { derivedOpening = try? after - first.amount }
        }
        if !head.contains(where: { $0.kind == .opening }), let first = ends.first {
            if let o = derivedOpening {
                head.append(StatementBalance(kind: .opening, amount: o, day: first.day, currency: currency))
            } else if let only = balanceOnly.first, only.day <= first.day {
                head.append(StatementBalance(kind: .opening, amount: only.balance, day: only.day, currency: currency, position: only.position))
            }
        }
        return (head, derivedOpening)
    }

    /// The balances in statement order: `head`, the running balances of `chain` (moved out), and
    /// a closing balance from the last running one when the head states none; stated balances
    /// checked against the running ones.
    mutating func finishBalances(_ head: [StatementBalance], derivedOpening: Amount?, chain: inout RunningBalances, _ ends: StatementEnds,
                                 currency: Currency?, accepted: Bool) -> [StatementBalance] {
        var head = head
        if accepted { diagnostics.append(contentsOf: chain.diagnostics) }
        let closingRow = chain.last.flatMap { $0.index == ends.count - 1 ? $0 : nil }
        checkStated(head, opening: derivedOpening, closing: closingRow?.amount, accepted: accepted || options.acceptBrokenBalances)
        fillDays(&head, first: ends.first?.day, last: ends.last?.day)
        var result = chain.takeEntries(head: head)
        if let last = closingRow, let lastRow = ends.last, !head.contains(where: { $0.kind == .closing }) {
            result.append(StatementBalance(kind: .closing, amount: last.amount, day: lastRow.day, currency: currency,
                                           position: lastRow.position))
        }
        return result
    }

    /// A stated opening or closing balance (preamble, trailer) that the running balances contradict.
    mutating func checkStated(_ head: [StatementBalance], opening: Amount?, closing: Amount?, accepted: Bool) {
        for (kind, derived) in [(StatementBalance.Kind.opening, opening), (.closing, closing)] {
            guard let derived, let stated = head.first(where: { $0.kind == kind && $0.position != nil }), stated.amount != derived else { continue }
            diagnostics.append(Diagnostic(accepted ? .warning : .error, code: "csv.balance.stated",
                                          "the file states a\(kind == .opening ? "n" : "") \(kind.rawValue) balance of \(stated.amount), but its running balances give \(derived)",
                                          file: file, at: stated.position,
                                          notes: accepted ? ["accepted (--accept-broken-balances)"]
                                                          : ["rows may be missing; if the file is right as it is, read it with --accept-broken-balances"]))
        }
    }

    /// Stated balances without a date: the opening as of the first day, the others as of the last.
    mutating func fillDays(_ head: inout [StatementBalance], first firstDay: Day?, last lastDay: Day?) {
        for k in head.indices where head[k].day == nil {
            let first = firstDay ?? period?.start, last = period?.end ?? lastDay
            guard let day = head[k].kind == .opening ? first : last else { continue }
            head[k].day = day
            diagnostics.append(Diagnostic(.note, code: "csv.balance.date",
                                          "the \(head[k].kind.rawValue) balance \(head[k].amount) names no date: read as of \(day), the statement's \(head[k].kind == .opening ? "first" : "last") day",
                                          file: file, at: head[k].position))
        }
    }

    /// Diagnostics for what the balances decided: a note when they chose other signs or another
    /// order of same-day rows, an error (a warning when accepted) when no reading holds.
    mutating func report(_ decision: BalanceEvidence.Decision, rows: ReadRows) {
        let accepted = options.acceptBrokenBalances
        if decision.holds {
            if decision.reading != SignReading(negated: false, wordSigns: decision.reading.wordSigns, feeCharged: false) {
                diagnostics.append(Diagnostic(.note, code: "csv.balance.reading",
                                              "the running balances fit only with \(decision.reading): read so", file: file, at: nil))
            }
            for (k, word) in rows.unknownWords.enumerated() where !decision.untestedWords.contains(k + 1) {
                let sign = decision.reading.wordSigns[safe: k] ?? -1
                diagnostics.append(Diagnostic(.note, code: "csv.balance.reading",
                                              "\"\(word)\" means money \((sign < 0) != decision.reading.negated ? "out" : "in"): the running balances say so",
                                              file: file, at: nil))
            }
            for k in decision.untestedWords {
                let word = rows.unknownWords[k - 1]
                let row = rows.wordClass.firstIndex(of: UInt8(k)).map { rows.transactions[$0].position } ?? nil
                diagnostics.append(.error("csv.indicator", "cannot tell whether \"\(word)\" means money out or in: no running balance tests it",
                                          file: file, at: row, notes: ["set debit-values/credit-values in a profile"]))
            }
            let reordered = decision.outcomes.reduce(0) { $0 + $1.reorderedDays }
            if reordered > 0 {
                diagnostics.append(Diagnostic(.note, code: "csv.balance.order",
                                              "the rows of \(reordered) day\(reordered == 1 ? "" : "s") are put in the order their running balances fit",
                                              file: file, at: nil))
            }
            return
        }
        if let totals = decision.totals {
            diagnostics.append(Diagnostic(accepted ? .warning : .error, code: "csv.balance.stated",
                                          "the file states an opening and a closing balance, but the amounts between them give \(totals.computed), not \(totals.stated)",
                                          file: file, at: preambleBalances.first { $0.kind == .closing }?.position,
                                          notes: ["tried: " + Self.tried(decision, rows)] + (accepted ? ["accepted (--accept-broken-balances)"]
                                                : ["rows may be missing; if the file is right as it is, read it with --accept-broken-balances"])))
            return
        }
        guard let broken = decision.outcomes.first(where: { !$0.holds })?.firstBreak else { return }
        let position = rows.transactions[safe: broken.row]?.position
        firstBreakLine = position?.line
        guard !accepted else { return } // the chain's own warnings say where (see balances)
        let breaks = decision.outcomes.reduce(0) { $0 + $1.breaks }, links = decision.outcomes.reduce(0) { $0 + $1.links }
        diagnostics.append(.error("csv.balance.chain",
                                  "the running balance breaks here: \(broken.found) does not follow from the previous balance \(broken.previous) and the amount \(broken.movement) (expected \(broken.expected))",
                                  file: file, at: position,
                                  notes: ["tried: " + Self.tried(decision, rows),
                                          "broken links between running balances: \(breaks) of \(links)",
                                          "rows may be missing; if the file is right as it is, read it with --accept-broken-balances"]))
    }

    /// The readings tried, in words.
    static func tried(_ decision: BalanceEvidence.Decision, _ rows: ReadRows) -> String {
        var parts = ["the signs as written", "every sign reversed"]
        if !rows.unknownWords.isEmpty { parts.append("\(rows.unknownWords.map { "\"\($0)\"" }.joined(separator: ", ")) as money out and as money in") }
        if decision.tried.contains(where: \.feeCharged) { parts.append("the fees included in the amounts and charged besides them") }
        if rows.hasBalances { parts.append("same-day rows in every order their balances allow") }
        return parts.joined(separator: "; ")
    }
}

/// What a statement's balances need of its transactions: how many, the first one's day and
/// amount, the last one's day and position (the CSV stream holds no transactions).
struct StatementEnds {
    var count = 0
    var first: (day: Day, amount: Amount)?
    var last: (day: Day, position: SourcePosition?)?

    init() {}

    init(_ transactions: [StatementTransaction]) {
        count = transactions.count
        first = transactions.first.map { ($0.day, $0.amount) }
        last = transactions.last.map { ($0.day, $0.position) }
    }

    /// Adds the next transaction in statement order.
    mutating func add(day: Day, amount: Amount, position: SourcePosition?) {
        if first == nil { first = (day, amount) }
        last = (day, position)
        count += 1
    }
}
