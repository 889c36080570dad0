import Foundation

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
            let parts = categoryCache.field(value(line), strings: strings)
            category = parts.category
            transferAccount = parts.transferAccount
            tags = parts.tags
        }
        var payee = sharedText(record.payee)
        if let line = record.payee, let p = payee, containsAmpersand(line) { payee = p.replacingOccurrences(of: "&amp;", with: "&") }

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
        // The transaction is set up in its place in the array: appending a whole transaction built
        // here copied it (every string retained) and then destroyed the temporary (every string released).
        let memo = sharedMemo(record.memo)
        let number = investment ? nil : text(record.number)
        let index = slots[slotIndex].transactions.count
        if index >= slots[slotIndex].populatedUntil { populateAhead(slotIndex, from: index) }
        slots[slotIndex].transactions.append(blankTransaction)
        QIFParser.fill(&slots[slotIndex].transactions[index], day: day, amount: amount, payee: payee, memo: memo,
                       checkNumber: number, category: category, transferAccount: transferAccount, tags: tags,
                       splits: splits, extra: extra, position: position(first))
    }

    /// Sets a blank transaction's fields (those left nil or empty are not touched).
    @inline(__always)
    static func fill(_ t: inout StatementTransaction, day: Day, amount: Amount, payee: consuming String?,
                     memo: consuming String?, checkNumber: consuming String?, category: consuming String?,
                     transferAccount: consuming String?, tags: consuming [String],
                     splits: consuming [StatementSplit], extra: consuming [StatementField], position: SourcePosition) {
        t.day = day
        t.amount = amount
        if payee != nil { t.payee = payee }
        if memo != nil { t.memo = memo }
        if checkNumber != nil { t.checkNumber = checkNumber }
        if category != nil { t.category = category }
        if transferAccount != nil { t.transferAccount = transferAccount }
        if !tags.isEmpty { t.tags = tags }
        if !splits.isEmpty { t.splits = splits }
        if !extra.isEmpty { t.extra = extra }
        t.position = position
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

    /// Makes room for the block's transactions at once (their count is known from the first pass),
    /// growing geometrically so that many small blocks of one account stay linear.
    mutating func reserveRoomForBlock(_ slotIndex: Int) {
        guard blockDateCounts.indices.contains(blockIndex) else { return }
        let needed = slots[slotIndex].transactions.count + blockDateCounts[blockIndex]
        let capacity = slots[slotIndex].transactions.capacity
        if needed > capacity {
            slots[slotIndex].transactions.reserveCapacity(max(needed, capacity * 2))
            slots[slotIndex].populatedUntil = 0 // the storage has moved
        }
    }

    /// Asks Linux for the memory of the next transactions of a slot in one call
    /// (`MADV_POPULATE_WRITE`, at most 16,384 transactions, about 3 MB, ahead of the last one
    /// written) instead of one page fault per 4 kB page as they are written: a fifth of the time
    /// of a large read went to those faults. Only memory the array already holds and is about to
    /// fill is named, so an estimate of the block's size that is too large costs nothing resident.
    /// A hint: where it is not supported nothing changes but the time.
    mutating func populateAhead(_ slotIndex: Int, from index: Int) {
        let capacity = slots[slotIndex].transactions.capacity
        let until = min(capacity, index + 16384)
        slots[slotIndex].populatedUntil = until
        #if os(Linux)
        let stride = MemoryLayout<StatementTransaction>.stride
        guard (until - index) * stride >= 1 << 20 else { return } // small arrays fault a few pages only
        slots[slotIndex].transactions.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let page: UInt = 4096
            let address = UInt(bitPattern: UnsafeMutableRawPointer(base))
            let start = (address + UInt(index * stride) + page - 1) & ~(page - 1)
            let end = (address + UInt(until * stride)) & ~(page - 1)
            guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(pointer, Int(end - start), 23) // MADV_POPULATE_WRITE (Linux 5.14)
        }
        #endif
    }

    /// `Opening Balance`, any case.
    static func isOpeningBalancePayee(_ payee: String) -> Bool {
        payee.utf8.count == 15 && payee.lowercased() == "opening balance"
    }

    /// Whether a line's value holds `&` (then `&amp;` is decoded).
    func containsAmpersand(_ line: QIFLine) -> Bool {
        let v = value(line)
        guard let base = v.baseAddress, v.count > 0 else { return false }
        return memchr(base, 0x26, v.count) != nil
    }

    /// The day of a `D` line under the file's order; nil (with a diagnostic) when it is none.
    mutating func readDay(_ line: QIFLine) -> Day? {
        let bytes = value(line)
        // Records repeat their dates: a text read before (without a diagnostic) gives the same day.
        guard let key = dayCache.key(bytes) else { return readNewDay(line, bytes) }
        if let day = dayCache.day(bytes, key: key) { return day }
        let day = readNewDay(line, bytes)
        if let day { dayCache.store(day, length: bytes.count, key: key) }
        return day
    }

    private mutating func readNewDay(_ line: QIFLine, _ bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard let date = QIFDateText.scan(bytes) else {
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
        let bytes = value(line)
        do {
            return try QIFAmountText.parse(bytes, decimalMark: decimalMark)
        } catch {
            let mark = decimalMark == 0x2C ? "comma" : "point"
            diagnostics.append(.error("qif.amount",
                "cannot read \"\(string(line))\" as an amount: \(error.reason); the transaction is skipped",
                file: file, at: position(line, column: 2 + max(0, min(error.offset, bytes.count))),
                notes: ["this file's amounts use a decimal \(mark)"]))
            return nil
        }
    }

    /// `C` line: `*`/`c` cleared, `X`/`R` reconciled, `!`/`?` budgeted; the raw value otherwise.
    func clearedStatus(_ line: QIFLine) -> String? {
        let v = value(line)
        guard let first = v.first else { return nil }
        if v.count == 1 || v.allSatisfy({ $0 == first }) {
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
        let code = bytes[line.start]
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
