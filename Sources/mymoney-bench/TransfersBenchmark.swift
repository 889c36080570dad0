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
    if let kind = option("--explain", in: arguments) {
        var configurations = transferAccuracyConfigurations
        if let spec = option("--ledger", in: arguments)?.split(separator: ","), spec.count == 4,
           let count = Int(spec[0]), let accounts = Int(spec[1]), let style = SyntheticTransferLedger.TextStyle(rawValue: String(spec[2])),
           let seed = UInt64(spec[3]) {
            configurations = [SyntheticTransferLedger.Configuration(count: count, accounts: accounts, style: style, seed: seed)]
        }
        explainTransfers(kind, configurations: configurations, count: option("--configs", in: arguments).flatMap { Int($0) } ?? 2,
                         examples: option("--examples", in: arguments).flatMap { Int($0) } ?? 6,
                         withRates: !arguments.contains("--no-rates"))
        return results
    }
    if !arguments.contains("--skip-accuracy") {
        results += transfersAccuracy(configurations: option("--configs", in: arguments).flatMap { Int($0) } ?? transferAccuracyConfigurations.count)
    }
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
    match.detail = "10 accounts; cpu \(String(format: "%.2f", cpu)) s; \(result.statistics.candidatesScored) candidates scored "
        + "(\(result.statistics.candidatesBeyondWindow) beyond the window, \(result.statistics.candidatesOffReference) off a reference's band), "
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

private func transfersAccuracy(configurations count: Int) -> [BenchmarkResult] {
    var results: [BenchmarkResult] = []
    for withRates in [true, false] {
        var total = SyntheticTransferLedger.Score()
        var second = SyntheticTransferLedger.Score.Counts()
        var secondExcluding = SyntheticTransferLedger.Score.Counts()
        var transactions = 0
        let started = DispatchTime.now().uptimeNanoseconds
        for configuration in transferAccuracyConfigurations.prefix(count) {
            let ledger = SyntheticTransferLedger(configuration)
            transactions += ledger.transactions.count
            let first = TransferMatcher().match(TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts,
                                                                   rates: withRates ? ledger.rates : []))
            let score = ledger.score(first)
            total.merge(score)
            // A second run over the matched ledger: with the stored pairs as links (their legs
            // still compete), and as the Kit gave it before links were an input (their legs left out).
            let again = TransferMatcher().match(ledger.secondRunInput(after: first, withRates: withRates))
            second.merge(ledger.score(proposed: again.proposed, ambiguous: []).all)
            let againExcluding = TransferMatcher().match(ledger.secondRunInputExcludingLinkedLegs(after: first, withRates: withRates))
            secondExcluding.merge(ledger.score(proposed: againExcluding.proposed, ambiguous: []).all)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
        let label = withRates ? "with rates" : "without rates"
        var lines = ["transfers accuracy, \(min(count, transferAccuracyConfigurations.count)) ledgers, \(transactions) transactions, \(label): \(total)"]
        lines += total.caseLines.map { "  " + $0 }
        for (label, counts) in [("stored pairs linked", second), ("stored legs left out", secondExcluding)] {
            lines.append("  second run, \(label): \(counts.proposed) new proposals (\(counts.correct) right, \(counts.falsePairs) false); "
                         + "precision of both runs together \(percent(Double(total.all.correct + counts.correct) / Double(max(1, total.all.proposed + counts.proposed))))")
        }
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

/// `--explain CASE`: prints missed transfers and false pairs of one case with what the matcher
/// made of their legs (a debugging aid for the accuracy figures).
private func explainTransfers(_ kind: String, configurations: [SyntheticTransferLedger.Configuration], count: Int, examples: Int,
                              withRates: Bool) {
    var out = ""
    for configuration in configurations.prefix(count) {
        let ledger = SyntheticTransferLedger(configuration)
        let result = TransferMatcher().match(TransferMatchInput(transactions: ledger.transactions, accounts: ledger.accounts,
                                                                rates: withRates ? ledger.rates : []))
        var pairOf: [Int: TransferPair] = [:]
        for p in result.proposed {
            if let a = p.from.transactionIndex { pairOf[a] = p }
            if let b = p.to.transactionIndex { pairOf[b] = p }
        }
        var heldIn: [Int: TransferAmbiguity] = [:]
        for a in result.ambiguous { for leg in a.legs { if let i = leg.transactionIndex { heldIn[i] = a } } }
        let accounts = Dictionary(uniqueKeysWithValues: ledger.accounts.map { ($0.id ?? 0, $0.name) })
        func line(_ i: Int) -> String {
            let t = ledger.transactions[i]
            return "#\(i) \(accounts[t.accountId] ?? "?") \(t.day) \(t.amount) \(t.currency.code) payee=\(t.payee ?? "-") memo=\(t.memo ?? "-") type=\(t.bankType ?? "-") hint=\(t.transferHint ?? "-")"
        }
        func describe(_ p: TransferPair) -> String {
            "#\(p.from.transactionIndex ?? -1)→#\(p.to.transactionIndex ?? -1) \(String(format: "%.2f", p.confidence)): " + p.reasons.joined(separator: " · ")
        }
        var shown = 0
        out += "== \(configuration)\n"
        if kind == "second_run" {
            // What a second match over the matched ledger (stored pairs linked) proposes anew.
            let again = TransferMatcher().match(ledger.secondRunInput(after: result, withRates: withRates))
            let firstKeys = Set(result.proposed.compactMap { p in p.from.transactionId.flatMap { a in p.to.transactionId.map { [a, $0] } } })
            for p in again.proposed where shown < examples {
                guard let a = p.from.transactionId, let b = p.to.transactionId, !firstKeys.contains([a, b]) else { continue }
                shown += 1
                out += "NEW \(describe(p))\n"
                for leg in [p.from.transactionIndex, p.to.transactionIndex].compactMap({ $0 }) {
                    out += "      \(line(leg))\n"
                    if let first = pairOf[leg] { out += "         first run paired: \(describe(first))\n" }
                    if let held = heldIn[leg] { out += "         first run held: \(held.reasons.joined(separator: " · "))\n"
                        + held.candidates.map { "            " + describe($0) + "\n" }.joined() }
                }
            }
            continue
        }
        let truthPairs = Set(ledger.truth.map { Int64($0.from) << 32 | Int64($0.to) })
        for t in ledger.truth where t.kind.rawValue == kind && shown < examples {
            if let p = pairOf[t.from], p.from.transactionIndex == t.from, p.to.transactionIndex == t.to { continue }
            if ledger.score(proposed: result.proposed.filter { $0.from.transactionIndex == t.from }, ambiguous: []).all.correct > 0 { continue }
            if t.group != nil, let p = pairOf[t.from], let b = p.to.transactionIndex, ledger.truth.contains(where: { $0.to == b && $0.group == t.group }) { continue }
            shown += 1
            out += "MISSED \(line(t.from))\n       \(line(t.to))\n"
            // The legs, and the legs their true partners might have been paired with instead.
            for leg in [t.from, t.to] {
                if let p = pairOf[leg] {
                    out += "   leg #\(leg) paired: \(describe(p))\n"
                    for other in [p.from.transactionIndex, p.to.transactionIndex].compactMap({ $0 }) where other != leg {
                        out += "      with \(line(other))\n"
                        if let truth = ledger.truth.first(where: { $0.from == other || $0.to == other }) {
                            out += "      whose transfer is \(line(truth.from)) → \(line(truth.to))\n"
                        }
                    }
                }
                if let a = heldIn[leg] { out += "   leg #\(leg) held: \(a.reasons.joined(separator: " · "))\n" + a.candidates.map { "      " + describe($0) + "\n" }.joined() }
                if pairOf[leg] == nil, heldIn[leg] == nil { out += "   leg #\(leg) unpaired\n" }
            }
            // The other legs of its group of identical transfers.
            if let g = t.group {
                for other in ledger.truth where other.group == g && other.from != t.from {
                    for leg in [other.from, other.to] {
                        out += "   group leg \(line(leg)): " + (pairOf[leg].map(describe) ?? (heldIn[leg] != nil ? "held" : "unpaired")) + "\n"
                    }
                }
            }
        }
        shown = 0
        for p in result.proposed where shown < examples {
            guard let a = p.from.transactionIndex, let b = p.to.transactionIndex, !truthPairs.contains(Int64(a) << 32 | Int64(b)) else { continue }
            let legKind = ledger.caseOfLeg[a] ?? ledger.caseOfLeg[b] ?? .ordinary
            guard legKind.rawValue == kind || (kind == "confident" && p.confidence >= 0.7) else { continue }
            if let g = ledger.truth.first(where: { $0.from == a })?.group, ledger.truth.contains(where: { $0.to == b && $0.group == g }) { continue }
            shown += 1
            out += "FALSE \(describe(p))\n      \(line(a))\n      \(line(b))\n"
        }
    }
    print(out)
}
