import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
import MyMoneyStore
import MyMoneyTestSupport

/// A new ledger is built aside with its journal in memory instead of the write-ahead log
/// (``ImportRequest/asideWithoutLog``): it must end as the WAL-written twin does, published in
/// WAL mode, and a failure must still leave no file.
@Suite("import: a new ledger written without the write-ahead log")
struct AsideJournalTests {
    /// The import's JSON report, every stored transaction and account, and the published file's
    /// journal byte pair (header bytes 18 and 19: 2 and 2 in WAL mode).
    func imported(_ file: URL, withoutLog: Bool) throws -> (report: String, transactions: [LedgerTransaction], accounts: [Account],
                                                          header: [UInt8], leftovers: [String]) {
        let folder = MyMoneyBinary.scratch("aside-journal-ledger")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR))
        request.asideWithoutLog = withoutLog
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: ledger))
        let header = Array(bytes.prefix(20).suffix(2))
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "ledger.sqlite" }
        let after = try Books.open(at: ledger)
        return (ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                try after.ledger.transactions(), try after.ledger.accounts(), header, leftovers)
    }

    @Test func aLedgerBuiltWithoutTheLogIsTheOneTheLogBuildsAndIsPublishedInWALMode() throws {
        let file = MyMoneyBinary.scratch("aside-journal-in").appendingPathComponent("checking.csv")
        try Data(IndexesWhileMatchingTests.csv.utf8).write(to: file)
        let withoutLog = try imported(file, withoutLog: true)
        let withLog = try imported(file, withoutLog: false)
        #expect(withoutLog.report == withLog.report)
        #expect(withoutLog.transactions == withLog.transactions)
        #expect(withoutLog.accounts == withLog.accounts)
        #expect(withoutLog.transactions.count == 2_500)
        #expect(withoutLog.header == [2, 2], "the published file is in WAL mode")
        #expect(withLog.header == [2, 2])
        // No journal, log or aside copy is left beside the published ledger.
        #expect(withoutLog.leftovers.isEmpty, "\(withoutLog.leftovers)")
    }

    @Test func aFailedFirstImportWithoutTheLogCreatesNoLedger() throws {
        let folder = MyMoneyBinary.scratch("aside-journal-failed")
        let file = folder.appendingPathComponent("cash.qif")
        try Data("!Type:Cash\nD02/28/2026\nT-5.00\nPCoffee\n^\n".utf8).write(to: file)
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        // No currency anywhere: the new account cannot be made, after the aside ledger was opened.
        var request = ImportRequest(paths: [file.path], readOptions: ReadOptions())
        request.accountName = "Cash"
        #expect(throws: BooksError.self) { try Books.importStatements(request, at: ledger, readers: readers, rules: nil) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["cash.qif"])
    }

    @Test func theJournalGoesToMemoryAndBackToWAL() throws {
        let path = MyMoneyBinary.scratch("aside-journal-modes").appendingPathComponent("l.sqlite").path
        let ledger = try Ledger(path: path)
        #expect(try ledger.journalMode() == "wal")
        #expect(try ledger.pageCacheKiB() == 65_536)
        try ledger.journalInMemoryWhileAside()
        #expect(try ledger.journalMode() == "memory")
        // A file without a log takes spilled pages once: a smaller cache while aside.
        #expect(try ledger.pageCacheKiB() == 16_384)
        _ = try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .EUR))
        try ledger.restoreWriteAheadLog()
        #expect(try ledger.journalMode() == "wal")
        #expect(try ledger.pageCacheKiB() == 65_536)
        #expect(try ledger.accounts().map(\.name) == ["Checking"])
    }
}
