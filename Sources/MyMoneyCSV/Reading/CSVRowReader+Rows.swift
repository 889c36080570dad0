extension CSVRowReader {
    /// Reads every data row; rows that are skipped get a note, rows that fail an error.
    ///
    /// Transactions are appended in place (``InPlaceArrayBuilder``); a transaction waits until
    /// the next row says whether detail lines follow it (a collective order's parts).
    mutating func readRows() -> ReadRows {
        let capacity = max(0, layout.endDataRow - layout.firstDataRow) // at most one transaction a row
        var collector = RowCollector(reader: self, capacity: capacity)
        for row in layout.firstDataRow..<layout.endDataRow {
            switch self.row(row) {
            case .transaction(let t, let facts):
                collector.commit(&self)
                collector.pending = (t, facts)
            case .detail(let line):
                if collector.pending != nil {
                    collector.details.append(line)
                    skips.details += 1
                } else {
                    report(.error("csv.date", "the date is empty", file: file, at: position(row, columns.date),
                                  notes: ["column \"\(layout.columnNames[safe: columns.date ?? 0] ?? "")\"; a line without a date is read as part of the row above only below a transaction"]))
                    skips.failed += 1
                }
            case .skipped:
                collector.commit(&self)
            }
        }
        collector.commit(&self)
        var rows = collector.finish()
        rows.unknownWords = unknownWords
        if !rows.wordClass.isEmpty, rows.wordClass.count < rows.transactions.count {
            rows.wordClass += repeatElement(0, count: rows.transactions.count - rows.wordClass.count)
        }
        rows.skips = skips
        summarize()
        return rows
    }

    /// Reads one data row: a transaction with its facts, a detail line, or a skip (diagnosed).
    mutating func row(_ row: Int) -> RowOutcome {
        let fieldCount = table.fieldCount(row)
        if layout.isExplicit, fieldCount < requiredWidth {
            report(.error("csv.row.short", "the row has \(fieldCount) field\(fieldCount == 1 ? "" : "s"); the profile maps \(requiredWidth) columns",
                          file: file, at: position(row, nil)))
            skips.failed += 1
            return .skipped
        }
        if !fitsTheTable(row, fieldCount: fieldCount) { skips.failed += 1; return .skipped }
        // Filters from the profile, then booking status.
        if !layout.skipWhen.isEmpty, let hit = layout.skipWhen.first(where: { $0.filter.skips(string(row, $0.column)) }) {
            report(Diagnostic(.note, code: "csv.row.skipped", "skipped a row: \(hit.filter)", file: file, at: position(row, hit.column)))
            skips.filtered += 1
            return .skipped
        }
        if let statusColumn = columns.status {
            let status = text(row, statusColumn)
            if status != lastStatus.text { lastStatus = (status, CSVLayout.unbookedStatuses.contains(status.lowercased())) }
            if lastStatus.unbooked {
                report(Diagnostic(.note, code: "csv.row.pending", "skipped a row whose status is \"\(status)\": not booked",
                                  file: file, at: position(row, statusColumn)))
                skips.pending += 1
                return .skipped
            }
        }
        // The day.
        guard let dateColumn = columns.date, let span = table.span(row, dateColumn) else {
            report(.error("csv.row.short", "the row has \(fieldCount) fields; the date is in column \((columns.date ?? 0) + 1)",
                          file: file, at: position(row, nil)))
            skips.failed += 1
            return .skipped
        }
        let order = layout.dayOrder
        guard let day = CSVTable.withBytes(span, in: text, { DateCell.day($0, order: order) }) else {
            if CSVTable.isBlank(span, in: text), isBlank(row, columns.balance) { return detailLine(row) }
            let raw = string(row, dateColumn)
            report(.error("csv.date", raw.isEmpty ? "the date is empty" : "cannot read \"\(raw)\" as a date (day order \(order.rawValue))",
                          file: file, at: position(row, dateColumn), notes: ["column \"\(layout.columnNames[safe: dateColumn] ?? "")\""]))
            skips.failed += 1
            return .skipped
        }
        // The amount.
        guard let read = readAmount(row) else { return .skipped }
        let amount = read.amount
        if layout.skipZero && amount.isZero { skips.zero += 1; return .skipped }
        var facts = RowFacts(wordClass: read.wordClass)
        var currency = read.currency
        var currencyText: String?
        if currency == nil, let c = columns.currency, let s = cellText(row, c) {
            if !layout.currencyColumnIsAmountCurrency {
                currencyText = s // an original or local currency beside the amount's: information
            } else {
                if s != lastCurrency.text { lastCurrency = (s, Currency(code: s)) } // the same code on most rows
                if let known = lastCurrency.currency { currency = known } else { currencyText = s }
            }
        }
        if layout.splitsByCurrency { facts.currencyKey = currency?.code ?? currencyText ?? "" }
        if let c = columns.balance {
            facts.after = self.amount(row, c, what: "a balance", severity: .warning).value
        } else if let c = columns.balanceBefore {
            facts.before = self.amount(row, c, what: "a balance", severity: .warning).value
            facts.after = facts.before.flatMap { try? $0 + amount }
        }
        if let c = columns.fee {
            let (fee, ok) = self.amount(row, c, what: "a fee")
            guard ok else { skips.failed += 1; return .skipped }
            facts.fee = fee
        }
        if let c = columns.account { facts.account = text(row, c) }

        var t = StatementTransaction(day: day, amount: amount)
        t.position = SourcePosition(offset: Int(table.rowOffset[row]), line: Int(table.rowLine[row]), column: 1)
        if let currency { t.currency = currency }
        if let payee = joined(row, columns.payee) { t.payee = payee }
        if let memo = joined(row, columns.memo) { t.memo = memo }
        if let id = cellText(row, columns.id) { t.id = id }
        if let type = cellText(row, columns.type) { t.bankType = type }
        if let number = cellText(row, columns.checkNumber) { t.checkNumber = number }
        if let category = cellText(row, columns.category) { t.category = category }
        let extra = extraFields(row, fieldCount: fieldCount, currencyText: currencyText)
        if !extra.isEmpty { t.extra = extra }
        return .transaction(t, facts)
    }

    /// The row's unmapped cells as extra fields: counted first, for one allocation of the right size.
    func extraFields(_ row: Int, fieldCount: Int, currencyText: String?) -> [StatementField] {
        let width = layout.columnNames.count
        var count = currencyText == nil ? 0 : 1
        for c in extraColumns where c < fieldCount && !isBlank(row, c) { count += 1 }
        if fieldCount > width { for c in width..<fieldCount where !isBlank(row, c) { count += 1 } }
        guard count > 0 else { return [] }
        var extra: [StatementField] = []
        extra.reserveCapacity(count)
        if let c = columns.currency, let s = currencyText { extra.append(StatementField(layout.columnNames[safe: c] ?? "currency", s)) }
        for c in extraColumns where c < fieldCount && !isBlank(row, c) { extra.append(StatementField(layout.columnNames[c], text(row, c))) }
        // Cells beyond the header's width that the layout allows (livebank, Stripe): kept by position.
        if fieldCount > width { for c in width..<fieldCount { if let s = cellText(row, c) { extra.append(StatementField("#\(c + 1)", s)) } } }
        return extra
    }
}
