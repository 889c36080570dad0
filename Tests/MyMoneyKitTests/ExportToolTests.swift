import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// Exports checked by the tools they are for: `hledger check` and `bean-check` accept them, and
/// hledger's balance of every account is the ledger's. Skipped with a message where a tool is not
/// installed (outside CI: `.ci/run` installs them and sets `MYMONEY_REQUIRE_TOOLS`).
@Suite("exports checked by hledger and beancount")
struct ExportToolTests {
    /// The sample story imported into a fresh ledger, with the ECB's October rates (Samples/rates).
    static let sampleLedger: String = {
        let path = MyMoneyBinary.scratch("export-sample").appendingPathComponent("ledger.sqlite").path
        _ = try? MyMoneyBinary.run(["import", "Samples", "--ledger", path])
        _ = try? MyMoneyBinary.run(["rates", "import", "Samples/rates/ecb-2026-10.csv", "--ledger", path])
        return path
    }()

    /// 50,000 generated transactions over four accounts (EUR and USD, transfers across days and
    /// currencies, a running balance on every row), imported from the bench generator's CSV.
    static let generatedLedger: String = {
        let dir = MyMoneyBinary.scratch("export-generated")
        let statements = dir.appendingPathComponent("statements")
        let bench = MyMoneyBinary.url.deletingLastPathComponent().appendingPathComponent("mymoney-bench")
        _ = try? ExternalTool.run(bench, ["generate", "--size", "50000", "--accounts", "4", "--out", dir.path])
        try? FileManager.default.createDirectory(at: statements, withIntermediateDirectories: true)
        for i in 0..<4 {
            try? FileManager.default.moveItem(at: dir.appendingPathComponent("account-\(i).csv"),
                                              to: statements.appendingPathComponent("account-\(i).csv"))
        }
        let rules = dir.appendingPathComponent("no-rules")
        try? FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("ledger.sqlite").path
        _ = try? MyMoneyBinary.run(["import", statements.path, "--ledger", path, "--rules", rules.path])
        return path
    }()

    func export(_ format: String, ledger: String, _ extra: [String] = []) throws -> URL {
        let file = MyMoneyBinary.scratch("export").appendingPathComponent("books.\(format)")
        let run = try MyMoneyBinary.run(["export", format, "--ledger", ledger, "--output", file.path] + extra)
        #expect(run.status == 0, "\(run.stderr)")
        return file
    }

    /// Every account's balance by hledger, keyed by hledger account name (`"3614.30 EUR"`).
    func hledgerBalances(_ hledger: URL, _ file: URL) throws -> [String: String] {
        let run = try ExternalTool.run(hledger, ["-f", file.path, "bal", "assets", "liabilities", "--flat", "-N", "--empty", "-O", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        var result: [String: String] = [:]
        for line in run.stdout.split(separator: "\n").dropFirst() {
            let cells = line.split(separator: ",", maxSplits: 1).map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
            if cells.count == 2 { result[cells[0]] = cells[1] }
        }
        return result
    }

    func checkWithHledger(_ ledger: String) throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed")
        let file = try export("hledger", ledger: ledger)
        let check = try ExternalTool.run(hledger, ["-f", file.path, "check"])
        #expect(check.status == 0, "hledger check: \(check.stderr.prefix(2000))")
        let balances = try hledgerBalances(hledger, file)
        let books = try Books.open(at: ledger)
        let standings = try books.accountStandings(asOf: try #require(Day(iso: "2099-12-31")))
        #expect(!standings.isEmpty)
        for s in standings {
            let name = HledgerJournal.spell(Journal.name(of: s.account))
            let expected = "\(s.balance.atMinorUnits(of: s.account.currency)) \(s.account.currency.code)"
            #expect(balances[name] == expected || (s.balance.isZero && balances[name] == nil), "\(name)")
        }
    }

    func checkWithBeancount(_ ledger: String) throws {
        let beanCheck = try #require(ExternalTool.find("bean-check"), "bean-check is not installed (pip install beancount)")
        let file = try export("beancount", ledger: ledger)
        let check = try ExternalTool.run(beanCheck, [file.path])
        #expect(check.status == 0, "bean-check: \(check.stdout.prefix(1000)) \(check.stderr.prefix(2000))")
        #expect(check.stderr.isEmpty && check.stdout.isEmpty, "bean-check reported: \(check.stdout.prefix(1000)) \(check.stderr.prefix(1000))")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("hledger"), "hledger is not installed: hledger checks skipped"))
    func sampleStoryPassesHledgerCheckWithTheLedgersBalances() throws {
        try checkWithHledger(ExportToolTests.sampleLedger)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("bean-check"), "bean-check is not installed: beancount checks skipped"))
    func sampleStoryPassesBeanCheck() throws {
        try checkWithBeancount(ExportToolTests.sampleLedger)
    }

    /// The ledger's rates table reaches both journals (one `P` / `price` per day and pair), and the
    /// tools still accept the journals with them.
    @Test func ratesBecomePDirectivesAndPriceEntries() throws {
        let hledger = try String(contentsOf: try export("hledger", ledger: ExportToolTests.sampleLedger), encoding: .utf8)
        #expect(hledger.contains("P 2026-10-30 EUR 1.1344 USD\n"))
        #expect(hledger.contains("P 2026-10-29 EUR 163.61 JPY\n"))
        let beancount = try String(contentsOf: try export("beancount", ledger: ExportToolTests.sampleLedger), encoding: .utf8)
        #expect(beancount.contains("2026-10-30 price EUR 1.1344 USD\n"))
        #expect(hledger.components(separatedBy: "P 2026-10-30 EUR ").count - 1 == 5, "one P per pair on a day")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("hledger"), "hledger is not installed: hledger checks skipped"))
    func octoberOnlyStillBalancesFromTheDayBefore() throws {
        let hledger = try #require(ExternalTool.find("hledger"), "hledger is not installed")
        let file = try export("hledger", ledger: ExportToolTests.sampleLedger, ["--from", "2026-10-10", "--through", "2026-10-20"])
        let check = try ExternalTool.run(hledger, ["-f", file.path, "check"])
        #expect(check.status == 0, "hledger check: \(check.stderr.prefix(2000))")
    }

    @Test(.enabled(if: ExternalTool.shouldRun("hledger"), "hledger is not installed: hledger checks skipped"))
    func generatedFiftyThousandTransactionsPassHledgerCheck() throws {
        try checkWithHledger(ExportToolTests.generatedLedger)
    }

    @Test(.enabled(if: ExternalTool.shouldRun("bean-check"), "bean-check is not installed: beancount checks skipped"))
    func generatedFiftyThousandTransactionsPassBeanCheck() throws {
        try checkWithBeancount(ExportToolTests.generatedLedger)
    }
}
