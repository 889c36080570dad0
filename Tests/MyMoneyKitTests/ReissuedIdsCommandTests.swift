import Foundation
import Testing
import MyMoneyTestSupport

/// Issue 18: a bank that re-issues its FITIDs sent the same statement under new ids, and every
/// row was added twice.
@Suite("mymoney import: a statement re-issued under new bank ids")
struct ReissuedIdsCommandTests {
    /// The sample OFX statement and a copy of it with every FITID changed, in a scratch folder.
    func files() throws -> (folder: URL, original: String, reissued: String) {
        let folder = MyMoneyBinary.scratch("reissued-ids")
        let sample = Corpus.repositoryRoot.appendingPathComponent("Samples/us-checking-2026-10.ofx")
        let text = try String(contentsOf: sample, encoding: .utf8)
        let reissuedText = text.replacingOccurrences(of: "<FITID>", with: "<FITID>R")
        #expect(reissuedText != text)
        let original = folder.appendingPathComponent("checking.ofx").path
        let reissued = folder.appendingPathComponent("checking-again.ofx").path
        try text.write(toFile: original, atomically: true, encoding: .utf8)
        try reissuedText.write(toFile: reissued, atomically: true, encoding: .utf8)
        return (folder, original, reissued)
    }

    func json(_ run: CommandRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func reissuedFitidsAddNothingAndSaySo() throws {
        let (folder, original, reissued) = try files()
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let first = try MyMoneyBinary.run(["import", original, "--ledger", ledger, "--format", "json"])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try json(first)["new"] as? Int == 6)

        let again = try MyMoneyBinary.run(["import", reissued, "--ledger", ledger])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("\(reissued): 6 transactions already in the ledger under other bank ids"), "\(again.stdout)")
        #expect(again.stdout.contains("--trust-ids imports them"))
        #expect(again.stdout.contains("New transactions: 0; duplicates skipped: 6"), "\(again.stdout)")

        let asJSON = try json(try MyMoneyBinary.run(["import", reissued, "--ledger", ledger, "--format", "json", "--dry-run"]))
        let duplicates = try #require(asJSON["duplicates"] as? [String: Any])
        #expect((duplicates["reasons"] as? [String: Int])?["same_rows_new_ids"] == 6)
        #expect(asJSON["new"] as? Int == 0)
    }

    @Test func trustIdsImportsTheReissuedRows() throws {
        let (folder, original, reissued) = try files()
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        _ = try MyMoneyBinary.run(["import", original, "--ledger", ledger])
        let trusted = try MyMoneyBinary.run(["import", reissued, "--ledger", ledger, "--trust-ids", "--format", "json"])
        // The balances cannot reconcile with every row twice (status 1); the rows are in.
        #expect(trusted.status == 0 || trusted.status == 1, "\(trusted.stderr)")
        #expect(try json(trusted)["new"] as? Int == 6)
    }

    @Test func trustIdsIsDocumentedInHelp() throws {
        let help = try MyMoneyBinary.run(["import", "--help"])
        #expect(help.stdout.contains("--trust-ids"))
    }
}
