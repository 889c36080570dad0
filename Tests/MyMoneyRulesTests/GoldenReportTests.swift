import Foundation
import Testing
@testable import MyMoneyRules
import MyMoneyTestSupport

/// `rules test`, `rules explain` and `rules stats` output, pinned by golden files.
@Suite struct GoldenReportTests {
    static let context = RuleContext(
        projects: [RuleProject(name: "October trip", dates: DayRange(start: StoryLedger.day("2026-10-15"), end: StoryLedger.day("2026-10-31")))],
        categories: [CategoryPath(["Shopping"]), CategoryPath(["Food"]), CategoryPath(["Food", "Groceries"])],
        accounts: StoryLedger.accounts)

    func edgeRules() throws -> CompiledRuleSet {
        let text = try #require(Golden.text("reports/edge.rules"))
        let compilation = RuleCompiler.compile(sources: [("edge.rules", text)])
        #expect(compilation.diagnostics.isEmpty, "\(compilation.renderDiagnostics())")
        return try #require(compilation.ruleSet)
    }

    /// The story, with the EDEKA row's category set by hand.
    var edgeInputs: [RuleInput] {
        var inputs = StoryLedger.inputs
        inputs[8].lockedFields = [.category]
        inputs[8].transaction.category = CategoryPath(["Food", "Treats"])
        return inputs
    }

    func storyRules() throws -> CompiledRuleSet {
        let compilation = RuleBook.load(directory: Corpus.repositoryRoot.appendingPathComponent("Rules"), displayName: "Rules")
        return try #require(compilation.ruleSet)
    }

    @Test func storyTestTable() throws {
        let report = RuleTestReport(ruleSet: try storyRules(), inputs: StoryLedger.inputs)
        Golden.check(report.renderTable(), "story-test.txt")
    }

    @Test func storyTestJSON() throws {
        let report = RuleTestReport(ruleSet: try storyRules(), inputs: StoryLedger.inputs)
        Golden.check(report.renderJSON(), "story-test.json")
    }

    @Test func edgeTestTable() throws {
        let report = RuleTestReport(ruleSet: try edgeRules(), inputs: edgeInputs, context: Self.context)
        Golden.check(report.renderTable(), "reports/edge-test.txt")
    }

    @Test(arguments: [2, 8, 9, 11, 22, 26])
    func edgeExplain(index: Int) throws {
        let set = try edgeRules()
        let explanation = set.explain(edgeInputs[index], context: Self.context)
        Golden.check(explanation.renderText(ruleSet: set), "reports/explain-\(index).txt")
        Golden.check(explanation.renderJSON(ruleSet: set), "reports/explain-\(index).json")
    }

    @Test func edgeStats() throws {
        let set = try edgeRules()
        let stats = set.stats(for: edgeInputs, context: Self.context)
        Golden.check(stats.renderTable(ruleSet: set), "reports/edge-stats.txt")
        Golden.check(stats.renderJSON(ruleSet: set), "reports/edge-stats.json")
    }

    @Test func storyStats() throws {
        let set = try storyRules()
        Golden.check(set.stats(for: StoryLedger.inputs).renderTable(ruleSet: set), "story-stats.txt")
    }
}
