import Foundation
import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// The work a stored row saves against its plain twins: the text of a set of fields made once per
/// set (``FieldLists`` against ``Ledger/fieldList(_:)``), a row's category checked and found with
/// one look-up (``NameCache/validatedCategory(_:in:)`` against ``LedgerValidation/categoryPath(_:)``
/// then ``NameCache/category(_:in:)``), and the `splits` column no longer bound.
@Suite struct StoredRowWorkTests {
    @Test func fieldListsGiveThePlainTextOfEverySet() {
        var random = SeededGenerator(seed: 0x5709)
        var lists = FieldLists()
        let all = TransactionField.allCases
        for _ in 0..<2_000 {
            var fields = Set<TransactionField>()
            for _ in 0..<random.below(5) { fields.insert(random.pick(all)) }
            #expect(lists.text(of: fields) == Ledger.fieldList(fields), "\(fields.sorted())")
        }
    }

    /// Generated paths, some of them ones the ledger refuses (blank, a ':' in a name, too deep),
    /// each written several times, in several spellings of one key.
    func generatedPaths(_ random: inout SeededGenerator) -> [CategoryPath] {
        let names = ["Food", "food", " Food ", "Rent", "Bills", "Car", "Fuel", "", "a:b", "Shops/Online", "Travel"]
        return (0..<600).map { _ in
            let depth = random.pick([1, 1, 2, 2, 3, CategoryPath.maximumDepth, CategoryPath.maximumDepth + 1])
            return CategoryPath((0..<depth).map { _ in random.pick(names) })
        }
    }

    @Test func aCategoryIsCheckedAndFoundAsThePlainTwinDoes() throws {
        var random = SeededGenerator(seed: 0xCA7E)
        let paths = generatedPaths(&random)
        let fast = try LedgerFixture("validated-category-fast"), plain = try LedgerFixture("validated-category-plain")
        var fastNames = NameCache(), plainNames = NameCache()
        var refused = 0
        for path in paths {
            let fastId: Result<Int64, LedgerError> = Result { () throws(LedgerError) in try fastNames.validatedCategory(path, in: fast.ledger) }
            let plainId: Result<Int64, LedgerError> = Result { () throws(LedgerError) in
                _ = try LedgerValidation.categoryPath(path)
                return try plainNames.category(path, in: plain.ledger)
            }
            switch (fastId, plainId) {
            case (.success(let a), .success(let b)): #expect(a == b, "\(path)")
            case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "\(path)"); refused += 1
            default: Issue.record("\(path): \(fastId) against \(plainId)")
            }
        }
        #expect(refused > 0, "some generated paths are refused, every time they come")
        #expect(try fast.ledger.categories().map(\.path) == plain.ledger.categories().map(\.path))
    }

    @Test func aStoredRowLeavesSplitsNull() throws {
        let fixture = try LedgerFixture("splits-null")
        let account = try fixture.account("Checking")
        try fixture.ledger.importStatements([ImportStatement(accountId: account, sourceFile: "a.csv", transactions:
            (1...40).map { row(account, $0 % 28 + 1, "-\($0).00", "Shop \($0)", category: "Food") })])
        let db = try SQLiteConnection(path: fixture.path, readOnly: true, busyTimeout: 5)
        #expect(try db.uncachedStatement("SELECT count(*) FROM transactions WHERE splits IS NOT NULL").rows { $0.int64(0) } == [0])
        #expect(try db.uncachedStatement("SELECT count(*) FROM transactions").rows { $0.int64(0) } == [40])
    }
}
