import Foundation
import Testing
@testable import MyMoneyRules
import MyMoneyTestSupport

@Suite struct StoryRulesTests {
    static var rulesDirectory: URL { Corpus.repositoryRoot.appendingPathComponent("Rules") }

    func storyRun() throws -> (CompiledRuleSet, RuleRun) {
        let compilation = RuleBook.load(directory: Self.rulesDirectory, displayName: "Rules")
        #expect(compilation.diagnostics.isEmpty, "\(compilation.renderDiagnostics())")
        let set = try #require(compilation.ruleSet)
        return (set, set.apply(to: StoryLedger.inputs))
    }

    @Test func shippedRulesCheckWithoutDiagnostics() {
        let compilation = RuleBook.load(directory: Self.rulesDirectory, displayName: "Rules")
        #expect(compilation.files.count >= 5)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.renderDiagnostics())")
    }

    @Test func everyStoryTransactionGetsACategoryOrIsATransfer() throws {
        let (_, run) = try storyRun()
        #expect(run.transactions.count == StoryLedger.transactions.count)
        for t in run.transactions {
            #expect(t.category != nil || t.type == .transfer, "uncategorized: \(t.originalPayee ?? "?") \(t.amount)")
        }
        #expect(run.ignored.isEmpty)
    }

    @Test func storyTransfersNameTheOtherAccount() throws {
        let (_, run) = try storyRun()
        let hints = run.transactions.filter { $0.type == .transfer }.map { "\($0.originalPayee ?? "")→\($0.transferHint ?? "")" }
        #expect(hints == [
            "Wise Europe SA→US Checking", "Geldautomat Alexanderplatz→Wallet", "Alex Morgan→Tagesgeld",
            "Alex Morgan→Girokonto", "WISE INC→Girokonto", "ONLINE PAYMENT TO VISA 4321→Visa",
            "PAYMENT THANK YOU→US Checking", "Geldautomat→Girokonto",
        ])
        // The decoys stay expenses.
        for t in run.transactions where (t.originalPayee ?? "").lowercased().contains("netflix") {
            #expect(t.type == .expense)
            #expect(t.category?.description == "Subscriptions:Streaming")
        }
    }

    @Test func storyTagsAndPlaces() throws {
        let (_, run) = try storyRun()
        let coffee = run.transactions.filter { $0.tags.contains("coffee") }.compactMap(\.originalPayee)
        #expect(coffee == ["Café Einstein", "Bäckerei Kamps", "Bäckerei Kamps", "STARBUCKS STORE 1234"])
        let travel = run.transactions.filter { $0.tags.contains("travel") }.compactMap(\.originalPayee)
        #expect(travel == ["UBER TRIP", "LYFT RIDE"])
        let berlin = run.transactions.filter { $0.place == "Berlin" }.map(\.amount.description)
        #expect(berlin == ["-54.37", "-31.10"])
    }

    @Test func storyCategoriesAreTheOnesTheStoryNames() throws {
        let (set, run) = try storyRun()
        let story: Set<String> = ["Housing:Rent", "Income:Salary", "Food:Groceries", "Food:Restaurants", "Food:Coffee", "Food:Snacks",
                                  "Transport:Public Transit", "Transport:Fuel", "Transport:Rides", "Utilities:Electricity",
                                  "Subscriptions:Streaming", "Shopping:Online", "Shopping", "Gifts:Flowers", "Income:Interest", "Bills:Checks"]
        let used = Set(run.transactions.compactMap { $0.category?.description })
        #expect(used.isSubset(of: story))
        #expect(Set(set.categories.map(\.description)).isSubset(of: story))
        #expect(used.count == 15)   // every story category but Gifts:Flowers, which only a split carries
    }

    @Test func preStageCleansPayeesWithCaptures() throws {
        let (_, run) = try storyRun()
        let wholeFoods = try #require(run.transactions.first { $0.originalPayee == "WHOLE FOODS MARKET #10234" })
        #expect(wholeFoods.payee == "Whole Foods Market")
        #expect(wholeFoods.notes == "store 10234")
        #expect(wholeFoods.category?.description == "Food:Groceries")
        let amazon = try #require(run.transactions.first { $0.originalPayee == "AMAZON MKTPL*2K4LM" })
        #expect(amazon.payee == "Amazon Marketplace")
        #expect(amazon.notes == "order 2K4LM")
    }
}

@Suite struct RuleRunSummaryTests {
    @Test func storySummaryLine() throws {
        let compilation = RuleBook.load(directory: StoryRulesTests.rulesDirectory, displayName: "Rules")
        let run = try #require(compilation.ruleSet).apply(to: StoryLedger.inputs)
        #expect(run.summary.line == "rules: 34 of 34 transactions changed (26 categorized, 8 transfers, 0 ignored)")
    }
}

@Suite struct DocumentationExampleTests {
    /// Every fenced block in the docs that starts with `rule "` compiles without diagnostics.
    @Test(arguments: ["Rules/README.md", "docs/rules.md"])
    func examplesInTheDocsCompile(path: String) throws {
        let text = try String(contentsOf: Corpus.repositoryRoot.appendingPathComponent(path), encoding: .utf8)
        let blocks = text.components(separatedBy: "```").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
        let examples = blocks.map { $0.drop(while: { $0 != "\n" }).dropFirst() }.filter { $0.hasPrefix("rule \"") }
        #expect(!examples.isEmpty)
        for example in examples {
            let compilation = RuleCompiler.compile(sources: [(path, String(example))])
            #expect(compilation.diagnostics.isEmpty, "\(compilation.renderDiagnostics())")
        }
    }
}
