import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// The people-facing summary of an import lists the transfers it paired up to a screenful, and
/// says how many more there are and where to see them.
@Suite struct ImportSummaryTests {
    /// `pairs` transfers from one account's statement to the other's, one a day, imported together.
    func summary(pairs: Int) throws -> String {
        let folder = MyMoneyBinary.scratch("import-summary-\(pairs)")
        var checking = "Date,Description,Amount\n", savings = "Date,Description,Amount\n"
        for i in 0..<pairs {
            let day = "2026-\(String(format: "%02d", i / 28 + 1))-\(String(format: "%02d", i % 28 + 1))"
            checking += "\(day),Transfer to savings,-\(100 + i).00\n"
            savings += "\(day),Transfer from checking,\(100 + i).00\n"
            checking += "\(day),Bakery \(i),-\(i % 9 + 1).50\n"
        }
        let files = [("checking.csv", checking), ("savings.csv", savings)].map { name, text in
            let file = folder.appendingPathComponent(name)
            try? Data(text.utf8).write(to: file)
            return file.path
        }
        let outcome = try Books.importStatements(ImportRequest(paths: files, readOptions: ReadOptions(currency: .EUR)),
                                                 at: folder.appendingPathComponent("ledger.sqlite").path,
                                                 readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil)
        #expect(outcome.transfersConfirmed + outcome.transfersProposed == pairs)
        return ImportReportText.make(outcome, style: PlainStyle())
    }

    /// The lines of the transfer table (its rows name both accounts).
    func pairRows(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { $0.contains(" checking ") && $0.contains(" savings ") }
    }

    @Test func aFewTransfersAreAllListed() throws {
        let text = try summary(pairs: 3)
        #expect(pairRows(text).count == 3, "\(text)")
        #expect(!text.contains("more transfer"))
    }

    @Test func manyTransfersListAScreenfulAndSayHowManyMore() throws {
        let text = try summary(pairs: 45)
        let rows = pairRows(text)
        #expect(rows.count == 20, "\(text)")
        #expect(text.contains("  … 25 more transfers paired: 'mymoney transfers list' shows them all"), "\(text)")
        // The first ones paired, in the order the table gives them.
        #expect(rows.first?.contains("2026-01-01") == true)
        #expect(text.contains("Transfers: "))
    }
}
