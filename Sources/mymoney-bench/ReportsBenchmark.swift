import Foundation
import MyMoneyKit
import MyMoneyStore

/// `reports [--size N] [--ledger PATH] [--runs N]`: builds a ledger of `--size` transactions (default
/// 1,000,000: five years, six accounts in EUR and USD, a category tree, tags, projects, places,
/// rent and subscriptions, transfers, split transactions, ECB-style daily rates, four budgets),
/// then times what a user waits for: the overview of a month, the analysis of twelve months by
/// month, and the budgets' statuses (each its fastest of `--runs`, default 3). `--ledger PATH`
/// keeps the ledger there and reuses it when it exists; `--only NAME` runs one of them (for a profiler).
func reportsBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let runs = option("--runs", in: arguments).flatMap(Int.init) ?? 3
    let folder = scratchDirectory("reports")
    let kept = option("--ledger", in: arguments)
    defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
    let path = kept ?? folder.appendingPathComponent("ledger.sqlite").path
    var results: [BenchmarkResult] = []
    if !FileManager.default.fileExists(atPath: path) {
        var built = try measure("reports.build-ledger") { try ReportsLedgerBuilder(size: size).build(at: path) }
        built.detail = "generated and stored (not a report)"
        results.append(built)
    }
    let books = try Books.open(at: path)
    let today = Day(year: 2026, month: 10, day: 15)!
    let currency = Currency.EUR
    let only = option("--only", in: arguments)
    func timed(_ name: String, detail: String, _ body: () throws -> Int) rethrows -> BenchmarkResult? {
        if let only, !name.hasSuffix(only) { return nil }
        var best: BenchmarkResult?
        var all: [String] = []
        for _ in 0..<max(1, runs) {
            let cpu = processCPUSeconds()
            var r = try measure(name, body)
            let used = processCPUSeconds() - cpu
            all.append(String(format: "%.3f", r.seconds))
            r.detail = String(format: "cpu %.3f s", used)
            if best == nil || r.seconds < best!.seconds { best = r }
        }
        var result = best!
        result.detail = "\(detail); runs \(all.joined(separator: ", ")) s; best \(result.detail ?? "")"
        return result
    }
    results.append(contentsOf: [try timed("reports.overview", detail: "October 2026 vs September, top 5 ×4, budgets, transfers") {
        let overview = try books.overview(.month, on: today, in: currency)
        return overview.figures.count + overview.transfers.count
    }].compactMap { $0 })
    let year = DayRange(start: Day(year: 2025, month: 11, day: 1)!, end: Day(year: 2026, month: 10, day: 31)!)
    results.append(contentsOf: [try timed("reports.analysis.month", detail: "12 months by month, by category") {
        try books.analysis(.month, dimension: .categories, category: nil, range: year, in: currency).rows.reduce(0) { $0 + $1.figures.count }
    }].compactMap { $0 })
    results.append(contentsOf: [try timed("reports.budgets", detail: "4 budgets with forecasts, as of 2026-10-15") {
        try books.budgetStatuses(asOf: today).count
    }].compactMap { $0 })
    let all = DayRange(start: Day(year: 2022, month: 1, day: 1)!, end: Day(year: 2026, month: 12, day: 31)!)
    results.append(contentsOf: [try timed("reports.analysis.5y", detail: "60 months by month, by category (the whole ledger)") {
        try books.analysis(.month, dimension: .categories, category: nil, range: all, in: currency).rows.reduce(0) { $0 + $1.figures.count }
    }].compactMap { $0 })
    return results
}

/// The generated ledger of ``reportsBenchmark(_:)``.
struct ReportsLedgerBuilder {
    var size: Int
    let first = Day(year: 2022, month: 1, day: 1)!
    let days = 1826

    /// Stores the ledger at `path`; returns the number of transactions.
    func build(at path: String) throws -> Int {
        let ledger = try Ledger(path: path)
        var seed: UInt64 = 0x2026_1015
        func next(_ n: Int) -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int((seed >> 33) % UInt64(n))
        }
        let names: [(String, Currency)] = [("Girokonto", .EUR), ("Tagesgeld", .EUR), ("Wallet", .EUR), ("Kreditkarte", .EUR),
                                            ("US Checking", .USD), ("Visa", .USD)]
        var accounts: [(id: Int64, currency: Currency)] = []
        for (name, currency) in names {
            let a = try ledger.addAccount(Account(name: name, kind: .bank, currency: currency))
            accounts.append((a.id ?? 0, currency))
        }
        let tops = ["Food", "Housing", "Transport", "Shopping", "Leisure", "Health", "Bills", "Travel", "Gifts", "Education"]
        let leaves = tops.flatMap { top in (1...4).map { "\(top):Sub \($0)" } }
        let payees = (0..<2000).map { "MERCHANT \($0) BERLIN" }
        let tags = (0..<12).map { "tag\($0)" }
        let projects = (0..<6).map { "Project \($0)" }
        let places = (0..<50).map { "Place \($0)" }
        var byAccount: [[LedgerTransaction]] = Array(repeating: [], count: accounts.count)
        var made = 0
        func add(_ account: Int, _ t: LedgerTransaction) {
            byAccount[account].append(t)
            made += 1
        }
        // Recurring: rent on the 1st and two subscriptions monthly, coffee every Saturday.
        for month in 0..<60 {
            let day = first.addingMonths(month)
            add(0, LedgerTransaction(accountId: accounts[0].id, day: day, amount: Amount(units: -95_000, scale: 2), currency: .EUR,
                                     originalPayee: "Hausverwaltung Schmidt", category: CategoryPath(["Housing", "Rent"])))
            add(0, LedgerTransaction(accountId: accounts[0].id, day: day.advanced(by: 7), amount: Amount(units: -1_399, scale: 2), currency: .EUR,
                                     originalPayee: "Netflix International", category: CategoryPath(["Leisure", "Sub 1"]), tags: ["subscriptions"]))
            add(5, LedgerTransaction(accountId: accounts[5].id, day: day.advanced(by: 21), amount: Amount(units: -1_549, scale: 2), currency: .USD,
                                     originalPayee: "NETFLIX.COM", category: CategoryPath(["Leisure", "Sub 1"]), tags: ["subscriptions"]))
        }
        var saturday = first.advanced(by: (6 - first.weekday + 7) % 7)
        while saturday < first.advanced(by: days) {
            add(2, LedgerTransaction(accountId: accounts[2].id, day: saturday, amount: Amount(units: -840, scale: 2), currency: .EUR,
                                     originalPayee: "Café Einstein", category: CategoryPath(["Food", "Sub 2"]), tags: ["coffee"]))
            saturday = saturday.advanced(by: 7)
        }
        // Transfers: Girokonto → US Checking once a week (linked below), Girokonto → Tagesgeld monthly.
        var crossPairs: [(from: Int, to: Int)] = []
        var week = 0
        while week * 7 < days {
            let day = first.advanced(by: week * 7 + 2)
            let eur = Int64(8_000 + next(4_000))
            let usd = eur * 11_364 / 10_000
            crossPairs.append((byAccount[0].count, byAccount[4].count))
            add(0, LedgerTransaction(accountId: accounts[0].id, day: day, amount: Amount(units: -eur, scale: 2), currency: .EUR,
                                     originalPayee: "Wise Europe SA", type: .transfer))
            add(4, LedgerTransaction(accountId: accounts[4].id, day: day.advanced(by: 1), amount: Amount(units: usd, scale: 2), currency: .USD,
                                     originalPayee: "WISE INC", type: .transfer))
            week += 1
        }
        // Everything else: expenses (one in eight income), 1 in 200 split in two parts.
        while made < size {
            let account = next(10) < 8 ? next(4) : 4 + next(2)
            let day = first.advanced(by: next(days))
            let currency = accounts[account].currency
            let income = next(8) == 0
            let units = Int64(income ? 1_000 + next(300_000) : -(100 + next(15_000)))
            let leaf = leaves[next(leaves.count)]
            var t = LedgerTransaction(accountId: accounts[account].id, day: day, amount: Amount(units: units, scale: 2), currency: currency,
                                      originalPayee: payees[next(payees.count)], memo: next(3) == 0 ? "Kartenzahlung" : nil,
                                      type: income ? .income : .expense, category: income ? CategoryPath(["Income", "Salary"]) : CategoryPath(parsing: leaf),
                                      tags: next(5) == 0 ? [tags[next(tags.count)]] : [], project: next(50) == 0 ? projects[next(projects.count)] : nil,
                                      place: next(3) == 0 ? places[next(places.count)] : nil, bankId: "B\(made)")
            if !income && next(200) == 0 {
                let part = units / 2
                t.splits = [StatementSplit(amount: Amount(units: part, scale: 2), category: leaves[next(leaves.count)]),
                            StatementSplit(amount: Amount(units: units - part, scale: 2), category: leaves[next(leaves.count)])]
            }
            add(account, t)
        }
        // Statements are chronological, as banks write them (the cross-currency pairs' positions follow).
        for i in byAccount.indices {
            let order = byAccount[i].indices.sorted { (byAccount[i][$0].day, $0) < (byAccount[i][$1].day, $1) }
            var position = [Int](repeating: 0, count: order.count)
            for (new, old) in order.enumerated() { position[old] = new }
            byAccount[i] = order.map { byAccount[i][$0] }
            if i == 0 { crossPairs = crossPairs.map { (position[$0.from], $0.to) } }
            if i == 4 { crossPairs = crossPairs.map { ($0.from, position[$0.to]) } }
        }
        var statements: [ImportStatement] = []
        for (i, list) in byAccount.enumerated() {
            statements.append(ImportStatement(accountId: accounts[i].id, sourceFile: "generated-\(i).csv", transactions: list))
        }
        let counts = byAccount.map(\.count)
        try ledger.importStatements(statements)
        // Ids follow the statements' order in a fresh ledger: link the weekly cross-currency transfers.
        var offsets: [Int64] = []
        var running: Int64 = 1
        for c in counts { offsets.append(running); running += Int64(c) }
        let probe = try ledger.transaction(id: offsets[4])
        guard probe.accountId == accounts[4].id else { throw BenchmarkFailure(message: "transaction ids do not follow the statements") }
        let links = crossPairs.map { TransferLink(fromTransactionId: offsets[0] + Int64($0.from), toTransactionId: offsets[4] + Int64($0.to)) }
        _ = try ledger.linkTransfers(links, sparingHandTypedLegs: false)
        // ECB-style rates on working days.
        var rates: [StoredRate] = []
        for d in 0..<days {
            let day = first.advanced(by: d)
            guard day.weekday <= 5 else { continue }
            let wiggle = Int64(next(200))
            for (code, base) in [("USD", 11_000), ("GBP", 8_600), ("CHF", 9_500), ("JPY", 1_600_000)] {
                rates.append(StoredRate(day: day, from: .EUR, to: Currency(code: code)!, rate: Amount(units: Int64(base) + wiggle, scale: 4), source: .ecb))
            }
        }
        try ledger.addRates(rates)
        try ledger.setSetting("primary-currency", to: "EUR")
        let start = Day(year: 2026, month: 1, day: 1)!
        try ledger.addBudget(Budget(target: .category(CategoryPath(["Food"])), amount: Amount(units: 2_000_000, scale: 2), currency: .EUR, period: .month, startDay: start))
        try ledger.addBudget(Budget(target: .category(CategoryPath(["Housing"])), amount: Amount(units: 3_000_000, scale: 2), currency: .EUR, period: .month, startDay: start, rollover: true))
        try ledger.addBudget(Budget(target: .tag("coffee"), amount: Amount(units: 4_000, scale: 2), currency: .EUR, period: .week, startDay: Day(year: 2026, month: 1, day: 5)!))
        try ledger.addBudget(Budget(target: .project("Project 1"), amount: Amount(units: 500_000, scale: 2), currency: .USD, period: .quarter, startDay: start))
        return made
    }
}
