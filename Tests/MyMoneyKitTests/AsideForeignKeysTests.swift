import Foundation
import Testing
@testable import MyMoneyKit
@testable import MyMoneyStore
import MyMoneyRules
import MyMoneyTestSupport

/// A new ledger is built aside with SQLite's foreign-key checks off and its references checked
/// once before it is published (``ImportRequest/asideWithoutForeignKeyChecks``): it must end as the
/// twin that checks every row does, and a broken reference must fail the import with nothing
/// published.
@Suite("import: a new ledger written without foreign-key checks")
struct AsideForeignKeysTests {
    /// The import's JSON report, every stored transaction, transfer and account, whether the
    /// published file's references all hold, and what else is left in the folder.
    func imported(_ file: URL, unchecked: Bool) throws -> (report: String, transactions: [LedgerTransaction], transfers: [MyMoneyStore.TransferLink],
                                                         accounts: [Account], broken: [Ledger.BrokenReference], leftovers: [String]) {
        let folder = MyMoneyBinary.scratch("aside-foreign-keys-ledger")
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR))
        request.asideWithoutForeignKeyChecks = unchecked
        request.accountBook = AccountBook(accounts: [Account(name: "Wallet", kind: .cash, currency: .EUR)])
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "ledger.sqlite" }
        let after = try Books.open(at: ledger)
        #expect(try after.ledger.checksForeignKeys(), "a ledger opened again checks its foreign keys")
        return (ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                try after.ledger.transactions(), try after.ledger.transfers(), try after.ledger.accounts(),
                try after.ledger.brokenReferences(), leftovers)
    }

    @Test func aLedgerBuiltWithoutTheChecksIsTheOneTheChecksBuild() throws {
        // Cash withdrawals a rule turns into transfers to the wallet (counter-legs and links), tags, categories.
        let file = MyMoneyBinary.scratch("aside-foreign-keys-in").appendingPathComponent("checking.csv")
        try Data(StoreInPartsTests.csv.utf8).write(to: file)
        let unchecked = try imported(file, unchecked: true)
        let checked = try imported(file, unchecked: false)
        #expect(unchecked.report == checked.report)
        #expect(unchecked.transactions == checked.transactions)
        #expect(unchecked.transfers == checked.transfers)
        #expect(unchecked.accounts == checked.accounts)
        #expect(unchecked.transactions.count > 90, "the wallet's counter-legs are stored too")
        #expect(!unchecked.transfers.isEmpty)
        #expect(unchecked.transactions.contains { !$0.tags.isEmpty && $0.category != nil })
        #expect(unchecked.broken.isEmpty && checked.broken.isEmpty)
        #expect(unchecked.leftovers.isEmpty, "\(unchecked.leftovers)")
    }

    @Test func aBrokenReferenceFailsTheImportAndNothingIsPublished() throws {
        let folder = MyMoneyBinary.scratch("aside-foreign-keys-broken")
        let file = folder.appendingPathComponent("checking.csv")
        try Data(IndexesWhileMatchingTests.csv.utf8).write(to: file)
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        // Each of them breaks one reference of the finished file, as a write without the checks could.
        let breakers = [
            "INSERT INTO transaction_tags (transaction_id, tag_id) VALUES (1, 999999)",
            "UPDATE transactions SET category_id = 999999 WHERE id = 7",
            "UPDATE transactions SET account_id = 999999 WHERE id = 9",
            "DELETE FROM import_batches",
        ]
        for sql in breakers {
            var request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR))
            request.beforeCheckingAside = { ledger in try ledger.db.execute(sql) }
            #expect {
                try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
            } throws: { error in
                "\(error)".contains("references to rows it lacks") || "\(error)".contains("reference to rows it lacks")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["checking.csv"], "\(sql)")
        }
        // The same import without a broken reference is published.
        let request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR))
        _ = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        #expect(try Books.open(at: ledger).ledger.transactions().count == 2_500)
    }

    @Test func theChecksGoOffAndComeBackAndNameWhatIsBroken() throws {
        let path = MyMoneyBinary.scratch("aside-foreign-keys-modes").appendingPathComponent("l.sqlite").path
        let ledger = try Ledger(path: path)
        #expect(try ledger.checksForeignKeys())
        try ledger.foreignKeysUncheckedWhileAside()
        #expect(try ledger.checksForeignKeys() == false)
        let account = try #require(try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .EUR)).id)
        try ledger.restoreForeignKeyChecks()
        #expect(try ledger.checksForeignKeys())
        try ledger.foreignKeysUncheckedWhileAside()
        try ledger.db.execute("INSERT INTO account_numbers (number, account_id, position) VALUES ('DE00', \(account + 41), 0)")
        #expect(try ledger.brokenReferences() == [Ledger.BrokenReference(table: "account_numbers", rowId: 1, column: "account_id", parent: "accounts")])
        #expect { try ledger.restoreForeignKeyChecks() } throws: { error in
            "\(error)".contains("account_numbers row 1 names a row of accounts by account_id that is not there")
        }
        #expect(try ledger.checksForeignKeys(), "the checks stay on after a refusal")
    }
}
