import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// What a long import says on the progress line: its stages, then counts and percent as the
/// store goes (the terminal shows them on stderr, only when it is a terminal).
@Suite struct ImportProgressTests {
    @Test func theStoreReportsCountsAndPercentUpToTheWhole() throws {
        let folder = MyMoneyBinary.scratch("import-progress")
        var csv = "Date,Description,Amount\n"
        for i in 0..<2_500 { csv += "2026-10-\(String(format: "%02d", i % 28 + 1)),Shop \(i),-\(i % 90 + 1).00\n" }
        let file = folder.appendingPathComponent("bank.csv")
        try Data(csv.utf8).write(to: file)
        final class Lines: @unchecked Sendable { var all: [String] = [] }
        let lines = Lines()
        _ = try Books.importStatements(ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR)),
                                       at: folder.appendingPathComponent("ledger.sqlite").path,
                                       readers: Readers.standard(profilesDirectory: "/nonexistent").readers, rules: nil,
                                       progress: { lines.all.append($0) })
        let counts = lines.all.filter { $0.hasPrefix("storing: ") }
        #expect(counts.last == "storing: 2500 of 2500 transactions (100%)", "\(lines.all)")
        // Every thousand rows, never backwards.
        #expect(counts.contains("storing: 1000 of 2500 transactions (40%)"), "\(counts)")
        let percents = counts.compactMap { $0.split(separator: "(").last.flatMap { Int($0.dropLast(2)) } }
        #expect(percents == percents.sorted())
        #expect(lines.all.first?.hasPrefix("reading") == true)
    }
}
