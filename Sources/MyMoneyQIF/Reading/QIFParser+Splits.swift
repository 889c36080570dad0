@_spi(Speed) import MyMoneyCore

extension QIFParser {
    /// The record's split lines; checks that they add up to the total.
    ///
    /// A split without `$` but with `%` gets that share of the total. When the splits add up to
    /// exactly minus the total they are flipped (GnuCash does the same); otherwise a warning names both sums.
    mutating func readSplits(total: Amount, first: QIFLine) -> [StatementSplit] {
        var splits: [StatementSplit] = []
        splits.reserveCapacity(record.splits.count)
        var sum: Amount? = .zero
        for raw in record.splits {
            var amount: Amount?
            if let line = raw.amount {
                guard let value = readSplitAmount(line) else { continue }
                amount = value
            } else if let line = raw.percent {
                amount = percentShare(line, of: total)
            }
            var category: String?
            var transferAccount: String?
            var tags: [String] = []
            if let line = raw.category {
                let parts = content.categoryField(line, cache: categoryCache, interner: strings)
                category = parts.category
                transferAccount = parts.transferAccount
                tags = parts.tags
            }
            if amount == nil {
                diagnostics.append(.warning("qif.split.amount", "a split has no $ (amount) line; read as 0",
                    file: file, at: position(raw.category ?? raw.memo ?? first)))
            }
            let value = amount ?? .zero
            if let running = sum { sum = try? running + value }
            splits.append(StatementSplit(amount: value, category: category, transferAccount: transferAccount,
                                         memo: sharedMemo(raw.memo), tags: tags))
        }
        guard let sum else {
            diagnostics.append(.warning("qif.split.sum", "the split amounts are too large to add up",
                                        file: file, at: position(first)))
            return splits
        }
        if sum != total {
            if let flipped = try? -sum, flipped == total, !total.isZero {
                diagnostics.append(Diagnostic(.note, code: "qif.split.sign",
                    "the split amounts add up to \(sum) but the transaction amount is \(total); their signs were flipped",
                    file: file, position: position(first)))
                return splits.map { split in
                    var s = split
                    s.amount = (try? -split.amount) ?? split.amount
                    return s
                }
            }
            diagnostics.append(.warning("qif.split.sum",
                "the split amounts add up to \(sum) but the transaction amount is \(total)",
                file: file, at: position(first),
                notes: ["the transaction keeps its amount \(total); check the splits in the exporting program"]))
        }
        return splits
    }

    /// A split amount, with a diagnostic when unreadable (the split is then dropped).
    mutating func readSplitAmount(_ line: QIFLine) -> Amount? {
        do {
            return try content.amount(line, decimalMark: decimalMark)
        } catch {
            diagnostics.append(.error("qif.amount",
                "cannot read \"\(string(line))\" as a split amount: \(error.reason); the split is dropped",
                file: file, at: position(line, column: 2 + max(0, min(error.offset, content.valueLength(line))))))
            return nil
        }
    }

    /// `total × percent / 100`, at the total's scale (at least 2).
    func percentShare(_ line: QIFLine, of total: Amount) -> Amount? {
        var text = string(line).trimmingBlanks()
        if text.hasSuffix("%") { text.removeLast() }
        guard let percent = QIFAmountText.fastParse(text, decimalMark: decimalMark),
              let fraction = try? percent.divided(by: Amount(units: 100), scale: min(percent.scale + 2, Amount.maximumScale)) else {
            return nil
        }
        return try? total.multiplied(by: fraction, scale: max(total.scale, 2))
    }
}
