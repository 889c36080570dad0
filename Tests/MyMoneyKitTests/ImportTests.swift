import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// The main job, run the way a user runs it: `mymoney import Samples` into a fresh ledger.
@Suite("mymoney import")
struct ImportTests {
    func freshLedger() -> String {
        MyMoneyBinary.scratch("ledger").appendingPathComponent("ledger.sqlite").path
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func samplesImportCategorizePairAndReconcile() throws {
        let ledger = freshLedger()
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try json(run.stdout)
        #expect(report["new"] as? Int == 34)
        #expect(report["transfers_paired"] as? Int == 4)
        #expect(report["reconciled"] as? Bool == true)

        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        let transactions = try #require(listed["transactions"] as? [[String: Any]])
        #expect(transactions.count == 34)
        // Every transaction is categorized by Rules/ or is a transfer.
        let loose = transactions.filter { ($0["category"] is NSNull) && ($0["type"] as? String) != "transfer" }
        #expect(loose.isEmpty, "uncategorized: \(loose.map { $0["payee"] ?? "" })")
        // The two identical Bäckerei rows are both kept.
        #expect(transactions.filter { ($0["payee"] as? String) == "Bäckerei Kamps" }.count == 2)
    }

    @Test func reimportingTheSameStatementsAddsNothing() throws {
        let ledger = freshLedger()
        _ = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let again = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--format", "json"])
        #expect(again.status == 0)
        let report = try json(again.stdout)
        #expect(report["new"] as? Int == 0)
        // By default a summary: the count and how many for each reason.
        let summary = try #require(report["duplicates"] as? [String: Any])
        #expect(summary["count"] as? Int == 34)
        #expect(summary["reasons"] as? [String: Int] == ["same_bank_id": 14, "same_fingerprint": 20, "rewritten_description": 0, "same_rows_new_ids": 0])
        #expect(report["transfers_paired"] as? Int == 0)
        // The list only when asked for.
        let listed = try json(try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--format", "json", "--list-duplicates"]).stdout)
        let duplicates = try #require(listed["duplicates"] as? [[String: Any]])
        #expect(duplicates.count == 34)
        #expect(duplicates.filter { $0["reason"] as? String == "same_bank_id" }.count == 14)
        #expect(duplicates.allSatisfy { $0["existing_id"] is Int && $0["date"] is String && $0["amount"] is String })
    }

    /// The streamed report against its tree, both shapes of `duplicates`, on a real re-import.
    @Test func theStreamedReportEqualsItsTree() throws {
        let ledger = freshLedger()
        let (readers, _) = Readers.standard(profilesDirectory: Corpus.repositoryRoot.appendingPathComponent("Rules/profiles").path)
        let root = Corpus.repositoryRoot.appendingPathComponent("Samples").path
        let request = ImportRequest(paths: [root], readOptions: ReadOptions(currency: .EUR))
        _ = try Books.importStatements(request, at: ledger, readers: readers, rules: nil)
        let again = try Books.importStatements(request, at: ledger, readers: readers, rules: nil)
        #expect(!again.duplicates.isEmpty)
        for listing in [false, true] {
            for pretty in [true, false] {
                let sink = CollectedBytes()
                var json = JSONWriter(into: sink, pretty: pretty)
                ImportReportJSON.write(again, listingDuplicates: listing, into: &json)
                json.finish()
                #expect(sink.text == ImportReportJSON.make(again, listingDuplicates: listing).serialized(pretty: pretty))
            }
        }
    }

    @Test func crossCurrencyTransferKeepsBothAmountsAndTheRate() throws {
        let ledger = freshLedger()
        _ = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let listed = try json(try MyMoneyBinary.run(["transfers", "--ledger", ledger, "--format", "json"]).stdout)
        let transfers = try #require(listed["transfers"] as? [[String: Any]])
        let wise = try #require(transfers.first { (($0["from"] as? [String: Any])?["currency"] as? String) == "EUR" &&
                                                  (($0["to"] as? [String: Any])?["currency"] as? String) == "USD" })
        #expect((wise["from"] as? [String: Any])?["amount"] as? String == "-88.00")
        #expect((wise["to"] as? [String: Any])?["amount"] as? String == "100.00")
        #expect(wise["rate"] as? String == "1.1364")
    }

    @Test func dryRunWritesNothing() throws {
        let ledger = freshLedger()
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--dry-run", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try json(run.stdout)["new"] as? Int == 34)
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        #expect((listed["transactions"] as? [Any])?.isEmpty == true)
        let accounts = try json(try MyMoneyBinary.run(["accounts", "--ledger", ledger, "--format", "json"]).stdout)
        #expect((accounts["accounts"] as? [Any])?.isEmpty == true)
    }

    @Test func aDryRunOrAFailedImportLeavesNoLedgerFileBehind() throws {
        let ledger = freshLedger()
        let dry = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--dry-run", "--format", "json"])
        #expect(dry.status == 0)
        #expect(try json(dry.stdout)["batch"] is NSNull)
        #expect(!FileManager.default.fileExists(atPath: ledger))
        let dir = MyMoneyBinary.scratch("junk")
        try Data([0x00, 0x01, 0x02, 0x03]).write(to: dir.appendingPathComponent("junk.csv"))
        let bad = try MyMoneyBinary.run(["import", dir.appendingPathComponent("junk.csv").path, "--ledger", ledger])
        #expect(bad.status == 65)
        #expect(!FileManager.default.fileExists(atPath: ledger))
    }

    @Test func aBadFileStopsTheWholeImportBeforeAnythingIsWritten() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("bad")
        try FileManager.default.copyItem(atPath: Corpus.samples.appendingPathComponent("girokonto-2026-10.csv").path,
                                         toPath: dir.appendingPathComponent("a-good.csv").path)
        try Data("!Type:Bank\nD13/45/2026\nT-1.00\n^\n".utf8).write(to: dir.appendingPathComponent("b-bad.qif"))
        let run = try MyMoneyBinary.run(["import", dir.path, "--ledger", ledger])
        #expect(run.status == 65)
        #expect(run.stderr.contains("b-bad.qif"))
        #expect(run.stderr.contains("nothing was imported"))
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        #expect((listed["transactions"] as? [Any])?.isEmpty == true)
    }

    @Test func anOverlappingLaterExportAddsOnlyWhatIsNew() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("overlap")
        let first = "Date,Description,Amount,Balance\n2026-10-01,Coffee,-3.20,96.80\n2026-10-02,Lunch,-9.50,87.30\n"
        let second = "Date,Description,Amount,Balance\n2026-10-02,Lunch,-9.50,87.30\n2026-10-03,Books,-20.00,67.30\n"
        try Data(first.utf8).write(to: dir.appendingPathComponent("one.csv"))
        try Data(second.utf8).write(to: dir.appendingPathComponent("two.csv"))
        let a = try MyMoneyBinary.run(["import", dir.appendingPathComponent("one.csv").path, "--ledger", ledger,
                                       "--account", "Cash", "--currency", "EUR", "--rules", dir.path, "--format", "json"])
        #expect(a.status == 0, "\(a.stderr)")
        let b = try MyMoneyBinary.run(["import", dir.appendingPathComponent("two.csv").path, "--ledger", ledger,
                                       "--account", "Cash", "--rules", dir.path, "--format", "json"])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(try json(b.stdout)["new"] as? Int == 1)
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        #expect((listed["transactions"] as? [Any])?.count == 3)
    }

    @Test func reimportingAFileThatNamesNoAccountAddsNothing() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("noname")
        try Data("Date,Description,Amount\n2026-10-01,Coffee,-3.20\n2026-10-02,Lunch,-9.50\n".utf8)
            .write(to: dir.appendingPathComponent("shop.csv"))
        let arguments = ["import", dir.appendingPathComponent("shop.csv").path, "--ledger", ledger, "--rules", dir.path,
                         "--currency", "EUR", "--format", "json"]
        #expect(try json(try MyMoneyBinary.run(arguments).stdout)["new"] as? Int == 2)
        let again = try json(try MyMoneyBinary.run(arguments).stdout)
        #expect(again["new"] as? Int == 0)
        #expect((again["statements"] as? [[String: Any]])?.first?["account"] as? String == "shop")
    }

    @Test func amountsAreStoredWithTheCurrencysMinorUnits() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("scale")
        try Data("Date,Description,Amount\n2026-10-01,Bread,-1.5\n2026-10-02,Refund,2\n".utf8).write(to: dir.appendingPathComponent("x.csv"))
        _ = try MyMoneyBinary.run(["import", dir.appendingPathComponent("x.csv").path, "--ledger", ledger, "--rules", dir.path,
                                   "--currency", "EUR"])
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        let amounts = (listed["transactions"] as? [[String: Any]])?.compactMap { $0["amount"] as? String }
        #expect(amounts == ["-1.50", "2.00"])
    }

    @Test func aCashCounterLegBelongsToItsImportAndIsNotCountedTwice() throws {
        let ledger = freshLedger()
        let giro = try MyMoneyBinary.run(["import", "Samples/girokonto-2026-10.csv", "--ledger", ledger, "--format", "json"])
        #expect(try json(giro.stdout)["transfers_paired"] as? Int == 0)
        func wallet() throws -> [[String: Any]] {
            let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--account", "Wallet", "--format", "json"]).stdout)
            return listed["transactions"] as? [[String: Any]] ?? []
        }
        // The ATM withdrawal's other leg was created in the wallet, which has no statement yet.
        #expect(try wallet().map { $0["amount"] as? String } == ["200.00"])
        // The wallet's own statement arrives: its +200.00 is that same movement, not a second one.
        let qif = try MyMoneyBinary.run(["import", "Samples/wallet-2026-10.qif", "--ledger", ledger, "--format", "json"])
        #expect(qif.status == 0, "\(qif.stdout)")
        #expect(try json(qif.stdout)["reconciled"] as? Bool == true)
        #expect(try wallet().filter { ($0["amount"] as? String) == "200.00" }.count == 1)
        // Undoing the Girokonto import takes its counter-leg with it.
        #expect(try MyMoneyBinary.run(["imports", "undo", "1", "--ledger", ledger]).status == 0)
        #expect(try wallet().filter { ($0["amount"] as? String) == "200.00" }.isEmpty)
    }

    @Test func ignoredRowsAreLeftOutAndCategorizedRowsCountedAcrossStatements() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("ignore")
        let rules = MyMoneyBinary.scratch("ignore-rules")
        try Data("""
            rule "Drop pending"
              when payee starts with "PENDING"
              ignore

            rule "Bakery"
              when payee contains "Bakery"
              set category Food:Bakery

            """.utf8).write(to: rules.appendingPathComponent("rules.rules"))
        try Data("Date,Description,Amount\n2026-03-01,Corner Bakery,-3.10\n2026-03-02,PENDING card,-9.99\n2026-03-03,Corner Bakery,-2.80\n2026-03-04,Salary,1000.00\n"
            .utf8).write(to: dir.appendingPathComponent("a.csv"))
        try Data("Date,Description,Amount\n2026-03-05,PENDING transfer,-5.00\n2026-03-06,Old Bakery,-4.40\n"
            .utf8).write(to: dir.appendingPathComponent("b.csv"))
        let run = try MyMoneyBinary.run(["import", dir.path, "--rules", rules.path, "--currency", "EUR", "--ledger", ledger, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let report = try json(run.stdout)
        #expect(report["new"] as? Int == 4)
        #expect(report["ignored"] as? Int == 2)
        #expect(report["categorized"] as? Int == 3)
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        let rows = try #require(listed["transactions"] as? [[String: Any]])
        #expect(rows.map { $0["amount"] as? String } == ["-3.10", "-2.80", "1000.00", "-4.40"])
        #expect(rows.map { ($0["category"] as? String) ?? "-" } == ["Food:Bakery", "Food:Bakery", "-", "Food:Bakery"])
        // Again: nothing new, so nothing newly categorized.
        let again = try json(try MyMoneyBinary.run(["import", dir.path, "--rules", rules.path, "--currency", "EUR", "--ledger", ledger, "--format", "json"]).stdout)
        #expect(again["new"] as? Int == 0)
        #expect(again["categorized"] as? Int == 0)
    }

    /// The CSV reader gives a file with a currency column one statement per currency: the USD row
    /// lands in an account of its own in USD, never in the EUR one; into a named EUR account
    /// nothing is imported.
    @Test func aRowInAnotherCurrencyIsNeverRelabeled() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("mixed")
        try Data("Date,Description,Amount,Currency\n2026-10-01,Coffee,-3.20,EUR\n2026-10-02,Hotel NYC,-150.00,USD\n2026-10-03,Bread,-2.00,EUR\n".utf8)
            .write(to: dir.appendingPathComponent("mixed.csv"))
        let named = try MyMoneyBinary.run(["import", dir.appendingPathComponent("mixed.csv").path, "--ledger", ledger, "--rules", dir.path,
                                           "--account", "Giro", "--currency", "EUR"])
        #expect(named.status == 65)
        #expect(named.stderr.contains("the statement is in USD"))
        #expect((try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)["transactions"] as? [Any])?.isEmpty == true)

        let run = try MyMoneyBinary.run(["import", dir.appendingPathComponent("mixed.csv").path, "--ledger", ledger, "--rules", dir.path])
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        let rows = try #require(listed["transactions"] as? [[String: Any]])
        #expect(rows.count == 3)
        let hotel = try #require(rows.first { $0["payee"] as? String == "Hotel NYC" })
        #expect(hotel["currency"] as? String == "USD")
        #expect(hotel["amount"] as? String == "-150.00")
        let accounts = Set(rows.map { "\($0["account"] ?? "")/\($0["currency"] ?? "")" })
        #expect(accounts.count == 2, "\(accounts)")
    }

    @Test func anExportThatEndedMidDayThenALaterOneStillReconcile() throws {
        let ledger = freshLedger()
        let dir = MyMoneyBinary.scratch("midday")
        try Data("Date,Description,Amount,Balance\n2026-11-01,Salary,1000,1000\n2026-11-02,Coffee,-3,997\n".utf8)
            .write(to: dir.appendingPathComponent("p1.csv"))
        try Data("Date,Description,Amount,Balance\n2026-11-01,Salary,1000,1000\n2026-11-02,Coffee,-3,997\n2026-11-02,Lunch,-12,985\n2026-11-03,Bus,-2,983\n".utf8)
            .write(to: dir.appendingPathComponent("p2.csv"))
        for name in ["p1.csv", "p2.csv"] {
            let run = try MyMoneyBinary.run(["import", dir.appendingPathComponent(name).path, "--ledger", ledger, "--account", "Test",
                                             "--currency", "EUR", "--rules", dir.path])
            #expect(run.status == 0, "\(name): \(run.stdout)")
        }
        #expect(try MyMoneyBinary.run(["reconcile", "--ledger", ledger]).status == 0)
    }

    @Test func undoRemovesExactlyWhatAnImportAdded() throws {
        let ledger = freshLedger()
        _ = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let undo = try MyMoneyBinary.run(["imports", "undo", "1", "--ledger", ledger])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout.contains("removed 34 transactions"))
        let listed = try json(try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"]).stdout)
        #expect((listed["transactions"] as? [Any])?.isEmpty == true)
        // The opening balances the import derived from the statements are taken back too.
        let accounts = try json(try MyMoneyBinary.run(["accounts", "--ledger", ledger, "--format", "json"]).stdout)
        let openings = (accounts["accounts"] as? [[String: Any]])?.compactMap { $0["opening_balance"] as? String }
        #expect(openings?.isEmpty == false)
        #expect(openings?.allSatisfy { $0 == "0.00" } == true)
    }

    @Test func anAssertedBalanceThatDisagreesExitsOneWithSuspects() throws {
        let ledger = freshLedger()
        _ = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let ok = try MyMoneyBinary.run(["reconcile", "--ledger", ledger])
        #expect(ok.status == 0, "\(ok.stdout)")
        // The bank shows 3.20 more: one of the two identical Bäckerei rows would be a duplicate.
        let run = try MyMoneyBinary.run(["reconcile", "--ledger", ledger, "--account", "Girokonto",
                                         "--balance", "3617.50", "--as-of", "2026-10-31", "--format", "json"])
        #expect(run.status == 1)
        let report = try json(run.stdout)
        let account = try #require((report["accounts"] as? [[String: Any]])?.first)
        #expect(account["status"] as? String == "mismatch")
        #expect(account["difference"] as? String == "3.20")
        let suspects = try #require(account["suspects"] as? [[String: Any]])
        #expect(suspects.first?["kind"] as? String == "duplicate")
    }
}
