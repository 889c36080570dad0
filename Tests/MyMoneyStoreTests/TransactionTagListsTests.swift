import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// `TransactionTagLists`, the tags of a whole stream read at once, found through a table by id
/// against its twin, the dictionary by id: the same lists for every id, those without tags,
/// below and past the tagged ones, and for tagged ids too far apart for a table.
@Suite struct TransactionTagListsTests {
    static func agree(_ db: SQLiteConnection, ids: [Int64]) throws -> (usesTable: Bool, tagged: Int) {
        let table = try TransactionTagLists(db)
        let plain = try TransactionTagLists(db, lookup: .dictionary)
        #expect(!plain.usesTable)
        var tagged = 0
        for id in ids {
            #expect(table.tags(of: id) == plain.tags(of: id), "id \(id)")
            if !plain.tags(of: id).isEmpty { tagged += 1 }
        }
        return (table.usesTable, tagged)
    }

    @Test func theTableByIdFindsTheDictionarysLists() throws {
        let (fixture, _) = try TransactionStreamTests.ledger(rows: 300, seed: 3)
        let db = fixture.ledger.db
        let largest = try db.statement("SELECT MAX(id) FROM transactions").rows { $0.int64(0) }.first ?? 0
        let ids = Array(-2...(largest + 3)) + [Int64.min, Int64.max, Int64.max - 1]
        let dense = try Self.agree(db, ids: ids)
        #expect(dense.usesTable && dense.tagged > 100)
        // Tagged ids a billion apart: no table, the dictionary finds them.
        try db.execute("PRAGMA foreign_keys = OFF")
        try db.execute("UPDATE transaction_tags SET transaction_id = transaction_id * 1000000000")
        let sparse = try Self.agree(db, ids: ids.map { $0 &* 1_000_000_000 } + ids)
        #expect(!sparse.usesTable && sparse.tagged == dense.tagged)
        // The extremes of the ids in one ledger: no overflow working out the table's size.
        try db.execute("UPDATE transaction_tags SET transaction_id = 9223372036854775807 WHERE transaction_id = (SELECT MIN(transaction_id) FROM transaction_tags)")
        try db.execute("UPDATE transaction_tags SET transaction_id = -9223372036854775807 WHERE transaction_id = (SELECT MAX(transaction_id) FROM transaction_tags WHERE transaction_id < 9223372036854775807)")
        _ = try Self.agree(db, ids: [Int64.max, Int64.min + 1, 0, 1_000_000_000])
    }
}
