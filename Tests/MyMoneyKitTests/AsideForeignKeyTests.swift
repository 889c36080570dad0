import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
@testable import MyMoneyStore
import MyMoneyTestSupport

/// A new ledger is built aside without checking foreign keys at each INSERT; every reference is
/// checked once before it is published (``ImportRequest/asideWithoutForeignKeyChecks``). It must
/// end as the twin that checks them row by row does, and be published checking them again.
@Suite("import: a new ledger's references checked once")
struct AsideForeignKeyTests {
    struct Ended: Equatable {
        var report: String
        var transactions: [LedgerTransaction]
        var accounts: [Account]
        var links: [String]
        var problems: [String]
    }

    func imported(_ files: [URL], unchecked: Bool) throws -> Ended {
        let ledger = MyMoneyBinary.scratch("aside-keys-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: files.map(\.path))
        request.asideWithoutForeignKeyChecks = unchecked
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        let after = try Books.open(at: ledger)
        let links = try after.ledger.transfers().map { "\($0.fromTransactionId)>\($0.toTransactionId) \($0.status) \($0.confidence)" }
        // The published ledger checks its references again: a link to no transaction is refused.
        #expect(throws: LedgerError.self) {
            try after.ledger.db.execute("INSERT INTO transaction_tags (transaction_id, tag_id) VALUES (987654321, 987654321)")
        }
        return Ended(report: ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                     transactions: try after.ledger.transactions(), accounts: try after.ledger.accounts(), links: links,
                     problems: try after.ledger.integrityProblems())
    }

    @Test func aLedgerBuiltWithoutRowByRowChecksIsTheCheckedOne() throws {
        let folder = MyMoneyBinary.scratch("aside-keys-in")
        var files: [URL] = []
        // Five accounts of 300 rows, with categories, tags and transfers between them.
        for (name, csv) in BalanceRowsOfNewAccountsTests.statements(seed: 9, accounts: 5) {
            let file = folder.appendingPathComponent(name)
            try Data(csv.utf8).write(to: file)
            files.append(file)
        }
        let unchecked = try imported(files, unchecked: true)
        let checked = try imported(files, unchecked: false)
        #expect(unchecked == checked)
        #expect(unchecked.transactions.count >= 1_500)
        #expect(unchecked.transactions.contains { !$0.tags.isEmpty } && unchecked.transactions.contains { $0.category != nil })
        #expect(unchecked.links.count > 20)
        #expect(unchecked.problems.isEmpty)
    }

    @Test func aRowNamingAMissingOneIsFound() throws {
        let ledger = try Ledger(path: MyMoneyBinary.scratch("aside-keys-check").appendingPathComponent("l.sqlite").path)
        try ledger.foreignKeysUncheckedWhileAside()
        #expect(try ledger.foreignKeyProblems() == [])
        try ledger.db.execute("INSERT INTO transaction_tags (transaction_id, tag_id) VALUES (41, 42)")
        #expect(try Set(ledger.foreignKeyProblems()) == ["a row of transaction_tags names a missing transactions row",
                                                         "a row of transaction_tags names a missing tags row"])
        try ledger.restoreForeignKeyChecks()
        #expect(throws: LedgerError.self) { try ledger.db.execute("INSERT INTO transaction_tags (transaction_id, tag_id) VALUES (43, 44)") }
        try ledger.transaction { () throws in
            #expect(throws: LedgerError.self) { try ledger.foreignKeysUncheckedWhileAside() }
        }
    }
}
