/// A table's layout resolved against one file: where the rows are, which column holds what.
///
/// Built from a profile, from inference, or both (a profile's gaps are inferred).
struct CSVLayout: Sendable {
    /// The header row's index in the table, nil for header-less files.
    var headerRow: Int?
    /// Data rows: `firstDataRow..<endDataRow`.
    var firstDataRow: Int
    var endDataRow: Int
    /// A name per column: the header text, or `#n` without a header.
    var columnNames: [String]
    /// Column indexes by role; `memo` and `payee` may hold several.
    var roles: [ColumnRole: [Int]]
    /// Currencies named in headers (`Betrag (EUR)`).
    var headerCurrency: Currency?
    var delimiter: UInt8
    var decimalMark: Character = "."
    var dayOrder: DayOrder = .yearMonthDay
    var debitValues: Set<String>
    var creditValues: Set<String>
    var negate = false
    var skipZero = false
    var stripSingleQuotes = false
    var skipWhen: [(column: Int, filter: CSVRowFilter)] = []
    var profileName: String?
    /// The user chose the layout (`--profile`): rows that do not fit are errors, never guessed trailers.
    var isExplicit = false
    var accountId: String?
    var currency: Currency?
    var kind: AccountKind?
    var skipTailRows = 0
    /// The file lists balances by day, no transactions (ING NL "Datum, Boeksaldo, Valutair saldo").
    var isBalanceHistory = false
    /// Rows up to this many fields fit the table: the header's width, or the data rows' common
    /// width when every data row is wider than a header that names fewer columns (Stripe).
    var acceptedWidth = 0
    /// The number of cells the header names (the column count without a header).
    var headerWidth = 0
    /// The profile says rows may carry cells beyond the table (`wide-rows: keep`, livebank).
    var allowsWideRows = false
    /// Amount columns named only by a currency (`CAD$`, `USD$`: RBC), each in its currency.
    var currencyAmounts: [(column: Int, currency: Currency)] = []
    /// The currency column is the currency of the amount (a multi-currency wallet): one
    /// statement per currency. False when a header names the amount's currency, or the column
    /// is an original or local currency beside it.
    var currencyColumnIsAmountCurrency = true

    func column(_ role: ColumnRole) -> Int? { roles[role]?.first }

    /// Whether rows may be in several currencies, each giving a statement of its own.
    var splitsByCurrency: Bool {
        currencyAmounts.count > 1 || roles[.currency] != nil && currencyColumnIsAmountCurrency
    }

    /// An indicator cell as compared with the debit and credit words: lower-cased, trimmed,
    /// a trailing dot and inner runs of spaces removed (`Dr.` → `dr`).
    static func indicatorWord(_ cell: String) -> String {
        var s = cell.trimmingSpaces.lowercased()
        while s.hasSuffix(".") { s.removeLast() }
        return s.split(separator: " ").joined(separator: " ")
    }

    /// Indicator words meaning money out / in, in every language of ``Vocabulary``.
    static var defaultDebitValues: Set<String> { Vocabulary.debitWords }
    static var defaultCreditValues: Set<String> { Vocabulary.creditWords }

    /// Status values whose rows are not booked yet (or never will be), in every language.
    static var unbookedStatuses: Set<String> { Vocabulary.unbooked }

    /// The names of mapped roles, for `--print-profile`.
    func profile(name: String, from table: CSVTable, text: UnsafeBufferPointer<UInt8>, encoding: TextEncoding) -> CSVProfile {
        var p = CSVProfile(name: name)
        p.hasHeader = headerRow != nil
        if let headerRow {
            let cells = (0..<table.fieldCount(headerRow)).compactMap { table.span(headerRow, $0) }.map { CSVTable.string($0, in: text) }
            var end = cells.count
            while end > 0, cells[end - 1].isEmpty { end -= 1 }
            p.match = Array(cells.prefix(min(end, 8)))
            p.skipRows = headerRow
        } else {
            p.columnCount = firstDataRow < endDataRow ? table.fieldCount(firstDataRow) : columnNames.count
            p.skipRows = firstDataRow
        }
        p.delimiter = delimiter
        p.encoding = encoding
        p.decimalMark = decimalMark
        p.dayOrder = dayOrder
        p.negate = negate
        p.skipZero = skipZero
        p.stripSingleQuotes = stripSingleQuotes
        p.wideRows = allowsWideRows
        p.kind = kind
        p.accountId = nil
        p.currency = currency
        for (role, indexes) in roles {
            p.columns[role] = indexes.map { index in
                if headerRow != nil, index < columnNames.count, !columnNames[index].isEmpty,
                   columnNames.filter({ $0 == columnNames[index] }).count == 1, !columnNames[index].hasPrefix("#") {
                    return .name(columnNames[index])
                }
                return .index(index)
            }
        }
        p.skipWhen = skipWhen.map(\.filter)
        if skipTailRows > 0 { p.skipTailRows = skipTailRows }
        return p
    }
}
