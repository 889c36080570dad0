import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// `eachTransactionRow(matching:)`, the column stream behind `transactions --format json`,
/// against its plain twin `eachTransaction(matching:)`: the same rows in the same order with the
/// same values, read from the columns (tags read once up front, per row under a small limit, or
/// not at all in a ledger without tags; a whole value only for rows with parts and filters
/// checked in Swift).
@Suite struct TransactionRowStreamTests {
    /// What a row says, as the values it would make.
    struct Seen: Equatable {
        var id: Int64?, accountId: Int64, day: Day, amount: Amount, currency: Currency, type: TransactionType
        var payee, originalPayee, memo, notes, project, place, bankId, sourceFile, category: String?
        var tags: [String], sourceLine: Int?, splits: [StatementSplit]

        init(_ t: LedgerTransaction) {
            id = t.id; accountId = t.accountId; day = t.day; amount = t.amount; currency = t.currency; type = t.type
            payee = t.payee; originalPayee = t.originalPayee; memo = t.memo; notes = t.notes; project = t.project
            place = t.place; bankId = t.bankId; sourceFile = t.sourceFile; category = t.category?.description
            tags = t.tags; sourceLine = t.sourceLine; splits = t.splits
        }

        init(_ r: LedgerTransactionColumns) {
            id = r.id; accountId = r.accountId; day = r.day; amount = r.amount; currency = r.currency; type = r.type
            payee = r.text(.payee); originalPayee = r.text(.originalPayee); memo = r.text(.memo); notes = r.text(.notes)
            project = r.text(.project); place = r.text(.place); bankId = r.text(.bankId); sourceFile = r.text(.sourceFile)
            category = r.category; tags = r.tags; sourceLine = r.sourceLine; splits = r.transaction?.splits ?? []
        }
    }

    static func rows(_ ledger: Ledger, _ filter: TransactionFilter, query: Ledger.TransactionRowQuery = .outputColumns) throws -> [Seen] {
        var seen: [Seen] = []
        try ledger.eachTransactionRow(matching: filter, query: query) { row in
            // The whole value comes with exactly the rows that need it.
            #expect((row.transaction != nil) == (Ledger.needsSwiftFilter(filter) || row.transaction?.splits.isEmpty == false))
            if let t = row.transaction { #expect(Seen(t) == Seen(row)) }
            seen.append(Seen(row))
        }
        return seen
    }

    static func values(_ ledger: Ledger, _ filter: TransactionFilter) throws -> [Seen] {
        var seen: [Seen] = []
        try ledger.eachTransaction(matching: filter) { seen.append(Seen($0)) }
        return seen
    }

    @Test(arguments: [40, 1_300])
    func theRowsSayWhatTheValuesSay(rows: Int) throws {
        let (fixture, accounts) = try TransactionStreamTests.ledger(rows: rows, seed: UInt64(rows) + 7)
        for filter in TransactionStreamTests.filters(accounts) + [TransactionFilter(limit: 20_000)] {
            let values = try Self.values(fixture.ledger, filter)
            #expect(try Self.rows(fixture.ledger, filter) == values, "\(filter)")
            #expect(try Self.rows(fixture.ledger, filter, query: .wholeRows) == values, "\(filter)")
        }
        let all = try Self.rows(fixture.ledger, TransactionFilter())
        #expect(all.count == rows && all.contains { $0.tags.count == 2 } && all.contains { !$0.splits.isEmpty })
    }

    @Test func aLedgerWithoutTagsOrPartsStreamsItsRowsBare() throws {
        let fixture = try LedgerFixture("rows-bare")
        let giro = try fixture.account("Giro")
        let rows = (1...30).map { row(giro, $0, "-\($0).5", "Shop \($0)", memo: $0 % 2 == 0 ? "m" : nil, category: $0 % 3 == 0 ? "Food > Groceries" : nil) }
        _ = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)])
        let seen = try Self.rows(fixture.ledger, TransactionFilter())
        #expect(seen.count == 30)
        #expect(seen == (try Self.values(fixture.ledger, TransactionFilter())))
        #expect(seen.allSatisfy { $0.tags.isEmpty && $0.splits.isEmpty })
        #expect(seen.contains { $0.category == "Food:Groceries" })
    }

    /// The output columns (no joins: names by id, the type as bytes) say what the whole rows say
    /// for projects and places, a name that is not UTF-8, a category id the categories lack, a
    /// NULL payee falling back to the bank's, an empty one, and a type the ledger would refuse.
    @Test func theOutputColumnsSayWhatTheWholeRowsSay() throws {
        let fixture = try LedgerFixture("rows-narrow")
        let giro = try fixture.account("Giro")
        var rows = (1...24).map { row(giro, $0, $0 % 2 == 0 ? "-\($0).25" : "\($0)", "Shop \($0)", memo: $0 % 3 == 0 ? "m" : nil,
                                      category: $0 % 4 == 0 ? "Food > Groceries" : nil, place: $0 % 5 == 0 ? "Markt" : nil) }
        for i in rows.indices where i % 6 == 0 { rows[i].project = "Haus" }
        _ = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: rows)])
        let db = fixture.ledger.db
        try db.execute("UPDATE places SET name = CAST(X'4D61726B749F' AS TEXT)")
        try db.execute("UPDATE transactions SET payee = 'cleaned' WHERE id % 7 = 0")
        try db.execute("UPDATE transactions SET payee = '' WHERE id % 11 = 0")
        try db.execute("PRAGMA foreign_keys = OFF; PRAGMA ignore_check_constraints = ON")
        try db.execute("UPDATE transactions SET category_id = 999 WHERE id = 3")
        try db.execute("UPDATE transactions SET type = 'refund' WHERE id = 5")
        try db.execute("UPDATE transactions SET type = 'transfer' WHERE id = 6")
        try db.execute("PRAGMA ignore_check_constraints = OFF")
        for filter in [TransactionFilter(), TransactionFilter(limit: 3), TransactionFilter(place: "Markt")] {
            let narrow = try Self.rows(fixture.ledger, filter)
            #expect(narrow == (try Self.rows(fixture.ledger, filter, query: .wholeRows)), "\(filter)")
            #expect(narrow == (try Self.values(fixture.ledger, filter)), "\(filter)")
        }
        let all = try Self.rows(fixture.ledger, TransactionFilter())
        // Not vacuous: every case above is in the rows.
        #expect(all.contains { $0.project == "Haus" } && all.contains { $0.place == "Markt\u{FFFD}" })
        #expect(all.contains { $0.payee == "cleaned" && $0.originalPayee != "cleaned" } && all.contains { $0.payee == "" })
        #expect(all.first { $0.id == 3 }?.category == nil && all.contains { $0.category == "Food:Groceries" })
        #expect(all.first { $0.id == 5 }?.type == .income && all.first { $0.id == 6 }?.type == .transfer)
    }

    /// A ledger written by another program may hold text that is not UTF-8; the columns hand on
    /// the bytes and their Strings repair them as the values' do.
    @Test func bytesThatAreNotUTF8AreHandedOnAsStored() throws {
        let fixture = try LedgerFixture("rows-bytes")
        let giro = try fixture.account("Giro")
        _ = try fixture.ledger.importStatements([ImportStatement(accountId: giro, transactions: [row(giro, 1, "-1", "Caf")])])
        try fixture.ledger.db.execute("UPDATE transactions SET payee = CAST(X'4361669F' AS TEXT), memo = '' ")
        var payee: [UInt8]?
        try fixture.ledger.eachTransactionRow { row in payee = row.bytes(.payee).map(Array.init) }
        #expect(payee == [0x43, 0x61, 0x66, 0x9F])
        #expect(try Self.rows(fixture.ledger, TransactionFilter()) == Self.values(fixture.ledger, TransactionFilter()))
        #expect(try Self.values(fixture.ledger, TransactionFilter()).first?.payee == "Caf\u{FFFD}")
        #expect(try Self.values(fixture.ledger, TransactionFilter()).first?.memo == "")
    }
}
