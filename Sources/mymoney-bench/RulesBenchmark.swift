import Foundation
import MyMoneyRules

/// `mymoney-bench rules [--size N] [--rules N] [--set synthetic|realistic|both] [--kinds K] [--threads N] [--repeat N]`:
/// compiles generated rules, then applies them to generated transactions (default 1,000 rules on
/// 1,000,000 transactions). `synthetic` is mostly literal tests; `realistic` is the rule set of
/// ``RealisticRules`` (a third regexes); `--kinds` picks one kind of its rules (`contains`,
/// `contains-no-tags`, `regex`, `prefix-regex`, `other-regex`); `--repeat N` runs the realistic
/// stage N more times and reports the run with the least CPU time.
func rulesBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let which = option("--set", in: arguments) ?? "both"
    var results: [BenchmarkResult] = []
    if which == "synthetic" || which == "both" { results += try syntheticRulesBenchmark(arguments) }
    if which == "realistic" || which == "both" { results += try realisticRulesBenchmark(arguments) }
    return results
}

/// The literal-heavy rule set: mostly contains/equals on payee and memo, some amount and account tests, a few regexes.
func syntheticRulesBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    let ruleCount = option("--rules", in: arguments).flatMap { Int($0) } ?? 1_000
    var random = BenchmarkRandom(seed: 42)

    var accounts: [Account] = []
    for i in 1...10 {
        let kind: AccountKind = i == 10 ? .cash : (i == 9 ? .creditCard : .bank)
        let currency: Currency = i > 8 ? .USD : .EUR
        accounts.append(Account(id: Int64(i), name: "Account \(i)", kind: kind, currency: currency))
    }
    // Rules: mostly literal contains/equals on payee and memo, some amount/account tests, a few regexes.
    var text = "# generated: \(ruleCount) rules\n"
    for i in 0..<ruleCount {
        let stage = i % 100 == 0 ? " stage pre" : (i % 97 == 0 ? " stage post" : "")
        text += "rule \"Rule \(i)\"\(stage)\n"
        switch i % 20 {
        case 0 where i % 100 == 0:
            text += "  when payee matches /STORE\(i) #(\\d+)/\n  set notes \"store $1\"\n"
        case 1 where i % 200 == 1:
            text += "  when memo matches /^\\d{8}$/\n  add tag reference\n"
        case 2:
            text += "  when payee contains \"VENDOR\(i)\" and amount < -50\n  set category Shopping:Big\n"
        case 3:
            text += "  when account is \"Account \(i % 10 + 1)\" and payee contains \"SHOP\(i)\"\n  set category Food:Shop\(i)\n"
        case 4 where i % 40 == 4:
            text += "  when account kind is cash and amount between -1000 and -900\n  add tag large-cash\n"
        case 5, 6, 7:
            text += "  when payee equals \"Merchant \(i) GmbH\"\n  set category Cat\(i % 50):Sub\(i % 7)\n"
        case 8:
            text += "  when memo contains \"REF\(i)X\" or payee contains \"ALT\(i)\"\n  set category Bills:Ref\(i % 30)\n  stop\n"
        default:
            text += "  when payee contains \"MERCHANT\(i) \"\n  set category Cat\(i % 50):Sub\(i % 7)\n  add tag t\(i % 13)\n"
        }
    }
    var compiled: CompiledRuleSet?
    var compileResult = measure("rules.compile", detail: "\(ruleCount) rules") { () -> Int in
        let compilation = RuleCompiler.compile(sources: [("bench.rules", text)])
        compiled = compilation.ruleSet
        if compilation.hasErrors { FileHandle.standardError.write(Data(compilation.renderDiagnostics().utf8)) }
        return ruleCount
    }
    compileResult.bytes = text.utf8.count
    guard let ruleSet = compiled else { throw CocoaError(.featureUnsupported) }

    // Payees: a pool of spellings, about 60% naming some rule's merchant.
    var pool: [String] = []
    for k in 0..<20_000 {
        let i = random.next(ruleCount)
        switch k % 10 {
        case 0...3: pool.append("MERCHANT\(i) BERLIN \(random.next(9999))")
        case 4: pool.append("Merchant \(i) GmbH")
        case 5: pool.append("VENDOR\(i) ONLINE")
        case 6: pool.append("POS STORE\(i) #\(random.next(99999))")
        default: pool.append("SOME PAYEE \(random.next(100000)) LTD")
        }
    }
    let memos = (0..<1_000).map { k in k % 3 == 0 ? "REF\(k)X Rechnung" : (k % 3 == 1 ? String(10_000_000 + k * 7919) : "Kartenzahlung \(k)") }
    let base = Day(iso: "2026-01-01") ?? Day(daysSinceEpoch: 20_454)
    var inputs: [RuleInput] = []
    inputs.reserveCapacity(size)
    for _ in 0..<size {
        let account = accounts[random.next(accounts.count)]
        let amount = Amount(units: Int64(random.next(200_000)) - 150_000, scale: 2)
        let t = LedgerTransaction(accountId: account.id ?? 0, day: base.advanced(by: random.next(365)), amount: amount,
                                  currency: account.currency, originalPayee: pool[random.next(pool.count)],
                                  memo: memos[random.next(memos.count)], sourceFormat: "csv")
        inputs.append(RuleInput(transaction: t, account: account))
    }

    var run: RuleRun?
    if let threads = option("--threads", in: arguments).flatMap({ Int($0) }) {
        let cpu = processCPUSeconds()
        var only = measure("rules.apply.\(threads)-thread") { () -> Int in
            run = ruleSet.apply(to: inputs, options: RuleApplyOptions(threads: threads))
            return size
        }
        only.detail = String(format: "%.2f s CPU", processCPUSeconds() - cpu)
        return [compileResult, only]
    }
    var cpuStart = processCPUSeconds()
    var applyResult = measure("rules.apply", detail: "\(ruleCount) rules, \(ProcessInfo.processInfo.activeProcessorCount) threads") { () -> Int in
        run = ruleSet.apply(to: inputs)
        return size
    }
    applyResult.detail = (applyResult.detail ?? "") + String(format: ", %.2f s CPU", processCPUSeconds() - cpuStart)
    let changed = run?.outcomes.reduce(0) { $0 + ($1.isChanged ? 1 : 0) } ?? 0
    run = nil
    cpuStart = processCPUSeconds()
    var single = measure("rules.apply.1-thread", detail: "\(changed) of \(size) changed") { () -> Int in
        run = ruleSet.apply(to: inputs, options: RuleApplyOptions(threads: 1))
        return size
    }
    single.detail = (single.detail ?? "") + String(format: ", %.2f s CPU", processCPUSeconds() - cpuStart)
    return [compileResult, applyResult, single]
}


/// A small deterministic generator (SplitMix64) so every run sees the same data.
struct BenchmarkRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        z ^= z >> 31
        return Int(z % UInt64(max(1, bound)))
    }
}

/// The realistic rule set (``RealisticRules``) on realistic payees: the rules stage alone, on all
/// cores and on one.
func realisticRulesBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    let ruleCount = option("--rules", in: arguments).flatMap { Int($0) } ?? 1_000
    guard let kinds = RealisticRules.Kinds(rawValue: option("--kinds", in: arguments) ?? "all") else {
        throw CocoaError(.featureUnsupported)
    }
    var random = BenchmarkRandom(seed: 7)
    let generator = RealisticRules()
    let text = generator.rulesText(count: ruleCount, kinds: kinds, random: &random)
    var compiled: CompiledRuleSet?
    var compileResult = measure("rules.realistic.compile", detail: "\(ruleCount) rules (\(kinds.rawValue))") { () -> Int in
        let compilation = RuleCompiler.compile(sources: [("realistic.rules", text)])
        compiled = compilation.ruleSet
        if compilation.hasErrors { FileHandle.standardError.write(Data(compilation.renderDiagnostics().utf8)) }
        return ruleCount
    }
    compileResult.bytes = text.utf8.count
    guard let ruleSet = compiled else { throw CocoaError(.featureUnsupported) }
    if let path = option("--write-rules", in: arguments) { try Data(text.utf8).write(to: URL(fileURLWithPath: path)) }

    let accounts = (1...8).map { Account(id: Int64($0), name: "Account \($0)", kind: $0 == 8 ? .creditCard : .bank, currency: .EUR) }
    let base = Day(iso: "2026-01-01") ?? Day(daysSinceEpoch: 20_454)
    var inputs: [RuleInput] = []
    inputs.reserveCapacity(size)
    for _ in 0..<size {
        let account = accounts[random.next(accounts.count)]
        let amount = Amount(units: Int64(random.next(40_000)) - 30_000, scale: 2)
        let memo = random.next(3) == 0 ? "Kartenzahlung \(random.next(10_000))" : nil
        let t = LedgerTransaction(accountId: account.id ?? 0, day: base.advanced(by: random.next(365)), amount: amount,
                                  currency: account.currency, originalPayee: generator.payee(&random), memo: memo, sourceFormat: "csv")
        inputs.append(RuleInput(transaction: t, account: account))
    }
    // --threads N: only that many; otherwise one thread per core, then one thread.
    let requested = option("--threads", in: arguments).flatMap { Int($0) }
    let runs = requested.map { [("rules.realistic.apply.\($0)-thread", $0)] }
        ?? [("rules.realistic.apply", ProcessInfo.processInfo.activeProcessorCount), ("rules.realistic.apply.1-thread", 1)]
    var run: RuleRun?
    var results = [compileResult]
    // --repeat N: N more runs of each, reporting the one with the least CPU time (a shared machine's noise only adds).
    let repeats = 1 + max(0, option("--repeat", in: arguments).flatMap { Int($0) } ?? 0)
    for (label, count) in runs {
        var best: (result: BenchmarkResult, cpu: Double)?
        var cpus: [Double] = []
        for _ in 0..<repeats {
            run = nil
            let cpu = processCPUSeconds()
            let result = measure(label) { () -> Int in
                run = ruleSet.apply(to: inputs, options: RuleApplyOptions(threads: count))
                return size
            }
            let used = processCPUSeconds() - cpu
            cpus.append(used)
            if best == nil || used < best!.cpu { best = (result, used) }
        }
        guard var result = best?.result, let cpu = best?.cpu else { continue }
        let changed = run?.outcomes.reduce(0) { $0 + ($1.isChanged ? 1 : 0) } ?? 0
        result.detail = "\(ruleCount) rules (\(kinds.rawValue)), \(count) threads, \(changed) of \(size) changed"
            + String(format: ", %.2f s CPU", cpu) + (repeats > 1 ? " (CPU of \(repeats) runs: " + cpus.map { String(format: "%.2f", $0) }.joined(separator: " ") + ")" : "")
            + ", digest " + String(run.map(runDigest) ?? 0, radix: 16)
        results.append(result)
    }
    return results
}

/// FNV-1a over what the rules did to every transaction (fields they set, rules that matched), so
/// two engines can be shown to give the same result.
func runDigest(_ run: RuleRun) -> UInt64 {
    var h: UInt64 = 0xcbf29ce484222325
    func mix(_ text: String) {
        for b in text.utf8 { h = (h ^ UInt64(b)) &* 0x100000001b3 }
        h = (h ^ 0xFF) &* 0x100000001b3
    }
    for (t, o) in zip(run.transactions, run.outcomes) {
        mix(t.category?.description ?? "-")
        mix(t.tags.joined(separator: ","))
        mix(t.payee ?? "-")
        mix(t.notes ?? "-")
        mix(t.type.rawValue)
        mix(t.transferHint ?? "-")
        mix(o.matched.map(String.init).joined(separator: ","))
    }
    return h
}
