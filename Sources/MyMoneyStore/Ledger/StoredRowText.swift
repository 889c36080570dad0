internal import MyMoneySQLite

/// The text of the transactions query's current row (``StoredTransactionRow/select(tags:)``),
/// read in place for ``LedgerTransactionColumns``: one object for a whole stream, pointed at
/// the row being handed on.
///
/// Not `Sendable`: it reads statements of the ledger's connection.
final class StoredRowText: LedgerRowText {
    var row: PreparedStatement?

    func bytes(_ field: LedgerTransactionColumns.Text) -> UnsafeBufferPointer<UInt8>? {
        guard let row else { return nil }
        var column: Int32
        switch field {
        case .payee: column = row.isNull(8) ? 7 : 8
        case .originalPayee: column = 7
        case .memo: column = 9
        case .notes: column = 10
        case .project: column = 12
        case .place: column = 13
        case .bankId: column = 14
        case .sourceFile: column = 21
        }
        guard !row.isNull(column) else { return nil }
        guard let bytes = sqlite3_column_text(row.pointer, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes, count: Int(sqlite3_column_bytes(row.pointer, column)))
    }
}
