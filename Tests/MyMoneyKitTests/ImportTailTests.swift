import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
import MyMoneyStore
import MyMoneyTestSupport

/// The stages after storing shared between the cores: the rows let go on another core
/// (``ImportRequest/rowsReleasedAside``), and each stored part of a statement stored in parts. The
/// import must end as the plain twin's does: the same
/// report (transfers, opening balances, reconciliation), rows, accounts, links and indexes, and a
/// ledger SQLite finds sound.
@Suite("import: the stages after storing on both cores")
struct ImportTailTests {
    struct Ended: Equatable {
        var report: String
        var transactions: [LedgerTransaction]
        var accounts: [Account]
        var links: [String]
        var indexes: [String: String]
        var problems: [String]
    }

    func imported(_ files: [URL], releasedAside: Bool, dryRun: Bool = false, part: Int? = nil) throws -> Ended {
        let ledger = MyMoneyBinary.scratch("import-tail-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: files.map(\.path), dryRun: dryRun)
        request.rowsReleasedAside = releasedAside
        if let part { request.rulePart = part }
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        let after = try Books.open(at: ledger)
        let links = try after.ledger.transfers().map { "\($0.fromTransactionId)>\($0.toTransactionId) \($0.status) \($0.confidence)" }
        return Ended(report: ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                     transactions: try after.ledger.transactions(), accounts: try after.ledger.accounts(), links: links,
                     indexes: try after.ledger.transactionIndexes(), problems: try after.ledger.integrityProblems())
    }

    /// Seven accounts of 300 rows: above the 2,000 rows from which the indexes are rebuilt.
    func statementFiles(seed: UInt64) throws -> [URL] {
        let folder = MyMoneyBinary.scratch("import-tail-in")
        var files: [URL] = []
        for (name, csv) in BalanceRowsOfNewAccountsTests.statements(seed: seed, accounts: 7) {
            let file = folder.appendingPathComponent(name)
            try Data(csv.utf8).write(to: file)
            files.append(file)
        }
        return files
    }

    @Test(arguments: [UInt64(5), 6])
    func aFreshImportEndsAsThePlainTwins(seed: UInt64) throws {
        let files = try statementFiles(seed: seed)
        let fast = try imported(files, releasedAside: true)
        let plain = try imported(files, releasedAside: false)
        #expect(fast == plain)
        #expect(fast.transactions.count >= 2_100)
        #expect(fast.indexes["transactions_for_reports"] != nil)
        #expect(fast.indexes["transactions_by_category"] != nil)
        #expect(fast.indexes["transactions_by_account_day"] != nil)
        #expect(fast.problems.isEmpty)
        #expect(fast.links.count > 50)
        #expect(fast.accounts.contains { !$0.openingBalance.isZero })
        // A dry run leaves nothing, and the indexes as they were.
        let dry = try imported(files, releasedAside: true, dryRun: true)
        #expect(dry.transactions.isEmpty)
        #expect(dry.indexes == plain.indexes)
    }

    /// Statements of 300 rows stored in parts of 97 (the rules hand on each part as it is done):
    /// every stored part is let go on another core while the store asks for the next.
    @Test func statementsStoredInPartsEndAsThePlainTwins() throws {
        let files = try statementFiles(seed: 7)
        let fast = try imported(files, releasedAside: true, part: 97)
        let plain = try imported(files, releasedAside: false, part: 97)
        let whole = try imported(files, releasedAside: false)
        #expect(fast == plain)
        #expect(fast == whole)
        #expect(fast.transactions.count >= 2_100)
        #expect(fast.problems.isEmpty)
        #expect(fast.links.count > 50)
    }
}
