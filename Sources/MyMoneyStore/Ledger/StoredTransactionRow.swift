import Foundation
import MyMoneyImport
internal import MyMoneySQLite

/// A row of the transactions query made into a ``LedgerTransaction``: the columns it selects
/// and the decoding, shared by the list (``Ledger/transactions(matching:)``) and the stream
/// (``Ledger/eachTransaction(matching:_:)``).
///
/// Keeps what repeats from row to row (category paths by id, currency, type, format and file
/// text) so a million rows make a handful of those values, not a million.
struct StoredTransactionRow {
    /// The query up to its `WHERE`: columns 0–22 are the transaction's, 23 its tags (the
    /// `tags` expression: a `group_concat` with `char(31)` between titles, or `NULL`), 24 its
    /// category id.
    static func select(tags: String) -> String {
        """
        SELECT t.id, t.account_id, t.day, t.amount_units, t.amount_scale, t.currency, t.type, t.original_payee,
               t.payee, t.memo, t.notes, c.path, p.title, pl.name, t.bank_id, t.bank_type, t.check_number,
               t.transfer_hint, NULL, t.extra, t.source_format, sf.path, t.source_line,
               \(tags),
               t.category_id
        FROM transactions t
        LEFT JOIN categories c ON c.id = t.category_id
        LEFT JOIN projects p ON p.id = t.project_id
        LEFT JOIN places pl ON pl.id = t.place_id
        LEFT JOIN source_files sf ON sf.id = t.source_file_id
        """
    }

    /// The tags column as a subquery per row.
    static let tagsPerRow = """
        (SELECT group_concat(g.title, char(31)) FROM transaction_tags x JOIN tags g ON g.id = x.tag_id
                WHERE x.transaction_id = t.id)
        """

    /// The tags of the row, from the ``tagsPerRow`` column, in the ledger's order.
    static func tags(_ row: PreparedStatement, column: Int32 = 23) -> [String] {
        row.optionalText(column).map { Ledger.sortedTags($0.split(separator: "\u{1F}").map(String.init)) } ?? []
    }

    private let decoder = JSONDecoder()
    private var categories: [Int64: CategoryPath?] = [:]
    private var currencyText = RepeatedText(), typeText = RepeatedText(), formatText = RepeatedText(), fileText = RepeatedText()
    private var currency: (code: String, value: Currency)?

    /// The category of the row as ``CategoryPath/description`` writes it, parsed once per id.
    private var categoryTexts: [Int64: String?] = [:]

    /// The current row of `row` as columns, its text read through `text` (pointed at `row`
    /// here), with `tags` and, when given, the whole `transaction`: the same typed values
    /// ``transaction(_:tags:)`` makes.
    mutating func columns(_ row: PreparedStatement, text: StoredRowText, tags: [String],
                          transaction: LedgerTransaction?) throws(LedgerError) -> LedgerTransactionColumns {
        var category: String?
        if let categoryId = row.optionalInt64(24) {
            if let known = categoryTexts[categoryId] { category = known } else {
                category = row.optionalText(11).flatMap(CategoryPath.init(parsing:))?.description
                categoryTexts[categoryId] = category
            }
        }
        let amount = try Ledger.storedAmount(row.int64(3), row.int64(4))
        let code = currencyText.read(row, 5) ?? ""
        let rowCurrency: Currency
        if let currency, currency.code == code { rowCurrency = currency.value } else {
            rowCurrency = try Ledger.storedCurrency(code)
            currency = (code, rowCurrency)
        }
        let type = TransactionType(rawValue: typeText.read(row, 6) ?? "") ?? (amount.isNegative ? .expense : .income)
        text.row = row
        return LedgerTransactionColumns(id: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)), amount: amount,
                                        currency: rowCurrency, type: type, category: category, tags: tags,
                                        sourceLine: row.optionalInt64(22).map { Int($0) }, transaction: transaction, row: text)
    }

    /// The transaction in the current row of `row` (a statement made from ``select(tags:)``),
    /// with `tags`, without its splits.
    mutating func transaction(_ row: PreparedStatement, tags: [String]) throws(LedgerError) -> LedgerTransaction {
        let extra = row.optionalText(19).flatMap { try? decoder.decode([StatementField].self, from: Data($0.utf8)) } ?? []
        var category: CategoryPath?
        if let categoryId = row.optionalInt64(24) {
            if let known = categories[categoryId] { category = known } else {
                category = row.optionalText(11).flatMap(CategoryPath.init(parsing:))
                categories[categoryId] = category
            }
        }
        let code = currencyText.read(row, 5) ?? ""
        let rowCurrency: Currency
        if let currency, currency.code == code { rowCurrency = currency.value } else {
            rowCurrency = try Ledger.storedCurrency(code)
            currency = (code, rowCurrency)
        }
        // NULL payee: the same as the bank's (one String for both).
        let originalPayee = row.optionalText(7)
        let payee = row.isNull(8) ? originalPayee : row.optionalText(8)
        return LedgerTransaction(
            id: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)),
            amount: try Ledger.storedAmount(row.int64(3), row.int64(4)), currency: rowCurrency,
            originalPayee: originalPayee, payee: payee, memo: row.optionalText(9),
            notes: row.optionalText(10), type: TransactionType(rawValue: typeText.read(row, 6) ?? ""),
            category: category, tags: tags,
            project: row.optionalText(12), place: row.optionalText(13), bankId: row.optionalText(14),
            bankType: row.optionalText(15), checkNumber: row.optionalText(16), transferHint: row.optionalText(17),
            splits: [], extra: extra, sourceFormat: formatText.read(row, 20), sourceFile: fileText.read(row, 21),
            sourceLine: row.optionalInt64(22).map { Int($0) })
    }
}
