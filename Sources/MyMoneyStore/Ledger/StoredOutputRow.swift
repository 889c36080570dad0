import Foundation
internal import MyMoneySQLite

/// A row of the narrow transactions query behind ``Ledger/eachTransactionRow(matching:_:)``:
/// only the columns a transaction's output shows, from the transactions table alone. Category
/// paths, project titles, place names and source file paths are read once by id when the stream
/// starts, instead of four joins on every row; the type is matched as bytes.
///
/// The values are those ``StoredTransactionRow/columns(_:text:tags:transaction:)`` makes from the
/// whole query (its plain twin, held to it by `TransactionRowStreamTests`).
///
/// Not `Sendable`: it reads statements of the ledger's connection.
struct StoredOutputRow {
    /// The query up to its `WHERE`, with `tags` as column 17 (as in ``StoredTransactionRow/select(tags:)``).
    static func select(tags: String) -> String {
        """
        SELECT t.id, t.account_id, t.day, t.amount_units, t.amount_scale, t.currency, t.type, t.original_payee,
               t.payee, t.memo, t.notes, t.category_id, t.project_id, t.place_id, t.bank_id, t.source_file_id,
               t.source_line, \(tags)
        FROM transactions t
        """
    }

    /// The column of the tags expression.
    static let tagsColumn: Int32 = 17

    /// The category of each category id as ``CategoryPath/description`` writes it (nil: a path
    /// that does not parse).
    private let categoryTexts: [Int64: String?]
    private var currencyText = RepeatedText()
    private var currency: (code: String, value: Currency)?
    /// Where the row's text is read: the row itself, and the names by id.
    let text: OutputRowText

    /// Reads the ledger's category paths, project titles, place names and source file paths.
    init(_ db: SQLiteConnection) throws(LedgerError) {
        var categories: [Int64: String?] = [:]
        try db.uncachedStatement("SELECT id, path FROM categories").eachRow { row throws(LedgerError) in
            categories[row.int64(0)] = row.optionalText(1).flatMap(CategoryPath.init(parsing:))?.description
        }
        categoryTexts = categories
        text = OutputRowText(projects: try StoredNames(db, "SELECT id, title FROM projects"),
                             places: try StoredNames(db, "SELECT id, name FROM places"),
                             files: try StoredNames(db, "SELECT id, path FROM source_files"))
    }

    /// The current row of `row` as columns, with `tags` and, when given, the whole `transaction`.
    mutating func columns(_ row: PreparedStatement, tags: [String], transaction: LedgerTransaction?) throws(LedgerError) -> LedgerTransactionColumns {
        var category: String?
        if let categoryId = row.optionalInt64(11) {
            // An id the categories table lacks has no path, as the join gave none.
            category = categoryTexts[categoryId] ?? nil
        }
        let amount = try Ledger.storedAmount(row.int64(3), row.int64(4))
        let code = currencyText.read(row, 5) ?? ""
        let rowCurrency: Currency
        if let currency, currency.code == code { rowCurrency = currency.value } else {
            rowCurrency = try Ledger.storedCurrency(code)
            currency = (code, rowCurrency)
        }
        let type = StoredOutputRow.type(row, 6) ?? (amount.isNegative ? .expense : .income)
        text.statement = row.pointer
        return LedgerTransactionColumns(id: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)), amount: amount,
                                        currency: rowCurrency, type: type, category: category, tags: tags,
                                        sourceLine: row.optionalInt64(16).map { Int($0) }, transaction: transaction, row: text)
    }

    /// The type a column names (`TransactionType(rawValue:)` of its text), compared as bytes.
    static func type(_ row: PreparedStatement, _ column: Int32) -> TransactionType? {
        guard let bytes = sqlite3_column_text(row.pointer, column) else { return nil }
        switch sqlite3_column_bytes(row.pointer, column) {
        case 7: return memcmp(bytes, "expense", 7) == 0 ? .expense : nil
        case 6: return memcmp(bytes, "income", 6) == 0 ? .income : nil
        case 8: return memcmp(bytes, "transfer", 8) == 0 ? .transfer : nil
        default: return nil
        }
    }
}

/// The text of the narrow query's current row (``StoredOutputRow``), read in place, with the
/// project and place names and the source files' paths kept by id.
///
/// Not `Sendable`: it reads statements of the ledger's connection.
final class OutputRowText: LedgerRowText {
    /// The statement standing on the row (its pointer: no reference counted per field read).
    var statement: OpaquePointer?
    private let projects: StoredNames
    private let places: StoredNames
    private let files: StoredNames

    init(projects: StoredNames, places: StoredNames, files: StoredNames) {
        self.projects = projects
        self.places = places
        self.files = files
    }

    func bytes(_ field: LedgerTransactionColumns.Text) -> UnsafeBufferPointer<UInt8>? {
        guard let statement else { return nil }
        switch field {
        case .payee: return Self.text(statement, 8) ?? Self.text(statement, 7)
        case .originalPayee: return Self.text(statement, 7)
        case .memo: return Self.text(statement, 9)
        case .notes: return Self.text(statement, 10)
        case .project: return Self.id(statement, 12).flatMap { projects.bytes(of: $0) }
        case .place: return Self.id(statement, 13).flatMap { places.bytes(of: $0) }
        case .bankId: return Self.text(statement, 14)
        case .sourceFile: return Self.id(statement, 15).flatMap { files.bytes(of: $0) }
        }
    }

    /// The column's bytes; nil for NULL (an empty text, or an empty blob, has an empty buffer).
    private static func text(_ statement: OpaquePointer, _ column: Int32) -> UnsafeBufferPointer<UInt8>? {
        if let bytes = sqlite3_column_text(statement, column) {
            return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(statement, column)))
        }
        return sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : UnsafeBufferPointer(start: nil, count: 0)
    }

    /// The column's integer; nil for NULL.
    private static func id(_ statement: OpaquePointer, _ column: Int32) -> Int64? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_int64(statement, column)
    }
}

/// Names by id (project titles, place names, source file paths) read once, their bytes as stored kept in one
/// allocation, handed out in place.
///
/// Not `Sendable`: one stream's; released with it.
final class StoredNames {
    private let storage: UnsafeMutableBufferPointer<UInt8>
    /// Each id's name: where its bytes start and how many; a NULL name is not held.
    private let spans: [Int64: (start: Int, count: Int)]

    /// Reads `sql`: rows of an id and a text.
    init(_ db: SQLiteConnection, _ sql: String) throws(LedgerError) {
        var bytes: [UInt8] = []
        var spans: [Int64: (start: Int, count: Int)] = [:]
        try db.uncachedStatement(sql).eachRow { row throws(LedgerError) in
            guard !row.isNull(1) else { return }
            let start = bytes.count
            if let text = sqlite3_column_text(row.pointer, 1) {
                bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: Int(sqlite3_column_bytes(row.pointer, 1))))
            }
            spans[row.int64(0)] = (start, bytes.count - start)
        }
        storage = .allocate(capacity: max(1, bytes.count))
        _ = storage.initialize(from: bytes)
        self.spans = spans
    }

    deinit { storage.deallocate() }

    /// The name of `id`; nil when there is none.
    func bytes(of id: Int64) -> UnsafeBufferPointer<UInt8>? {
        guard let span = spans[id], let base = storage.baseAddress else { return nil }
        return UnsafeBufferPointer(start: base + span.start, count: span.count)
    }
}
