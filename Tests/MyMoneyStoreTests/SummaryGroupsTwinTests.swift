import Testing
@testable import MyMoneyStore
import MyMoneyTestSupport

/// Figures per entry are grouped in memory (a scan of the report index and a dictionary); the
/// plain twin is SQLite's `GROUP BY`. Both must give the same figures on any ledger; so must the
/// balances of all accounts summed in one scan and each account's own query.
@Suite struct SummaryGroupsTwinTests {
    @Test func inMemoryGroupingGivesWhatGroupByGives() throws {
        let fixture = try generatedLedger()
        for day in [october(1), october(14), october(28)] {
            let all = try fixture.ledger.balances(asOf: day)
            #expect(all.count == 3)
            for (account, balance) in all {
                #expect(balance == (try fixture.ledger.balance(accountId: try #require(account.id), asOf: day)), "\(account.name) \(day)")
            }
        }
        for entity in EntrySummary.Entity.allCases {
            for (from, through) in [(nil, nil), (october(5), october(20))] as [(Day?, Day?)] {
                let fast = try fixture.ledger.summaries(of: entity, from: from, through: through, grouping: .inMemory)
                let plain = try fixture.ledger.summaries(of: entity, from: from, through: through, grouping: .sqlite)
                #expect(fast == plain, "\(entity) \(String(describing: from))")
                #expect(fast.contains { !$0.figures.isEmpty }, "\(entity): the ledger has figures to compare")
            }
        }
    }

    @Test func dailyTotalsGroupedInMemoryAreWhatGroupByGives() throws {
        let fixture = try generatedLedger()
        let scopes = [Ledger.TotalsScope(), Ledger.TotalsScope(category: CategoryPath(["Food"])),
                      Ledger.TotalsScope(tag: "coffee"), Ledger.TotalsScope(project: "Lisbon trip")]
        let entities: [EntrySummary.Entity?] = [nil] + EntrySummary.Entity.allCases.map { $0 }
        for entity in entities {
            for scope in scopes {
                for (from, through) in [(nil, nil), (october(5), october(20))] as [(Day?, Day?)] {
                    let fast = try fixture.ledger.dailyTotals(by: entity, from: from, through: through, within: scope, grouping: .inMemory)
                    let plain = try fixture.ledger.dailyTotals(by: entity, from: from, through: through, within: scope, grouping: .sqlite)
                    // SQLite returns its groups in the order of the index it walks: compare as sets of rows.
                    #expect(canonical(fast) == canonical(plain), "\(String(describing: entity)) \(scope) \(String(describing: from))")
                    #expect(fast.count == plain.count)
                    #expect(!fast.isEmpty, "\(String(describing: entity)) \(scope): the ledger has totals to compare")
                }
            }
        }
    }

    /// The currencies holding transactions, probed per account, are those the counts name (the
    /// plain twin); an account without transactions adds nothing.
    /// `accounts` reads the balances and the figures by account from one scan
    /// (`balancesAndDailyTotals(asOf:)`); apart, `balances(asOf:)` and `dailyTotals(by: .accounts)`
    /// are its twin: the same balances (opening balances, cents and mills, two currencies, an
    /// account without transactions) as of a day before the first transaction, within and after
    /// the month, and the same sums in the same order.
    @Test func balancesAndFiguresFromOneScanAreThoseOfTwo() throws {
        let fixture = try generatedLedger()
        var empty = Account(name: "Empty", kind: .bank, currency: .EUR)
        empty.openingBalance = amount("12.50")
        _ = try fixture.ledger.addAccount(empty)
        try fixture.ledger.db.execute("UPDATE accounts SET opening_units = 1005, opening_scale = 3 WHERE name = 'Wallet'")
        for day in [Day(daysSinceEpoch: 0), october(1), october(14), october(28), Day(daysSinceEpoch: 40_000)] {
            let (balances, totals) = try fixture.ledger.balancesAndDailyTotals(asOf: day)
            let plain = try fixture.ledger.balances(asOf: day)
            #expect(balances.map(\.account) == plain.map(\.account))
            #expect(balances.map(\.balance) == plain.map(\.balance), "\(day)")
            #expect(balances.map { $0.balance.scale } == plain.map { $0.balance.scale }, "\(day)")
            #expect(totals == (try fixture.ledger.dailyTotals(by: .accounts, from: nil, through: nil)))
        }
        // Not vacuous: balances that differ from day to day, an opening balance in mills.
        let middle = try fixture.ledger.balancesAndDailyTotals(asOf: october(14)).balances
        let end = try fixture.ledger.balancesAndDailyTotals(asOf: october(28)).balances
        #expect(middle.map(\.balance) != end.map(\.balance) && middle.count == 4)
        #expect(middle.contains { $0.account.name == "Empty" && $0.balance == amount("12.50") })
    }

    @Test func currenciesWithTransactionsAreThoseTheCountsName() throws {
        let fixture = try generatedLedger()
        let counts = try fixture.ledger.transactionCountsByCurrency()
        #expect(try fixture.ledger.currenciesWithTransactions() == Set(counts.keys))
        #expect(counts.count == 2)
        let empty = try LedgerFixture()
        _ = try empty.account("Girokonto")
        _ = try empty.account("Visa", currency: .USD, kind: .creditCard)
        #expect(try empty.ledger.currenciesWithTransactions().isEmpty)
        #expect(try empty.ledger.transactionCountsByCurrency().isEmpty)
    }

    /// Three accounts in two currencies, 450 transactions over October with cents and mills, both
    /// signs, categories, tags, a project, a place, and some split into parts.
    private func generatedLedger() throws -> LedgerFixture {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        let wallet = try fixture.account("Wallet", kind: .cash)
        let visa = try fixture.account("Visa", currency: .USD, kind: .creditCard)
        var generator = SeededGenerator(seed: 17)
        let categories = [nil, "Food:Groceries", "Food:Coffee", "Housing:Rent", "Income:Salary", "Gifts"]
        let tagSets = [[], ["coffee"], ["travel", "work"], ["market"]]
        var statements: [ImportStatement] = []
        for account in [giro, wallet, visa] {
            var rows: [LedgerTransaction] = []
            for k in 0..<150 {
                // Mostly cents, some mills (a scale of 3), both signs.
                let units = Int.random(in: -90_000...40_000, using: &generator)
                let value = k % 7 == 0 ? "\(units / 1000).\(String(format3(abs(units) % 1000)))"
                                       : "\(units / 100).\(String(format2(abs(units) % 100)))"
                var t = row(account, Int.random(in: 1...28, using: &generator), (units < 0 && !value.hasPrefix("-") ? "-" : "") + value,
                            "Payee \(k)", currency: account == visa ? .USD : .EUR,
                            category: categories[Int.random(in: 0..<categories.count, using: &generator)],
                            tags: tagSets[Int.random(in: 0..<tagSets.count, using: &generator)],
                            project: k % 5 == 0 ? "Lisbon trip" : nil, place: k % 3 == 0 ? "Berlin" : nil)
                if k % 11 == 0 {
                    t.splits = [StatementSplit(amount: t.amount, category: "Gifts:Flowers", tags: ["flowers"])]
                }
                rows.append(t)
            }
            statements.append(ImportStatement(accountId: account, transactions: rows))
        }
        try fixture.ledger.importStatements(statements)
        return fixture
    }

    private func canonical(_ rows: [DailyTotal]) -> [String] {
        rows.map { "\($0.name ?? "-")|\($0.day)|\($0.currency.code)|\($0.type)|\($0.amount)|\($0.count)" }.sorted()
    }

    private func format2(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    private func format3(_ n: Int) -> String { n < 10 ? "00\(n)" : (n < 100 ? "0\(n)" : "\(n)") }
}
