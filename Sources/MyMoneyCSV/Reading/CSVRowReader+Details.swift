extension CSVRowReader {
    /// Whether a row fits the table; a row with more fields than the table is an error unless
    /// the extra cells are empty (a trailing delimiter) or the profile allows them. A money cell
    /// followed by a bare run of digits outside the named columns is an amount split at an
    /// unquoted decimal comma (`-12,50` in a comma file) and is an error even then.
    mutating func fitsTheTable(_ row: Int, fieldCount: Int) -> Bool {
        if fieldCount >= splitCheckWidth, hasSplitAmount(row, fieldCount: fieldCount) { return false }
        guard fieldCount > layout.acceptedWidth, !layout.allowsWideRows else { return true }
        guard let extra = (layout.acceptedWidth..<fieldCount).first(where: { !isBlank(row, $0) }) else { return true }
        let found = (extra..<fieldCount).map { string(row, $0) }.filter { !$0.isEmpty }.prefix(3).map { "\"\($0)\"" }
        report(.error("csv.row.long", "the row has \(fieldCount) fields, the table \(layout.acceptedWidth): found \(found.joined(separator: ", ")) beyond its last column",
                      file: file, at: position(row, extra),
                      notes: ["a value holding the delimiter must be quoted; if the file is right, say wide-rows: keep in a profile"]))
        return false
    }

    /// Whether a money cell of the row is an integer followed by its own decimal part (reported).
    mutating func hasSplitAmount(_ row: Int, fieldCount: Int) -> Bool {
        for c in splittableMoney where c + 1 < fieldCount {
            let whole = table.span(row, c).map { CSVTable.withBytes($0, in: text, CSVRowReader.isBareInteger) } ?? false
            let tail = table.span(row, c + 1).map { CSVTable.withBytes($0, in: text, CSVRowReader.isDecimalTail) } ?? false
            guard whole && tail else { continue }
            let a = string(row, c), b = string(row, c + 1)
            report(.error("csv.row.long", "\"\(a)\" and \"\(b)\" look like one amount \"\(a),\(b)\" split at an unquoted decimal comma",
                          file: file, at: position(row, c + 1),
                          notes: ["the row has \(fieldCount) fields; the header names \(layout.headerWidth)",
                                  "quote amounts that contain the delimiter, or export with another delimiter"]))
            return true
        }
        return false
    }

    /// `-12`, `1234`: digits with an optional sign, no mark.
    static func isBareInteger(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        for (k, b) in cell.enumerated() {
            if b &- 0x30 < 10 { digits += 1 } else if !(k == 0 && (b == 0x2D || b == 0x2B)) { return false }
        }
        return digits > 0
    }

    /// `50`, `5`, `500`: the digits after a decimal comma.
    static func isDecimalTail(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        cell.count >= 1 && cell.count <= 3 && cell.allSatisfy { $0 &- 0x30 < 10 }
    }

    /// A row without a date and without a balance: a part of the collective order above it
    /// (amount and text), or text that continues its memo; nil (diagnosed) when it has neither.
    mutating func detailLine(_ row: Int) -> DetailLine? {
        var amount: Amount?
        if let c = columns.amount ?? columns.debit ?? columns.credit ?? layout.currencyAmounts.first?.column {
            let read = self.amount(row, c, what: "an amount")
            guard read.ok else { skips.failed += 1; return nil }
            amount = read.value
            if amount == nil, c == columns.debit, let credit = columns.credit { amount = self.amount(row, credit, what: "an amount").value }
        }
        var parts: [String] = []
        for c in (columns.payee ?? []) + (columns.memo ?? []) { if let s = cellText(row, c) { parts.append(s) } }
        if amount == nil && parts.isEmpty {
            // Neither amount nor text: nothing to attach (a blank-dated filler line).
            report(.error("csv.date", "the date is empty", file: file, at: position(row, columns.date),
                          notes: ["column \"\(layout.columnNames[safe: columns.date ?? 0] ?? "")\""]))
            skips.failed += 1
            return nil
        }
        return DetailLine(amount: amount, text: parts.isEmpty ? nil : parts.joined(separator: " "), row: row)
    }

    /// Attaches the detail lines below a transaction: lines with amounts that add up to it
    /// become its splits, text-only lines continue its memo. Amounts that do not add up are an error.
    mutating func attach(_ details: [DetailLine], to t: inout StatementTransaction) {
        let priced = details.filter { $0.amount != nil }
        var memo = details.filter { $0.amount == nil }.compactMap(\.text)
        if !priced.isEmpty {
            let amounts = priced.compactMap(\.amount)
            let sum = amounts.reduce(Amount.zero as Amount?) { s, a in s.flatMap { try? $0 + a } }
            let magnitudes = amounts.reduce(Amount.zero as Amount?) { s, a in s.flatMap { s in (try? a.magnitude()).flatMap { try? s + $0 } } }
            let total = try? t.amount.magnitude()
            if sum == t.amount || (magnitudes != nil && magnitudes == total) {
                let sameSign = sum == t.amount
                t.splits = priced.map { line in
                    var a = line.amount ?? .zero
                    if !sameSign, let m = try? a.magnitude() { a = t.amount.isNegative ? ((try? -m) ?? m) : m }
                    return StatementSplit(amount: a, memo: line.text)
                }
            } else {
                let first = priced[0]
                report(.error("csv.detail.sum", "the \(priced.count) line\(priced.count == 1 ? "" : "s") without a date below a transaction of \(t.amount) add up to \(sum.map { "\($0)" } ?? "more than an amount holds")",
                              file: file, at: position(first.row, columns.amount ?? columns.debit),
                              notes: ["lines without a date are read as the parts of the order above them; their amounts must add up to it"]))
                memo += priced.compactMap(\.text)
            }
        }
        if !memo.isEmpty { t.memo = ([t.memo].compactMap { $0 } + memo).joined(separator: "; ") }
    }
}
