import Foundation
import Testing
@testable import MyMoneyRules
import MyMoneyTestSupport

/// One minimal input per diagnostic code, with its exact rendered output (`Goldens/errors/`).
@Suite struct ErrorCatalogueTests {
    static let codes = [
        "rules.syntax", "rules.unknown-field", "rules.unknown-operator", "rules.unknown-action", "rules.bad-regex",
        "rules.bad-amount", "rules.bad-date", "rules.bad-value", "rules.unknown-currency", "rules.empty-range",
        "rules.empty-pattern", "rules.bad-capture", "rules.category-too-deep", "rules.conflicting-actions",
        "rules.no-actions", "rules.duplicate-name", "rules.encoding", "rules.regex-unsupported", "rules.regex-too-large",
        "rules.regex-backtracking",
    ]

    @Test(arguments: codes)
    func catalogueEntry(code: String) throws {
        let url = Golden.directory.appendingPathComponent("errors/\(code).rules")
        let compilation = RuleBook.load(files: [(url, "\(code).rules")])
        #expect(!compilation.diagnostics.isEmpty)
        for diagnostic in compilation.diagnostics {
            #expect(diagnostic.code == code, "\(diagnostic.code): \(diagnostic.message)")
            #expect(diagnostic.position != nil)
            #expect(!diagnostic.notes.isEmpty, "every rules diagnostic carries a hint")
        }
        // Errors refuse the whole rule set; warnings leave it usable.
        #expect((compilation.ruleSet == nil) == compilation.diagnostics.containsErrors)
        Golden.check(compilation.renderDiagnostics(), "errors/\(code).txt")
    }

    @Test func missingFolderIsAnIOError() {
        let compilation = RuleBook.load(directory: URL(fileURLWithPath: "/nonexistent/mymoney-rules"), displayName: "missing-rules")
        #expect(compilation.diagnostics.map(\.code) == ["rules.io"])
        #expect(compilation.ruleSet == nil)
        Golden.check(compilation.renderDiagnostics(), "errors/rules.io.txt")
    }

    @Test func everyCodeTheCompilerEmitsIsCatalogued() throws {
        // The codes written next to the checks in the sources (the same scan as every reader's catalogue).
        let catalogue = ErrorCatalogue(prefix: "rules", module: "MyMoneyRules")
        let found = try catalogue.namedCodes()
        let missing = try catalogue.uncatalogued(entries: Self.codes, exempt: ["rules.io", "rules.regex-budget"])
        #expect(missing.isEmpty, "uncatalogued: \(missing)")
        #expect(found.count >= 15)
    }

    /// The one code reported while rules run, not when they load: a regex that ran out of steps
    /// counts as not matching, and the run's diagnostics name the rule and the transaction.
    @Test func regexBudgetEndsTheMatchAndIsReportedThroughTheRun() throws {
        let url = Golden.directory.appendingPathComponent("errors/rules.regex-budget.rules")
        let compilation = RuleBook.load(files: [(url, "rules.regex-budget.rules")])
        #expect(compilation.diagnostics.isEmpty)
        let set = try #require(compilation.ruleSet)
        let memo = String(repeating: "1234 ", count: 40) + "X"
        let t = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-02"), amount: StoryLedger.amount("-54.37"), currency: .EUR,
                                  originalPayee: "REWE Markt Berlin", memo: memo)
        let starved = set.apply(to: [RuleInput(transaction: t)], options: RuleApplyOptions(regexStepLimit: 100))
        #expect(starved.transactions[0].tags.isEmpty)
        #expect(starved.diagnostics.map(\.code) == ["rules.regex-budget"])
        let fed = set.apply(to: [RuleInput(transaction: t)])
        #expect(fed.transactions[0].tags == ["reference"])
        #expect(fed.diagnostics.isEmpty)
        let renderer = DiagnosticRenderer(sources: set.sources, color: false)
        Golden.check(starved.diagnostics.map { renderer.render($0) + "\n" }.joined(), "errors/rules.regex-budget.txt")
    }

    @Test func aRegexGivingUpInPlaceNamesTheRowByItsPlaceInTheWholeStatement() throws {
        // An import runs the rules in place on parts of a statement: the warning names the row
        // where it is in the statement, not in its part.
        let url = Golden.directory.appendingPathComponent("errors/rules.regex-budget.rules")
        let set = try #require(RuleBook.load(files: [(url, "rules.regex-budget.rules")]).ruleSet)
        let memo = String(repeating: "1234 ", count: 40) + "X"
        let t = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-02"), amount: StoryLedger.amount("-54.37"), currency: .EUR,
                                  originalPayee: "REWE Markt Berlin", memo: memo)
        var transactions = Array(repeating: t, count: 6)
        let runner = InPlaceRuleRunner(set, options: RuleApplyOptions(regexStepLimit: 100))
        let run = runner.apply(inPlace: &transactions, range: 4..<6, accounts: [], threads: 1)
        #expect(run.diagnostics.map(\.code) == ["rules.regex-budget", "rules.regex-budget"])
        #expect(run.diagnostics.first?.message.contains("for transaction 4 ") == true, "\(run.diagnostics.first?.message ?? "")")
        #expect(transactions.allSatisfy { $0.tags.isEmpty })
    }

    @Test func oneRunReportsEveryMistake() throws {
        let text = """
        rule "A"
          when payeee contains "x"
          set category A
        rule "B"
          when amount < 1,5
          set category B:C:D:E:F:G
        """
        let compilation = RuleCompiler.compile(sources: [("many.rules", text)])
        #expect(compilation.diagnostics.map(\.code) == ["rules.unknown-field", "rules.bad-amount", "rules.category-too-deep"])
        #expect(compilation.diagnostics.map { $0.position?.line ?? 0 } == [2, 5, 6])
    }
}
