import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// `mymoney export json` read back by `mymoney import FILE.json` gives the same ledger.
@Suite("JSON export round trip")
struct JSONRoundTripTests {
    /// The sample story, edited: a removed transaction (a gap in the ids), a split typed in,
    /// notes, tags, a project, a place, a budget, a category icon and a tag color.
    static func editedSample() throws -> String {
        let ledger = MyMoneyBinary.scratch("roundtrip").appendingPathComponent("ledger.sqlite").path
        let steps: [[String]] = [
            ["import", "Samples"],
            ["rates", "import", "Samples/rates/ecb-2026-10.csv"],
            ["transactions", "remove", "5"],
            ["transactions", "edit", "14", "--split", "Food:Coffee=-2.20", "--split", "Food:Snacks=-1.00;memo=Brezel", "--notes", "two\nlines"],
            ["projects", "add", "Lisbon trip", "--start", "2026-10-01"],
            ["places", "add", "Kreuzberg", "--city", "Berlin", "--country", "DE"],
            ["transactions", "add", "--account", "Wallet", "--date", "2026-10-30", "--amount", "-4.50", "--payee", "=Kiosk \"Zum Eck\"",
             "--tag", "snack", "--project", "Lisbon trip", "--place", "Kreuzberg"],
            ["budgets", "add", "--category", "Food", "--amount", "150", "--currency", "EUR", "--start", "2026-10-01"],
            ["categories", "edit", "Food", "--icon", "cart"],
            ["tags", "edit", "coffee", "--color", "#8B4513"],
        ]
        for step in steps {
            let run = try MyMoneyBinary.run(step + ["--ledger", ledger])
            #expect(run.status == 0 || (step[0] == "import" && run.status == 1), "\(step): \(run.stderr)")
        }
        return ledger
    }

    @Test func exportImportExportIsIdentical() throws {
        let ledger = try Self.editedSample()
        let first = try MyMoneyBinary.run(["export", "json", "--ledger", ledger])
        #expect(first.status == 0)
        #expect(first.stdout.contains("\"mymoney_export\": \"ledger\""))
        // The rates table travels too (114 ECB rates), so the restored ledger converts as the original.
        #expect(first.stdout.components(separatedBy: "\"source\": \"ecb\"").count - 1 == 114)
        let dir = MyMoneyBinary.scratch("roundtrip-restore")
        let file = dir.appendingPathComponent("books.json")
        try Data(first.stdout.utf8).write(to: file)
        let restored = dir.appendingPathComponent("restored.sqlite").path
        let restore = try MyMoneyBinary.run(["import", file.path, "--ledger", restored])
        #expect(restore.status == 0, "\(restore.stderr)")
        #expect(restore.stdout.contains("34 transactions"))
        let second = try MyMoneyBinary.run(["export", "json", "--ledger", restored])
        #expect(second.stdout == first.stdout)
        // The restored ledger knows the statements as the original does: importing them again
        // adds the same (only the removed transaction comes back, in both).
        let again = try MyMoneyBinary.run(["import", "Samples", "--ledger", restored])
        let original = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger])
        let summary = { (run: CommandRun) in run.stdout.split(separator: "\n").first { $0.hasPrefix("New transactions:") } }
        #expect(summary(again) == "New transactions: 1; duplicates skipped: 33")
        #expect(summary(again) == summary(original))
    }

    @Test func aLedgerThatHoldsEntriesIsNotOverwritten() throws {
        let ledger = try Self.editedSample()
        let export = try MyMoneyBinary.run(["export", "json", "--ledger", ledger])
        let file = MyMoneyBinary.scratch("roundtrip-full").appendingPathComponent("books.json")
        try Data(export.stdout.utf8).write(to: file)
        let run = try MyMoneyBinary.run(["import", file.path, "--ledger", ledger])
        #expect(run.status == 65)
        #expect(run.stderr.contains("the ledger is not empty"))
        let after = try MyMoneyBinary.run(["export", "json", "--ledger", ledger])
        #expect(after.stdout == export.stdout)
    }

    @Test func anUnknownVersionOrAWrongFieldIsRefusedWithItsPlace() throws {
        let dir = MyMoneyBinary.scratch("roundtrip-bad")
        let v2 = dir.appendingPathComponent("v2.json")
        try Data(#"{"mymoney_export": "ledger", "version": 2}"#.utf8).write(to: v2)
        let run = try MyMoneyBinary.run(["import", v2.path, "--ledger", dir.appendingPathComponent("a.sqlite").path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("export version 2 is not known"))
        let bad = dir.appendingPathComponent("bad.json")
        try Data(#"{"mymoney_export": "ledger", "version": 1, "accounts": [{"id": 1, "name": "A", "kind": "bank", "currency": "EUR", "numbers": [], "opening_balance": 12.5}]}"#.utf8).write(to: bad)
        let wrong = try MyMoneyBinary.run(["import", bad.path, "--ledger", dir.appendingPathComponent("b.sqlite").path])
        #expect(wrong.status == 65)
        #expect(wrong.stderr.contains("accounts[0].opening_balance: expected an exact decimal string, found 12.5"))
    }
}
