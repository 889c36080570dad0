import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
import MyMoneyStore
import MyMoneyTestSupport

/// A statement imported again with rules whose effects outlive a skipped row (payees, transfers
/// into a wallet, categories the ledger lacks, regexes, `ignore`) goes to the store held, with
/// what the rules leave behind found from the rows a screen lets through (``HeldRuleEffects``).
/// Every import must report and store what the plain twin does: the rules on every row converted
/// (``ImportRequest/duplicatesBeforeConversion`` false), and the rules on every row, not only new
/// ones (``ImportRequest/rulesOnNewRowsOnly`` false).
@Suite("import: rules on a statement the ledger holds whole")
struct HeldRuleEffectsTests {
    static let payees = ["Geldautomat Mitte", "WHOLE FOODS MARKET #123", "AMAZON MKTPL*AB12", "REWE Markt", "Kino", "Wise Europe",
                         "Corner  Bakery ", "Stadtwerke"]
    static let memos = ["", "Strom", "Umbuchung", "Karte 12", "cash"]

    /// `count` rows with bank ids and a running balance; `long` gives one row a payee long
    /// enough that a regex might give up on it (the statement is then not held).
    static func statement(_ random: inout SeededGenerator, count: Int, long: Bool = false) -> String {
        var text = "Date,Description,Memo,Amount,Transaction ID,Balance\n"
        var balance = 100_000
        for k in 0..<count {
            let cents = random.below(20_000) - 15_000
            balance += cents
            var payee = random.pick(payees)
            if long && k == count / 2 { payee = String(repeating: "WHOLE FOODS ", count: 9_000) }
            let day = 1 + k * 27 / count
            text += "2026-03-\(day < 10 ? "0" : "")\(day),\(payee),\(random.pick(memos)),\(Self.money(cents)),T\(k),\(Self.money(balance))\n"
        }
        return text
    }

    static func money(_ cents: Int) -> String {
        let sign = cents < 0 ? "-" : ""
        let m = abs(cents)
        return "\(sign)\(m / 100).\(m % 100 < 10 ? "0" : "")\(m % 100)"
    }

    /// Rules like the bundled ones: payee clean-up with captures, transfers into the wallet and
    /// elsewhere, categories the ledger has and lacks, a regex, tags, notes; `ignore` when asked.
    static func rules(_ random: inout SeededGenerator, ignoring: Bool) -> String {
        var rules = ["""
            rule "store numbers" stage pre
              when payee matches /^WHOLE FOODS MARKET\\s*#?(\\d+)/
              set payee "Whole Foods Market"
              append notes "store $1"
            """]
        let tests = ["payee contains \"REWE\"", "payee starts with \"Geldautomat\"", "memo contains \"Strom\"", "amount < -50",
                     "payee matches /AMAZON MKTPL\\*(\\w+)/", "memo equals \"cash\"", "payee contains \"Kino\"", "payee equals \"Stadtwerke\"",
                     "payee contains \"Wise\" and amount < 0", "category is empty", "notes contains \"store\""]
        let actions = ["set category Food:Groceries", "set category New:Thing", "set category Fun:Cinema", "transfer to \"Wallet\"",
                       "transfer to \"Savings\"", "set payee \"Amazon\"", "add tag t", "append notes \"seen\"", "set category Bills"]
        for k in 0..<(2 + random.below(6)) {
            var action = random.pick(actions)
            if ignoring && k == 0 { action = "ignore" }
            let condition = random.below(3) == 0 ? "\(random.pick(tests)) or \(random.pick(tests))" : random.pick(tests)
            rules.append("rule \"r\(k)\"\n  when \(condition)\n  \(action)\(random.below(3) == 0 && action != "ignore" ? "\n  stop" : "")")
        }
        return rules.joined(separator: "\n\n") + "\n"
    }

    /// What one import did and what the ledger holds after it, as text (``HeldStatementTests/Seen``),
    /// with the ledger's categories and accounts.
    struct Seen: Equatable {
        var seen: HeldStatementTests.Seen
        var categories: [String]
        var accounts: [Account]
    }

    enum Path { case held, everyRowConverted, rulesOnEveryRow }

    /// Imports `first` into a new ledger with a wallet (with `firstRules`), then `again` with
    /// `rules` the way `path` says, and what the second import did.
    func reimport(first: String, again: String, firstRules: String?, rules: String, path: Path, dir: URL) throws -> Seen {
        let ledger = MyMoneyBinary.scratch("held-rules-ledger").appendingPathComponent("ledger.sqlite").path
        do {
            let books = try Books.open(at: ledger)
            _ = try books.ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: .EUR))
            _ = try books.ledger.addAccount(Account(name: "Savings", kind: .savings, currency: .EUR))
            _ = try books.ledger.addCategory(try #require(CategoryPath(parsing: "Food:Groceries")))
        }
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        func compile(_ text: String) throws -> CompiledRuleSet {
            let compilation = RuleCompiler.compile(sources: [("test.rules", text)])
            return try #require(compilation.ruleSet, "\(compilation.renderDiagnostics())\n\(text)")
        }
        let a = dir.appendingPathComponent("a.csv")
        try Data(first.utf8).write(to: a)
        _ = try Books.importStatements(ImportRequest(paths: [a.path], readOptions: ReadOptions(currency: .EUR)),
                                       at: ledger, readers: readers, rules: try firstRules.map(compile))
        try Data(again.utf8).write(to: a)
        var request = ImportRequest(paths: [a.path], readOptions: ReadOptions(currency: .EUR))
        request.duplicatesBeforeConversion = path != .everyRowConverted
        request.rulesOnNewRowsOnly = path != .rulesOnEveryRow
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: try compile(rules))
        let books = try Books.open(at: ledger)
        return Seen(seen: try HeldStatementTests.seen(outcome, ledger: ledger),
                    categories: try books.ledger.categories().map(\.path.description), accounts: try books.ledger.accounts())
    }

    /// The three ways agree on generated statements and rule sets: the rules of the first import
    /// none, the same (counter-legs made then are duplicates now) or others (a transfer rule new
    /// now makes its counter-legs); some statements with new rows, one with a very long payee.
    @Test(arguments: Array(1...16) as [UInt64])
    func theHeldPathReportsAndStoresWhatThePlainTwinsDo(seed: UInt64) throws {
        var random = SeededGenerator(seed: 0x4E1D &+ seed)
        let dir = MyMoneyBinary.scratch("held-rules")
        let statement = Self.statement(&random, count: 120 + random.below(120), long: seed == 8)
        let rules = Self.rules(&random, ignoring: seed % 4 == 3)
        let firstRules: String? = [nil, rules, Self.rules(&random, ignoring: false)][Int(seed % 3)]
        var again = statement
        if seed == 5 {
            // Two new rows among the old: not held, the rules run on the new rows only.
            let place = try #require(statement.range(of: "\n2026-03-05,"))
            again.replaceSubrange(place, with: "\n2026-03-05,Geldautomat Neu,cash,-20.00,N1,0.00\n2026-03-05,")
        }
        let held = try reimport(first: statement, again: again, firstRules: firstRules, rules: rules, path: .held, dir: dir)
        let converted = try reimport(first: statement, again: again, firstRules: firstRules, rules: rules, path: .everyRowConverted, dir: dir)
        #expect(held == converted, "seed \(seed)\n\(rules)")
        if held != converted {
            #expect(held.seen.listed == converted.seen.listed)
            #expect(held.seen.diagnostics == converted.seen.diagnostics)
            #expect(held.categories == converted.categories)
            #expect(held.seen.rows.count == converted.seen.rows.count)
        }
        if seed != 5 {
            // Nothing new: the rules' run on new rows has nothing to run on either way.
            let everyRow = try reimport(first: statement, again: again, firstRules: firstRules, rules: rules, path: .rulesOnEveryRow, dir: dir)
            #expect(held == everyRow, "seed \(seed)\n\(rules)")
        }
    }

    static let bundledLike = """
        rule "store numbers" stage pre
          when payee matches /^WHOLE FOODS MARKET\\s*#?(\\d+)/
          set payee "Whole Foods Market"
          append notes "store $1"

        rule "Cash from the ATM"
          when payee starts with "Geldautomat" and account kind is bank and amount < 0
          transfer to "Wallet"
          stop

        rule "Groceries"
          when payee contains "REWE" or payee starts with "Whole Foods"
          set category Food:Groceries

        rule "Cinema"
          when payee equals "Kino"
          set category Fun:Cinema

        rule "Salary"
          when payee contains "Acme Software"
          set category Income:Salary

        """

    /// The cases above mean something only if the statement is held with such rules, and what
    /// they leave behind is found: the payees they change, the counter-legs, the categories.
    @Test func aStatementImportedAgainWithBundledLikeRulesIsHeldWithWhatTheRulesLeave() throws {
        var random = SeededGenerator(seed: 0xB0D1E5)
        let dir = MyMoneyBinary.scratch("held-rules-found")
        let text = Self.statement(&random, count: 200)
        let ledger = dir.appendingPathComponent("ledger.sqlite").path
        let a = dir.appendingPathComponent("a.csv")
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        try Data(text.utf8).write(to: a)
        do {
            let books = try Books.open(at: ledger)
            _ = try books.ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: .EUR))
        }
        _ = try Books.importStatements(ImportRequest(paths: [a.path], readOptions: ReadOptions(currency: .EUR)),
                                       at: ledger, readers: readers, rules: nil)
        let books = try Books.open(at: ledger)
        let accounts = try books.ledger.accounts()
        let account = try #require(accounts.first { $0.name == "a" })
        let reading = try StatementReading.read([a.path], readers: readers, options: ReadOptions(currency: .EUR))
        let statement = try #require(reading.first?.result.statements.first)
        let imported = ImportedStatement(statement: statement, transactionCount: statement.transactions.count, account: account,
                                         reason: "test", created: false)
        #expect(Array(try HeldStatement.matches(of: [imported], ledger: books.ledger).keys) == [0])
        let rules = try #require(RuleCompiler.compile(sources: [("test.rules", Self.bundledLike)]).ruleSet)
        var context = try ImportWorkflow.ruleContext(ledger: books.ledger, accounts: accounts)
        context.accountsWithoutStatements.remove("a")
        #expect(!RuleStage.rulesMaySkip(rules, context: context))
        let effects = try #require(HeldRuleEffects.of(imported, rules: rules, context: context, accounts: accounts))
        let rows = statement.transactions
        #expect(effects.payees.count == rows.count { $0.payee?.hasPrefix("WHOLE FOODS") == true })
        #expect(effects.payees.values.allSatisfy { $0 == "Whole Foods Market" })
        #expect(effects.counterLegs.count == rows.count { $0.payee?.hasPrefix("Geldautomat") == true && $0.amount.isNegative })
        #expect(!effects.counterLegs.isEmpty)
        #expect(effects.categoriesToCreate == [CategoryPath(parsing: "Food")!, CategoryPath(parsing: "Food:Groceries")!,
                                               CategoryPath(parsing: "Fun")!, CategoryPath(parsing: "Fun:Cinema")!])
        // With `ignore` on a row of it, the statement is not held.
        let ignoring = try #require(RuleCompiler.compile(sources: [("i.rules", Self.bundledLike + "rule \"drop\"\n  when payee equals \"Kino\"\n  ignore\n")]).ruleSet)
        #expect(HeldRuleEffects.of(imported, rules: ignoring, context: context, accounts: accounts) == nil)
    }

    /// The screen reads a light row when its rules read only the light fields: those must be the
    /// import's conversion's, and the longest text counted must bound every text of the converted row.
    @Test func aLightRowHasTheConvertedRowsLightFieldsAndItsTextsAreBounded() throws {
        var random = SeededGenerator(seed: 0x1167)
        let account = Account(id: 7, name: "Girokonto", kind: .bank, currency: .EUR)
        let source = StatementSource(file: "a.csv", format: "csv")
        for _ in 0..<500 {
            let text = { random.pick(["", " ", "  REWE  Markt ", "Café\tBar", "x", nil as String?] as [String?]) }
            var t = StatementTransaction(day: Day(year: 2026, month: 3, day: 1 + random.below(28))!,
                                         amount: Amount(units: Int64(random.below(100_000)) - 50_000, scale: random.below(3)))
            t.payee = text()
            t.memo = text()
            t.id = random.below(2) == 0 ? "T\(random.below(100))" : nil
            t.bankType = random.below(2) == 0 ? "POS" : nil
            t.checkNumber = random.below(3) == 0 ? "\(random.below(999))" : nil
            t.category = random.below(3) == 0 ? random.pick(["Food:Coffee", " Food : Bar ", "x"]) : nil
            t.tags = random.below(3) == 0 ? ["t"] : []
            t.extra = random.below(2) == 0 ? [StatementField("SIC", "5411")] : []
            let light = HeldRuleEffects.lightRow(t, in: account)
            let full = StatementConversion.ledgerTransaction(t, of: source, account: account)
            #expect(light.accountId == full.accountId && light.day == full.day && light.amount == full.amount && light.currency == full.currency)
            #expect(light.payee == full.payee && light.originalPayee == full.originalPayee && light.memo == full.memo && light.notes == full.notes)
            #expect(light.bankType == full.bankType && light.checkNumber == full.checkNumber && light.type == full.type)
            let longest = HeldRuleEffects.longestText(t, of: source, in: account)
            let texts = [full.payee, full.originalPayee, full.memo, full.notes, full.bankId, full.bankType, full.checkNumber,
                         full.category?.description, full.transferHint, full.sourceFile, full.sourceFormat] + full.tags + full.extra.map(\.value)
            #expect(texts.allSatisfy { ($0?.utf8.count ?? 0) <= longest })
        }
        #expect(HeldRuleEffects.lightFields.isSuperset(of: [.payee, .memo, .amount, .account, .accountKind, .bankType, .checkNumber]))
    }
}
