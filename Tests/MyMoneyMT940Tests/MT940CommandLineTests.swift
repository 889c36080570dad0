import Foundation
import Testing
import MyMoneyTestSupport

/// The MT940 reader as a user meets it: `mymoney parse` recognizes a `.txt` of MT940 by content
/// and a statement whose balances do not chain exits with 65.
@Suite struct MT940CommandLineTests {
    func write(_ text: String, name: String) throws -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("mt940-cli-\(UUID().uuidString)-\(name)")
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    @Test func aStatementIsRecognizedByContentAndParses() throws {
        let path = try write(message([":61:2610051005D10,00NTRFNONREF//B1", ":86:166?00GUTSCHRIFT?20SVWZ+Test?32Shop"], closing: "C261031EUR90,00"),
                             name: "umsaetze.txt")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try MyMoneyBinary.run(["parse", path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("(mt940, utf-8)"), "\(run.stdout)")
        #expect(run.stdout.contains("Shop"))
    }

    @Test func brokenBalancesExitWith65() throws {
        let path = try write(message([":61:2610051005D10,00NTRFNONREF//B1"]), name: "broken.sta")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let run = try MyMoneyBinary.run(["parse", path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("[mt940.balance]"), "\(run.stderr)")
    }
}
