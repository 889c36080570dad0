import Foundation
import MyMoneyStore

/// `store`: imports `--size` generated transactions (default 1,000,000) into a fresh ledger in one
/// import run, then imports them again (every row recognized as a duplicate; `--no-reimport` skips that).
func storeBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let folder = scratchDirectory("store")
    defer { try? FileManager.default.removeItem(at: folder) }
    let ledger = try Ledger(path: folder.appendingPathComponent("ledger.sqlite").path)
    let account = try ledger.addAccount(Account(name: "Checking", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"]))
    guard let accountId = account.id else { return [] }
    let statement = generatedStatement(accountId: accountId, size: size)
    var results: [BenchmarkResult] = []
    var cpu = processCPUSeconds()
    var result = try measure("store.import") { try ledger.importStatements([statement]).addedCount }
    result.detail = String(format: "fresh ledger, one import, half with bank ids; cpu %.2f s", processCPUSeconds() - cpu)
    results.append(result)
    if arguments.contains("--no-reimport") { return results }
    cpu = processCPUSeconds()
    result = try measure("store.reimport") { try ledger.importStatements([statement]).skippedCount }
    result.detail = String(format: "same rows again, all skipped as duplicates; cpu %.2f s", processCPUSeconds() - cpu)
    results.append(result)
    return results
}


/// `size` generated transactions of `accountId` over 1,000 payees, half with bank ids.
func generatedStatement(accountId: Int64, size: Int) -> ImportStatement {
    let payees = (0..<1000).map { "PAYEE \($0) BERLIN" }
    let start = Day(year: 2016, month: 1, day: 1) ?? Day(daysSinceEpoch: 16801)
    var transactions: [LedgerTransaction] = []
    transactions.reserveCapacity(size)
    for i in 0..<size {
        let units = Int64((i &* 7919) % 100_000) - 60_000
        transactions.append(LedgerTransaction(
            accountId: accountId, day: start.advanced(by: i / 300), amount: Amount(units: units, scale: 2),
            currency: .EUR, originalPayee: payees[i % payees.count], memo: i % 3 == 0 ? "Kartenzahlung" : nil,
            bankId: i % 2 == 0 ? "FIT\(i)" : nil, sourceFormat: "ofx", sourceFile: "generated.ofx", sourceLine: i + 1))
    }
    return ImportStatement(accountId: accountId, sourceFile: "generated.ofx", transactions: transactions)
}
