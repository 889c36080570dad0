import Foundation
import Testing
import MyMoneyTestSupport

/// The camt reader as a user meets it: `mymoney parse` and `mymoney import` on camt files.
@Suite struct CAMTCommandLineTests {
    func write(_ text: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("camt-cli-\(UUID().uuidString).xml")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func brokenBalancesExitWith65AndImportNothing() throws {
        let path = try write(camtDocument(camtStatement(ntry("-12.50"), opening: "100.00", closing: "90.00", id: "S-1")))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let ledger = FileManager.default.temporaryDirectory.appendingPathComponent("camt-cli-\(UUID().uuidString).sqlite").path
        defer { try? FileManager.default.removeItem(atPath: ledger) }
        let parse = try MyMoneyBinary.run(["parse", path])
        #expect(parse.status == 65)
        #expect(parse.stderr.contains("[camt.balance]"), "\(parse.stderr)")
        let run = try MyMoneyBinary.run(["import", path, "--ledger", ledger, "--account", "Tagesgeld"])
        #expect(run.status == 65, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains("statement S-1 (DE02120300000000202051)"))
    }

    @Test func theSampleParsesAsCamt053() throws {
        let run = try MyMoneyBinary.run(["parse", "Samples/tagesgeld-2026-10.camt053.xml", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("\"format\" : \"camt.053\"") || run.stdout.contains("\"format\": \"camt.053\""), "\(run.stdout.prefix(400))")
        #expect(run.stdout.contains("\"amount\" : \"5501.23\"") || run.stdout.contains("\"amount\": \"5501.23\""))
    }
}
