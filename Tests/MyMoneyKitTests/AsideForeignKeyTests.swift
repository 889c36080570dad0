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

    /// The deferred indexes built after the commit, beside the check on a connection of its own
    /// (``ImportRequest/asideIndexesBesideCheck``): the ledger its plain twin builds.
    /// With rows of several accounts the indexes are built beside the matcher, as before.
    @Test(arguments: [1, 2])
    func aLedgerIndexedBesideItsReferenceCheckIsThePlainOne(accounts: Int) throws {
        let folder = MyMoneyBinary.scratch("aside-keys-beside-in")
        let files = (0..<accounts).map { folder.appendingPathComponent("checking-\($0).csv") }
        for file in files { try Data(IndexesWhileMatchingTests.csv.utf8).write(to: file) }
        func imported(beside: Bool) throws -> (ended: Ended, indexes: [String: String], left: [String]) {
            let ledger = MyMoneyBinary.scratch("aside-keys-beside").appendingPathComponent("ledger.sqlite").path
            let (readers, _) = Readers.standard(profilesDirectory: nil)
            var request = ImportRequest(paths: files.map(\.path), readOptions: ReadOptions(currency: .EUR))
            request.asideIndexesBesideCheck = beside
            let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
            let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
            let after = try Books.open(at: ledger)
            #expect(try after.ledger.journalMode() == "wal")
            let ended = Ended(report: ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                              transactions: try after.ledger.transactions(), accounts: try after.ledger.accounts(), links: [],
                              problems: try after.ledger.integrityProblems())
            return (ended, try after.ledger.transactionIndexes(), outcome.indexesToRebuild)
        }
        let beside = try imported(beside: true)
        let plain = try imported(beside: false)
        #expect(beside.ended == plain.ended)
        #expect(beside.indexes == plain.indexes)
        #expect(beside.ended.transactions.count == 2_500 * accounts)
        #expect(beside.ended.accounts.count == accounts)
        #expect(beside.ended.problems.isEmpty)
        // The beside run of one account did leave its indexes to the check (2,500 rows into an
        // empty ledger); of two, built them beside the matcher.
        #expect(beside.left.count == (accounts == 1 ? DeferredIndexes.names.count : 0))
        #expect(plain.left.isEmpty)
        #expect(beside.indexes["transactions_for_reports"] != nil)
    }

    /// A check reads the file as last committed, while the ledger's own connection writes and
    /// commits beside it: the commit waits for the check, whatever SQLite's busy timeout says.
    @Test func aCheckBesideAWriterSeesTheFileAsCommitted() throws {
        let ledger = try Ledger(path: MyMoneyBinary.scratch("aside-keys-snapshot").appendingPathComponent("l.sqlite").path)
        try ledger.foreignKeysUncheckedWhileAside()
        let check = try ledger.referenceCheck()
        let (seen, _) = try ledger.waitingForOwnReaders {
            // The row the check must not see is written and committed while the check still holds
            // its read (it runs a moment later): the commit waits for it to end.
            try Concurrently.alongside({ Thread.sleep(forTimeInterval: 0.3); return check.problems() }) {
                try ledger.transaction { () throws in
                    try ledger.db.execute("INSERT INTO transaction_tags (transaction_id, tag_id) VALUES (41, 42)")
                }
            }
        }
        #expect(try seen.get() == [])
        #expect(try ledger.foreignKeyProblems().count == 2)
        // A check runs once; the busy timeout is SQLite's again afterwards.
        if case .success = check.problems() { Issue.record("a second run of a check must fail") }
        #expect(try ledger.db.uncachedStatement("PRAGMA busy_timeout").rows { $0.int64(0) } == [5_000])
        try ledger.transaction { () throws in
            #expect(throws: LedgerError.self) { try ledger.referenceCheck() }
        }
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
