@_spi(Speed) import MyMoneyCore

extension CSVRowReader {
    /// Reads every data row; rows that are skipped get a note, rows that fail an error.
    ///
    /// Transactions are set in place in their slots of the result's array, made here with room
    /// for one a row (``InPlaceSlots``, see ``RowCollector``); in halves, the second half fills
    /// the slots from its first row on another core and is moved down behind the first
    /// (``take(_:into:)``). The detail lines of a collective order are attached to it once every
    /// row is read.
    mutating func readRows() -> ReadRows {
        let all = layout.firstDataRow..<max(layout.firstDataRow, layout.endDataRow)
        var rows = ReadRows()
        let transactions = [StatementTransaction](unsafeUninitializedCapacity: all.count) { buffer, initialized in
            var collector = RowCollector(reader: self, slots: InPlaceSlots(buffer, blank: RowCollector.blank))
            if readsInHalves, let split = CSVRowReader.halfway(all, least: leastRowsForHalves) {
                // The second half on another core while this one reads the first; taken as read when
                // nothing in it depends on the rows above, else read here after the first.
                let second = readSecondHalf(from: split, into: InPlaceSlots(buffer, from: split - all.lowerBound, blank: RowCollector.blank))
                _ = read(all.lowerBound..<split, into: &collector)
                let taken = take(second.wait(), into: &collector)
                if !taken { _ = read(split..<all.upperBound, into: &collector) }
                heardHalves?(taken)
            } else {
                _ = read(all, into: &collector)
            }
            rows = collector.finish(&self)
            initialized = collector.builder.count
        }
        rows.transactions = InPlaceArrayBuilder.givingBackRoom(transactions)
        rows.unknownWords = unknownWords
        if !rows.wordClass.isEmpty, rows.wordClass.count < rows.transactions.count {
            rows.wordClass += repeatElement(0, count: rows.transactions.count - rows.wordClass.count)
        }
        rows.skips = skips
        summarize()
        return rows
    }

    /// Reads the data rows `range` into `collector`; returns how many detail lines it met (those
    /// taken as parts of the row above and those without one).
    mutating func read(_ range: Range<Int>, into collector: inout RowCollector) -> Int {
        var facts = RowFacts()
        var detail: DetailLine?
        var details = 0
        for row in range {
            detail = nil
            if let head = self.row(row, facts: &facts, detail: &detail) {
                let index = collector.add(head, facts)
                fill(&collector.builder[index], from: head) // in place: no transaction copied in
            } else if let line = detail {
                details += 1
                if collector.addDetail(line) {
                    skips.details += 1
                } else {
                    report(.error("csv.date", "the date is empty", file: file, at: position(row, columns.date),
                                  notes: ["column \"\(layout.columnNames[safe: columns.date ?? 0] ?? "")\"; a line without a date is read as part of the row above only below a transaction"]))
                    skips.failed += 1
                }
            } else {
                collector.skip()
            }
        }
        return details
    }

    /// Reads one data row: what makes it a transaction (day, amount, currency), with what the
    /// statement needs beside it in `facts`; nil for a detail line under a transaction (then in
    /// `detail`) and for a row that is no transaction (with its note or diagnostic given).
    /// ``fill(_:from:)`` then sets the transaction's fields in its slot.
    mutating func row(_ row: Int, facts: inout RowFacts, detail: inout DetailLine?) -> RowHead? {
        let fieldCount = table.fieldCount(row)
        if layout.isExplicit, fieldCount < requiredWidth {
            report(.error("csv.row.short", "the row has \(fieldCount) field\(fieldCount == 1 ? "" : "s"); the profile maps \(requiredWidth) columns",
                          file: file, at: position(row, nil)))
            skips.failed += 1
            return nil
        }
        if !fitsTheTable(row, fieldCount: fieldCount) { skips.failed += 1; return nil }
        // Filters from the profile, then booking status.
        if !layout.skipWhen.isEmpty, let hit = layout.skipWhen.first(where: { $0.filter.skips(string(row, $0.column)) }) {
            report(Diagnostic(.note, code: "csv.row.skipped", "skipped a row: \(hit.filter)", file: file, at: position(row, hit.column)))
            skips.filtered += 1
            return nil
        }
        if let statusColumn = columns.status {
            let status = text(row, statusColumn)
            if status != lastStatus.text { lastStatus = (status, CSVLayout.unbookedStatuses.contains(status.lowercased())) }
            if lastStatus.unbooked {
                report(Diagnostic(.note, code: "csv.row.pending", "skipped a row whose status is \"\(status)\": not booked",
                                  file: file, at: position(row, statusColumn)))
                skips.pending += 1
                return nil
            }
        }
        // The day.
        guard let dateColumn = columns.date, let span = table.span(row, dateColumn) else {
            report(.error("csv.row.short", "the row has \(fieldCount) fields; the date is in column \((columns.date ?? 0) + 1)",
                          file: file, at: position(row, nil)))
            skips.failed += 1
            return nil
        }
        let order = layout.dayOrder
        guard let day = CSVTable.withBytes(span, in: text, { DateCell.day($0, order: order) }) else {
            if CSVTable.isBlank(span, in: text), isBlank(row, columns.balance) { detail = detailLine(row); return nil }
            let raw = string(row, dateColumn)
            // The whole cell is underlined: a date is wrong as a whole, not at one character.
            report(Diagnostic(.error, code: "csv.date",
                              raw.isEmpty ? "the date is empty" : "cannot read \"\(raw)\" as a date (day order \(order.rawValue))",
                              file: file, position: position(row, dateColumn), length: Int(span.end) - Int(span.start),
                              notes: ["column \"\(layout.columnNames[safe: dateColumn] ?? "")\""]))
            skips.failed += 1
            return nil
        }
        // The amount.
        guard let read = readAmount(row) else { return nil }
        let amount = read.amount
        if layout.skipZero && amount.isZero { skips.zero += 1; return nil }
        facts = RowFacts(wordClass: read.wordClass)
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
        if splitsByCurrency { facts.currencyKey = currency?.code ?? currencyText ?? "" }
        if !readsBalances {
            // The CSV stream's second pass: the balances were read and checked in the first.
        } else if let c = columns.balance {
            facts.after = self.amount(row, c, what: "a balance", severity: .warning).value
        } else if let c = columns.balanceBefore {
            facts.before = self.amount(row, c, what: "a balance", severity: .warning).value
            facts.after = facts.before.flatMap { try? $0 + amount }
        }
        if let c = columns.fee {
            let (fee, ok) = self.amount(row, c, what: "a fee")
            guard ok else { skips.failed += 1; return nil }
            facts.fee = fee
        }
        if let c = columns.account { facts.account = text(row, c) }

        let position = SourcePosition(offset: Int(table.rowOffset[row]), line: Int(table.rowLine[row]), column: 1)
        return RowHead(row: row, day: day, amount: amount, currency: currency, currencyText: currencyText, position: position)
    }

    /// Sets a transaction's fields from its row (``row(_:facts:detail:)`` decided the row is one).
    ///
    /// A plain function over the transaction in place: the caller hands it the slot in the result
    /// (``InPlaceArrayBuilder``'s subscript), so a transaction is never built elsewhere and copied
    /// in (building one with its initializer copied and destroyed a value of a dozen references
    /// per row).
    @inline(__always)
    mutating func fill(_ t: inout StatementTransaction, from head: RowHead) {
        let row = head.row
        t.day = head.day
        t.amount = head.amount
        t.position = head.position
        if let currency = head.currency { t.currency = currency }
        if let c = payeeColumn { if let payee = cellText(row, c) { t.payee = payee } }
        else if let payee = joined(row, columns.payee) { t.payee = payee }
        if let c = memoColumn { if let memo = cellText(row, c) { t.memo = memo } }
        else if let memo = joined(row, columns.memo) { t.memo = memo }
        if let id = cellText(row, columns.id) { t.id = id }
        if let type = cellText(row, columns.type) { t.bankType = type }
        if let number = cellText(row, columns.checkNumber) { t.checkNumber = number }
        if let category = cellText(row, columns.category) { t.category = category }
        let extra = extraFields(row, fieldCount: table.fieldCount(row), currencyText: head.currencyText)
        if !extra.isEmpty { t.extra = extra }
    }

    /// The row's unmapped cells as extra fields: counted first, for one allocation of the right size.
    mutating func extraFields(_ row: Int, fieldCount: Int, currencyText: String?) -> [StatementField] {
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
