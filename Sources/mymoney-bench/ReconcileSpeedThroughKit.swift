import Foundation
import MyMoneyKit
import MyMoneyReconcile

/// `reconcile --kit-size N` (default 200,000; 0 skips it): `Books.reconcile` on a SQLite ledger,
/// what `mymoney reconcile` does. One account of N rows imported from a CSV file and a savings
/// account, 100 balances asserted; clean, then with three faults made as a user makes them: a
/// row typed in again by hand (30%), an imported amount edited with two digits swapped (55%) and
/// a transfer leg removed by mistake (80%, its counter-leg in the savings account). Each run's
/// wall and CPU time (the process's, all threads) and the load average are in the detail.
func reconcileSpeedThroughKit(size: Int) throws -> [BenchmarkResult] {
    guard size >= 10 else { return [] }
    let folder = scratchDirectory("reconcile-kit-speed")
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("ledger.sqlite").path
    _ = try Books.create(at: path, with: BooksSetup(primaryCurrency: .EUR))
    let books = try Books.open(at: path)
    let bench = try books.addAccount(Account(name: "Bench", kind: .bank, currency: .EUR, openingBalance: Amount(units: 100_000, scale: 2)))
    let savings = try books.addAccount(Account(name: "Savings", kind: .savings, currency: .EUR, openingBalance: Amount(units: 100_000, scale: 2)))

    let firstDay = Day(year: 2024, month: 1, day: 1) ?? Day(daysSinceEpoch: 19723)
    let dayCount = 1000
    var seed: UInt64 = 0x9E3779B97F4A7C15
    func next() -> UInt64 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return seed >> 33
    }
    let payees = ["REWE", "EDEKA", "BVG", "Netflix", "Amazon", "Stadtwerke", "Bäckerei", "Café"]
    var rows: [LedgerTransaction] = []
    rows.reserveCapacity(size)
    for i in 0..<size {
        let cents = Int64(next() % 20_000) - 15_000
        rows.append(LedgerTransaction(id: Int64(i + 1), accountId: bench.id ?? 1, day: firstDay.advanced(by: i * dayCount / size),
                                      amount: Amount(units: cents == 0 ? 1 : cents, scale: 2), currency: .EUR,
                                      originalPayee: payees[Int(next() % UInt64(payees.count))]))
    }
    let duplicated = size * 3 / 10, transposed = size * 55 / 100, missing = size * 8 / 10
    rows[transposed].amount = Amount(units: -5437, scale: 2)
    rows[missing].amount = Amount(units: -12_345, scale: 2)
    rows[missing].originalPayee = "Umbuchung auf Savings"
    let leg = LedgerTransaction(accountId: savings.id ?? 2, day: rows[missing].day, amount: Amount(units: 12_345, scale: 2), currency: .EUR,
                                originalPayee: "Umbuchung von Bench")
    let clean = try LedgerBalances(account: bench, transactions: rows)
    var assertions: [BalanceAssertion] = []
    for k in 1...100 {
        let day = firstDay.advanced(by: k * dayCount / 100 - 1)
        assertions.append(BalanceAssertion(account: bench.name, day: day, amount: try clean.balance(through: day), currency: .EUR))
    }
    let readers = Readers.standard(profilesDirectory: "/nonexistent").readers
    for (name, account, file) in [("bench.csv", bench.name, rows), ("savings.csv", savings.name, [leg])] {
        let url = folder.appendingPathComponent(name)
        try Data(ReconcileThroughKit.csv(file).utf8).write(to: url)
        _ = try books.importStatements(ImportRequest(paths: [url.path], accountName: account), readers: readers, rules: nil)
    }

    var results: [BenchmarkResult] = []
    func timed(_ name: String, _ what: String) throws -> ReconciliationReport {
        let cpu = processCPUSeconds()
        var report: ReconciliationReport?
        var result = try measure(name) {
            report = try books.reconcile(accountName: bench.name, assertions: assertions).report
            return size
        }
        result.detail = String(format: "%@: cpu %.2f s, load %@", what, processCPUSeconds() - cpu, loadAverage())
        results.append(result)
        guard let report else { throw BenchmarkFailure(message: "no report") }
        return report
    }
    let cleanReport = try timed("reconcile.kit.clean", "\(size) rows, 100 balances")
    guard cleanReport.accounts.first?.checkpoints.allSatisfy({ $0.status == .ok }) == true else {
        throw BenchmarkFailure(message: "the clean ledger does not reconcile through the Kit")
    }

    // A row's index in the file is its line minus 2.
    let stored = try books.transactions(matching: TransactionFilter(accountIds: [bench.id ?? 1]))
    var idAtLine: [Int: Int64] = [:]
    for t in stored { if let line = t.sourceLine, let id = t.id { idAtLine[line] = id } }
    guard let swappedId = idAtLine[transposed + 2], let legId = idAtLine[missing + 2] else {
        throw BenchmarkFailure(message: "the rows to change were not found")
    }
    _ = try books.editTransaction(id: swappedId, [.amount(Amount(units: -5473, scale: 2))])
    try books.removeTransaction(id: legId)
    var copy = rows[duplicated]
    copy.id = nil
    _ = try books.addTransaction(copy)
    let report = try timed("reconcile.kit.faults", "3 faults made through the Kit")
    let kinds = report.accounts.first?.checkpoints.compactMap { $0.suspects.first?.kind.rawValue } ?? []
    guard kinds == ["duplicate", "transposed_digits", "missing_transfer_leg"] else {
        throw BenchmarkFailure(message: "the faults made through the Kit were not named first: \(kinds)")
    }
    results[results.count - 1].detail! += "; first suspects: " + kinds.joined(separator: ", ")
    return results
}
