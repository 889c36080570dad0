/// Turns a table's data rows into transactions under a resolved layout.
///
/// Every per-file decision (decimal mark, day order) is made before the first row is read;
/// per-row problems become diagnostics with the cell's line and column.
struct CSVRowReader {
    let table: CSVTable
    let text: UnsafeBufferPointer<UInt8>
    let file: String
    let layout: CSVLayout
    let format: AmountFormat
    /// The decimal mark as a byte.
    let decimalMark: UInt8
    var diagnostics: [Diagnostic] = []
    private var counts: [String: Int] = [:]
    /// Cell strings shared across rows (payees, types, currencies repeat).
    var texts = RepeatedText()
    /// Diagnostics of one code beyond this many are summarized.
    static let diagnosticLimit = 20

    /// The read rows: transactions plus, index for index, what the statement needs beside them
    /// (arrays for absent columns stay empty).
    struct Rows {
        var transactions: [StatementTransaction] = []
        var balance: [Amount?] = []
        var balanceBefore: [Amount?] = []
        var account: [String] = []
        /// Running balances and their chain check in file order (with a balance column).
        var chain: RunningBalances?
        /// Whether some transaction's day comes before (after) the previous one's, in file order.
        ///
        /// (`balance`, by transaction, stays empty while `chain` holds the balances: call
        /// ``materializeBalances()`` before reading it.)
        var daysGoBack = false
        var daysGoForward = false

        /// Whether the file has a balance column.
        var hasBalances: Bool { !balance.isEmpty || chain != nil }

        /// Fills `balance` (after each transaction, by index) from `chain` when it is still empty.
        mutating func materializeBalances() {
            guard balance.isEmpty, let chain, !transactions.isEmpty else { return }
            var filled = [Amount?](repeating: nil, count: transactions.count)
            for entry in chain.entries.dropFirst(chain.headSlots) {
                if let i = entry.transactionIndex, i >= 0, i < filled.count { filled[i] = entry.amount }
            }
            balance = filled
        }
    }

    /// Column indexes by role, looked up once.
    struct Columns {
        var date, amount, debit, credit, indicator, balance, balanceBefore, currency, id, checkNumber, type,
            status, account, category, valueDate: Int?
        var payee, memo: [Int]?
        init(_ layout: CSVLayout) {
            date = layout.column(.date); amount = layout.column(.amount); debit = layout.column(.debit)
            credit = layout.column(.credit); indicator = layout.column(.indicator); balance = layout.column(.balance)
            balanceBefore = layout.column(.balanceBefore); currency = layout.column(.currency); id = layout.column(.id)
            checkNumber = layout.column(.checkNumber); type = layout.column(.type); status = layout.column(.status)
            account = layout.column(.account); category = layout.column(.category); valueDate = layout.column(.valueDate)
            payee = layout.roles[.payee]; memo = layout.roles[.memo]
        }
    }
    let columns: Columns

    /// Entries the statement puts before its running balances (preamble balances and an opening).
    var balanceHeadSlots = 1

    /// Rows with a date and a balance but no amount (Bank of America's "Beginning balance" row).
    var balanceOnlyRows: [(day: Day, balance: Amount, position: SourcePosition)] = []

    init(table: CSVTable, text: UnsafeBufferPointer<UInt8>, file: String, layout: CSVLayout) {
        self.table = table
        self.text = text
        self.file = file
        self.layout = layout
        self.format = DecimalMarkInference.format(for: layout.decimalMark)
        self.decimalMark = layout.decimalMark == "," ? 0x2C : 0x2E
        self.columns = Columns(layout)
    }

    mutating func report(_ diagnostic: Diagnostic) {
        let n = counts[diagnostic.code, default: 0] + 1
        counts[diagnostic.code] = n
        if n <= CSVRowReader.diagnosticLimit { diagnostics.append(diagnostic) }
    }

    /// Summaries for codes that were reported more often than the limit.
    mutating func summarize() {
        for (code, n) in counts.sorted(by: { $0.key < $1.key }) where n > CSVRowReader.diagnosticLimit {
            let severity = diagnostics.first(where: { $0.code == code })?.severity ?? .warning
            diagnostics.append(Diagnostic(severity, code: code, "\(n - CSVRowReader.diagnosticLimit) more like this not shown", file: file))
        }
    }

    func position(_ row: Int, _ column: Int?) -> SourcePosition { table.position(row: row, column: column, in: text) }

    func string(_ row: Int, _ column: Int?) -> String {
        guard let column, let span = table.span(row, column) else { return "" }
        var s = CSVTable.string(span, in: text)
        if layout.stripSingleQuotes, s.count >= 2, s.hasPrefix("'"), s.hasSuffix("'") {
            s = String(s.dropFirst().dropLast()).trimmingSpaces
        }
        return s
    }

    /// The cell's text like ``string(_:_:)``, shared with an earlier equal cell's string when possible.
    mutating func text(_ row: Int, _ column: Int?) -> String {
        guard let column, let span = table.span(row, column) else { return "" }
        if layout.stripSingleQuotes { return string(row, column) }
        return CSVTable.withBytes(span, in: text) { texts.string($0, column: column) }
    }

    mutating func joined(_ row: Int, _ columns: [Int]?) -> String? {
        guard let columns else { return nil }
        if columns.count == 1 { let s = text(row, columns[0]); return s.isEmpty ? nil : s }
        var parts: [String] = []
        for c in columns {
            let s = text(row, c)
            if !s.isEmpty { parts.append(s) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Parses a money cell: nil when empty; reports and returns nil when unreadable.
    mutating func amount(_ row: Int, _ column: Int?, what: String, severity: Diagnostic.Severity = .error) -> (value: Amount?, ok: Bool) {
        guard let column, let span = table.span(row, column) else { return (nil, true) }
        if !span.needsUnescape {
            // Most cells: `-150.00` read directly, without copying the format or a closure.
            let bytes = CSVTable.trimmed(text, Int(span.start), Int(span.end))
            if bytes.isEmpty { return (nil, true) }
            if let simple = Amount.parseSimple(bytes, decimalMark: decimalMark, groupingMark: decimalMark == 0x2C ? 0x2E : 0x2C) {
                return (simple, true)
            }
        }
        let format = self.format
        var value: Amount?
        var failure: AmountParseError?
        CSVTable.withBytes(span, in: text) { bytes in
            if bytes.isEmpty { return }
            do throws(AmountParseError) { value = try Amount.parse(bytes, format: format) } catch { failure = error }
        }
        switch failure {
        case .none: return (value, true)
        case .some(let error):
            let raw = string(row, column)
            var at = position(row, column)
            if !span.needsUnescape {
                let lead = CSVTable.trimmed(text, Int(span.start), Int(span.end))
                let offset = (lead.baseAddress.map { $0 - text.baseAddress! } ?? Int(span.start)) + error.offset
                at = table.position(ofOffset: offset, row: row, in: text)
            }
            report(Diagnostic(severity, code: "csv.amount",
                              "cannot read \"\(raw)\" as \(what): \(error.reason)", file: file, at: at,
                              notes: ["column \"\(layout.columnNames[safe: column] ?? "#\(column + 1)")\"; decimal mark \"\(layout.decimalMark)\" for this file"]))
            return (nil, false)
        }
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
