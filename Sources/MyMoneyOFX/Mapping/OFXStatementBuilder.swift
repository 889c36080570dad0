import Foundation
@_spi(Speed) import MyMoneyCore

/// Turns the stream of OFX elements into normalized `Statement`s (format notes §4–§15).
///
/// Receives element starts, text and element ends from the SGML reader or libxml2. An element that
/// ends without child elements is a leaf: its text is dispatched by its parent's name. Known
/// aggregates start and finish statements, transactions and balances. Text becomes a `String`
/// only for values that are kept (through ``OFXLeafText``, the builder's one contact with
/// bytes); a transaction is set up in place and finished by a plain function
/// (``TransactionInProgress/finished(accountCurrency:)``).
struct OFXStatementBuilder {
    let file: String
    let options: ReadOptions
    var statements: [Statement] = []
    var diagnostics: [Diagnostic] = []
    /// Whether the file carries Intuit's `INTU.BID` (a QFX file).
    var hasIntuitBankId = false
    var discardedTransactions = 0
    /// The size of the text being read, in bytes (see ``init(file:options:sizeHint:)``).
    let sizeHint: Int
    /// When set, each finished transaction goes here (with its statement's account) instead of
    /// into its statement: memory then does not grow with the number of transactions.
    var sink: ((StatementTransaction, StatementAccount) -> Void)?
    /// Transactions handed to `sink` so far.
    var delivered = 0
    /// Transactions not to hand to `sink` again: an XML body that broke off after handing some
    /// out is read again as SGML, which finds the same ones first.
    var alreadyDelivered = 0
    /// When set (with ``sink``), each statement that ends goes here too, without its
    /// transactions (they went to ``sink``), with whether `INTU.BID` was seen so far.
    var statementSink: ((Statement, Bool) -> Void)?
    /// Statements handed to `statementSink` so far, and those not to hand again (as
    /// ``alreadyDelivered`` for transactions).
    var ended = 0
    var alreadyEnded = 0
    var skippedSecurityRecords = 0

    // The open elements.
    var stack: [OFXTag] = []
    var isLeafCandidate = false
    /// The current element's text.
    var leafText = OFXLeafText()
    /// Payees and posting stamps seen shortly before share that one's storage.
    let strings: StringInterner
    static let payeeStream = 0, postingStampStream = 1
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
        /// The statement's transactions, kept in place until it ends.
        var transactions = InPlaceArrayBuilder(blank: OFXStatementBuilder.placeholderTransaction)
    }

    static let placeholderTransaction = StatementTransaction(day: Day(daysSinceEpoch: 0), amount: .zero)

    struct BalanceInProgress {
        var kind: StatementBalance.Kind
        var amount: Amount?
        var day: Day?
        var problem: String?
        var position: SourcePosition?
    }

    /// A builder for a text of `sizeHint` bytes (0 when unknown): a statement reserves room for
    /// the transactions the rest of the text can hold, so its array never grows by copying (room
    /// never written to costs address space, not memory; it is given back when the statement ends).
    init(file: String, options: ReadOptions, sizeHint: Int = 0) {
        self.file = file
        self.options = options
        self.sizeHint = sizeHint
        strings = StringInterner(slots: max(256, StringInterner.slots(forTextOf: sizeHint)))
    }

    // MARK: - Events

    /// An element starts; `name` is its name as written (made a String only when `tag` is `.unknown`).
    mutating func begin(_ tag: OFXTag, name: UnsafeBufferPointer<UInt8>, position: SourcePosition?) {
        stack.append(tag)
        isLeafCandidate = true
        leafText.clear()
        if tag == .unknown { unknownName = String(decoding: name, as: UTF8.self) } else if unknownName != nil { unknownName = nil }
        if tag.carriesPosition || tag == .STMTTRN { aggregateStart(tag, position: position) }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        if isLeafCandidate { leafText.append(bytes) }
    }

    /// One byte of text (a decoded reference or a replaced control character).
    mutating func text(byte: UInt8) {
        if isLeafCandidate { leafText.append(byte: byte) }
    }

    /// One character of text, as UTF-8 (a decoded character reference).
    mutating func text(scalar: UInt32) {
        if isLeafCandidate { leafText.append(scalar: scalar) }
    }

    mutating func end() {
        guard let tag = stack.popLast() else { return }
        if isLeafCandidate {
            isLeafCandidate = false
            let parent = stack.last ?? .unknown
            if !tag.isAggregate || leafText.hasText { leaf(tag, parent: parent) }
        }
        if tag.isAggregate { aggregateEnd(tag) }
    }

    /// The current leaf's text, shared with an earlier equal value of `stream` (payees, posting
    /// time stamps); nil when empty.
    func keptText(_ stream: Int) -> String? { leafText.shared(strings, stream: stream) }

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

    mutating func clearTransaction() {
        tx.clear()
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
        s.extra = responseExtra + signonExtra
        if tag == .ACCTINFO { s.extra.append(StatementField("OFX.MESSAGE", "ACCTINFO")) }
        st = StatementInProgress(statement: s, tag: tag, position: position); inStatement = true
        let bytesLeft = sizeHint - (position?.offset ?? 0)
        if bytesLeft > 64 * 1024 && sink == nil {
            st.transactions.reserve(additional: min(bytesLeft / 100, 4_000_000))
        }
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
        let outcome = tx.complete(accountCurrency: st.statement.account.currency)
        transactionDirty = false
        switch outcome {
        case .movesNoCash:
            skippedSecurityRecords += 1
            tx.clear()
        case .skipped(let problems, let id, let position):
            discardedTransactions += 1
            diagnostics.append(.warning("ofx.transaction",
                "a transaction\(OFXStatementBuilder.fitidNote(id)) is skipped: \(problems.joined(separator: "; "))", file: file, at: position))
            tx.clear()
        case .kept(let warnings):
            for w in warnings {
                diagnostics.append(.warning("ofx.transaction", "a transaction\(OFXStatementBuilder.fitidNote(tx.transaction.id)): \(w)",
                                            file: file, at: tx.transaction.position))
            }
            if let sink {
                if alreadyDelivered > 0 { alreadyDelivered -= 1 } else { sink(tx.transaction, st.statement.account) }
                delivered += 1
                st.streamed += 1
                tx.clear()
            } else {
                // Into its slot of the statement's array; the slot's blank takes its place here.
                let index = st.transactions.appendBlank()
                swap(&st.transactions[index], &tx.transaction)
                tx.clear(keepingTransaction: true)
            }
        }
    }

    /// ` (FITID x)` for messages about a transaction.
    static func fitidNote(_ id: String?) -> String { id.map { " (FITID \($0))" } ?? "" }

    mutating func finishStatement() {
        guard inStatement else { return }
        inStatement = false
        var s = StatementInProgress(statement: Statement(source: StatementSource(file: "", format: "ofx")), tag: .unknown)
        swap(&s, &st)
        s.statement.transactions = s.transactions.finish()   // room far beyond the count is given back
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
        if let statementSink {
            if alreadyEnded > 0 { alreadyEnded -= 1 } else { statementSink(s.statement, hasIntuitBankId) }
            ended += 1
        }
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
