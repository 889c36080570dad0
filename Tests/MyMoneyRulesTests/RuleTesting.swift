import Foundation
import Testing
@testable import MyMoneyRules

/// Small builders shared by the unit tests.
enum RuleTesting {
    static func compile(_ text: String, name: String = "test.rules") throws -> CompiledRuleSet {
        let compilation = RuleCompiler.compile(sources: [(name, text)])
        if !compilation.diagnostics.isEmpty { Issue.record("\(compilation.renderDiagnostics())") }
        return try #require(compilation.ruleSet)
    }

    static let girokonto = StoryLedger.girokonto

    /// REWE on a Friday, with bank fields and extras.
    static let rewe = LedgerTransaction(
        accountId: 1, day: StoryLedger.day("2026-10-02"), amount: StoryLedger.amount("-54.37"), currency: .EUR,
        originalPayee: "REWE Markt Berlin", memo: "Kartenzahlung 4711", bankType: "POS",
        extra: [StatementField("SIC", "5411"), StatementField("Buchungstext", "Lastschrift")],
        sourceFormat: "csv")

    /// Whether `condition` holds for `transaction`.
    static func holds(_ condition: String, _ transaction: LedgerTransaction = rewe, account: Account? = girokonto) throws -> Bool {
        let set = try compile("rule \"probe\"\n  when \(condition)\n  add tag hit\n")
        let run = set.apply(to: [RuleInput(transaction: transaction, account: account)])
        return run.transactions[0].tags.contains("hit")
    }
}
