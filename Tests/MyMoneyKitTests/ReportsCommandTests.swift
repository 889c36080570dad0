import Foundation
import Testing
import MyMoneyTestSupport

/// Rates, reports and budgets as a user runs them on the sample story (`Samples/`, `Samples/rates/`).
@Suite("reports commands")
struct ReportsCommandTests {
    let ledger: String

    init() throws {
        ledger = MyMoneyBinary.scratch("reports").appendingPathComponent("ledger.sqlite").path
        let run = try MyMoneyBinary.run(["import", "Samples", "--ledger", ledger, "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        // The rates folder is not taken for a statement.
        #expect((try json(run.stdout))["new"] as? Int == 34)
    }

    func mymoney(_ arguments: [String]) throws -> CommandRun {
        try MyMoneyBinary.run(arguments + ["--ledger", ledger])
    }

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    func withRates() throws {
        let run = try mymoney(["rates", "import", "Samples/rates/ecb-2026-10.csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try mymoney(["config", "set", "primary-currency", "EUR"]).status == 0)
    }

    @Test func importingRatesTwiceAddsNothingAndTheListHasCoverageAndTransfers() throws {
        try withRates()
        let again = try mymoney(["rates", "import", "Samples/rates/ecb-2026-10.csv"])
        #expect(again.stdout.contains("ecb       114    0        114        0"), "\(again.stdout)")
        let listed = try json(try mymoney(["rates", "--from", "USD", "--format", "json"]).stdout)
        let rates = try #require(listed["rates"] as? [[String: Any]])
        #expect(rates.count == 24)
        let transfer = try #require(rates.first { $0["source"] as? String == "transfer" })
        #expect(transfer["date"] as? String == "2026-10-05" && transfer["rate"] as? String == "1.1363636364")
        #expect(rates.first { $0["date"] as? String == "2026-10-05" && $0["source"] as? String == "ecb" }?["rate"] as? String == "1.1364")
        let coverage = try #require(listed["coverage"] as? [[String: Any]])
        #expect(coverage.first?["first"] as? String == "2026-09-30" && coverage.first?["last"] as? String == "2026-10-30")
    }

    @Test func aRatesFileWithABrokenLineIsRefusedWholeWithItsPlace() throws {
        let dir = MyMoneyBinary.scratch("rates")
        let file = dir.appendingPathComponent("rates.csv")
        try Data("date,from,to,rate\n2026-10-05,EUR,USD,1.1364\n2026-10-06,EUR,USD,-1.2\n".utf8).write(to: file)
        let run = try mymoney(["rates", "import", file.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("rates.csv:3:20: error: cannot read \"-1.2\" as a positive rate"), "\(run.stderr)")
        #expect(run.stderr.contains("nothing was imported"))
        let listed = try json(try mymoney(["rates", "--format", "json"]).stdout)
        #expect((listed["rates"] as? [[String: Any]])?.allSatisfy { $0["source"] as? String == "transfer" } == true)
        #expect(try mymoney(["rates", "--from", "XYZ"]).status == 65)
    }

    @Test func theOverviewConvertsIntoThePrimaryCurrencyAndListsWhatItCannot() throws {
        #expect(try mymoney(["config", "set", "primary-currency", "EUR"]).status == 0)
        let before = try json(try mymoney(["report", "overview", "--on", "2026-10-15", "--format", "json"]).stdout)
        // Only the confirmed 88 EUR → 100 USD transfer gives a rate, from 2026-10-05 on: what is before stays unconverted.
        let unconverted = try #require(before["unconverted"] as? [[String: Any]])
        #expect(unconverted.count == 1)
        #expect(unconverted.first?["currency"] as? String == "USD")
        #expect(unconverted.first?["first_day_without_rate"] as? String == "2026-10-03")
        #expect(unconverted.first?["amount"] as? String == "-69.87" && unconverted.first?["count"] as? Int == 2)
        try withRates()
        let run = try mymoney(["report", "overview", "--on", "2026-10-15", "--format", "json"])
        let overview = try json(run.stdout)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
        #expect(overview["currency"] as? String == "EUR")
        #expect((overview["period"] as? [String: Any])?["from"] as? String == "2026-10-01")
        #expect(overview["income"] as? String == "3201.38" && overview["expense"] as? String == "-1579.85")
        #expect(overview["cashflow"] as? String == "1621.53" && overview["count"] as? Int == 26)
        #expect((overview["unconverted"] as? [Any])?.isEmpty == true)
        let top = try #require(overview["top"] as? [String: Any])
        #expect(((top["categories"] as? [[String: Any]])?.first)?["name"] as? String == "Housing")
        #expect((overview["previous"] as? [String: Any])?["through"] as? String == "2026-09-30")
        // The same books in USD, at once: nothing stored changes.
        #expect(try mymoney(["config", "set", "primary-currency", "usd"]).status == 0)
        let inDollars = try json(try mymoney(["report", "overview", "--on", "2026-10-15", "--format", "json"]).stdout)
        #expect(inDollars["currency"] as? String == "USD" && inDollars["income"] as? String != "3201.38")
    }

    /// The overview is one period: a range given to it used to be accepted and ignored (the
    /// tutorial's "--from 2026-10-01 --through 2026-10-31" showed the current month).
    @Test func theOverviewRefusesARangeInsteadOfIgnoringIt() throws {
        let run = try mymoney(["report", "--from", "2026-10-01", "--through", "2026-10-31"])
        #expect(run.status == 2, "\(run.stdout)")
        #expect(run.stderr.contains("--on DAY"))
        let october = try mymoney(["report", "--on", "2026-10-31", "--format", "json"])
        #expect(october.status == 0)
        #expect(october.stdout.contains("2026-10-01"))
    }

    @Test func withoutAPrimaryCurrencyTheUsualOneIsUsedAndSaidOnce() throws {
        let run = try mymoney(["report", "overview", "--on", "2026-10-15"])
        #expect(run.status == 0)
        #expect(run.stderr.components(separatedBy: "no primary currency is set").count == 2, "\(run.stderr)")
        #expect(run.stderr.contains("figures are in EUR (most transactions are in EUR)"))
    }

    @Test func analysisDrillsDownNamesTheWayUpAndShowsEmptyPeriods() throws {
        try withRates()
        let run = try mymoney(["report", "analysis", "--category", "Food", "--from", "2026-09-01", "--through", "2026-10-31", "--format", "json"])
        let analysis = try json(run.stdout)
        #expect(analysis["parent"] as? String == "Food" && analysis["up"] as? String == "(top)")
        #expect(analysis["dimension"] as? String == "category" && analysis["by"] as? String == "month")
        let rows = try #require(analysis["rows"] as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["expense"] as? String == "0.00" && rows[0]["count"] as? Int == 0)
        let columns = try #require(rows[1]["columns"] as? [String: String])
        // The market day's flowers (a split part) are not Food.
        #expect(columns["Restaurants"] == "-7.50" && columns["Snacks"] == "-4.20")
        #expect(rows[1]["count"] as? Int == 11)
        let table = try mymoney(["report", "analysis", "--category", "Food", "--on", "2026-10-01"])
        #expect(table.stdout.hasPrefix("EUR by month, within Food, up: (top)\n"), "\(table.stdout)")
        #expect(table.stdout.contains("earlier: mymoney report analysis --by month --category Food --on 2026-09-01"))
        #expect(table.stdout.contains("later:   mymoney report analysis --by month --category Food --on 2026-11-01"))
        let backwards = try mymoney(["report", "analysis", "--from", "2026-10-31", "--through", "2026-10-01"])
        #expect(backwards.status == 65 && backwards.stderr.contains("--through 2026-10-01 is before --from 2026-10-31"))
        #expect(try mymoney(["report", "analysis", "--category", "Nope"]).status == 65)
    }

    @Test func netWorthConvertsEveryBalanceAtEachPeriodEnd() throws {
        try withRates()
        let worth = try json(try mymoney(["report", "networth", "--by", "month", "--from", "2026-10-01", "--through", "2026-10-31", "--format", "json"]).stdout)
        let row = try #require((worth["rows"] as? [[String: Any]])?.first)
        #expect(row["as_of"] as? String == "2026-10-31")
        let accounts = try #require(row["accounts"] as? [[String: Any]])
        let checking = try #require(accounts.first { $0["account"] as? String == "US Checking" })
        // 1824.55 USD at the 2026-10-30 rate 1.1344.
        #expect(checking["balance"] as? String == "1824.55" && checking["converted"] as? String == "1608.38")
        #expect(row["total"] as? String == "10787.32")
    }

    @Test func theSampleStorysBudgetsOneOnTrackOneWarning() throws {
        try withRates()
        #expect(try mymoney(["budgets", "add", "--category", "Food", "--amount", "400", "--start", "2026-10-01"]).status == 0)
        #expect(try mymoney(["budgets", "add", "--tag", "coffee", "--amount", "20", "--start", "2026-10-01"]).status == 0)
        let listed = try json(try mymoney(["budgets", "--as-of", "2026-10-20", "--format", "json"]).stdout)
        let budgets = try #require(listed["budgets"] as? [[String: Any]])
        #expect(budgets.map { $0["status"] as? String } == ["on_track", "warning"])
        let food = budgets[0]
        #expect(food["limit"] as? String == "400" && food["currency"] as? String == "EUR")
        #expect((food["target"] as? [String: Any])?["kind"] as? String == "category")
        #expect((food["period"] as? [String: Any])?["through"] as? String == "2026-10-31")
        for key in ["id", "name", "spent", "left", "left_per_day", "forecast", "reason"] { #expect(food[key] != nil, "\(key)") }
        #expect((budgets[1]["reason"] as? String)?.hasPrefix("forecast") == true)
        // Up to and including the day asked for: before any coffee, nothing spent.
        let early = try json(try mymoney(["budgets", "--as-of", "2026-10-03", "--format", "json"]).stdout)
        #expect(((early["budgets"] as? [[String: Any]])?[1])?["spent"] as? String == "0.00")
    }

    /// The market day (23.50 EUR: 18.00 Food:Groceries, 5.50 Gifts:Flowers) is stored as parts:
    /// each part counts in the budget of its own category only, never the whole amount in every
    /// budget one of its parts names (as a budget reading transactions by category did).
    @Test func aSplitCountsEachPartInTheBudgetOfItsOwnCategory() throws {
        try withRates()
        #expect(try mymoney(["budgets", "add", "--category", "Food", "--amount", "400", "--start", "2026-10-01"]).status == 0)
        #expect(try mymoney(["budgets", "add", "--category", "Gifts", "--amount", "50", "--start", "2026-10-01"]).status == 0)
        #expect(try mymoney(["budgets", "add", "--category", "Gifts:Flowers", "--amount", "10", "--start", "2026-10-01"]).status == 0)
        func spent(asOf day: String) throws -> [String?] {
            let listed = try json(try mymoney(["budgets", "--as-of", day, "--format", "json"]).stdout)
            return (listed["budgets"] as? [[String: Any]] ?? []).map { $0["spent"] as? String }
        }
        // The day before the market and the market day: Food grows by the groceries part (18.00),
        // not by the market's whole 23.50; the gift budgets see the flowers' 5.50 only.
        #expect(try spent(asOf: "2026-10-10") == ["115.88", "0.00", "0.00"])
        #expect(try spent(asOf: "2026-10-11") == ["133.88", "5.50", "5.50"])
        #expect(try spent(asOf: "2026-10-31") == ["214.93", "5.50", "5.50"])
        // The overview counts the parts the same way.
        let overview = try json(try mymoney(["report", "overview", "--on", "2026-10-31", "--top", "20", "--format", "json"]).stdout)
        let top = try #require((overview["top"] as? [String: Any])?["categories"] as? [[String: Any]])
        #expect(top.first { $0["name"] as? String == "Food" }?["amount"] as? String == "-214.93", "\(top)")
        #expect(top.first { $0["name"] as? String == "Gifts" }?["amount"] as? String == "-5.50", "\(top)")
    }

    @Test func budgetsAddAndRemovePrintOnlyJSON() throws {
        // No primary currency: the note about the currency chosen goes to stderr, not into the JSON.
        let added = try mymoney(["budgets", "add", "--category", "Food", "--amount", "400", "--start", "2026-10-01",
                                 "--rollover", "--format", "json"])
        #expect(added.status == 0, "\(added.stderr)")
        let document = try json(added.stdout)
        #expect(document["action"] as? String == "added")
        let budget = try #require(document["budget"] as? [String: Any])
        #expect(budget["id"] as? Int == 1 && budget["limit"] as? String == "400" && budget["currency"] as? String == "EUR")
        #expect((budget["target"] as? [String: Any])?["name"] as? String == "Food")
        #expect(budget["repeats"] as? String == "month" && budget["start"] as? String == "2026-10-01" && budget["rollover"] as? Bool == true)
        let removed = try mymoney(["budgets", "remove", "1", "--format", "json"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let gone = try json(removed.stdout)
        #expect(gone["action"] as? String == "removed" && (gone["budget"] as? [String: Any])?["id"] as? Int == 1)
        #expect(try mymoney(["budgets", "remove", "1", "--format", "json"]).status == 65)
        #expect(try mymoney(["budgets", "add", "--category", "Food", "--amount", "400"]).stdout.hasPrefix("added budget "))
    }

    @Test func budgetMistakesAreRefusedNamingTheField() throws {
        let both = try mymoney(["budgets", "add", "--category", "Food", "--tag", "coffee", "--amount", "10"])
        #expect(both.status == 2 && both.stderr.contains("--category and --tag"))
        let zero = try mymoney(["budgets", "add", "--category", "Food", "--amount", "0"])
        #expect(zero.status == 65 && zero.stderr.contains("amount should be more than zero, not 0"))
        let negative = try mymoney(["budgets", "add", "--category", "Food", "--amount", "-5"])
        #expect(negative.status == 65)
        let currency = try mymoney(["budgets", "add", "--category", "Food", "--amount", "5", "--currency", "XYZ"])
        #expect(currency.status == 65 && currency.stderr.contains("currency XYZ is unknown"))
        #expect(try mymoney(["budgets", "add", "--category", "Food", "--amount", "5"]).status == 0)
        let twice = try mymoney(["budgets", "add", "--category", "Food", "--amount", "6"])
        #expect(twice.status == 65 && twice.stderr.contains("already limits category Food per month"))
    }

    @Test func entityFiguresAreInThePrimaryCurrencyWithSplitPartsUnderTheirOwnCategory() throws {
        try withRates()
        let categories = try json(try mymoney(["categories", "--format", "json"]).stdout)
        let list = try #require(categories["categories"] as? [[String: Any]])
        func expense(_ path: String) -> String? {
            ((list.first { $0["path"] as? String == path }?["figures"] as? [[String: Any]])?.first)?["expense"] as? String
        }
        #expect(expense("Gifts:Flowers") == "-5.50")
        #expect(expense("Food:Restaurants") == "-7.50")
        let accounts = try mymoney(["accounts", "--as-of", "2026-10-31"])
        #expect(accounts.stdout.contains("Wallet       cash          199.80 EUR     0.00 EUR    -50.20 EUR   -50.20 EUR      5"), "\(accounts.stdout)")
        #expect(accounts.stdout.contains("US Checking  bank         1824.55 USD"))
    }
}
