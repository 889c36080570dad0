/// One stored transaction as its row reads, straight from the ledger's storage, without a
/// ``LedgerTransaction``: what a stream of rows hands on (`Books.eachTransactionRow`), so a
/// writer can copy the text fields into its output without a String per field.
///
/// Valid only during the call it is handed to: its text points into the storage's current
/// row. The typed fields hold what a ``LedgerTransaction`` of the row would (the payee falls
/// back to the bank's, the type to the amount's sign, the category is the path as
/// ``CategoryPath/description`` writes it, the tags in the ledger's order). A row with splits,
/// and every row of a stream whose filter is checked on whole values, also carries the whole
/// value in ``transaction``: write that one instead.
///
/// Not `Sendable`: it reads a row of the ledger's connection.
public struct LedgerTransactionColumns {
    /// A text field of the row.
    public enum Text: Sendable {
        /// The payee after cleanup, or the bank's when none was set (as ``LedgerTransaction/payee``).
        case payee
        case originalPayee, memo, notes, project, place, bankId, sourceFile
    }

    public let id: Int64
    public let accountId: Int64
    public let day: Day
    public let amount: Amount
    public let currency: Currency
    public let type: TransactionType
    public let category: String?
    public let tags: [String]
    public let sourceLine: Int?
    /// The whole transaction with its splits, for a row that has them or was decoded anyway.
    public let transaction: LedgerTransaction?
    private let row: any LedgerRowText

    package init(id: Int64, accountId: Int64, day: Day, amount: Amount, currency: Currency, type: TransactionType,
                 category: String?, tags: [String], sourceLine: Int?, transaction: LedgerTransaction?, row: any LedgerRowText) {
        self.id = id
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.currency = currency
        self.type = type
        self.category = category
        self.tags = tags
        self.sourceLine = sourceLine
        self.transaction = transaction
        self.row = row
    }

    /// The UTF-8 bytes the storage holds for `field`, nil when it is empty in the ledger's
    /// sense (NULL). Only valid while this row is; not checked: a ledger written by another
    /// program may hold bytes that are not UTF-8 (the Strings of ``text(_:)`` repair them).
    public func bytes(_ field: Text) -> UnsafeBufferPointer<UInt8>? { row.bytes(field) }

    /// The field as a String, as ``LedgerTransaction`` holds it.
    public func text(_ field: Text) -> String? { bytes(field).map { String(decoding: $0, as: UTF8.self) } }
}

/// Where ``LedgerTransactionColumns`` reads its text: the storage's current row.
package protocol LedgerRowText: AnyObject {
    func bytes(_ field: LedgerTransactionColumns.Text) -> UnsafeBufferPointer<UInt8>?
}
