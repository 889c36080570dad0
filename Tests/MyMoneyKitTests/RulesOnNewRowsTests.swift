import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
import MyMoneyTestSupport

/// A statement imported again skips the rules (its rows are all stored already) only when that
/// changes nothing: the outcome equals the plain twin's, which runs the rules on every row.
@Suite("import: rules only on what is new")
struct RulesOnNewRowsTests {
    static let csv = """
        Date,Description,Amount,Transaction ID
        2026-03-01,Corner Bakery,-3.10,T1
        2026-03-02,REWE Markt,-19.99,T2
        2026-03-03,Corner Bakery,-2.80,T3
        2026-03-04,Salary,1000.00,T4

        """

    func compile(_ text: String) throws -> CompiledRuleSet {
        try #require(RuleCompiler.compile(sources: [("test.rules", text)]).ruleSet)
    }

    /// Imports the statement with `first` rules, then again with `second`, into a new ledger;
    /// the second import's JSON report (duplicates listed) and the ledger's categories after it.
    func reimport(_ dir: URL, first: String, second: String, onNewRowsOnly: Bool) throws -> (report: String, categories: [String]) {
        let ledger = MyMoneyBinary.scratch("rules-new-rows-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: [dir.appendingPathComponent("a.csv").path], readOptions: ReadOptions(currency: .EUR))
        _ = try Books.importStatements(request, at: ledger, readers: readers, rules: try compile(first))
        request.rulesOnNewRowsOnly = onNewRowsOnly
        let again = try Books.importStatements(request, at: ledger, readers: readers, rules: try compile(second))
        let books = try Books.open(at: ledger)
        return (ImportReportJSON.make(again, listingDuplicates: true).serialized(pretty: true),
                try books.ledger.categories().map(\.path.description))
    }

    static let plainRules = """
        rule "Bakery"
          when payee contains "Bakery"
          set category Food:Bakery
          add tag bread


        """

    @Test(arguments: [
        // Categories and tags only, every category stored: the rules are skipped.
        (plainRules, plainRules),
        // A category the ledger lacks: the rules run (the import creates it).
        (plainRules, plainRules + "rule \"Grocer\"\n  when payee contains \"REWE\"\n  set category Food:Groceries\n\n"),
        // A payee rewrite shows in the duplicates' list: the rules run.
        (plainRules, plainRules + "rule \"Name\"\n  when payee contains \"REWE\"\n  set payee REWE\n\n"),
        // An ignored row is no duplicate: the rules run.
        (plainRules, plainRules + "rule \"Drop\"\n  when payee contains \"Salary\"\n  ignore\n\n"),
        // A regex that gives up warns for its row: the rules run.
        (plainRules, plainRules + "rule \"Re\"\n  when payee matches /^(Corner|Side) Bakery$/\n  set category Food:Bakery\n\n"),
    ])
    func aReimportWithoutTheRulesReportsAndStoresWhatThePlainTwinDoes(first: String, second: String) throws {
        // One statement file for both (its path is in the report), a new ledger for each.
        let dir = MyMoneyBinary.scratch("rules-new-rows")
        try Data(Self.csv.utf8).write(to: dir.appendingPathComponent("a.csv"))
        let fast = try reimport(dir, first: first, second: second, onNewRowsOnly: true)
        let plain = try reimport(dir, first: first, second: second, onNewRowsOnly: false)
        #expect(fast.report == plain.report)
        #expect(fast.categories == plain.categories)
    }

    /// The statement of these tests is one the ledger holds whole after its first import, so the
    /// first case above does pass over the rules; one row more (or one changed) and it is not.
    @Test func aStatementImportedAgainIsHeldWholeByItsBankIds() throws {
        let dir = MyMoneyBinary.scratch("rules-new-rows-held")
        try Data(Self.csv.utf8).write(to: dir.appendingPathComponent("a.csv"))
        let ledger = MyMoneyBinary.scratch("rules-new-rows-held-ledger").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        let request = ImportRequest(paths: [dir.appendingPathComponent("a.csv").path], readOptions: ReadOptions(currency: .EUR))
        _ = try Books.importStatements(request, at: ledger, readers: readers, rules: nil)
        let books = try Books.open(at: ledger)
        let account = try #require(try books.ledger.account(named: "a")?.id)
        func row(_ day: Int, _ amount: String, _ id: String) throws -> LedgerTransaction {
            LedgerTransaction(accountId: account, day: Day(year: 2026, month: 3, day: day)!, amount: try Amount(parsing: amount),
                              currency: .EUR, originalPayee: "x", bankId: id)
        }
        let stored = [try row(1, "-3.10", "T1"), try row(2, "-19.99", "T2"), try row(3, "-2.80", "T3"), try row(4, "1000", "T4")]
        #expect(try books.ledger.holdsEveryRowByBankId(accountId: account, stored))
        #expect(try !books.ledger.holdsEveryRowByBankId(accountId: account, stored + [try row(5, "-1.00", "T5")]))
        #expect(try !books.ledger.holdsEveryRowByBankId(accountId: account, [try row(1, "-3.11", "T1")]))
        #expect(try !books.ledger.holdsEveryRowByBankId(accountId: account, [LedgerTransaction(accountId: account, day: Day(year: 2026, month: 3, day: 1)!,
                                                                                            amount: try Amount(parsing: "-3.10"), currency: .EUR)]))
    }

    @Test func onlyRuleSetsWhoseEffectsOnDuplicatesAreLostMaySkip() throws {
        var context = RuleContext()
        context.categories = [CategoryPath(parsing: "Food:Bakery")!]
        #expect(RuleStage.rulesMaySkip(try compile(Self.plainRules), context: context))
        #expect(!RuleStage.rulesMaySkip(try compile(Self.plainRules), context: RuleContext()))
        for extra in ["  set payee Bakery\n", "  ignore\n", "  transfer to Wallet\n"] {
            #expect(!RuleStage.rulesMaySkip(try compile("rule \"x\"\n  when payee contains \"Bakery\"\n" + extra + "\n"), context: context), "\(extra)")
        }
        #expect(!RuleStage.rulesMaySkip(try compile("rule \"x\"\n  when payee matches /Bak+ery/\n  set category Food:Bakery\n\n"), context: context))
    }
}
