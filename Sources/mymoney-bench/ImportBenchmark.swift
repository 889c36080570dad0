import Foundation
import MyMoneyKit
import MyMoneyRules
import MyMoneyStore

/// `import`: the whole `mymoney import` pipeline on generated data. Writes `--size` transactions
/// (default 1,000,000) across 10 accounts as CSV files (with same- and cross-currency transfers),
/// a rules folder of `--rules` rules (default 1,000), then runs `ImportWorkflow` into a fresh
/// ledger file: read → accounts → rules → store → transfers → reconcile.
///
/// `--keep DIR` writes the inputs into DIR and keeps them (then `mymoney import DIR/statements
/// --rules DIR/rules --ledger …` runs the same import from the command line).
func importBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let ruleCount = option("--rules", in: arguments).flatMap(Int.init) ?? 1_000
    let accounts = option("--accounts", in: arguments).flatMap(Int.init) ?? 10
    let kept = option("--keep", in: arguments).map { URL(fileURLWithPath: $0) }
    let folder = kept ?? scratchDirectory("import")
    defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }
    let statements = folder.appendingPathComponent("statements")
    let rulesFolder = folder.appendingPathComponent("rules")
    try? FileManager.default.removeItem(at: statements)
    try? FileManager.default.removeItem(at: rulesFolder)
    let written = try StatementGenerator(size: size, accounts: accounts).write(to: statements, formats: ["csv"])
    try FileManager.default.createDirectory(at: rulesFolder, withIntermediateDirectories: true)
    try Data(importRules(count: ruleCount, accounts: accounts).utf8).write(to: rulesFolder.appendingPathComponent("50-generated.rules"))
    let bytes = (written["csv"] ?? []).reduce(0) { $0 + ((try? FileManager.default.attributesOfItem(atPath: $1.path)[.size] as? Int) ?? 0) }

    let ledgerPath = folder.appendingPathComponent("ledger-\(getpid()).sqlite").path
    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: ledgerPath + suffix) }
    defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: ledgerPath + suffix) } }

    // The generator's memory is not the import's: start the peak (VmHWM) afresh.
    resetPeakMemory()
    var results: [BenchmarkResult] = []
    // Stage times: the workflow reports each stage as it starts.
    var stages: [(name: String, wall: Double, cpu: Double, peak: Int)] = []
    var stageName = "setup"
    var stageWall = DispatchTime.now().uptimeNanoseconds
    var stageCPU = processCPUSeconds()
    func mark(_ next: String) {
        let wall = DispatchTime.now().uptimeNanoseconds, cpu = processCPUSeconds()
        stages.append((stageName, Double(wall - stageWall) / 1e9, cpu - stageCPU, peakMemorySinceReset() ?? 0))
        stageName = next; stageWall = wall; stageCPU = cpu
    }
    let cpuStart = processCPUSeconds()
    var outcome: ImportOutcome?
    var total = try measure("import.total", bytes: bytes) { () -> Int in
        let compilation = RuleBook.load(directory: rulesFolder)
        if compilation.hasErrors { FileHandle.standardError.write(Data(compilation.renderDiagnostics().utf8)) }
        let (readers, _) = Readers.standard(profilesDirectory: nil)
        mark("read")
        let request = ImportRequest(paths: [statements.path])
        let result = try Books.importStatements(request, at: ledgerPath, readers: readers, rules: compilation.ruleSet, progress: { message in
            let stage = message.split(separator: " ").first.map(String.init) ?? message
            if stage != stageName { mark(stage) }
        })
        mark("done")
        outcome = result
        return result.addedCount
    }
    let cpu = processCPUSeconds() - cpuStart
    total.peakMemoryBytes = peakMemorySinceReset() ?? total.peakMemoryBytes
    let o = outcome
    total.detail = String(format: "%d rules, %d accounts, cpu %.2f s; categorized %d, transfers %d confirmed + %d proposed, reconciled: %@",
                          ruleCount, accounts, cpu, o?.categorized ?? 0, o?.transfersConfirmed ?? 0, o?.transfersProposed ?? 0,
                          o?.reconciliation.map { $0.hasMismatch ? "mismatch" : "yes" } ?? "-")
    results.append(total)
    for stage in stages where stage.name != "done" {
        results.append(BenchmarkResult(name: "import.\(stage.name)", seconds: stage.wall, items: size, bytes: stage.name == "reading" ? bytes : nil,
                                       peakMemoryBytes: stage.peak, detail: String(format: "cpu %.2f s, peak so far %d MiB", stage.cpu, stage.peak / 1_048_576)))
    }
    if arguments.contains("--verbose") {
        FileHandle.standardError.write(Data("peak memory during the import: \(total.peakMemoryBytes / 1_048_576) MiB\n".utf8))
        for r in results { FileHandle.standardError.write(Data("\(r.name)\t\(String(format: "%.3f", r.seconds))\t\(r.detail ?? "")\n".utf8)) }
    }
    return results
}

/// `count` rules in the project's language over the generator's merchants: mostly `payee contains`
/// on a merchant and store-number prefix, some with amount and account conditions.
func importRules(count: Int, accounts: Int) -> String {
    var text = "# generated: \(count) rules for the import benchmark\n"
    let merchants = StatementGenerator.merchants
    for i in 0..<count {
        let merchant = merchants[i % merchants.count]
        let prefix = 10 + (i / merchants.count) % 90 // store numbers 1000…9999: two leading digits
        let category = "Spending:\(merchant.split(separator: " ").first ?? "Other")"
        text += "rule \"\(merchant) \(prefix)\"\n"
        switch i % 10 {
        case 3:
            text += "  when payee contains \"\(merchant) \(prefix)\" and amount < -50\n  set category \(category):Large\n  add tag big\n"
        case 7:
            text += "  when payee contains \"\(merchant) \(prefix)\" and account is \"account-\(i % max(accounts, 1))\"\n  set category \(category)\n  add tag a\(i % max(accounts, 1))\n"
        default:
            text += "  when payee contains \"\(merchant) \(prefix)\"\n  set category \(category)\n"
        }
    }
    text += "rule \"Salary\"\n  when payee contains \"SALARY\"\n  set category Income:Salary\n"
    return text
}
