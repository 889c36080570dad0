import Foundation
import MyMoneyTransfers
import MyMoneyTestSupport

/// `mymoney-bench transfers [--size N] [--skip-speed] [--skip-accuracy]`: matches transfers in a
/// generated ten-account ledger (default 1,000,000 transactions, reference rates on half the
/// days) for speed, then scores the matcher on twelve smaller generated ledgers (4–10 accounts,
/// OFX, CSV and mixed texts, 5k–50k transactions, with and without a rates file) case by case
/// (see ``SyntheticTransferLedger/Case``), and checks that a second run over the matched ledgers
/// proposes nothing new.
func transfersBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    if !arguments.contains("--skip-speed") { results += try transfersSpeed(arguments) }
    if !arguments.contains("--skip-accuracy") { results += transfersAccuracy() }
    return results
}

private func transfersSpeed(_ arguments: [String]) throws -> [BenchmarkResult] {
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
    match.detail = "10 accounts; cpu \(String(format: "%.2f", cpu)) s; \(result.statistics.candidatesScored) candidates scored, "
        + "\(result.statistics.candidatesKept) kept; \(score)"
    FileHandle.standardError.write(Data("transfers: \(score); match cpu \(String(format: "%.2f", cpu)) s\n".utf8))
    return [generate, match]
}

/// The twelve configurations of the accuracy run.
let transferAccuracyConfigurations: [SyntheticTransferLedger.Configuration] = {
    var list: [SyntheticTransferLedger.Configuration] = []
    let accounts = [4, 6, 8, 10]
    let styles: [SyntheticTransferLedger.TextStyle] = [.ofx, .csv, .mixed]
    let sizes = [5_000, 12_000, 20_000, 35_000, 50_000, 8_000, 15_000, 25_000, 40_000, 10_000, 30_000, 45_000]
    for (n, size) in sizes.enumerated() {
        list.append(SyntheticTransferLedger.Configuration(count: size, accounts: accounts[n % 4], style: styles[n % 3],
                                                          seed: 9_000 + UInt64(n), rateCoverage: n % 2 == 0 ? 0.5 : 0.9))
    }
    return list
}()

private func transfersAccuracy() -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for withRates in [true, false] {
        var total = SyntheticTransferLedger.Score()
        var second = SyntheticTransferLedger.Score.Counts()
        var transactions = 0
        let started = DispatchTime.now().uptimeNanoseconds
        for configuration in transferAccuracyConfigurations {
            let ledger = SyntheticTransferLedger(configuration)
            transactions += ledger.transactions.count
            let first = TransferMatcher().match(TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts,
                                                                   rates: withRates ? ledger.rates : []))
            let score = ledger.score(first)
            total.merge(score)
            // A second run over the matched ledger, given what the Kit gives it.
            let again = TransferMatcher().match(ledger.secondRunInputExcludingLinkedLegs(after: first, withRates: withRates))
            let secondScore = ledger.score(proposed: again.proposed, ambiguous: [])
            second.merge(secondScore.all)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let label = withRates ? "with rates" : "without rates"
        var lines = ["transfers accuracy, 12 ledgers, \(transactions) transactions, \(label): \(total)"]
        lines += total.caseLines.map { "  " + $0 }
        lines.append("  second run: \(second.proposed) new proposals (\(second.correct) right, \(second.falsePairs) false); "
                     + "precision of both runs together \(percent(Double(total.all.correct + second.correct) / Double(max(1, total.all.proposed + second.proposed))))")
        FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
        results.append(BenchmarkResult(name: "transfers.accuracy" + (withRates ? "" : ".norates"), seconds: seconds, items: transactions,
                                       bytes: nil, peakMemoryBytes: peakMemoryBytes(),
                                       detail: "precision \(percent(total.all.precision)), recall \(percent(total.all.recall)), "
                                           + "confirmed-only precision \(percent(total.all.confidentPrecision)), second run \(second.proposed) new"))
    }
    return results
}

private func percent(_ x: Double) -> String { String(format: "%.1f%%", x * 100) }

extension SyntheticTransferLedger.Score {
    mutating func merge(_ other: SyntheticTransferLedger.Score) {
        all.merge(other.all)
        for (kind, counts) in other.byCase { byCase[kind, default: Counts()].merge(counts) }
    }
}

extension SyntheticTransferLedger.Score.Counts {
    mutating func merge(_ other: SyntheticTransferLedger.Score.Counts) {
        truth += other.truth
        correct += other.correct
        heldForReview += other.heldForReview
        falsePairs += other.falsePairs
        confident += other.confident
        confidentFalse += other.confidentFalse
    }
}
