import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyRules
import MyMoneyTestSupport

/// A large statement goes to the store in parts while the rules work on the next part
/// (``RuleStage/inParts``): the import must report and store what the plain twin (the statement
/// handed on whole once the rules are done with all of it) reports and stores.
@Suite("import: a statement stored in parts")
struct StoreInPartsTests {
    /// 90 rows over ten days, two identical coffees a day (two transactions), a cash withdrawal
    /// every ninth row (a transfer rule makes its counter-leg in the wallet).
    static var csv: String {
        var lines = ["Date,Description,Amount"]
        for i in 0..<90 {
            let day = String(format: "2026-03-%02d", 1 + i / 9)
            switch i % 9 {
            case 2, 3: lines.append("\(day),Corner Bakery,-2.50")
            case 8: lines.append("\(day),ATM Withdrawal,-50.00")
            default: lines.append("\(day),\(["REWE Markt", "Shell Station", "Salary", "Kino Lux"][i % 4]) \(i % 5),-\(i + 1).\(10 + i % 80)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let rules = """
        rule "Bakery"
          when payee contains "Bakery"
          set category Food:Bakery
          add tag bread
        rule "Groceries"
          when payee matches /^REWE (Markt|City)/
          set category Food:Groceries
          add tag food
          add tag weekly
        rule "Fuel"
          when payee contains "Shell" and amount between -60 and -1
          set category Transport:Fuel
        rule "Cash"
          when payee contains "ATM"
          transfer to Wallet


        """

    func compile(_ text: String) throws -> CompiledRuleSet {
        try #require(RuleCompiler.compile(sources: [("test.rules", text)]).ruleSet)
    }

    /// The import's JSON report and every stored transaction and account, after importing the
    /// statement into a new ledger (with a wallet) with rules taking `part` rows at a time.
    func imported(_ file: URL, rules: String, inParts: Bool, part: Int) throws -> (report: String, transactions: [LedgerTransaction], accounts: [Account]) {
        let ledger = MyMoneyBinary.scratch("store-in-parts-ledger").appendingPathComponent("ledger.sqlite").path
        do {
            let books = try Books.open(at: ledger)
            _ = try books.ledger.addAccount(Account(name: "Wallet", kind: .cash, currency: .EUR))
        }
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR))
        request.storeInParts = inParts
        request.rulePart = part
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: try compile(rules))
        let after = try Books.open(at: ledger)
        return (ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                try after.ledger.transactions(), try after.ledger.accounts())
    }

    @Test(arguments: [(rules, 7), (rules, 9), (rules, 45), (rules, 89),
                      // An ignored row leaves the statement: it goes on whole (and must still agree).
                      (rules + "rule \"Drop\"\n  when payee contains \"Kino\"\n  ignore\n\n", 7)])
    func aStatementStoredInPartsGivesTheLedgerAndReportOfTheWholeStatement(rules: String, part: Int) throws {
        let dir = MyMoneyBinary.scratch("store-in-parts")
        let file = dir.appendingPathComponent("checking.csv")
        try Data(Self.csv.utf8).write(to: file)
        let inParts = try imported(file, rules: rules, inParts: true, part: part)
        let whole = try imported(file, rules: rules, inParts: false, part: part)
        #expect(inParts.report == whole.report)
        #expect(inParts.transactions == whole.transactions)
        #expect(inParts.accounts == whole.accounts)
        #expect(whole.transactions.count { $0.category != nil } > 20)
        #expect(whole.transactions.count { $0.accountId != whole.transactions[0].accountId } == 10)
    }

    /// Short parts at both ends of a statement, every row in exactly one part, in order.
    @Test func partsAreShortAtBothEndsAndCoverEveryRowOnce() {
        for (count, part) in [(1, 50_000), (9, 5), (100, 7), (1_000_000, 50_000), (123_457, 50_000), (4, 1)] {
            var starts: [Int] = [], lengths: [Int] = []
            var lo = 0
            while lo < count {
                let n = RuleStage.partLength(from: lo, of: count, part: part, shortEnds: (true, true))
                #expect(n >= 1)
                starts.append(lo)
                lengths.append(min(n, count - lo))
                lo += n
            }
            #expect(lengths.reduce(0, +) == count, "\(count) rows in parts of \(part)")
            #expect(lengths.first == min(count, max(1, part / 5)))
            #expect(lengths.allSatisfy { $0 <= part })
            if count > 3 * part { #expect(lengths.last! <= max(1, part / 5) && lengths.contains(part)) }
        }
        // A statement between the import's first and last is cut in whole parts.
        #expect(RuleStage.partLength(from: 0, of: 100_000, part: 50_000, shortEnds: (false, false)) == 50_000)
        #expect(RuleStage.partLength(from: 60_000, of: 100_000, part: 50_000, shortEnds: (true, false)) == 50_000)
        #expect(RuleStage.partLength(from: 60_000, of: 100_000, part: 50_000, shortEnds: (false, true)) == 10_000)
    }

    @Test func onlyRulesThatKeepEveryRowAndItsIdentityHandAStatementOnInParts() throws {
        #expect(RuleStage.handsOnInParts(try compile(Self.rules)))
        for extra in ["  set payee Bakery\n", "  ignore\n"] {
            #expect(!RuleStage.handsOnInParts(try compile("rule \"x\"\n  when payee contains \"Bakery\"\n" + extra + "\n")), "\(extra)")
        }
    }
}

/// The indexes a bulk import into an empty ledger drops are built beside the transfer matcher
/// (``ImportRequest/indexesWhileMatching``): the same ledger, indexes and report as when the
/// store builds them itself, and none lost by a dry run.
@Suite("import: indexes built beside the matcher")
struct IndexesWhileMatchingTests {
    static var csv: String {
        var lines = ["Date,Description,Amount"]
        for i in 0..<2_500 {
            lines.append(String(format: "2026-%02d-%02d,", 1 + (i / 250) % 12, 1 + (i % 250) / 10) + "\(["REWE Markt", "Corner Bakery", "Shell"][i % 3]) \(i % 17),-\(i % 300 + 1).\(10 + i % 80)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func imported(_ file: URL, whileMatching: Bool, dryRun: Bool = false) throws -> (report: String, transactions: [LedgerTransaction], indexes: [String: String]) {
        let ledger = MyMoneyBinary.scratch("indexes-while-matching").appendingPathComponent("ledger.sqlite").path
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        var request = ImportRequest(paths: [file.path], readOptions: ReadOptions(currency: .EUR), dryRun: dryRun)
        request.indexesWhileMatching = whileMatching
        let rules = try #require(RuleCompiler.compile(sources: [("t.rules", StoreInPartsTests.rules)]).ruleSet)
        let outcome = try Books.importStatements(request, at: ledger, readers: readers, rules: rules)
        let after = try Books.open(at: ledger)
        return (ImportReportJSON.make(outcome, listingDuplicates: true).serialized(pretty: true),
                try after.ledger.transactions(), try after.ledger.transactionIndexes())
    }

    @Test func indexesBuiltBesideTheMatcherGiveTheLedgerTheStoreBuilds() throws {
        let file = MyMoneyBinary.scratch("indexes-while-matching-in").appendingPathComponent("checking.csv")
        try Data(Self.csv.utf8).write(to: file)
        let beside = try imported(file, whileMatching: true)
        let byStore = try imported(file, whileMatching: false)
        #expect(beside.report == byStore.report)
        #expect(beside.transactions == byStore.transactions)
        #expect(beside.transactions.count == 2_500)
        #expect(beside.indexes == byStore.indexes)
        #expect(beside.indexes["transactions_for_reports"] != nil)
        #expect(beside.indexes["transaction_tags_by_tag"] != nil)
        let dry = try imported(file, whileMatching: true, dryRun: true)
        #expect(dry.transactions.isEmpty)
        #expect(dry.indexes == byStore.indexes)
    }
}
