import Foundation
import MyMoneyTransfers

/// `mymoney-bench transfers [--size N]`: matches transfers in a generated ten-account ledger
/// (default 1,000,000 transactions, reference rates on half the days) and reports precision and recall.
func transfersBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    var ledger: SyntheticTransferLedger?
    let generate = measure("transfers.generate", detail: "10 accounts, 4 currencies") { () -> Int in
        ledger = SyntheticTransferLedger(count: size, seed: 2026, rateCoverage: 0.5)
        return ledger?.transactions.count ?? 0
    }
    guard let ledger else { return [generate] }
    var result = TransferMatchResult()
    let input = TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts, rates: ledger.rates)
    let cpuBefore = processCPUSeconds()
    var match = measure("transfers.match", detail: "") { () -> Int in
        result = TransferMatcher().match(input)
        return ledger.transactions.count
    }
    let cpu = processCPUSeconds() - cpuBefore
    let score = ledger.score(result)
    match.detail = "10 accounts; cpu \(String(format: "%.2f", cpu)) s; \(result.statistics.candidatesScored) candidates scored, \(result.statistics.candidatesKept) kept; "
        + "\(score)"
    FileHandle.standardError.write(Data("transfers: \(score); match cpu \(String(format: "%.2f", cpu)) s\n".utf8))
    return [generate, match]
}

