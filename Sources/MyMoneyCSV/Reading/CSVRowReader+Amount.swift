extension CSVRowReader {
    /// A row's amount as read: signed by its column, its indicator word or its debit/credit
    /// column; an unknown indicator word's class (its sign is left to the balance chain); the
    /// currency of a currency-named amount column.
    struct ReadAmount {
        var amount: Amount
        var wordClass: UInt8 = 0
        var currency: Currency?
    }

    /// The row's amount from whichever columns the layout uses; nil (with a diagnostic or a note) when unusable.
    mutating func readAmount(_ row: Int) -> ReadAmount? {
        var value: Amount?
        var wordClass: UInt8 = 0
        var currency: Currency?
        if let c = columns.amount {
            let (a, ok) = amount(row, c, what: "an amount")
            guard ok else { skips.failed += 1; return nil }
            value = a
            if let a, let ic = columns.indicator {
                let word = CSVLayout.indicatorWord(string(row, ic))
                if word.isEmpty {
                    value = a
                } else if layout.debitValues.contains(word) {
                    value = (try? a.magnitude()).flatMap { try? -$0 }
                } else if layout.creditValues.contains(word) {
                    value = try? a.magnitude()
                } else if let k = unknownWordClass(word) {
                    // A word the vocabulary does not know: read unsigned, the balances decide.
                    wordClass = k
                    value = try? a.magnitude()
                } else {
                    let shown = string(row, ic)
                    let outWords = layout.debitValues.sorted().joined(separator: " ")
                    let inWords = layout.creditValues.sorted().joined(separator: " ")
                    let hint: String = "known values: " + outWords + " (out), " + inWords + " (in); set debit-values/credit-values in a profile"
                    report(.error("csv.indicator", "cannot tell whether \"" + shown + "\" means money out or in",
                                  file: file, at: position(row, ic), notes: [hint]))
                    skips.failed += 1
                    return nil
                }
            }
        } else if columns.debit != nil || columns.credit != nil {
            let (d, okD) = amount(row, columns.debit, what: "a debit amount")
            let (c, okC) = amount(row, columns.credit, what: "a credit amount")
            guard okD && okC else { skips.failed += 1; return nil }
            let debit = (d?.isZero ?? true) ? nil : d
            let credit = (c?.isZero ?? true) ? nil : c
            if let debit, let credit {
                report(.error("csv.amount.both", "both the debit (\(debit)) and the credit (\(credit)) column hold an amount",
                              file: file, at: position(row, layout.column(.debit)),
                              notes: ["a row must move money one way; fix the row or map a single amount column"]))
                skips.failed += 1
                return nil
            }
            if let debit { value = (try? debit.magnitude()).flatMap { try? -$0 } }
            else if let credit { value = try? credit.magnitude() }
            else if d != nil || c != nil { value = d ?? c } // a literal zero
        } else if !layout.currencyAmounts.isEmpty {
            // Columns named only by a currency (`CAD$`, `USD$`): the filled one gives amount and currency.
            var found: (amount: Amount, currency: Currency, column: Int)?
            for (column, columnCurrency) in layout.currencyAmounts {
                let (a, ok) = amount(row, column, what: "an amount")
                guard ok else { skips.failed += 1; return nil }
                guard let a else { continue }
                if let first = found, !(first.amount.isZero || a.isZero) {
                    report(.error("csv.amount.both", "both the \(first.currency.code) (\(first.amount)) and the \(columnCurrency.code) (\(a)) column hold an amount",
                                  file: file, at: position(row, first.column),
                                  notes: ["a row moves money in one currency; fix the row or map a single amount column"]))
                    skips.failed += 1
                    return nil
                }
                if found == nil || found!.amount.isZero { found = (a, columnCurrency, column) }
            }
            value = found?.amount
            currency = found?.currency
        }
        guard var result = value else {
            // No amount: a balance-only row (opening balance line) or a row to skip.
            let order = layout.dayOrder
            if let bc = columns.balance, let b = amount(row, bc, what: "a balance", severity: .warning).value,
               let dc = columns.date,
               let day = table.span(row, dc).flatMap({ CSVTable.withBytes($0, in: text, { DateCell.day($0, order: order) }) }) {
                balanceOnlyRows.append((day, b, position(row, bc)))
                report(Diagnostic(.note, code: "csv.row.balance-only", "a row with a balance but no amount is read as a balance, not a transaction",
                                  file: file, at: position(row, nil)))
                skips.balanceOnly += 1
                return nil
            }
            report(.warning("csv.amount.missing", "skipped a row without an amount", file: file,
                            at: position(row, columns.amount ?? columns.debit ?? layout.currencyAmounts.first?.column)))
            skips.noAmount += 1
            return nil
        }
        if layout.negate {
            guard let n = try? -result else { skips.failed += 1; return nil }
            result = n
        }
        return ReadAmount(amount: result, wordClass: wordClass, currency: currency)
    }

    /// The class of an indicator word the vocabulary does not know, when the balance column can
    /// decide its sign (at most six such words); nil otherwise.
    mutating func unknownWordClass(_ word: String) -> UInt8? {
        guard columns.balance != nil else { return nil }
        if let k = unknownWords.firstIndex(of: word) { return UInt8(k + 1) }
        guard unknownWords.count < 6 else { return nil }
        unknownWords.append(word)
        return UInt8(unknownWords.count)
    }
}
