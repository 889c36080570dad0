import Foundation
import Testing
import MyMoneyTestSupport

/// A catastrophic rule pattern and a payee built to trigger it, run through the real binary:
/// the import must finish (the engine is linear and every match has a step budget), and
/// `rules check` must say the pattern would backtrack in other tools.
@Suite("hostile rules through the binary")
struct HostileRuleTests {
    func folder() throws -> URL {
        let folder = MyMoneyBinary.scratch("hostile-rules")
        let payee = String(repeating: "a", count: 40) + "!"
        var csv = "Date,Description,Amount\n"
        for day in 1...9 { csv += "2026-10-0\(day),\(payee),-1.00\n" }
        try Data(csv.utf8).write(to: folder.appendingPathComponent("bank.csv"))
        let rules = folder.appendingPathComponent("Rules")
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try Data("rule \"Nested\"\n  when payee matches /(a+)+$/\n  set category Trap\n".utf8)
            .write(to: rules.appendingPathComponent("trap.rules"))
        return folder
    }

    /// Before the linear engine this import ran for minutes (time doubled per "a").
    @Test func aCatastrophicPatternDoesNotStallAnImport() throws {
        let folder = try folder()
        let ledger = folder.appendingPathComponent("ledger.sqlite").path
        let run = try MyMoneyBinary.run(["import", folder.appendingPathComponent("bank.csv").path, "--ledger", ledger,
                                         "--currency", "EUR", "--rules", folder.appendingPathComponent("Rules").path,
                                         "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let listed = try MyMoneyBinary.run(["transactions", "--ledger", ledger, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let rows = try #require(object["transactions"] as? [[String: Any]])
        #expect(rows.count == 9)
        // "(a+)+$" needs the text to end in "a": the "!" keeps every payee out of the category.
        #expect(rows.allSatisfy { ($0["category"] as? String) == nil })
    }

    @Test func rulesCheckWarnsAboutTheNestedQuantifier() throws {
        let folder = try folder()
        let run = try MyMoneyBinary.run(["rules", "check", "--rules", folder.appendingPathComponent("Rules").path])
        #expect(run.stderr.contains("rules.regex-backtracking") || run.stdout.contains("rules.regex-backtracking"),
                "\(run.stdout)\n\(run.stderr)")
    }
}
