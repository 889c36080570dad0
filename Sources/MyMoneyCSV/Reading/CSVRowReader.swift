@_spi(Speed) import MyMoneyCore

/// Turns a table's data rows into transactions under a resolved layout.
///
/// Every per-file decision (decimal mark, day order) is made before the first row is read;
/// per-row problems become diagnostics with the cell's line and column. ``row(_:)`` reads one
/// row into a value (a transaction, a detail line or a skip); ``readRows()`` collects them.
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
    let texts: StringInterner
    /// Diagnostics of one code beyond this many are summarized.
    static let diagnosticLimit = 20

    /// Column indexes by role, looked up once.
    struct Columns {
        var date, amount, debit, credit, indicator, balance, balanceBefore, currency, id, checkNumber, type,
            status, account, category, valueDate, fee: Int?
        var payee, memo: [Int]?
        init(_ layout: CSVLayout) {
            date = layout.column(.date); amount = layout.column(.amount); debit = layout.column(.debit)
            credit = layout.column(.credit); indicator = layout.column(.indicator); balance = layout.column(.balance)
            balanceBefore = layout.column(.balanceBefore); currency = layout.column(.currency); id = layout.column(.id)
            checkNumber = layout.column(.checkNumber); type = layout.column(.type); status = layout.column(.status)
            account = layout.column(.account); category = layout.column(.category); valueDate = layout.column(.valueDate)
            fee = layout.column(.fee)
            payee = layout.roles[.payee]; memo = layout.roles[.memo]
        }
    }
    let columns: Columns
    /// The payee and memo column when there is one each (most files): no array to walk per row.
    let payeeColumn: Int?, memoColumn: Int?
    /// Columns kept as extra fields (not mapped to a role; the value date and a fee are kept too).
    let extraColumns: [Int]
    /// The widest column a profile maps (explicit layouts report shorter rows).
    let requiredWidth: Int
    /// Money columns whose next cell, unnamed or beyond the header, may be their own decimal
    /// part split off by an unquoted decimal comma (`-12,50` in a comma file).
    let splittableMoney: [Int]
    /// The narrowest row in which a money cell can have a next cell to be split into (no check below it).
    let splitCheckWidth: Int

    /// Whether rows keep their currency for one statement per currency (looked up once: it is a dictionary lookup).
    let splitsByCurrency: Bool

    /// Entries the statement puts before its running balances (preamble balances and an opening).
    var balanceHeadSlots = 1
    /// Whether ``row(_:facts:detail:)`` reads the balance cells (false only for the CSV stream's
    /// second pass, which makes transactions of rows already read and needs no balances).
    var readsBalances = true
    /// Whether ``readRows()`` asks for its arrays' memory on another core (``PagesAside``).
    var pagesAside = false
    /// Whether ``readRows()`` reads a large table's second half on another core (``readSecondHalf(from:)``).
    var readsInHalves = false
    /// The fewest data rows ``readRows()`` reads in halves.
    var leastRowsForHalves = 100_000
    var heardHalves: (@Sendable (Bool) -> Void)?

    /// Rows with a date and a balance but no amount (Bank of America's "Beginning balance" row).
    var balanceOnlyRows: [(day: Day, balance: Amount, position: SourcePosition)] = []

    /// Indicator words the vocabulary does not know, by class (class k is `unknownWords[k - 1]`);
    /// the balance chain decides their sign. Only with a balance column.
    var unknownWords: [String] = []
    /// The last status and currency cells and what they meant (files repeat them row after row).
    var lastStatus: (text: String, unbooked: Bool) = ("", false)
    var lastCurrency: (text: String, currency: Currency?) = ("", nil)
    /// What rows were skipped as, for the error when no row is a transaction.
    var skips = RowSkips()

    init(table: CSVTable, text: UnsafeBufferPointer<UInt8>, file: String, layout: CSVLayout) {
        self.table = table
        self.text = text
        self.file = file
        self.layout = layout
        self.format = DecimalMarkInference.format(for: layout.decimalMark)
        self.decimalMark = layout.decimalMark == "," ? 0x2C : 0x2E
        self.columns = Columns(layout)
        self.payeeColumn = layout.roles[.payee].flatMap { $0.count == 1 ? $0[0] : nil }
        self.memoColumn = layout.roles[.memo].flatMap { $0.count == 1 ? $0[0] : nil }
        self.texts = StringInterner(slots: StringInterner.slots(forTextOf: text.count))
        let mapped = Set(layout.roles.filter { $0.key != .valueDate && $0.key != .fee }.values.flatMap { $0 })
            .union(layout.currencyAmounts.map(\.column))
        self.extraColumns = (0..<layout.columnNames.count).filter { !mapped.contains($0) }
        self.requiredWidth = (layout.roles.values.flatMap { $0 }.max() ?? 0) + 1
        let money = [ColumnRole.amount, .debit, .credit, .balance, .fee].compactMap { layout.column($0) } + layout.currencyAmounts.map(\.column)
        self.splittableMoney = money.filter { c in
            c + 1 >= layout.columnNames.count || layout.columnNames[c + 1].hasPrefix("#") && layout.headerRow != nil
        }
        self.splitCheckWidth = (splittableMoney.min() ?? Int.max - 2) + 2
        self.splitsByCurrency = layout.splitsByCurrency
        self.lastStatus = ("", CSVLayout.unbookedStatuses.contains(""))
        self.lastCurrency = ("", Currency(code: ""))
    }

    /// Takes in the diagnostics and counts of `later`, which read the rows below this reader's:
    /// as if this reader had read them, its first ``diagnosticLimit`` of each code kept.
    mutating func absorbDiagnostics(of later: CSVRowReader) {
        var seen: [String: Int] = [:]
        for diagnostic in later.diagnostics {
            let n = (counts[diagnostic.code] ?? 0) + seen[diagnostic.code, default: 0] + 1
            seen[diagnostic.code, default: 0] += 1
            if n <= CSVRowReader.diagnosticLimit { diagnostics.append(diagnostic) }
        }
        for (code, n) in later.counts { counts[code, default: 0] += n }
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

    mutating func string(_ row: Int, _ column: Int?) -> String {
        guard let column, let span = table.span(row, column) else { return "" }
        var s = CSVTable.string(span, in: text)
        if layout.stripSingleQuotes, s.count >= 2, s.hasPrefix("'"), s.hasSuffix("'") {
            s = String(s.dropFirst().dropLast()).trimmingSpaces
        }
        return s
    }

    /// The cell's text like ``string(_:_:)``, shared with an earlier equal cell's string when possible.
    ///
    /// This and the other per-row helpers are `mutating` though they change nothing: called from
    /// the row reader's mutating functions, a non-mutating call copied the whole reader (every
    /// array in it, retained and released) for each cell.
    @inline(__always)
    mutating func text(_ row: Int, _ column: Int?) -> String {
        guard let column, let span = table.span(row, column) else { return "" }
        if layout.stripSingleQuotes { return string(row, column) }
        let texts = self.texts // the closure captures the table alone: capturing `self` copied the whole reader per cell
        return CSVTable.withBytes(span, in: text) { texts.string($0, stream: column) }
    }

    /// The cell's text, nil when empty.
    @inline(__always)
    mutating func cellText(_ row: Int, _ column: Int?) -> String? {
        guard let column else { return nil }
        let s = text(row, column)
        return s.isEmpty ? nil : s
    }

    mutating func joined(_ row: Int, _ columns: [Int]?) -> String? {
        guard let columns else { return nil }
        if columns.count == 1 { return cellText(row, columns[0]) }
        return joinedParts(row, columns)
    }

    /// Several columns' texts joined with a space (payee and memo may take several).
    mutating func joinedParts(_ row: Int, _ columns: [Int]) -> String? {
        var parts: [String] = []
        for c in columns {
            let s = text(row, c)
            if !s.isEmpty { parts.append(s) }
        }
        return parts.isEmpty ? nil : parts.joined(separator: " ")
    }

    /// Whether the cell is empty after trimming (or absent).
    mutating func isBlank(_ row: Int, _ column: Int?) -> Bool {
        guard let column, let span = table.span(row, column) else { return true }
        return CSVTable.isBlank(span, in: text)
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

/// How many data rows were skipped, by why: said when none of them is a transaction.
struct RowSkips: Sendable, Equatable {
    var pending = 0, filtered = 0, zero = 0, balanceOnly = 0, noAmount = 0, failed = 0, details = 0

    /// The reasons, largest first (`3 pending, 1 without an amount`).
    var summary: String {
        let parts: [(Int, String)] = [(pending, "not booked yet (pending, declined, …)"), (filtered, "skipped by the profile's skip-when"),
                                      (zero, "of zero amount (skip-zero)"), (balanceOnly, "balances without an amount"),
                                      (noAmount, "without an amount"), (failed, "unreadable (see the errors above)"),
                                      (details, "detail lines of the rows above")]
        return parts.filter { $0.0 > 0 }.sorted { $0.0 > $1.0 }.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
    }
}

extension Array {
    subscript(safe index: Int) -> Element? { index >= 0 && index < count ? self[index] : nil }
}
