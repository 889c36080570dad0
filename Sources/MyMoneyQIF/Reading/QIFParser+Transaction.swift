import Foundation
@_spi(Speed) import MyMoneyCore

extension QIFParser {
    /// Turns the current register record into a transaction or the account's opening balance.
    mutating func finishTransaction(_ type: QIFRegisterType) {
        guard let first = record.first else { return }
        let slotIndex = currentBlockSlot(type)
        let isFirstRecord = recordsInBlock == 0
        if isFirstRecord { reserveRoomForBlock(slotIndex) }
        recordsInBlock += 1

        guard let dateLine = record.date else {
            diagnostics.append(.error("qif.date.missing", "a transaction has no D (date) line; it is skipped",
                                      file: file, at: position(first)))
            return
        }
        guard let day = readDay(dateLine) else { return }

        let investment = type == .investment
        var amount: Amount
        var extra: [StatementField] = []
        if investment {
            guard let cash = investmentCash(&extra, first: first) else { return }
            amount = cash
        } else if let line = record.amountU ?? record.amountT {
            guard let value = readAmount(line) else { return }
            amount = value
        } else {
            diagnostics.append(.warning("qif.amount.missing", "a transaction has no T (amount) line; read as 0",
                                        file: file, at: position(first)))
            amount = .zero
        }

        var category: String?
        var transferAccount: String?
        var tags: [String] = []
        if let line = record.category {
            let parts = content.categoryField(line, cache: categoryCache, interner: strings)
            category = parts.category
            transferAccount = parts.transferAccount
            tags = parts.tags
        }
        var payee = sharedText(record.payee)
        if let line = record.payee, let p = payee, content.valueContains(line, 0x26) { payee = p.replacingOccurrences(of: "&amp;", with: "&") }

        // The opening balance: the block's first record, "Opening Balance" with the account in brackets
        // (or naming this account whatever its payee).
        if isFirstRecord && slots[slotIndex].opening == nil {
            let isOpeningPayee = category == nil && payee.map(QIFParser.isOpeningBalancePayee) == true
            let ownName = slots[slotIndex].name
            let namesItself = ownName != nil && transferAccount == ownName
                && (record.amountT != nil || record.amountU != nil)
            if isOpeningPayee || namesItself {
                slots[slotIndex].opening = StatementBalance(kind: .opening, amount: amount, day: day,
                                                            currency: options.currency, position: position(first))
                if ownName == nil, let name = transferAccount {
                    slots[slotIndex].name = name
                    slots[slotIndex].nameFromOpeningBalance = true
                }
                return
            }
        }

        if let cleared = record.cleared, let status = clearedStatus(cleared) {
            if extra.isEmpty && record.address.isEmpty && record.other.isEmpty, let shared = clearedExtra(status) {
                extra = shared // one array for every transaction with only this status
            } else {
                extra.append(StatementField("qif.cleared", status))
            }
        }
        for line in record.address { extra.append(StatementField("qif.address", string(line))) }
        for line in record.other { extra.append(otherField(line)) }
        let splits = record.splits.isEmpty ? [] : readSplits(total: amount, first: first)
        if let total = slots[slotIndex].total { slots[slotIndex].total = try? total + amount }
        if slots[slotIndex].latestDay.map({ day > $0 }) ?? true { slots[slotIndex].latestDay = day }
        let memo = sharedMemo(record.memo)
        let number = investment ? nil : text(record.number)
        if slotIndex == 0, let firstStatementSink {
            var t = StatementTransaction(day: day, amount: amount)
            QIFTransactionSetup.fill(&t, day: day, amount: amount, payee: payee, memo: memo,
                                     checkNumber: number, category: category, transferAccount: transferAccount, tags: tags,
                                     splits: splits, extra: extra, position: position(first))
            firstStatementSink(t)
            return
        }
        // Set up in its place in the array (see QIFTransactionSetup).
        let index = slots[slotIndex].transactions.appendBlank()
        QIFTransactionSetup.fill(&slots[slotIndex].transactions[index], day: day, amount: amount, payee: payee, memo: memo,
                                 checkNumber: number, category: category, transferAccount: transferAccount, tags: tags,
                                 splits: splits, extra: extra, position: position(first))
    }

    /// The `extra` of a transaction whose only extra field is its cleared status, one shared array
    /// per status word; nil for other values.
    func clearedExtra(_ status: String) -> [StatementField]? {
        switch status {
        case "cleared": return clearedExtras.cleared
        case "reconciled": return clearedExtras.reconciled
        case "budgeted": return clearedExtras.budgeted
        default: return nil
        }
    }

    /// Makes room for the block's transactions at once (their count is known from the first pass);
    /// the builder grows geometrically, so that many small blocks of one account stay linear.
    mutating func reserveRoomForBlock(_ slotIndex: Int) {
        guard blockDateCounts.indices.contains(blockIndex), slotIndex != 0 || firstStatementSink == nil else { return }
        slots[slotIndex].transactions.reserve(additional: blockDateCounts[blockIndex])
    }

    /// `Opening Balance`, any case.
    static func isOpeningBalancePayee(_ payee: String) -> Bool {
        payee.utf8.count == 15 && payee.lowercased() == "opening balance"
    }

    /// The day of a `D` line under the file's order; nil (with a diagnostic) when it is none.
    mutating func readDay(_ line: QIFLine) -> Day? {
        // Records repeat their dates: a text read before (without a diagnostic) gives the same day.
        if let day = content.cachedDay(line, in: dayCache) { return day }
        let day = readNewDay(line)
        if let day { content.remember(day, for: line, in: dayCache) }
        return day
    }

    private mutating func readNewDay(_ line: QIFLine) -> Day? {
        guard let date = content.dateText(line) else {
            diagnostics.append(.error("qif.date", "cannot read \"\(string(line))\" as a date; the transaction is skipped",
                file: file, at: valuePosition(line),
                notes: ["QIF dates look like 12/31/24, 1/ 1'00, 2/14'2020, 31.12.2024, 2024-12-31 or 26 Jan 2026"]))
            return nil
        }
        if let day = date.fixed { return day }
        guard let dayOrder else { return nil } // the file-level diagnostic explains
        if let day = date.day(dayOrder) { return day }
        diagnostics.append(.error("qif.date", "\"\(string(line))\" is not a day when read \(QIFReader.describe(dayOrder)); the transaction is skipped",
            file: file, at: valuePosition(line),
            notes: ["the file's other dates decided the order; pass ReadOptions.dayOrder (--date-order) to choose another"]))
        return nil
    }

    /// The amount of a money line; nil (with a diagnostic) when it cannot be read.
    mutating func readAmount(_ line: QIFLine) -> Amount? {
        do {
            return try content.amount(line, decimalMark: decimalMark)
        } catch {
            let mark = decimalMark == 0x2C ? "comma" : "point"
            diagnostics.append(.error("qif.amount",
                "cannot read \"\(string(line))\" as an amount: \(error.reason); the transaction is skipped",
                file: file, at: position(line, column: 2 + max(0, min(error.offset, content.valueLength(line)))),
                notes: ["this file's amounts use a decimal \(mark)"]))
            return nil
        }
    }

    /// `C` line: `*`/`c` cleared, `X`/`R` reconciled, `!`/`?` budgeted; the raw value otherwise.
    func clearedStatus(_ line: QIFLine) -> String? {
        guard content.valueLength(line) > 0 else { return nil }
        if let first = content.repeatedByte(line) {
            switch first {
            case 0x2A, 0x63, 0x43: return "cleared"
            case 0x58, 0x78, 0x52, 0x72: return "reconciled"
            case 0x21, 0x3F: return "budgeted"
            default: break
            }
        }
        return string(line)
    }

    /// A line with no slot of its own, kept as `qif.<code>` (`F` reimbursable flag, `X…` business data).
    mutating func otherField(_ line: QIFLine) -> StatementField {
        let code = content.byte(at: line.start)
        let key = code < 0x80 ? "qif." + String(UnicodeScalar(code)) : "qif.field"
        if !notedCodes.contains(code) && code != 0x46 && code != 0x58 {
            notedCodes.insert(code)
            diagnostics.append(Diagnostic(.note, code: "qif.field.unknown",
                "unknown field code \"\(code < 0x80 ? String(UnicodeScalar(code)) : "?")\"; its value is kept as \(key)",
                file: file, position: position(line)))
        }
        return StatementField(key, string(line))
    }
}
