import Foundation
import Testing
import MyMoneyImport
import MyMoneyStore

/// A statement handed to the store in parts (``ImportStatement/continues``) is stored as when it
/// comes whole, and rows and tag links written many to an INSERT as when written one by one: the
/// plain twins, compared report by report and row by row.
@Suite struct StatementPartsTests {
    /// 60 rows of one account over five days of October: tagged and categorized ones, two
    /// identical coffees on each day (two transactions, whichever parts they fall in), a bank
    /// id on every third row.
    func rows(_ accountId: Int64) -> [LedgerTransaction] {
        (0..<60).map { i in
            let day = 1 + i / 12
            if i % 12 == 5 || i % 12 == 6 { return row(accountId, day, "-2.50", "Coffee Corner", tags: ["coffee"]) }
            return row(accountId, day, "-\(i + 1).\(i % 90 + 10)", "Shop \(i % 7)", bankId: i % 3 == 0 ? "B\(i)" : nil,
                       category: i % 4 == 0 ? "Food:Groceries" : nil, tags: i % 5 == 0 ? ["weekly", "food"] : (i % 2 == 0 ? ["x"] : []))
        }
    }

    /// `statement` cut into parts of `size` rows, the first with the identities of all its rows.
    func parts(_ statement: ImportStatement, size: Int) -> [ImportStatement] {
        var parts: [ImportStatement] = []
        var lo = 0
        while lo < statement.transactions.count {
            let hi = min(statement.transactions.count, lo + size)
            var part = ImportStatement(accountId: statement.accountId, sourceFile: statement.sourceFile,
                                       transactions: Array(statement.transactions[lo..<hi]),
                                       balances: hi == statement.transactions.count ? statement.balances : [])
            part.identities = lo == 0 ? statement.transactions.map(IdentityCandidate.init) : nil
            part.continues = hi < statement.transactions.count
            parts.append(part)
            lo = hi
        }
        return parts
    }

    /// Everything a reader sees of the ledger's transactions and balances, in order.
    func dump(_ ledger: Ledger) throws -> [String] {
        try ledger.transactions().map { t in
            "\(t.id ?? 0) \(t.accountId) \(t.day) \(t.amount) \(t.type) \(t.payee ?? "-") \(t.category?.description ?? "-") \(t.tags)"
        } + ledger.statementBalances().map { "\($0.accountId) \($0.day) \($0.amount) \($0.kind)" }
    }

    /// Imports `first` whole into a new ledger, then `second` as `handed` turns it into statements.
    func importTwice(first: [LedgerTransaction], second: ImportStatement, batching: Bool = true,
                     handed: (ImportStatement) -> [ImportStatement]) throws -> (report: ImportReport, dump: [String]) {
        let fixture = try LedgerFixture()
        let id = try fixture.account("Checking")
        #expect(id == second.accountId)
        if !first.isEmpty {
            try fixture.ledger.importStatements([ImportStatement(accountId: id, sourceFile: "old.csv", transactions: first)], batching: batching)
        }
        let report = try fixture.ledger.importStatements(handed(second), files: ["new.csv"], batching: batching)
        return (report, try dump(fixture.ledger))
    }

    func statement() -> ImportStatement {
        ImportStatement(accountId: 1, sourceFile: "new.csv", transactions: rows(1),
                        balances: [StatementBalance(kind: .closing, amount: amount("100.00"), day: october(5))])
    }

    @Test(arguments: [1, 5, 6, 7, 16, 59, 60])
    func aStatementInPartsIsStoredAsTheWholeStatement(size: Int) throws {
        let whole = try importTwice(first: [], second: statement()) { [$0] }
        let inParts = try importTwice(first: [], second: statement()) { parts($0, size: size) }
        #expect(inParts.report == whole.report)
        #expect(inParts.dump == whole.dump)
        #expect(whole.report.addedCount == 60)
    }

    /// The parts' duplicates are those of the whole statement against the rows stored before it:
    /// one coffee of each day stored, the second still new; rows with bank ids found by them.
    @Test(arguments: [1, 6, 13, 60])
    func aStatementInPartsFindsTheDuplicatesTheWholeOneFinds(size: Int) throws {
        let earlier = rows(1).enumerated().filter { $0.offset % 12 == 5 || $0.offset % 3 == 0 }.map(\.element)
        let whole = try importTwice(first: earlier, second: statement()) { [$0] }
        let inParts = try importTwice(first: earlier, second: statement()) { parts($0, size: size) }
        #expect(inParts.report == whole.report)
        #expect(inParts.dump == whole.dump)
        #expect(whole.report.skippedCount == earlier.count)
    }

    /// 1,440 rows (several full INSERTs of ``Ledger/rowsPerInsert`` and a rest), whole or in
    /// parts that cut INSERTs short, into an empty ledger or one holding some of them (skipped
    /// rows between the batched ones).
    @Test(arguments: [(0, false), (0, true), (300, false), (700, true)])
    func rowsAndTagLinksManyToAnInsertAreStoredAsOneByOne(partSize: Int, someStored: Bool) throws {
        var big = statement()
        big.transactions = (0..<24).flatMap { copy in
            rows(1).map { row in
                var row = row
                row.memo = "copy \(copy)"
                row.bankId = row.bankId.map { "\($0)-\(copy)" }
                return row
            }
        }
        let earlier = someStored ? big.transactions.enumerated().filter { $0.offset % 97 == 3 || $0.offset % 500 < 20 }.map(\.element) : []
        let handed: (ImportStatement) -> [ImportStatement] = { partSize == 0 ? [$0] : parts($0, size: partSize) }
        let batched = try importTwice(first: earlier, second: big, batching: true, handed: handed)
        let oneByOne = try importTwice(first: earlier, second: big, batching: false, handed: handed)
        #expect(big.transactions.count > 4 * Ledger.rowsPerInsert)
        #expect(batched.report == oneByOne.report)
        #expect(batched.dump == oneByOne.dump)
        #expect(batched.report.skippedCount == earlier.count)
        // The rows stored before are in the ledger too: every row is there once, with its tags.
        #expect(batched.dump.count { $0.contains("\"weekly\"") } == big.transactions.count { $0.tags.contains("weekly") })
    }

    @Test func aPartForAnotherAccountFailsTheImportAndWritesNothing() throws {
        let fixture = try LedgerFixture()
        let id = try fixture.account("Checking")
        _ = try fixture.account("Savings")
        var handed = parts(statement(), size: 20)
        handed[1].accountId = id + 1
        #expect(throws: LedgerError.self) { try fixture.ledger.importStatements(handed) }
        #expect(try fixture.ledger.transactions().isEmpty)
    }

    @Test func aStatementWhoseLastPartNeverCameFailsTheImportAndWritesNothing() throws {
        let fixture = try LedgerFixture()
        _ = try fixture.account("Checking")
        var handed = parts(statement(), size: 20)
        handed.removeLast()
        #expect(throws: LedgerError.self) { try fixture.ledger.importStatements(handed) }
        #expect(try fixture.ledger.transactions().isEmpty)
        var short = parts(statement(), size: 20)
        short[0].identities?.removeLast()
        #expect(throws: LedgerError.self) { try fixture.ledger.importStatements(short) }
        #expect(try fixture.ledger.transactions().isEmpty)
    }
}
