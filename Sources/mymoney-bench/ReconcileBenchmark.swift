import Foundation
import MyMoneyReconcile
import MyMoneyTestSupport

/// `reconcile [--size N] [--kit-size N] [--trials N] [--kit-trials N] [--skip-speed] [--skip-accuracy] [--skip-kit]`:
/// one account of `--size` transactions (default 1,000,000) against 100 checkpoints, clean, then
/// with planted faults (a duplicate, a transposition, a missing transaction) so the cost of
/// diagnosis is measured too, and `Books.reconcile` of a `--kit-size` SQLite ledger
/// (``reconcileSpeedThroughKit(size:)``); then the planted-fault trials (``PlantedFaultTrial``, `--trials` per
/// fault kind, default 75): top-1 and top-3 per fault kind, given the Kit's fields and with the
/// ledger alone; then the first `--kit-trials` of each kind (default 25) made through the Kit on
/// SQLite ledgers (``ReconcileThroughKit``): what a user gets.
func reconcileBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    if !arguments.contains("--skip-speed") {
        results += try reconcileSpeed(arguments)
        results += try reconcileSpeedThroughKit(size: option("--kit-size", in: arguments).flatMap { Int($0) } ?? 200_000)
    }
    if !arguments.contains("--skip-accuracy") {
        let perFault = option("--trials", in: arguments).flatMap { Int($0) } ?? 75
        results += reconcileAccuracy(trials: perFault)
        if !arguments.contains("--skip-kit") {
            results += try reconcileAccuracyThroughKit(trials: perFault, kitTrials: option("--kit-trials", in: arguments).flatMap { Int($0) } ?? 25)
        }
    }
    return results
}

/// The first `kitTrials` trials of each fault kind (of the same `perFault` trials as above) made
/// through the Kit: top-1 and top-3 per fault kind.
func reconcileAccuracyThroughKit(trials perFault: Int, kitTrials: Int) throws -> [BenchmarkResult] {
    let all = PlantedFaultTrial.trials(perFault: perFault)
    var taken: [PlantedFaultTrial.Fault: Int] = [:]
    let trials = all.filter { t in
        taken[t.fault, default: 0] += 1
        return taken[t.fault, default: 0] <= kitTrials
    }
    let kit = ReconcileThroughKit()
    defer { kit.removeFiles() }
    var top1: [PlantedFaultTrial.Fault: Int] = [:], top3: [PlantedFaultTrial.Fault: Int] = [:], count: [PlantedFaultTrial.Fault: Int] = [:]
    var slowest = 0.0
    let started = DispatchTime.now().uptimeNanoseconds
    for (n, trial) in trials.enumerated() {
        let t0 = DispatchTime.now().uptimeNanoseconds
        let (result, mapped) = try kit.run(trial, number: n)
        slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
        count[trial.fault, default: 0] += 1
        if mapped.isHit(result, within: 1) { top1[trial.fault, default: 0] += 1 }
        if mapped.isHit(result, within: 3) { top3[trial.fault, default: 0] += 1 }
    }
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    var lines = ["reconcile accuracy, through the Kit (SQLite ledgers, CSV imports, edits through Books): \(trials.count) trials "
                 + "(\(kitTrials) per fault), \(String(format: "%.2f", seconds)) s, slowest trial \(String(format: "%.3f", slowest)) s"]
    var results: [BenchmarkResult] = []
    for fault in PlantedFaultTrial.Fault.allCases {
        let n = count[fault] ?? 0
        let t1 = Double(top1[fault] ?? 0) / Double(max(1, n)), t3 = Double(top3[fault] ?? 0) / Double(max(1, n))
        lines.append("  \(fault.rawValue): top-1 \(String(format: "%.0f%%", t1 * 100)), top-3 \(String(format: "%.0f%%", t3 * 100)) of \(n)")
        results.append(BenchmarkResult(name: "reconcile.accuracy.\(fault.rawValue).kit", seconds: seconds / Double(PlantedFaultTrial.Fault.allCases.count),
                                       items: n, bytes: nil, peakMemoryBytes: peakMemoryBytes(),
                                       detail: "top-1 \(String(format: "%.0f%%", t1 * 100)), top-3 \(String(format: "%.0f%%", t3 * 100))"))
    }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    return results
}

/// Diagnoses every trial and reports, per fault kind, how often the planted fault is the first
/// suspect and how often it is among the first three: with the input the Kit gives (hand edits,
/// skipped rows, other accounts' legs) and with the ledger and balances alone.
func reconcileAccuracy(trials perFault: Int) -> [BenchmarkResult] {
    let trials = PlantedFaultTrial.trials(perFault: perFault)
    let reconciler = Reconciler()
    var results: [BenchmarkResult] = []
    var lines: [String] = []
    for kit in [true, false] {
        var top1: [PlantedFaultTrial.Fault: Int] = [:], top3: [PlantedFaultTrial.Fault: Int] = [:], count: [PlantedFaultTrial.Fault: Int] = [:]
        var slowest = 0.0
        let started = DispatchTime.now().uptimeNanoseconds
        for trial in trials {
            let t0 = DispatchTime.now().uptimeNanoseconds
            let result = reconciler.reconcile(kit ? trial.kitInput : trial.input)
            slowest = max(slowest, Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e9)
            count[trial.fault, default: 0] += 1
            if trial.isHit(result, within: 1) { top1[trial.fault, default: 0] += 1 }
            if trial.isHit(result, within: 3) { top3[trial.fault, default: 0] += 1 }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let label = kit ? "with the Kit's fields" : "ledger and balances alone"
        lines.append("reconcile accuracy, \(label): \(trials.count) trials (\(perFault) per fault, 6 months of about 300 rows each), "
                     + "\(String(format: "%.2f", seconds)) s, slowest trial \(String(format: "%.3f", slowest)) s")
        for fault in PlantedFaultTrial.Fault.allCases {
            let n = count[fault] ?? 0
            let t1 = Double(top1[fault] ?? 0) / Double(max(1, n)), t3 = Double(top3[fault] ?? 0) / Double(max(1, n))
            lines.append("  \(fault.rawValue): top-1 \(String(format: "%.0f%%", t1 * 100)), top-3 \(String(format: "%.0f%%", t3 * 100)) of \(n)")
            results.append(BenchmarkResult(name: "reconcile.accuracy.\(fault.rawValue)" + (kit ? "" : ".bare"),
                                           seconds: seconds / Double(PlantedFaultTrial.Fault.allCases.count),
                                           items: n, bytes: nil, peakMemoryBytes: peakMemoryBytes(),
                                           detail: "top-1 \(String(format: "%.0f%%", t1 * 100)), top-3 \(String(format: "%.0f%%", t3 * 100))"))
        }
    }
    FileHandle.standardError.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    return results
}

private func reconcileSpeed(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    let checkpointCount = 100
    let firstDay = Day(year: 2024, month: 1, day: 1) ?? Day(daysSinceEpoch: 19723)
    let dayCount = 1000
    let account = Account(id: 1, name: "Bench", kind: .bank, currency: .EUR, openingBalance: Amount(units: 100_000, scale: 2))
    var seed: UInt64 = 0x9E3779B97F4A7C15
    func next() -> UInt64 {
        seed = seed &* 6364136223846793005 &+ 1442695040888963407
        return seed >> 33
    }
    let payees = ["REWE", "EDEKA", "BVG", "Netflix", "Amazon", "Stadtwerke", "Bäckerei", "Café"]
    var transactions: [LedgerTransaction] = []
    transactions.reserveCapacity(size)
    for i in 0..<size {
        let day = firstDay.advanced(by: i * dayCount / max(1, size))
        let cents = Int64(next() % 20_000) - 15_000
        transactions.append(LedgerTransaction(id: Int64(i + 1), accountId: 1, day: day,
                                              amount: Amount(units: cents == 0 ? 1 : cents, scale: 2), currency: .EUR,
                                              originalPayee: payees[Int(next() % UInt64(payees.count))]))
    }
    let transposed = size * 55 / 100
    if size >= 10 { transactions[transposed].amount = Amount(units: -5437, scale: 2) }
    // The bank's balances at 100 days, from the clean ledger.
    let clean = try LedgerBalances(account: account, transactions: transactions)
    var checkpoints: [Checkpoint] = []
    for k in 1...checkpointCount {
        let day = firstDay.advanced(by: k * dayCount / checkpointCount - 1)
        checkpoints.append(Checkpoint(day: day, balance: try clean.balance(through: day), source: .ledger, currency: .EUR))
    }
    let reconciler = Reconciler()
    var results: [BenchmarkResult] = []
    let input = ReconciliationInput(account: account, transactions: transactions, checkpoints: checkpoints)
    var mismatches = 0
    results.append(measure("reconcile.clean", detail: "\(checkpointCount) checkpoints") {
        let r = reconciler.reconcile(input)
        mismatches = r.checkpoints.filter { $0.status == .mismatch }.count
        return size
    })
    guard mismatches == 0 else { throw BenchmarkFailure(message: "clean ledger disagrees at \(mismatches) checkpoints") }

    // Plant faults: a duplicate at 30%, a transposed amount at 55%, a missing transaction at 80%.
    var faulty = transactions
    if size >= 10 {
        var copy = faulty[size * 3 / 10]
        copy.id = Int64(size + 1)
        faulty.append(copy)
        faulty[transposed].amount = Amount(units: -5473, scale: 2)
        faulty.remove(at: size * 8 / 10)
    }
    let faultyInput = ReconciliationInput(account: account, transactions: faulty, checkpoints: checkpoints)
    var suspects = 0
    var topKinds: [String] = []
    results.append(measure("reconcile.faults", detail: "3 planted faults") {
        let r = reconciler.reconcile(faultyInput)
        mismatches = r.checkpoints.filter { $0.status == .mismatch }.count
        suspects = r.checkpoints.reduce(0) { $0 + $1.suspects.count }
        topKinds = r.checkpoints.compactMap { $0.suspects.first?.kind.rawValue }
        return size
    })
    // The missing row may be named as a row the ledger lacks (a recurring payment of that amount,
    // two together) before the generic line: each says a row of that amount is missing.
    let missingKinds: Set<String> = ["missing", "missing_recurring", "missing_rows"]
    guard mismatches > 0, topKinds.count == 3, topKinds[0] == "duplicate", topKinds[1] == "transposed_digits",
          missingKinds.contains(topKinds[2]) else { throw BenchmarkFailure(message: "planted faults were not found first: \(topKinds)") }
    results[results.count - 1].detail = "3 planted faults: \(mismatches) checkpoints disagree, \(suspects) suspects"
    return results
}

struct BenchmarkFailure: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
