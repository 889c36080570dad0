internal import MyMoneySQLite

/// One cursor per account over the same transactions query, merged by day, then id: the
/// transactions of several accounts in the ledger's order without SQLite sorting them (each
/// account's rows come in the order of the `(account_id, day)` index, which holds the id after
/// the day).
///
/// Not `Sendable`: its statements belong to the ledger's connection.
struct DayOrderedCursors {
    /// The cursors still holding a row, each stepped onto its next row.
    private var cursors: [PreparedStatement] = []
    /// The cursor ``next()`` handed out last, stepped on by the following call.
    private var current: Int?

    /// Opens the query `sql` (its first parameter the account id, then `values`) for each of
    /// `accountIds`. Columns 0 and 2 must be the transaction's id and day.
    init(_ db: SQLiteConnection, sql: String, values: [SQLValue], accountIds: [Int64]) throws(LedgerError) {
        for id in accountIds {
            let cursor = try db.uncachedStatement(sql)
            cursor.bind([.integer(id)] + values)
            if try cursor.step() { cursors.append(cursor) }
        }
    }

    /// The statement standing on the next row in day-then-id order, nil when every cursor is
    /// done. Its row stays valid until the next call.
    ///
    /// - Complexity: O(a) comparisons for a accounts.
    mutating func next() throws(LedgerError) -> PreparedStatement? {
        if let current {
            if try !cursors[current].step() { cursors.remove(at: current) }
            self.current = nil
        }
        guard !cursors.isEmpty else { return nil }
        var next = 0
        for i in cursors.indices.dropFirst()
        where (cursors[i].int64(2), cursors[i].int64(0)) < (cursors[next].int64(2), cursors[next].int64(0)) {
            next = i
        }
        current = next
        return cursors[next]
    }
}
