import Foundation
import Testing
@testable import MyMoneyStore

/// Rates, budgets of the reports and the daily aggregates reports are made from.
@Suite struct RatesAndTotalsTests {
    func rate(_ day: Int, _ to: String, _ value: String, _ source: StoredRate.Source = .ecb) -> StoredRate {
        StoredRate(day: october(day), from: .EUR, to: Currency(code: to)!, rate: amount(value), source: source, file: "ecb.csv")
    }

    @Test func reimportingRatesAddsNothingAndACorrectedValueReplacesTheOld() throws {
        let fixture = try LedgerFixture()
        let first = try fixture.ledger.addRates([rate(5, "USD", "1.1364"), rate(5, "GBP", "0.8700"), rate(5, "USD", "1.1400", .csv)])
        #expect(first == Ledger.RatesAdded(added: 3, unchanged: 0, changed: 0))
        let again = try fixture.ledger.addRates([rate(5, "USD", "1.13640"), rate(5, "GBP", "0.8712")])
        #expect(again == Ledger.RatesAdded(added: 0, unchanged: 1, changed: 1))
        let stored = try fixture.ledger.rates()
        #expect(stored.map { "\($0.to.code) \($0.rate) \($0.source.rawValue)" } == ["GBP 0.8712 ecb", "USD 1.1400 csv", "USD 1.1364 ecb"])
        #expect(stored.first { $0.to.code == "GBP" }?.rate == amount("0.8712"))
        #expect(try fixture.ledger.rates(touching: [Currency(code: "JPY")!]).isEmpty)
    }

    @Test func aRateOfZeroOrToItselfIsRefusedAndNothingIsStored() throws {
        let fixture = try LedgerFixture()
        #expect(throws: LedgerError.self) { try fixture.ledger.addRates([rate(5, "USD", "1.1"), rate(6, "USD", "0")]) }
        #expect(throws: LedgerError.self) { try fixture.ledger.addRates([StoredRate(day: october(5), from: .EUR, to: .EUR, rate: amount("1"), source: .csv)]) }
        #expect(try fixture.ledger.rates().isEmpty)
    }

    @Test func budgetsForProjectsQuartersAndCustomSpansAndOnePerTargetAndPeriod() throws {
        let fixture = try LedgerFixture()
        try fixture.ledger.addCategory(CategoryPath(["Food"]))
        _ = try fixture.ledger.addProject(Project(title: "Lisbon trip"))
        let food = Budget(name: "Groceries and more", target: .category(CategoryPath(["Food"])), amount: amount("400"), currency: .EUR,
                          period: .quarter, startDay: october(1), rollover: true)
        try fixture.ledger.addBudget(food)
        try fixture.ledger.addBudget(Budget(target: .project("Lisbon trip"), amount: amount("900"), currency: .EUR, period: .custom,
                                            startDay: october(10), customDays: 10))
        let duplicate = #expect(throws: LedgerError.self) { try fixture.ledger.addBudget(food) }
        #expect(duplicate?.kind == .duplicate)
        var monthly = food
        monthly.period = .month
        try fixture.ledger.addBudget(monthly)
        let listed = try fixture.ledger.budgets()
        #expect(listed.map { "\($0.target.name) \($0.period.rawValue) \($0.customDays ?? 0) \($0.rollover) \($0.name ?? "-")" }
                == ["Food quarter 0 true Groceries and more", "Food month 0 true Groceries and more", "Lisbon trip custom 10 false -"])
        let noDays = #expect(throws: LedgerError.self) {
            try fixture.ledger.addBudget(Budget(target: .project("Lisbon trip"), amount: amount("1"), currency: .EUR, period: .custom, startDay: october(1)))
        }
        #expect(noDays?.field == "period")
    }

    @Test func budgetsOfAnOlderLedgerSurviveTheMigration() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-migrate-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("old.sqlite").path
        do {
            // A ledger as 0003 left it, with one budget.
            let db = try SQLiteConnection(path: path, readOnly: false, busyTimeout: 1)
            try db.execute("CREATE TABLE migrations (name TEXT PRIMARY KEY, applied_at TEXT NOT NULL)")
            for migration in Migration.all.prefix(3) {  // before 0004 (parts), 0005 (rates), 0006 (budgets)
                try db.execute(migration.sql)
                try db.execute("INSERT INTO migrations VALUES ('\(migration.name)', 'then')")
            }
            try db.execute("INSERT INTO categories (id, name, path, path_key, depth) VALUES (1, 'Food', 'Food', 'food', 1)")
            try db.execute("INSERT INTO budgets (id, category_id, amount_units, amount_scale, currency, period, start_day) VALUES (7, 1, 40000, 2, 'EUR', 'month', 20362)")
        }
        let ledger = try Ledger(path: path)
        #expect(try Array(ledger.appliedMigrations().dropFirst(4).prefix(3)) == ["0005-rates", "0006-budgets-projects-periods-rollover", "0007-transactions-report-indexes"])
        let budgets = try ledger.budgets()
        #expect(budgets.map { "\($0.id ?? 0) \($0.target.name) \($0.amount) \($0.period.rawValue) \($0.rollover)" } == ["7 Food 400.00 month false"])
        #expect(try ledger.integrityProblems().isEmpty)
    }

    @Test func dailyTotalsSumSplitTransactionsWholeAndNameTheirEntries() throws {
        let fixture = try LedgerFixture()
        let wallet = try fixture.account("Wallet")
        try fixture.ledger.addTransaction(row(wallet, 2, "-54.37", "REWE", category: "Food:Groceries", tags: ["market"]))
        try fixture.ledger.addTransaction(row(wallet, 2, "-3.20", "Kamps", category: "Food:Coffee", tags: ["coffee", "market"]))
        var split = row(wallet, 11, "-23.50", "Wochenmarkt", category: "Food:Groceries")
        split.splits = [StatementSplit(amount: amount("-18.00"), category: "Food:Groceries"), StatementSplit(amount: amount("-5.50"), category: "Gifts:Flowers")]
        try fixture.ledger.addTransaction(split)
        let byCategory = try fixture.ledger.dailyTotals(by: .categories, from: nil, through: nil)
        // The market day is summed whole here; the Kit takes it out again and adds its parts.
        #expect(byCategory.map { "\($0.name ?? "-") \($0.day) \($0.amount) \($0.count)" }.sorted()
                == ["Food:Coffee 2026-10-02 -3.20 1", "Food:Groceries 2026-10-02 -54.37 1", "Food:Groceries 2026-10-11 -23.50 1"])
        let byTag = try fixture.ledger.dailyTotals(by: .tags, from: october(1), through: october(31))
        #expect(byTag.map { "\($0.name ?? "-") \($0.amount)" }.sorted() == ["coffee -3.20", "market -57.57"])
        let food = try fixture.ledger.dailyTotals(by: nil, from: october(2), through: october(2), within: .init(category: CategoryPath(["Food"])))
        #expect(food.map(\.amount) == [amount("-57.57")])
        #expect(try fixture.ledger.transactionsWithParts(from: october(1), through: october(31)).map(\.payee) == ["Wochenmarkt"])
        #expect(try fixture.ledger.transactionsWithParts(from: october(1), through: october(10)).isEmpty)
        // Budgets read whole expenses, split ones always (a part may be in the target).
        let gifts = try fixture.ledger.expenses(from: nil, through: nil, within: .init(category: CategoryPath(["Food", "Coffee"])))
        #expect(gifts.map(\.payee) == ["Kamps", "Wochenmarkt"])
        #expect(try fixture.ledger.firstTransactionDay() == october(2))
        #expect(try fixture.ledger.transactionCountsByCurrency() == [.EUR: 3])
    }
}

/// The report aggregates read the report index alone.
@Suite struct ReportIndexTests {
    @Test func dailyTotalsAreAnsweredFromTheReportIndex() throws {
        let fixture = try LedgerFixture()
        let giro = try fixture.account("Girokonto")
        try fixture.ledger.addTransaction(row(giro, 2, "-54.37", "REWE", category: "Food:Groceries"))
        let plan = try fixture.ledger.db.uncachedStatement("""
            EXPLAIN QUERY PLAN SELECT t.category_id, t.day, t.currency, t.type, t.amount_scale, SUM(t.amount_units), COUNT(*)
            FROM transactions t INDEXED BY transactions_for_reports WHERE t.day >= 20362 AND t.day <= 20392
            GROUP BY 1, 2, 3, 4, 5
            """).rows { $0.text(3) }.joined(separator: "\n")
        #expect(plan.contains("USING COVERING INDEX transactions_for_reports"), "\(plan)")
        #expect(try fixture.ledger.dailyTotals(by: .categories, from: october(1), through: october(31)).map(\.amount) == [amount("-54.37")])
    }
}
