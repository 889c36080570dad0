/// Builds statements from the events of one camt document: element starts and ends (by
/// ``CAMTElement``) and the text of the leaves it reads (``CAMTLeaf``).
///
/// Knows where it stands by a stack of elements; only leaves it reads collect text (at most
/// ``maximumTextBytes`` each), so memory stays flat however large the file. Entries become
/// transactions as each `Ntry` ends: appended to their statement, or handed to `sink` when one
/// is set (streaming). Problems become diagnostics with the position of their element.
struct CAMTDocumentBuilder {
    /// The longest leaf text kept; longer text (no camt field allows more than a few hundred
    /// characters) is cut there, with a warning.
    static let maximumTextBytes = 64 * 1024

    let file: String
    let options: ReadOptions
    var lines: CAMTLineCounter
    /// Receives each transaction with its statement's account instead of the statement keeping it.
    var sink: ((StatementTransaction, StatementAccount) -> Void)?

    private(set) var statements: [Statement] = []
    var diagnostics: [Diagnostic] = []
    /// Set when the document is not camt: the parser stops.
    private(set) var stopRequested = false
    private(set) var message: CAMTMessage?
    private(set) var sawRoot = false
    var header = CAMTGroupHeader()

    private var path = [CAMTElement](repeating: .other, count: CAMTXMLParser.maximumDepth + 2)
    private var depth = 0
    var leaf = CAMTLeaf.none
    private var leafDepth = 0
    var leafConsumed = 0
    var leafCurrency: Currency?
    /// A `Ccy` attribute that names no ISO 4217 currency, as written.
    var leafUnknownCurrency: String?
    var text: [UInt8] = []
    private var textCut = false
    private var currencyCache: (key: UInt32, value: Currency?) = (0, nil)

    var statement: CAMTStatementInProgress?
    private var statementDepth = -1
    var balance: CAMTBalanceFields?
    private var balanceDepth = -1
    // The open entry and detail are plain values, told open by their depth: comparing an
    // optional of such a struct with nil copies it (and retains every string in it).
    var entry = CAMTEntryFields()
    private var entryDepth = -1
    private var detailDepth = -1
    /// The open detail: the entry's last, changed in place (no copy of its many strings).
    var detail: CAMTDetailFields {
        _read { yield entry.details[entry.details.count - 1] }
        _modify { yield &entry.details[entry.details.count - 1] }
    }
    var inEntry: Bool { entryDepth >= 0 }
    var inDetail: Bool { detailDepth >= 0 }
    var inStatement: Bool { statementDepth >= 0 }
    var role: CAMTPartyRole?
    private var roleDepth = -1

    init(file: String, options: ReadOptions, text: UnsafeBufferPointer<UInt8>) {
        self.file = file
        self.options = options
        self.lines = CAMTLineCounter(text)
        self.text.reserveCapacity(256)
    }

    // MARK: - Events

    /// The root element: it must be `Document` in a camt namespace.
    mutating func document(element: CAMTElement, localName: UnsafePointer<UInt8>, namespace: UnsafePointer<UInt8>?) {
        sawRoot = true
        let uri = namespace.map { String(cString: $0) }
        guard element == .Document else {
            refuse("this is not a camt.052/053/054 document: its root element is <\(String(cString: localName))>, not <Document>")
            return
        }
        guard let uri else {
            diagnostics.append(.warning("camt.namespace", "<Document> has no namespace; it is read as camt by its message element",
                                        file: file, at: SourcePosition(offset: 0, line: 1, column: 1)))
            return
        }
        let parsed = CAMTMessage.parseNamespace(uri)
        if let kind = parsed.kind {
            message = CAMTMessage(kind: kind, version: parsed.version)
        } else if let other = parsed.other {
            refuse("this is an ISO 20022 \(other) message, not a camt.052, camt.053 or camt.054 statement")
        } else {
            refuse("this is not a camt.052/053/054 document: its namespace is \"\(uri)\", not urn:iso:std:iso:20022:tech:xsd:camt.05…")
        }
    }

    /// An element starts; `consumed` says how far libxml2 has read (asked only for elements
    /// whose position is kept: statements, balances, entries, details and the leaves read).
    mutating func begin(_ element: CAMTElement, currency: UnsafeBufferPointer<UInt8>?, consumed: () -> Int) {
        let parent = depth > 0 ? path[depth - 1] : .other
        let grand = depth > 1 ? path[depth - 2] : .other
        let great = depth > 2 ? path[depth - 3] : .other
        path[depth] = element
        depth += 1
        leaf = .none   // a child started: its parent is no leaf
        if depth == 2 {
            messageRoot(element, consumed: consumed())
        } else if depth == 3, element == .Stmt || element == .Rpt || element == .Ntfctn, message != nil {
            beginStatement(consumed: consumed())
        } else if inStatement, depth == statementDepth + 1, element == .Bal || element == .Ntry {
            if element == .Bal {
                balance = CAMTBalanceFields(position: lines.position(ofTagBefore: consumed()))
                balanceDepth = depth
            } else {
                beginEntry(consumed: consumed())
            }
        } else if element == .TxDtls, inEntry, parent == .NtryDtls {
            entry.details.append(CAMTDetailFields(position: lines.position(ofTagBefore: consumed())))
            detailDepth = depth
        } else if inDetail, role == nil, parent == .RltdPties || parent == .RltdAgts {
            beginRole(element)
        }
        let resolved = CAMTLeaf.resolve(element, parent: parent, grand: grand, great: great, inDetail: inDetail, role: role)
        guard resolved != .none else { return }
        leaf = resolved
        leafDepth = depth
        leafConsumed = consumed()
        leafCurrency = nil
        leafUnknownCurrency = nil
        if let currency {
            leafCurrency = self.currency(currency)
            if leafCurrency == nil { leafUnknownCurrency = String(decoding: currency, as: UTF8.self) }
        }
        text.removeAll(keepingCapacity: true)
        textCut = false
    }

    mutating func characters(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard leaf != .none, depth == leafDepth else { return }
        let room = CAMTDocumentBuilder.maximumTextBytes - text.count
        if bytes.count <= room {
            text.append(contentsOf: bytes)
        } else {
            if room > 0 { text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[0..<room])) }
            if !textCut {
                textCut = true
                diagnostics.append(.warning("camt.text", "an element's text is longer than \(CAMTDocumentBuilder.maximumTextBytes) bytes; it was cut there",
                                            file: file, at: leafPosition()))
            }
        }
    }

    mutating func end() {
        if leaf != .none, depth == leafDepth {
            let current = leaf
            leaf = .none
            take(current)
        }
        if depth == roleDepth { role = nil; roleDepth = -1 }
        if depth == detailDepth { detailDepth = -1 }
        if depth == entryDepth { finishEntry(); entryDepth = -1 }
        if depth == balanceDepth { finishBalance(); balanceDepth = -1 }
        if depth == statementDepth { finishStatement(); statementDepth = -1 }
        depth -= 1
    }

    // MARK: - Scopes

    private mutating func messageRoot(_ element: CAMTElement, consumed: Int) {
        guard let kind = CAMTMessage.Kind(root: element) else {
            refuse("this is not a camt.052/053/054 document: <Document> holds <\(element == .other ? "an unknown message" : element.name)>, not <BkToCstmrStmt>, <BkToCstmrAcctRpt> or <BkToCstmrDbtCdtNtfctn>",
                   at: lines.position(ofTagBefore: consumed))
            return
        }
        if let message, message.kind != kind {
            diagnostics.append(.warning("camt.namespace", "the namespace says \(message.kind.rawValue) but the message is <\(element.name)> (\(kind.rawValue)); it is read as \(kind.rawValue)",
                                        file: file, at: lines.position(ofTagBefore: consumed)))
        }
        message = CAMTMessage(kind: kind, version: message?.version)
    }

    private mutating func beginStatement(consumed: Int) {
        let position = lines.position(ofTagBefore: consumed)
        let format = message?.kind.rawValue ?? CAMTMessage.Kind.statement.rawValue
        statement = CAMTStatementInProgress(statement: Statement(source: StatementSource(file: file, format: format)), position: position)
        statementDepth = depth
    }

    private mutating func beginEntry(consumed: Int) {
        statement?.entryCount += 1
        entry = CAMTEntryFields(position: lines.position(ofTagBefore: consumed))
        entryDepth = depth
    }

    private mutating func beginRole(_ element: CAMTElement) {
        switch element {
        case .Dbtr: role = .debtor
        case .Cdtr: role = .creditor
        case .UltmtDbtr: role = .ultimateDebtor
        case .UltmtCdtr: role = .ultimateCreditor
        case .DbtrAcct: role = .debtorAccount
        case .CdtrAcct: role = .creditorAccount
        case .DbtrAgt: role = .debtorAgent
        case .CdtrAgt: role = .creditorAgent
        default: return
        }
        roleDepth = depth
    }

    private mutating func finishEntry() {
        guard inStatement else { return }
        var fields = CAMTEntryFields()
        swap(&fields, &entry)
        statement!.tally(fields)
        statement!.settleAccount(options: options, entryCurrency: fields.currency)
        // Only the account is copied out: a copy of the whole statement would make every append
        // below copy its transactions.
        let account = statement!.statement.account
        let context = CAMTEntryContext(currency: account.currency, iban: account.id, ownerName: statement!.ownerName)
        let made = fields.transactions(context, file: file, diagnostics: &diagnostics)
        for transaction in made {
            statement!.count(transaction)
            if let sink {
                sink(transaction, account)
            } else {
                statement!.statement.transactions.append(transaction)
            }
        }
    }

    private mutating func finishBalance() {
        guard let b = balance else { return }
        balance = nil
        statement?.balances.append(b)
    }

    private mutating func finishStatement() {
        guard var open = statement else { return }
        statement = nil
        open.settleAccount(options: options, entryCurrency: nil)
        statements.append(open.finish(header: header, message: message, options: options, file: file, diagnostics: &diagnostics))
    }

    // MARK: - Helpers

    /// Stops reading: the document is not camt.
    mutating func refuse(_ message: String, at position: SourcePosition? = nil) {
        diagnostics.append(.error("camt.not-camt", message, file: file, at: position ?? SourcePosition(offset: 0, line: 1, column: 1)))
        stopRequested = true
    }

    /// Where the leaf being read starts.
    mutating func leafPosition() -> SourcePosition {
        lines.position(ofTagBefore: leafConsumed)
    }

    /// An ISO 4217 currency from an attribute's bytes, remembering the last one seen.
    private mutating func currency(_ bytes: UnsafeBufferPointer<UInt8>) -> Currency? {
        let t = CAMTValues.trimmed(bytes)
        guard t.count == 3 else { return nil }
        let key = UInt32(t[0]) << 16 | UInt32(t[1]) << 8 | UInt32(t[2])
        if key == currencyCache.key { return currencyCache.value }
        let value = Currency(code: String(decoding: t, as: UTF8.self))
        currencyCache = (key, value)
        return value
    }

    /// The text collected for the current leaf.
    func withText<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        text.withUnsafeBufferPointer(body)
    }
}
