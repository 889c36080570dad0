import Foundation

/// Turns the stream of OFX elements into normalized `Statement`s (format notes §4–§15).
///
/// Receives element starts, text and element ends from the SGML reader or libxml2. An element that
/// ends without child elements is a leaf: its text is dispatched by its parent's name. Known
/// aggregates start and finish statements, transactions and balances. Text becomes a `String`
/// only for values that are kept.
struct OFXStatementBuilder {
    let file: String
    let options: ReadOptions
    var statements: [Statement] = []
    var diagnostics: [Diagnostic] = []
    /// Whether the file carries Intuit's `INTU.BID` (a QFX file).
    var hasIntuitBankId = false
    var discardedTransactions = 0
    /// The size of the text being read, in bytes: a statement reserves room for the
    /// transactions the rest of the text can hold, so its array never grows by copying (room
    /// never written to costs address space, not memory; it is given back when the statement ends).
    var sizeHint = 0
    /// When set, each finished transaction goes here (with its statement's account) instead of
    /// into its statement: memory then does not grow with the number of transactions.
    var sink: ((StatementTransaction, StatementAccount) -> Void)?
    /// Transactions handed to `sink` so far.
    var delivered = 0
    /// Transactions not to hand to `sink` again: an XML body that broke off after handing some
    /// out is read again as SGML, which finds the same ones first.
    var alreadyDelivered = 0
    var skippedSecurityRecords = 0

    // The open elements.
    var stack: [OFXTag] = []
    var isLeafCandidate = false
    /// The current leaf's text: the first `valueLength` bytes of `value` (reused, never shrunk).
    var value: [UInt8] = []
    var valueLength = 0
    var repeated = RepeatedText()
    var unknownName: String?

    // What is being built.
    var signonExtra: [StatementField] = []
    var status: OFXStatus?
    var responseExtra: [StatementField] = []
    // The statement and transaction in progress live in place (not in Optionals) so that setting
    // a field never copies the whole value; `inStatement`/`inTransaction` say whether they are live.
    var st = StatementInProgress(statement: Statement(source: StatementSource(file: "", format: "ofx")), tag: .unknown)
    var inStatement = false
    var tx = TransactionInProgress.empty
    var inTransaction = false
    /// Whether `tx` holds anything from a started transaction (cleared when it finishes).
    var transactionDirty = false
    var balance: BalanceInProgress?
    var ballistEntry: [String: String] = [:]
    var pendingStatuses: [Diagnostic] = []

    struct StatementInProgress {
        var statement: Statement
        var tag: OFXTag
        var position: SourcePosition?
        var start: OFXDateTime?
        var end: OFXDateTime?
        var curdefSeen = false
        /// Transactions handed to ``OFXStatementBuilder/sink`` rather than kept.
        var streamed = 0
    }

    struct TransactionInProgress {
        var transaction: StatementTransaction
        var tag: OFXTag
        var day: Day?
        var tradeDay: Day?
        var settleDay: Day?
        var amount: Amount?
        var problems: [String] = []
        var warnings: [String] = []
        var currencySymbol: String?
        var currencyIsOriginal = false

        static let empty = TransactionInProgress(transaction: StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero), tag: .unknown)
    }

    static let placeholderTransaction = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)

    struct BalanceInProgress {
        var kind: StatementBalance.Kind
        var amount: Amount?
        var day: Day?
        var problem: String?
        var position: SourcePosition?
    }

    init(file: String, options: ReadOptions) {
        self.file = file
        self.options = options
        value = [UInt8](repeating: 0, count: 256)
    }

    // MARK: - Events

    /// An element starts; `name` is its name as written (made a String only when `tag` is `.unknown`).
    mutating func begin(_ tag: OFXTag, name: UnsafeBufferPointer<UInt8>, position: SourcePosition?) {
        stack.append(tag)
        isLeafCandidate = true
        valueLength = 0
        if tag == .unknown { unknownName = String(decoding: name, as: UTF8.self) } else if unknownName != nil { unknownName = nil }
        if tag.carriesPosition || tag == .STMTTRN { aggregateStart(tag, position: position) }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard isLeafCandidate, valueLength < 1 << 20, bytes.count > 0 else { return }
        let needed = valueLength + bytes.count
        if needed > value.count { value.append(contentsOf: repeatElement(0, count: max(needed - value.count, 256))) }
        value.withUnsafeMutableBufferPointer { b in
            (b.baseAddress! + valueLength).update(from: bytes.baseAddress!, count: bytes.count)
        }
        valueLength = needed
    }

    /// One byte of text (a decoded reference or a replaced control character).
    mutating func text(byte: UInt8) {
        guard isLeafCandidate, valueLength < 1 << 20 else { return }
        if valueLength == value.count { value.append(contentsOf: repeatElement(0, count: 256)) }
        value[valueLength] = byte
        valueLength += 1
    }

    /// One character of text, as UTF-8 (a decoded character reference).
    mutating func text(scalar: UInt32) {
        guard let s = Unicode.Scalar(scalar) else { return }
        for b in String(Character(s)).utf8 { text(byte: b) }
    }

    mutating func end() {
        guard let tag = stack.popLast() else { return }
        if isLeafCandidate {
            isLeafCandidate = false
            let parent = stack.last ?? .unknown
            if !tag.isAggregate || hasText { leaf(tag, parent: parent) }
        }
        if tag.isAggregate { aggregateEnd(tag) }
    }

    var hasText: Bool {
        value[0..<valueLength].contains { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    }

    // MARK: - Values

    static func trimmedRange(_ value: [UInt8], _ count: Int) -> Range<Int> {
        var s = 0, e = count
        while s < e, value[s] == 0x20 || value[s] == 0x09 || value[s] == 0x0A || value[s] == 0x0D { s += 1 }
        while e > s, value[e - 1] == 0x20 || value[e - 1] == 0x09 || value[e - 1] == 0x0A || value[e - 1] == 0x0D { e -= 1 }
        return s..<e
    }

    /// The leaf's text, trimmed; entities double-escaped by the bank (`&amp;lt;`) decoded once more.
    static func text(_ value: [UInt8], _ count: Int) -> String {
        let r = trimmedRange(value, count)
        return value.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[r])
            let s = String(decoding: bytes, as: UTF8.self)
            guard let base = bytes.baseAddress, memchr(base, 0x26, bytes.count) != nil else { return s }
            return OFXText.decodeEscapedEntities(s)
        }
    }

    /// The text with ASCII letters upper-cased (type words such as `Credit`).
    static func upperText(_ value: [UInt8], _ count: Int) -> String {
        let r = trimmedRange(value, count)
        return String(unsafeUninitializedCapacity: r.count) { out in
            for (i, b) in value[r].enumerated() { out[i] = (b >= 0x61 && b <= 0x7A) ? b - 0x20 : b }
            return r.count
        }
    }

    /// The current leaf's text like ``text(_:_:)``, nil when empty; a value seen shortly before
    /// shares that one's storage (payees, posting time stamps).
    mutating func keptText() -> String? {
        let r = Self.trimmedRange(value, valueLength)
        guard !r.isEmpty else { return nil }
        return value.withUnsafeBufferPointer { all in
            let bytes = UnsafeBufferPointer(rebasing: all[r])
            guard let base = bytes.baseAddress, memchr(base, 0x26, bytes.count) == nil else {
                return OFXText.decodeEscapedEntities(String(decoding: bytes, as: UTF8.self))
            }
            return repeated.string(bytes)
        }
    }

    static func optionalText(_ value: [UInt8], _ count: Int) -> String? {
        let s = text(value, count)
        return s.isEmpty ? nil : s
    }

    static func date(_ value: [UInt8], _ count: Int) -> Result<OFXDateTime, OFXDateTime.ParseError> {
        value.withUnsafeBufferPointer { OFXDateTime.parse(UnsafeBufferPointer(rebasing: $0[0..<count]), zone: false) }
    }

    static func amountOf(_ value: [UInt8], _ count: Int) -> OFXAmount.Outcome {
        value.withUnsafeBufferPointer { OFXAmount.parse(UnsafeBufferPointer(rebasing: $0[0..<count])) }
    }


    // MARK: - Aggregates

    mutating func aggregateStart(_ tag: OFXTag, position: SourcePosition?) {
        let parent = stack.count >= 2 ? stack[stack.count - 2] : .unknown
        switch tag {
        case .STATUS:
            status = OFXStatus(position: position)
        case .STMTRS, .CCSTMTRS, .INVSTMTRS:
            beginStatement(tag, position: position)
        case .ACCTINFO:
            if !inStatement { beginStatement(tag, position: position) }
        case .STMTTRN:
            guard inStatement, parent != .BANKTRANLISTP else { return }
            if parent == .INVBANKTRAN, inTransaction { return }
            startTransaction(tag, position: position)
        case .INVBANKTRAN:
            guard inStatement else { return }
            startTransaction(tag, position: position)
        case .LEDGERBAL, .AVAILBAL:
            guard inStatement else { return }
            balance = BalanceInProgress(kind: tag == .LEDGERBAL ? .ledger : .available, position: position)
        default:
            if tag.isInvestmentTransaction, inStatement, parent == .INVTRANLIST {
                startTransaction(tag, position: position)
                tx.transaction.bankType = tag.name
            }
        }
    }

    /// Starts a transaction in place: the value left by the last one is blank, so only what a
    /// new transaction needs is set (an abandoned one is cleared first).
    mutating func startTransaction(_ tag: OFXTag, position: SourcePosition?) {
        if transactionDirty { clearTransaction() }
        tx.tag = tag
        tx.transaction.position = position
        inTransaction = true
        transactionDirty = true
    }

    mutating func clearTransaction(keepingBlankTransaction: Bool = false) {
        if !keepingBlankTransaction { tx.transaction = OFXStatementBuilder.placeholderTransaction }
        tx.day = nil
        tx.tradeDay = nil
        tx.settleDay = nil
        tx.amount = nil
        if !tx.problems.isEmpty { tx.problems = [] }
        if !tx.warnings.isEmpty { tx.warnings = [] }
        tx.currencySymbol = nil
        tx.currencyIsOriginal = false
        transactionDirty = false
    }

    mutating func beginStatement(_ tag: OFXTag, position: SourcePosition?) {
        var account = StatementAccount()
        switch tag {
        case .CCSTMTRS: account.kind = .creditCard
        case .INVSTMTRS: account.kind = .investment
        default: account.kind = .bank
        }
        account.currency = options.currency
        var s = Statement(source: StatementSource(file: file, format: "ofx"), account: account)
        let bytesLeft = sizeHint - (position?.offset ?? 0)
        if bytesLeft > 64 * 1024 && sink == nil {
            s.transactions.reserveCapacity(min(bytesLeft / 100, 4_000_000))
        }
        s.extra = responseExtra + signonExtra
        if tag == .ACCTINFO { s.extra.append(StatementField("OFX.MESSAGE", "ACCTINFO")) }
        st = StatementInProgress(statement: s, tag: tag, position: position); inStatement = true
    }

    mutating func aggregateEnd(_ tag: OFXTag) {
        switch tag {
        case .STATUS:
            guard let s = status else { return }
            status = nil
            let owner = stack.last ?? .unknown
            let context: String
            switch owner {
            case .SONRS: context = "the sign-on"
            case .STMTTRNRS: context = "the bank statement"
            case .CCSTMTTRNRS: context = "the credit card statement"
            case .INVSTMTTRNRS: context = "the investment statement"
            default: context = "the \(owner == .unknown ? "response" : owner.name) response"
            }
            if owner == .SONRS {
                signonExtra.append(StatementField("SONRS.STATUS.CODE", s.codeText))
                signonExtra.append(StatementField("SONRS.STATUS.SEVERITY", s.severity))
                if !s.message.isEmpty { signonExtra.append(StatementField("SONRS.STATUS.MESSAGE", s.message)) }
            }
            if let d = s.diagnostic(context: context, file: file) { diagnostics.append(d) }
        case .STMTTRNRS, .CCSTMTTRNRS, .INVSTMTTRNRS, .ACCTINFOTRNRS:
            responseExtra = []
        case .STMTRS, .CCSTMTRS, .INVSTMTRS, .ACCTINFO:
            if inStatement && st.tag == tag { finishStatement() }
        case .STMTTRN:
            if inTransaction && tx.tag == .STMTTRN { finishTransaction() }
        case .INVBANKTRAN:
            if inTransaction && tx.tag == .INVBANKTRAN { finishTransaction() }
        case .LEDGERBAL, .AVAILBAL:
            finishBalance()
        case .BAL:
            if inStatement, let name = ballistEntry["NAME"] {
                var text = ballistEntry["VALUE"] ?? ""
                if let type = ballistEntry["BALTYPE"], !type.isEmpty { text += " (\(type))" }
                st.statement.extra.append(StatementField("BALLIST.\(name)", text))
            }
            ballistEntry = [:]
        default:
            if tag.isInvestmentTransaction, inTransaction, tx.tag == tag { finishTransaction() }
        }
    }

    // MARK: - Finishing

    mutating func finishBalance() {
        guard let b = balance else { return }
        balance = nil
        let name = b.kind == .ledger ? "LEDGERBAL" : "AVAILBAL"
        if let problem = b.problem {
            diagnostics.append(.warning("ofx.balance", "the \(name) balance is left out: \(problem)", file: file, at: b.position))
            return
        }
        guard let amount = b.amount else {
            diagnostics.append(.warning("ofx.balance", "the \(name) balance has no amount (BALAMT) and is left out", file: file, at: b.position))
            return
        }
        let currency = st.statement.account.currency
        st.statement.balances.append(StatementBalance(kind: b.kind, amount: amount, day: b.day,
                                                              currency: currency, position: b.position))
    }

    mutating func finishTransaction() {
        guard inTransaction else { return }
        inTransaction = false
        if tx.tag.isInvestmentTransaction {
            guard tx.tag.movesCash else { skippedSecurityRecords += 1; clearTransaction(); return }
            if tx.day == nil { tx.day = tx.settleDay ?? tx.tradeDay }
            if tx.amount == nil { tx.problems.append("it has no TOTAL") }
            if tx.transaction.payee == nil { tx.transaction.payee = tx.transaction.memo }
        } else {
            if tx.day == nil && !tx.problems.contains(where: { $0.hasPrefix("DTPOSTED") }) { tx.problems.append("DTPOSTED is missing") }
            if tx.amount == nil && !tx.problems.contains(where: { $0.hasPrefix("TRNAMT") }) { tx.problems.append("TRNAMT is missing") }
        }
        guard tx.problems.isEmpty, let day = tx.day, let amount = tx.amount else {
            discardedTransactions += 1
            diagnostics.append(.warning("ofx.transaction",
                "a transaction\(fitidNote) is skipped: \(tx.problems.joined(separator: "; "))", file: file, at: tx.transaction.position))
            clearTransaction()
            return
        }
        for w in tx.warnings {
            diagnostics.append(.warning("ofx.transaction", "a transaction\(fitidNote): \(w)", file: file, at: tx.transaction.position))
        }
        tx.transaction.day = day
        tx.transaction.amount = amount
        if let symbol = tx.currencySymbol, !tx.currencyIsOriginal {
            if let c = Currency(code: symbol), c != st.statement.account.currency { tx.transaction.currency = c }
        }
        if tx.transaction.payee == nil { tx.transaction.payee = tx.transaction.extra("EXTDNAME") ?? tx.transaction.memo }
        var done = OFXStatementBuilder.placeholderTransaction
        swap(&done, &tx.transaction)
        if let sink {
            if alreadyDelivered > 0 { alreadyDelivered -= 1 } else { sink(done, st.statement.account) }
            delivered += 1
            st.streamed += 1
        } else {
            st.statement.transactions.append(consume done)
        }
        clearTransaction(keepingBlankTransaction: true)
    }

    /// ` (FITID x)` for messages about the current transaction.
    var fitidNote: String { tx.transaction.id.map { " (FITID \($0))" } ?? "" }

    mutating func finishStatement() {
        guard inStatement else { return }
        inStatement = false
        var s = StatementInProgress(statement: Statement(source: StatementSource(file: "", format: "ofx")), tag: .unknown)
        swap(&s, &st)
        let count = s.statement.transactions.count
        if s.statement.transactions.capacity > 4 * count + 4096 {   // a small statement in a big file
            var exact: [StatementTransaction] = []
            exact.reserveCapacity(count)
            exact.append(contentsOf: s.statement.transactions)
            s.statement.transactions = exact
        }
        if let start = s.start, let end = s.end, start.day <= end.day {
            s.statement.period = DayRange(start: start.day, end: end.day)
        }
        if s.statement.account.id == nil, let id = options.accountId { s.statement.account.id = id }
        let isListing = s.tag == .ACCTINFO
        if s.statement.account.id == nil {
            if s.statement.transactions.isEmpty && s.streamed == 0 && s.statement.balances.isEmpty {
                diagnostics.append(.error("ofx.statement.empty",
                    "a \(s.tag.name) statement names no account and holds no transactions or balances", file: file, at: s.position))
                return
            }
            if !isListing {
                diagnostics.append(.warning("ofx.account", "the statement names no account (no ACCTID); give one with --account",
                                            file: file, at: s.position))
            }
        }
        if isListing && s.statement.account.id == nil { return }
        if !s.curdefSeen && !isListing && s.statement.account.currency == nil {
            diagnostics.append(.warning("ofx.currency", "the statement has no currency (CURDEF)", file: file, at: s.position))
        }
        statements.append(s.statement)
    }

    /// Closes anything still open (the document ended early) and reports skipped records.
    mutating func finish() {
        if skippedSecurityRecords > 0 {
            diagnostics.append(Diagnostic(.note, code: "ofx.investment",
                "\(skippedSecurityRecords) investment record\(skippedSecurityRecords == 1 ? " is" : "s are") left out: reinvestments, security transfers and splits move no cash",
                file: file))
        }
    }
}
