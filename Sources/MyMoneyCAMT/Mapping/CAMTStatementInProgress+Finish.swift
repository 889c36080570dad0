extension CAMTStatementInProgress {
    /// The finished statement: its balances mapped to kinds (the others kept as fields), the
    /// header's facts, and the checks: the balances must chain (opening + booked entries =
    /// closing), the entry count and the credit and debit counts and sums must match `TxsSummry`, entries in another currency are named.
    ///
    /// A chain break is an error (`camt.balance`), or a warning when the caller accepts broken
    /// balances (``ReadOptions/acceptBrokenBalances``).
    func finish(header: CAMTGroupHeader, message: CAMTMessage?, options: ReadOptions, file: String,
                diagnostics: inout [Diagnostic]) -> Statement {
        var result = statement
        result.extra = header.fields + (message.map { [StatementField("message", $0.name)] } ?? []) + result.extra
        let currency = result.account.currency
        let hasOpeningBooked = balances.contains { $0.code == "OPBD" }
        var opening: (amount: Amount, balance: CAMTBalanceFields)?
        var closing: (amount: Amount, balance: CAMTBalanceFields)?
        for b in balances {
            guard let code = b.code, let amount = b.signedAmount else {
                if b.code == nil {
                    diagnostics.append(.warning("camt.balance.type", "a balance has no type code (Tp/CdOrPrtry/Cd); it is ignored",
                                                file: file, at: b.position))
                }
                continue
            }
            var kind = CAMTBalanceFields.kind(of: code)
            if code == "PRCD" && !hasOpeningBooked { kind = .opening }
            guard let kind else {
                let written = "\(amount)" + (b.currency.map { " \($0.code)" } ?? "") + (b.day.map { " \($0)" } ?? "")
                result.extra.append(StatementField("balance.\(code)", written))
                continue
            }
            result.balances.append(StatementBalance(kind: kind, amount: amount, day: b.day, currency: b.currency ?? currency,
                                                    position: b.position))
            let inCurrency = b.currency == nil || b.currency == currency
            if kind == .opening, opening == nil, inCurrency { opening = (amount, b) }
            if kind == .closing, inCurrency { closing = (amount, b) }
        }
        checkChain(opening: opening, closing: closing, options: options, file: file, diagnostics: &diagnostics)
        checkSummary(file: file, diagnostics: &diagnostics)
        if foreignEntries > 0, let first = firstForeign {
            diagnostics.append(.warning("camt.currency",
                "\(label) has \(foreignEntries) \(foreignEntries == 1 ? "entry" : "entries") in another currency than the account's \(currency?.code ?? "(unknown)") (the first in \(first.currency.code)); \(foreignEntries == 1 ? "it is" : "they are") kept with \(foreignEntries == 1 ? "its" : "their") currency and left out of the balance check",
                file: file, at: first.position))
        }
        return result
    }

    private func checkChain(opening: (amount: Amount, balance: CAMTBalanceFields)?, closing: (amount: Amount, balance: CAMTBalanceFields)?,
                            options: ReadOptions, file: String, diagnostics: inout [Diagnostic]) {
        guard let opening, let closing else { return }
        guard !sumOverflowed, let expected = try? opening.amount + bookedSum else {
            diagnostics.append(.error("camt.amount", "the entries of \(label) add up to more than 18 digits hold", file: file, at: position))
            return
        }
        guard expected != closing.amount else { return }
        let difference = (try? closing.amount - expected).map { "\($0)" } ?? "?"
        let message = "the balances of \(label) do not add up: opening \(opening.amount) + booked entries \(bookedSum) = \(expected), but the closing balance is \(closing.amount) (difference \(difference))"
        let notes = ["opening balance (\(opening.balance.code ?? "?")) at line \(opening.balance.position.line)"]
            + (options.acceptBrokenBalances ? ["read anyway: broken balances are accepted"] : ["a missing, duplicated or changed entry; the file was read but not imported"])
        diagnostics.append(Diagnostic(options.acceptBrokenBalances ? .warning : .error, code: "camt.balance", message,
                                      file: file, position: closing.balance.position, notes: notes))
    }

    private func checkSummary(file: String, diagnostics: inout [Diagnostic]) {
        if let summary = summaryCount {
            if let stated = Int(summary.text) {
                if stated != entryCount {
                    diagnostics.append(.warning("camt.summary", "\(label) says it holds \(stated) \(entries(stated)) (TxsSummry) but holds \(entryCount)",
                                                file: file, at: summary.position))
                }
            } else {
                diagnostics.append(.warning("camt.summary", "TxsSummry gives the number of entries as \"\(summary.text.prefix(20))\", not a number",
                                            file: file, at: summary.position))
            }
        }
        check(side: "credit", creditSummary, against: credits, file: file, diagnostics: &diagnostics)
        check(side: "debit", debitSummary, against: debits, file: file, diagnostics: &diagnostics)
    }

    /// `TtlCdtNtries`/`TtlDbtNtries` against the entries of that side: a bank's own totals that
    /// disagree with its entries mean an entry is missing, doubled or changed.
    private func check(side: String, _ summary: CAMTSideSummary, against tally: CAMTSideTally, file: String,
                       diagnostics: inout [Diagnostic]) {
        let element = side == "credit" ? "TtlCdtNtries" : "TtlDbtNtries"
        if let count = summary.count {
            if let stated = Int(count.text) {
                if stated != tally.count {
                    diagnostics.append(.warning("camt.summary", "\(label) says it holds \(stated) \(side) \(entries(stated)) (TxsSummry/\(element)) but holds \(tally.count)",
                                                file: file, at: count.position))
                }
            } else {
                diagnostics.append(.warning("camt.summary", "TxsSummry/\(element) gives the number of entries as \"\(count.text.prefix(20))\", not a number",
                                            file: file, at: count.position))
            }
        }
        if let sum = summary.sum, !tally.sumUnknown, sum.amount != tally.sum {
            let difference = (try? sum.amount - tally.sum).map { "\($0)" } ?? "?"
            diagnostics.append(Diagnostic(.warning, code: "camt.summary",
                "\(label) says its \(side) entries add up to \(sum.amount) (TxsSummry/\(element)/Sum) but they add up to \(tally.sum) (difference \(difference))",
                file: file, position: sum.position, notes: ["a missing, doubled or changed entry, or a summary of other entries than the statement holds"]))
        }
    }

    private func entries(_ n: Int) -> String { n == 1 ? "entry" : "entries" }
}
