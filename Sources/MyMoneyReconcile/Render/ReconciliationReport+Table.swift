extension ReconciliationReport {
    /// The report as a table for people: per account a heading with its status, one row per
    /// checkpoint (day, source, statement, ledger, difference, status), the ranked suspects indented
    /// under each disagreeing checkpoint, then running-balance breaks and reordered days. Ends with a newline.
    public func renderTable() -> String {
        var out = ""
        for (n, account) in checked.enumerated() {
            if n > 0 { out += "\n" }
            out += account.table
        }
        if !unchecked.isEmpty {
            if !checked.isEmpty { out += "\n" }
            out += "No balance to compare with: " + unchecked.joined(separator: ", ") + "\n"
        }
        if accounts.isEmpty { out += "No accounts to reconcile.\n" }
        return out
    }
}

extension AccountReconciliation {
    /// Agreeing checkpoints in a row that a table shows in full; a longer run shows
    /// ``agreeingRowsShown`` of them (half at each end).
    static let longestAgreeingRun = 31
    static let agreeingRowsShown = 6

    var table: String {
        var out = "\(account.name) (\(account.currency.code)): \(status.rawValue)"
        if let day = reconciledThrough { out += ", reconciled through \(day)" }
        if let w = firstMismatchWindow {
            out += lastAgreeingDay == nil ? ", first wrong on or before \(w.end)"
                : w.start == w.end ? ", first wrong on \(w.end)" : ", first wrong between \(w.start) and \(w.end)"
        }
        out += "\n"
        let header = ["as of", "source", "statement", "ledger", "difference", "status"]
        let rows = checkpoints.map { r in
            [r.checkpoint.day.description, r.checkpoint.source.rawValue, r.statementBalance.description,
             r.ledgerBalance.description, r.difference.description, r.status.rawValue]
        }
        var widths = header.map(\.count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        let rightAligned: Set<Int> = [2, 3, 4]
        func line(_ cells: [String]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                let padding = String(repeating: " ", count: widths[i] - cell.count)
                parts.append(rightAligned.contains(i) ? padding + cell : (i == cells.count - 1 ? cell : cell + padding))
            }
            return "  " + parts.joined(separator: "  ") + "\n"
        }
        out += line(header)
        // A long run of agreeing checkpoints (a running balance gives one a day: ten years of
        // statements are thousands) shows its first and last rows and how many agree between.
        var hidden = Set<Int>()
        var runStart = 0
        for i in 0...checkpoints.count {
            let agrees = i < checkpoints.count && checkpoints[i].status == .ok && checkpoints[i].suspects.isEmpty
                && checkpoints[i].sameDifferenceSince == nil
            if agrees { continue }
            if i - runStart > AccountReconciliation.longestAgreeingRun {
                hidden.formUnion((runStart + AccountReconciliation.agreeingRowsShown / 2)..<(i - AccountReconciliation.agreeingRowsShown / 2))
            }
            runStart = i + 1
        }
        for (n, (r, cells)) in zip(checkpoints, rows).enumerated() {
            if hidden.contains(n) {
                if !hidden.contains(n - 1) {
                    var count = 0
                    while hidden.contains(n + count) { count += 1 }
                    out += "  … \(count) more checkpoints agree\n"
                }
                continue
            }
            out += line(cells)
            if let since = r.sameDifferenceSince {
                out += "      same difference since \(since): see the suspects there\n"
            }
            for (i, s) in r.suspects.enumerated() {
                out += "      \(i + 1). \(s.kind.rawValue) (\(s.confidenceText)): \(s.reason)\n"
            }
        }
        for b in chainBreaks {
            let before = b.previous.map { "row \($0.index + 1) (\($0.balance))" } ?? "the opening balance"
            out += "  running balance breaks at row \(b.row.index + 1) (\(b.row.day)): \(before) plus \(b.row.amount) is \(b.expected), the bank printed \(b.stated) (jump \(b.difference))\n"
        }
        if !reorderedDays.isEmpty {
            out += "  rows listed out of the bank's order (not a fault): " + reorderedDays.map(\.description).joined(separator: ", ") + "\n"
        }
        if skippedCheckpoints > 0, let day = account.reconciledThrough {
            out += "  \(skippedCheckpoints) checkpoint\(skippedCheckpoints == 1 ? "" : "s") before \(day) skipped (already reconciled)\n"
        }
        return out
    }
}
