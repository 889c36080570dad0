import Testing
@testable import MyMoneyCSV

/// Lines below the table: skipped with bounded warnings, found in linear work, never the whole table.
@Suite struct TrailerTests {
    @Test func trailerScanLooksAtEachTrailerRowOnce() {
        // A million junk rows below five dated ones: one call per junk row and one for the row that ends the scan.
        var calls = 0
        let rows = 0..<1_000_005
        let trailer = TrailerScan.trailingRows(of: rows) { row in
            calls += 1
            return row < 5
        }
        #expect(trailer == 5..<1_000_005)
        #expect(calls == 1_000_001)
    }

    @Test func trailerScanOfATableWithoutTrailerAsksOnce() {
        var calls = 0
        #expect(TrailerScan.trailingRows(of: 3..<10) { _ in calls += 1; return true }.isEmpty)
        #expect(calls == 1)
        #expect(TrailerScan.trailingRows(of: 3..<10) { _ in false } == 3..<10)
    }

    @Test func aHundredThousandJunkLinesBelowTheTableGiveBoundedWarnings() throws {
        let text = "Date,Description,Amount\n2024-01-02,A,-1.00\n2024-01-03,B,2.00\n" + String(repeating: ",,\n", count: 100_000)
        let result = readCSV(text)
        let s = try #require(onlyStatement(result))
        #expect(s.transactions.map(\.payee) == ["A", "B"])
        let trailer = result.diagnostics.filter { $0.code == "csv.trailer" }
        #expect(trailer.count == 1)
        #expect(trailer.first?.message == "skipped 100000 more lines below the table that are not transactions")
        #expect(trailer.first?.position?.line == 4)
        #expect(result.isUsable(strict: false))
    }

    @Test func trailerLinesWithTextAreShownOneByOneUpToTheLimit() {
        let lines = (0..<25).map { "Total \($0),," }.joined(separator: "\n")
        let result = readCSV("Date,Description,Amount\n2024-01-02,A,-1.00\n" + lines + "\n")
        let trailer = result.diagnostics.filter { $0.code == "csv.trailer" }
        #expect(trailer.count == CSVRowReader.diagnosticLimit + 1)
        #expect(trailer.first?.message.contains("\"Total 0\"") == true)
        #expect(trailer.last?.message == "skipped 5 more lines below the table that are not transactions")
    }

    @Test func everyRowTakenForATrailerIsAnErrorNotAnEmptyStatement() {
        let result = readCSV("Date,Payee,Amount\nsoon,Coffee,-1.00\nlater,Tea,-2.00\n")
        #expect(!result.isUsable(strict: false))
        let d = result.diagnostics.first { $0.code == "csv.no-transactions" }
        #expect(d?.severity == .error)
        #expect(d?.position?.line == 2)
        #expect(d?.notes.first == "no line has a date in column \"Date\", e.g. \"soon\"")
        #expect(!result.diagnostics.contains { $0.code == "csv.trailer" })
    }
}
