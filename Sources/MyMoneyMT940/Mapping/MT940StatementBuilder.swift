/// Builds statements from the fields of MT940/MT942 messages, in file order: `:20:` starts a
/// statement, `:61:` a transaction that the `:86:` fields after it describe, balances and the
/// rest fill in the statement; each message's end (or the next `:20:`) finishes it.
struct MT940StatementBuilder {
    let text: UnsafeBufferPointer<UInt8>
    let file: String
    let options: ReadOptions
    private(set) var statements: [Statement] = []
    var diagnostics: [Diagnostic] = []

    private var current: MT940StatementInProgress?
    private var pending: PendingLine?

    /// A `:61:` waiting for the `:86:` (and `:NS:`) fields after it; the first `:86:` is kept
    /// apart so the usual line needs no array.
    private struct PendingLine {
        var line: MT940StatementLine
        var field: MT940Field
        var firstDetail: MT940Field?
        var moreDetails: [MT940Field] = []
        var extra: [StatementField] = []
    }
    private var scratch = MT940Details.Scratch()
    /// The content lines of the `:86:` fields of the line being read, reused.
    private var detailLines: [UnsafeBufferPointer<UInt8>] = []
    private var warnedNoReference = false

    init(text: UnsafeBufferPointer<UInt8>, file: String, options: ReadOptions) {
        self.text = text
        self.file = file
        self.options = options
        detailLines.reserveCapacity(16)
    }

    mutating func take(_ field: MT940Field) {
        if field.tag == .transactionReference {
            flushLine()
            finishStatement()
            begin(field)
            let reference = firstLineText(field)
            current?.reference = reference
            if let r = reference { current?.statement.extra.append(StatementField("transaction reference", r)) }
            return
        }
        if current == nil {
            begin(field)
            if !warnedNoReference {
                warnedNoReference = true
                diagnostics.append(.warning("mt940.structure", "a :\(field.name ?? field.tag.written): field comes before any :20: (which starts a statement); the fields are read as a statement without a reference",
                                            file: file, at: field.position))
            }
        }
        switch field.tag {
        case .transactionReference: return
        case .statementLine:
            flushLine()
            readLine(field)
        case .information:
            if pending != nil {
                if pending!.firstDetail == nil { pending!.firstDetail = field } else { pending!.moreDetails.append(field) }
            } else {
                statementField("information", field)
            }
        case .nonSwift:
            if pending != nil { pending!.extra.append(StatementField("NS", allLines(field, separator: " "))) } else { statementField("NS", field) }
        case .other:
            let key = field.name ?? "?"
            if pending != nil { pending!.extra.append(StatementField(key, allLines(field, separator: " "))) } else { statementField(key, field) }
        default:
            flushLine()
            takeStatementField(field)
        }
    }

    /// A message ended (`-`): its statement is complete.
    mutating func endMessage() {
        flushLine()
        finishStatement()
    }

    mutating func finish() {
        endMessage()
    }

    // MARK: - Statement fields

    private mutating func takeStatementField(_ field: MT940Field) {
        switch field.tag {
        case .account:
            guard current?.statement.account.id == nil else {
                diagnostics.append(.warning("mt940.structure", "a second :25: in one statement; the first account stays", file: file, at: field.position))
                return
            }
            readAccount(field)
        case .statementNumber:
            guard let written = firstLineText(field) else { return }
            let parts = written.split(separator: "/", maxSplits: 1)
            current?.statement.extra.append(StatementField("statement number", parts.first.map(String.init) ?? written))
            if parts.count == 2 { current?.statement.extra.append(StatementField("sequence number", String(parts[1]))) }
        case .openingFinal, .openingIntermediate:
            guard let b = balance(field) else { return }
            if current?.opening != nil {
                diagnostics.append(.warning("mt940.structure", "a second opening balance in one statement; the last one counts", file: file, at: field.position))
            }
            current?.opening = (b, field.tag == .openingIntermediate, field.position)
        case .closingFinal, .closingIntermediate:
            guard let b = balance(field) else { return }
            if current?.closing != nil {
                diagnostics.append(.warning("mt940.structure", "a second closing balance in one statement; the last one counts", file: file, at: field.position))
            }
            current?.closing = (b, field.tag == .closingIntermediate, field.position)
        case .closingAvailable, .forwardAvailable:
            guard let b = balance(field) else { return }
            current?.available.append((b, field.position, field.tag == .forwardAvailable))
        case .dateTime, .floorLimit, .debitSummary, .creditSummary:
            current?.interim = true
            if field.tag != .dateTime, current?.accountCurrency == nil {
                let currency = interimCurrency(field)
                current?.accountCurrency = currency
            }
            let keys: [MT940Tag: String] = [.dateTime: "date and time", .floorLimit: "floor limit",
                                            .debitSummary: "debit entries", .creditSummary: "credit entries"]
            statementField(keys[field.tag] ?? "?", field)
        case .relatedReference:
            statementField("related reference", field)
        default:
            return
        }
    }

    private mutating func readAccount(_ field: MT940Field) {
        guard var written = firstLineText(field) else { return }
        // A currency glued to the end (`1291.99.348EUR`, `…/HUF`) is taken off and remembered.
        let bytes = Array(written.utf8)
        if bytes.count > 4 {
            let tail = bytes.suffix(3)
            let before = bytes[bytes.count - 4]
            if tail.allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }), before &- 0x30 < 10 || before == 0x2F,
               let currency = Currency(code: String(decoding: tail, as: UTF8.self)) {
                current?.accountCurrency = currency
                written = String(decoding: bytes.prefix(bytes.count - (before == 0x2F ? 4 : 3)), as: UTF8.self)
                current?.statement.extra.append(StatementField("account as written", String(decoding: bytes, as: UTF8.self)))
            }
        }
        current?.statement.account.id = written
        if let slash = written.firstIndex(of: "/"), slash != written.startIndex {
            current?.statement.account.bankId = String(written[..<slash])
        }
    }

    /// The currency of an MT942 floor limit (`:34F:EURD0,00`) or entry summary (`:90D:3EUR12,50`).
    private func interimCurrency(_ field: MT940Field) -> Currency? {
        var k = field.contentStart
        while k < field.firstLineEnd, text[k] &- 0x30 < 10 { k += 1 }
        guard k + 3 <= field.firstLineEnd else { return nil }
        return Currency(code: String(decoding: UnsafeBufferPointer(rebasing: text[k..<(k + 3)]), as: UTF8.self))
    }

    private mutating func balance(_ field: MT940Field) -> MT940Balance? {
        let line = UnsafeBufferPointer(rebasing: text[field.contentStart..<field.firstLineEnd])
        let reader = MT940FieldDiagnostics(field: field, file: file)
        return MT940Balance.read(line, field: reader.field, file: file, diagnostics: &diagnostics)
    }

    // MARK: - Statement lines

    private mutating func readLine(_ field: MT940Field) {
        let reader = MT940FieldDiagnostics(field: field, file: file)
        let first = UnsafeBufferPointer(rebasing: text[field.contentStart..<field.firstLineEnd])
        guard field.contentEnd > field.firstLineEnd else {
            // One line, the common case: no array of lines.
            switch MT940StatementLine.read(first, rest: nil, reader: reader, diagnostics: &diagnostics) {
            case .line(let line): pending = PendingLine(line: line, field: field)
            case let outcome: lineFailed(field, reader: reader, truncated: outcome)
            }
            return
        }
        var lines: [UnsafeBufferPointer<UInt8>] = []
        field.lines(in: text) { lines.append($0) }
        let rest = lines.count > 1 ? joined(lines.dropFirst(), separator: " ") : nil
        switch MT940StatementLine.read(first, rest: rest, reader: reader, diagnostics: &diagnostics) {
        case .line(let line):
            pending = PendingLine(line: line, field: field)
        case .truncated where lines.count > 1:
            // Sparkasse breaks the line before the amount: the first two lines are one.
            var joinedBytes = Array(lines[0])
            joinedBytes.append(contentsOf: lines[1])
            let restAfter = lines.count > 2 ? joined(lines.dropFirst(2), separator: " ") : nil
            let outcome = joinedBytes.withUnsafeBufferPointer {
                MT940StatementLine.read($0, rest: restAfter, reader: reader, diagnostics: &diagnostics)
            }
            if case .line(let line) = outcome { pending = PendingLine(line: line, field: field) } else { lineFailed(field, reader: reader, truncated: outcome) }
        case let outcome:
            lineFailed(field, reader: reader, truncated: outcome)
        }
    }

    private mutating func lineFailed(_ field: MT940Field, reader: MT940FieldDiagnostics, truncated outcome: MT940StatementLine.Outcome) {
        current?.lineFailed = true
        if case .truncated = outcome {
            diagnostics.append(reader.error("mt940.field", "the statement line ends early: expected a value date, a debit/credit mark, an amount and a transaction type",
                                            at: field.firstLineEnd - field.contentStart))
        }
    }

    /// The transaction of the `:61:` read last, with the `:86:` fields that followed it.
    private mutating func flushLine() {
        guard let p = pending else { return }
        pending = nil
        let line = p.line
        var extra: [StatementField] = []
        extra.reserveCapacity(16)
        extra.append(StatementField("value date", MT940StatementBuilder.isoText(line.valueDay)))
        if line.mark.utf8.count == 2 {
            extra.append(StatementField("mark", line.mark))
            if line.mark.utf8.first == 0x52 { extra.append(StatementField("reversal", "true")) }
        }
        if let funds = line.fundsCode { extra.append(StatementField("funds code", funds)) }
        if let c = line.customerReference { extra.append(StatementField("customer reference", c)) }
        let id = line.bankReference.flatMap { MT940StatementBuilder.isPlaceholder($0) ? nil : $0 }
        if let b = line.bankReference, id == nil { extra.append(StatementField("bank reference", b)) }
        let supplementaryAt = extra.count
        var details: (payee: String?, memo: String?) = (nil, nil)
        if let first = p.firstDetail {
            detailLines.removeAll(keepingCapacity: true)
            first.lines(in: text) { detailLines.append($0) }
            for f in p.moreDetails { f.lines(in: text) { detailLines.append($0) } }
            details = MT940Details.read(detailLines, scratch: &scratch, extra: &extra)
        }
        var payee = details.payee
        if let s = line.supplementaryDetails {
            if payee == nil, MT940StatementBuilder.looksLikeName(s) { payee = s } else {
                extra.insert(StatementField("supplementary details", s), at: supplementaryAt)
            }
        }
        extra += p.extra
        let type = line.typeCode.trimmingSpaces
        var t = StatementTransaction(day: line.entryDay ?? line.valueDay, amount: line.amount, payee: payee, memo: details.memo,
                                     id: id, bankType: type.isEmpty ? nil : type, position: p.field.position)
        t.extra = extra
        if current != nil {
            if !current!.sumOverflowed {
                do { current!.bookedSum = try current!.bookedSum + t.amount } catch { current!.sumOverflowed = true }
            }
            current!.statement.transactions.append(t)
        }
    }

    /// `YYYY-MM-DD` without `Day.description`'s padding work.
    static func isoText(_ day: Day) -> String {
        let c = day.components
        guard (1...9999).contains(c.year) else { return day.description }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 10) { b in
            b[0] = UInt8(0x30 + c.year / 1000); b[1] = UInt8(0x30 + c.year / 100 % 10)
            b[2] = UInt8(0x30 + c.year / 10 % 10); b[3] = UInt8(0x30 + c.year % 10); b[4] = 0x2D
            b[5] = UInt8(0x30 + c.month / 10); b[6] = UInt8(0x30 + c.month % 10); b[7] = 0x2D
            b[8] = UInt8(0x30 + c.day / 10); b[9] = UInt8(0x30 + c.day % 10)
            return String(decoding: b, as: UTF8.self)
        }
    }

    // MARK: - Helpers

    private mutating func begin(_ field: MT940Field) {
        current = MT940StatementInProgress(statement: Statement(source: StatementSource(file: file, format: "mt940")), position: field.position)
    }

    private mutating func finishStatement() {
        guard let open = current else { return }
        current = nil
        statements.append(open.finish(options: options, file: file, diagnostics: &diagnostics))
    }

    private mutating func statementField(_ key: String, _ field: MT940Field) {
        let value = allLines(field, separator: key == "information" ? " " : " ")
        if !value.isEmpty { current?.statement.extra.append(StatementField(key, value)) }
    }

    private func firstLineText(_ field: MT940Field) -> String? {
        MT940StatementLine.text(UnsafeBufferPointer(rebasing: text[field.contentStart..<field.firstLineEnd]), 0, field.firstLineEnd - field.contentStart)
    }

    private func allLines(_ field: MT940Field, separator: String) -> String {
        var lines: [UnsafeBufferPointer<UInt8>] = []
        field.lines(in: text) { lines.append($0) }
        return joined(lines[...], separator: separator) ?? ""
    }

    private func joined(_ lines: ArraySlice<UnsafeBufferPointer<UInt8>>, separator: String) -> String? {
        let parts = lines.compactMap { MT940StatementLine.text($0, 0, $0.count) }
        return parts.isEmpty ? nil : parts.joined(separator: separator)
    }

    /// Whether supplementary details read like a name (Rabobank, ASN put the counterparty there):
    /// two letters or more and a space, and not an IBAN.
    static func looksLikeName(_ s: String) -> Bool {
        var letters = 0
        var space = false
        for b in s.utf8 {
            if (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b >= 0xC0 { letters += 1 }
            if b == 0x20 { space = true }
        }
        return letters >= 2 && space
    }

    static func isPlaceholder(_ s: String) -> Bool { s == "NONREF" || s == "NOTPROVIDED" || s == "NONE" }
}

extension String {
    /// Without leading and trailing spaces.
    var trimmingSpaces: String {
        guard first == " " || last == " " else { return self }
        return String(drop(while: { $0 == " " }).reversed().drop(while: { $0 == " " }).reversed())
    }
}
