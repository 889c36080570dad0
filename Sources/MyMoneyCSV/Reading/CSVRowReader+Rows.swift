extension CSVRowReader {
    /// Reads every data row; rows that are skipped get a note, rows that fail an error.
    mutating func readRows() -> Rows {
        var rows = Rows()
        let capacity = max(0, layout.endDataRow - layout.firstDataRow) // at most one transaction a row
        let columns = self.columns
        // With a balance column the running balances go into `chain`; `rows.balance` is only
        // filled from it when the statement needs them by row (see Rows.materializeBalances).
        let dateColumn = columns.date
        let statusColumn = columns.status
        let mapped = Set(layout.roles.filter { $0.key != .valueDate }.values.flatMap { $0 })
        let width = layout.columnNames.count
        let extraColumns = (0..<width).filter { !mapped.contains($0) }
        let order = layout.dayOrder
        let requiredWidth = (layout.roles.values.flatMap { $0 }.max() ?? 0) + 1
        var previousDay: Day?
        // The last status and currency cells and what they meant (files repeat them row after row).
        var lastStatus: (text: String, unbooked: Bool) = ("", CSVLayout.unbookedStatuses.contains(""))
        var lastCurrency: (text: String, currency: Currency?) = ("", Currency(code: ""))
        let blank = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)
        // Running balances in file order, checked while the row is at hand (see RunningBalances).
        var chain = columns.balance != nil || columns.balanceBefore != nil
            ? RunningBalances(file: file, headSlots: balanceHeadSlots, capacity: capacity) : nil
        var daysGoBack = false, daysGoForward = false
        // Each transaction is built in place in the array's storage (an append copied it, retaining
        // and releasing every string, then destroyed the temporary).
        let transactions = [StatementTransaction](unsafeUninitializedCapacity: capacity) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for row in layout.firstDataRow..<layout.endDataRow {
                if layout.isExplicit, table.fieldCount(row) < requiredWidth {
                    report(.error("csv.row.short", "the row has \(table.fieldCount(row)) field\(table.fieldCount(row) == 1 ? "" : "s"); the profile maps \(requiredWidth) columns",
                                  file: file, at: position(row, nil)))
                    continue
                }
                // Filters from the profile, then booking status.
                if !layout.skipWhen.isEmpty, let hit = layout.skipWhen.first(where: { $0.filter.skips(string(row, $0.column)) }) {
                    report(Diagnostic(.note, code: "csv.row.skipped", "skipped a row: \(hit.filter)", file: file, at: position(row, hit.column)))
                    continue
                }
                if let statusColumn {
                    // `text`, not `string`: a non-mutating call from here copied the whole reader.
                    let status = text(row, statusColumn)
                    if status != lastStatus.text {
                        lastStatus = (status, CSVLayout.unbookedStatuses.contains(status.lowercased()))
                    }
                    if lastStatus.unbooked {
                        report(Diagnostic(.note, code: "csv.row.pending", "skipped a row whose status is \"\(status)\": not booked",
                                          file: file, at: position(row, statusColumn)))
                        continue
                    }
                }
                // The day.
                guard let dateColumn, let span = table.span(row, dateColumn) else {
                    report(.error("csv.row.short", "the row has \(table.fieldCount(row)) fields; the date is in column \((dateColumn ?? 0) + 1)",
                                  file: file, at: position(row, nil)))
                    continue
                }
                guard let day = CSVTable.withBytes(span, in: text, { Day.parse(utf8: $0, order: order) }) else {
                    let raw = string(row, dateColumn)
                    report(.error("csv.date", raw.isEmpty ? "the date is empty"
                                      : "cannot read \"\(raw)\" as a date (day order \(order.rawValue))",
                                  file: file, at: position(row, dateColumn),
                                  notes: ["column \"\(layout.columnNames[safe: dateColumn] ?? "")\""]))
                    continue
                }
                // The amount.
                guard let amount = readAmount(row) else {
                    continue
                }
                if layout.skipZero && amount.isZero { continue }
                func cellText(_ column: Int?) -> String? {
                    guard let column else { return nil }
                    let s = text(row, column)
                    return s.isEmpty ? nil : s
                }
                var currency: Currency?
                var extra: [StatementField] = []
                var currencyText: String?
                if let c = columns.currency, let s = cellText(c) {
                    if s != lastCurrency.text { lastCurrency = (s, Currency(code: s)) } // the same code on most rows
                    if let known = lastCurrency.currency { currency = known } else { currencyText = s }
                }
                // The extras, counted first: one allocation of the right size, not growth by doubling.
                let fieldCount = table.fieldCount(row)
                var extraCount = currencyText == nil ? 0 : 1
                if let c = columns.valueDate, let span = table.span(row, c), !CSVTable.isBlank(span, in: text) { extraCount += 1 }
                for c in extraColumns where c < fieldCount {
                    if let span = table.span(row, c), !CSVTable.isBlank(span, in: text) { extraCount += 1 }
                }
                if fieldCount > width {
                    for c in width..<fieldCount {
                        if let span = table.span(row, c), !CSVTable.isBlank(span, in: text) { extraCount += 1 }
                    }
                }
                if extraCount > 0 { extra.reserveCapacity(extraCount) }
                if let c = columns.currency, let s = currencyText {
                    extra.append(StatementField(layout.columnNames[safe: c] ?? "currency", s))
                }
                if let c = columns.valueDate, let s = cellText(c) {
                    extra.append(StatementField(layout.columnNames[safe: c] ?? "value date", s))
                }
                for c in extraColumns where c < table.fieldCount(row) {
                    guard let span = table.span(row, c), !CSVTable.isBlank(span, in: text) else { continue }
                    extra.append(StatementField(layout.columnNames[c], text(row, c)))
                }
                // Cells beyond the header's width (livebank, Stripe): kept by position.
                if table.fieldCount(row) > width {
                    for c in width..<table.fieldCount(row) {
                        if let s = cellText(c) { extra.append(StatementField("#\(c + 1)", s)) }
                    }
                }
                var after: Amount?
                if let c = columns.balance {
                    after = self.amount(row, c, what: "a balance", severity: .warning).value
                } else if let c = columns.balanceBefore {
                    let before = self.amount(row, c, what: "a balance", severity: .warning).value
                    rows.balanceBefore.append(before)
                    after = before.flatMap { try? $0 + amount }
                }
                if let c = columns.account { rows.account.append(text(row, c)) }
                guard count < capacity else { break } // cannot happen: one transaction a row
                // The fields are set in the array's memory: a whole transaction built elsewhere and
                // then moved in was copied (every string retained and released once more).
                let slot = base + count
                slot.initialize(to: blank) // a copy of a value at hand: no temporary to build and destroy
                count += 1
                slot.pointee.day = day
                slot.pointee.amount = amount
                slot.pointee.position = SourcePosition(offset: Int(table.rowOffset[row]), line: Int(table.rowLine[row]), column: 1)
                if let currency { slot.pointee.currency = currency }
                if let payee = joined(row, columns.payee) { slot.pointee.payee = payee }
                if let memo = joined(row, columns.memo) { slot.pointee.memo = memo }
                if let id = cellText(columns.id) { slot.pointee.id = id }
                if let type = cellText(columns.type) { slot.pointee.bankType = type }
                if let number = cellText(columns.checkNumber) { slot.pointee.checkNumber = number }
                if let category = cellText(columns.category) { slot.pointee.category = category }
                if !extra.isEmpty { slot.pointee.extra = extra }
                chain?.add(after: after, amount: amount, day: day, position: slot.pointee.position, index: count - 1)
                if let previousDay {
                    if day < previousDay { daysGoBack = true } else if day > previousDay { daysGoForward = true }
                }
                previousDay = day
            }
        }
        rows.transactions = transactions
        rows.chain = chain
        chain = nil
        rows.daysGoBack = daysGoBack
        rows.daysGoForward = daysGoForward
        summarize()
        return rows
    }

    /// The row's signed amount from whichever columns the layout uses; nil (with a diagnostic) when unusable.
    mutating func readAmount(_ row: Int) -> Amount? {
        var value: Amount?
        let columns = self.columns
        if let c = columns.amount {
            let (a, ok) = amount(row, c, what: "an amount")
            guard ok else { return nil }
            value = a
            if let a, let ic = columns.indicator {
                let word = string(row, ic).lowercased()
                if word.isEmpty {
                    value = a
                } else if layout.debitValues.contains(word) {
                    value = (try? a.magnitude()).flatMap { try? -$0 }
                } else if layout.creditValues.contains(word) {
                    value = try? a.magnitude()
                } else {
                    let shown = string(row, ic)
                    let outWords = layout.debitValues.sorted().joined(separator: " ")
                    let inWords = layout.creditValues.sorted().joined(separator: " ")
                    let hint: String = "known values: " + outWords + " (out), " + inWords + " (in); set debit-values/credit-values in a profile"
                    report(.error("csv.indicator", "cannot tell whether \"" + shown + "\" means money out or in",
                                  file: file, at: position(row, ic), notes: [hint]))
                    return nil
                }
            }
        } else {
            let (d, okD) = amount(row, columns.debit, what: "a debit amount")
            let (c, okC) = amount(row, columns.credit, what: "a credit amount")
            guard okD && okC else { return nil }
            let debit = (d?.isZero ?? true) ? nil : d
            let credit = (c?.isZero ?? true) ? nil : c
            if let debit, let credit {
                report(.error("csv.amount.both", "both the debit (\(debit)) and the credit (\(credit)) column hold an amount",
                              file: file, at: position(row, layout.column(.debit)),
                              notes: ["a row must move money one way; fix the row or map a single amount column"]))
                return nil
            }
            if let debit { value = (try? debit.magnitude()).flatMap { try? -$0 } }
            else if let credit { value = try? credit.magnitude() }
            else if d != nil || c != nil { value = d ?? c } // a literal zero
        }
        guard var result = value else {
            // No amount: a balance-only row (opening balance line) or a row to skip.
            if let bc = layout.column(.balance), let b = amount(row, bc, what: "a balance", severity: .warning).value,
               let dc = layout.column(.date),
               let day = table.span(row, dc).flatMap({ CSVTable.withBytes($0, in: text, { Day.parse(utf8: $0, order: layout.dayOrder) }) }) {
                balanceOnlyRows.append((day, b, position(row, bc)))
                report(Diagnostic(.note, code: "csv.row.balance-only", "a row with a balance but no amount is read as a balance, not a transaction",
                                  file: file, at: position(row, nil)))
                return nil
            }
            report(.warning("csv.amount.missing", "skipped a row without an amount", file: file,
                            at: position(row, layout.column(.amount) ?? layout.column(.debit))))
            return nil
        }
        if layout.negate {
            guard let n = try? -result else { return nil }
            result = n
        }
        return result
    }
}
