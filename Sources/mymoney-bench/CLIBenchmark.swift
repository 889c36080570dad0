import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `cli`: what a user feels, measured from outside: the real `mymoney` binary spawned on
/// generated data, its wall time and peak resident memory (`wait4`'s rusage of the child), its
/// standard output thrown away (`/dev/null`); the detail gives its CPU time (user + system) and
/// the load average.
///
/// Cases: `parse --format json` of a CSV, OFX 2 and QIF file of 100k and `--size` transactions
/// (1M), `transactions --format json` on a ledger of `--size` transactions, and the re-import
/// of the same CSV (all duplicates) with `--format json`, `reconcile`, `report` (a year),
/// `report analysis` (every month), `report networth` and `accounts` on that ledger, and a
/// 100-row CSV imported into a new ledger (`import.csv.100`), the 100k-row CSV with 10 rules
/// (`import.csv.100k`, ``mediumImportCase(in:)``), and a `--size` CSV of realistic
/// payees imported into a new ledger with 1,000 realistic rules (`import.rules.csv.1M`,
/// ``realisticRulesImportCase``), and the `import` benchmark's 10-account folder with its 1,000
/// rules (`import.folder.1M`, ``folderImportCase``). `--only parse,transactions` picks
/// cases by prefix of their name.
///
/// `--mymoney PATH` names the binary (default: the `mymoney` beside this one); `--baseline PATH`
/// adds a second binary (the "before"), run interleaved with the first, case by case, so both
/// see the same load; `--repeat N` (3) runs, the best wall time (and the peak of that run)
/// kept. The ledger is made once, by the baseline when given, and each binary reads its own copy
/// of it (``OwnLedgers``). `--keep DIR` keeps the generated files and the ledger in DIR and uses
/// them again on the next run.
///
/// Peaks: a child reports at least this process's own high-water mark (Linux carries it over the
/// `exec`), so a run that first generates its inputs here (the 1M folders, hundreds of MB) shows
/// that floor on every smaller case; write them once with `--keep DIR`, then measure.
func cliBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let repeats = option("--repeat", in: arguments).flatMap(Int.init) ?? 3
    let only = option("--only", in: arguments).map { $0.split(separator: ",").map(String.init) }
    let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
    let binary = option("--mymoney", in: arguments) ?? here.appendingPathComponent("mymoney").path
    var binaries = [("after", binary)]
    if let baseline = option("--baseline", in: arguments) { binaries.insert(("before", baseline), at: 0) }
    let kept = option("--keep", in: arguments).map { URL(fileURLWithPath: $0) }
    let folder = kept ?? scratchDirectory("cli")
    defer { if kept == nil { try? FileManager.default.removeItem(at: folder) } }

    func wanted(_ name: String) -> Bool { only.map { $0.contains { name.hasPrefix($0) } } ?? true }
    /// Whether a case of this group (`parse`, `transactions`, …) may be wanted: `--only parse.json.qif.1M` needs the files.
    func group(_ prefix: String) -> Bool { only.map { $0.contains { prefix.hasPrefix($0) || $0.hasPrefix(prefix) } } ?? true }
    var cases: [(name: String, items: Int, arguments: [String])] = []
    var largeCSV: URL?
    let onLedger = group("transactions") || group("reimport") || group("reconcile") || group("report") || group("accounts")
    for (count, label) in [(100_000, "100k"), (size, size == 1_000_000 ? "1M" : "\(size)")] {
        guard group("parse") || (count == size && onLedger) else { continue }
        let dir = folder.appendingPathComponent(label)
        var written: [String: [URL]] = [:]
        for (format, name) in [("csv", "account-0.csv"), ("ofx2", "account-0.ofx"), ("qif", "account-0.qif")] {
            let file = dir.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: file.path) { written[format] = [file] }
        }
        if written.count < 3 {
            written = try StatementGenerator(size: count, accounts: 1).write(to: dir, formats: ["csv", "ofx2", "qif"])
        }
        for format in ["csv", "ofx2", "qif"] {
            guard let file = written[format]?.first else { continue }
            if format == "csv" && count == size { largeCSV = file }
            cases.append(("parse.json.\(format).\(label)", count, ["parse", "--format", "json", file.path]))
        }
    }
    let ledger = folder.appendingPathComponent("ledger.sqlite").path
    if let csv = largeCSV, onLedger, !FileManager.default.fileExists(atPath: ledger) {
        FileHandle.standardError.write(Data("cli: importing \(size) transactions into the ledger to query…\n".utf8))
        // By the baseline when there is one: a newer binary can read (migrate) an older one's ledger.
        let made = try spawn(binaries[0].1, ["import", csv.path, "--ledger", ledger, "--format", "json"])
        guard made.status == 0 || made.status == 1 else { throw BenchmarkFailure(message: "import for the ledger failed: exit \(made.status)") }
    }
    if let csv = largeCSV, FileManager.default.fileExists(atPath: ledger) {
        cases.append(("transactions.json.\(size == 1_000_000 ? "1M" : "\(size)")", size, ["transactions", "--ledger", ledger, "--format", "json"]))
        cases.append(("reimport.json.csv.\(size == 1_000_000 ? "1M" : "\(size)")", size, ["import", csv.path, "--ledger", ledger, "--format", "json"]))
        cases.append(("reconcile.\(size == 1_000_000 ? "1M" : "\(size)")", size, ["reconcile", "--ledger", ledger]))
        // Reports on the generated years (2016 through 2025): a year against the one before, every month.
        let label = size == 1_000_000 ? "1M" : "\(size)"
        cases.append(("report.year.\(label)", size, ["report", "--period", "year", "--on", "2025-06-30", "--ledger", ledger]))
        cases.append(("report.analysis.\(label)", size, ["report", "analysis", "--from", "2016-01-01", "--through", "2025-12-31", "--ledger", ledger]))
        cases.append(("report.networth.\(label)", size, ["report", "networth", "--ledger", ledger]))
        cases.append(("accounts.\(label)", size, ["accounts", "--ledger", ledger]))
    }
    // A small import as a user starts it: 100 rows into a new ledger each run (its fixed costs).
    if group("import") {
        let small = folder.appendingPathComponent("100")
        let file = small.appendingPathComponent("account-0.csv")
        if !FileManager.default.fileExists(atPath: file.path) {
            _ = try StatementGenerator(size: 100, accounts: 1).write(to: small, formats: ["csv"])
        }
        cases.append(("import.csv.100", 100, ["import", file.path, "--ledger", small.appendingPathComponent("fresh.sqlite").path]))
    }
    if group("import.csv.100k"), let medium = try mediumImportCase(in: folder) { cases.append(medium) }
    if group("import.rules") { cases.append(try realisticRulesImportCase(folder: folder, size: size)) }
    if group("import.folder") { cases.append(try folderImportCase(folder: folder, size: size)) }
    var results: [BenchmarkResult] = []
    let ownLedgers = OwnLedgers()
    for c in cases where wanted(c.name) {
        var best: [String: Run] = [:]
        for _ in 0..<repeats {
            for (label, path) in binaries {
                // A fresh ledger each run: the case measures creating one.
                if c.name.hasPrefix("import."), let at = c.arguments.firstIndex(of: "--ledger") {
                    for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: c.arguments[at + 1] + suffix) }
                }
                let run = try spawn(path, binaries.count > 1 ? try ownLedgers.arguments(c.arguments, ledger, label: label, binary: path) : c.arguments)
                guard run.status == 0 || run.status == 1 else { throw BenchmarkFailure(message: "\(label) \(c.name): exit \(run.status)") }
                if best[label].map({ run.seconds < $0.seconds }) ?? true { best[label] = run }
            }
        }
        for (label, _) in binaries {
            guard let run = best[label] else { continue }
            results.append(BenchmarkResult(name: "cli.\(c.name)" + (binaries.count > 1 ? " \(label)" : ""), seconds: run.seconds, items: c.items, bytes: nil,
                                           peakMemoryBytes: run.peakBytes,
                                           detail: "\(label), best of \(repeats), cpu \(String(format: "%.2f", run.cpuSeconds)) s, load \(loadAverage())"))
        }
    }
    return results
}

/// Each binary's own copy of the shared ledger, made when first asked for in a scratch folder
/// (removed with this value) and opened once untimed: a binary with a newer schema migrates a
/// ledger it opens, which an older one then cannot read.
private final class OwnLedgers {
    private let folder = scratchDirectory("cli-ledgers")
    private var copies: [String: String] = [:]

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// `arguments` with `ledger` swapped for the copy of the binary `label` (at `binary`).
    func arguments(_ arguments: [String], _ ledger: String, label: String, binary: String) throws -> [String] {
        guard let at = arguments.firstIndex(of: "--ledger"), arguments[at + 1] == ledger else { return arguments }
        let own: String
        if let made = copies[label] { own = made } else {
            own = folder.appendingPathComponent("ledger-\(label).sqlite").path
            try FileManager.default.copyItem(atPath: ledger, toPath: own)
            _ = try spawn(binary, ["accounts", "--ledger", own])
            copies[label] = own
        }
        var swapped = arguments
        swapped[at + 1] = own
        return swapped
    }
}

/// `import.csv.100k`: the 100k-row CSV with the 10 categorizing rules `scripts/compare-peers.py`
/// gives hledger and us, imported into a new ledger each run (as the issue's peers line). The CSV
/// is the `parse` cases' 100k file (made when missing); nil when it cannot be.
func mediumImportCase(in folder: URL) throws -> (name: String, items: Int, arguments: [String])? {
    let dir = folder.appendingPathComponent("100k")
    let csv = dir.appendingPathComponent("account-0.csv")
    if !FileManager.default.fileExists(atPath: csv.path) {
        _ = try StatementGenerator(size: 100_000, accounts: 1).write(to: dir, formats: ["csv"])
    }
    guard FileManager.default.fileExists(atPath: csv.path) else { return nil }
    let rules = folder.appendingPathComponent("rules10")
    try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
    let merchants = ["REWE MARKT", "EDEKA CENTER", "LIDL DIENSTL", "ALDI SUED", "WHOLE FOODS MARKET", "TRADER JOES",
                     "SAFEWAY", "SHELL OIL", "ARAL STATION", "BP CONNECT"]
    let text = merchants.enumerated().map { "rule \"r\($0.offset)\"\n  when payee contains \"\($0.element)\"\n  set category Expenses:M\($0.offset)\n\n" }
    try Data(text.joined().utf8).write(to: rules.appendingPathComponent("10-peers.rules"))
    let ledger = folder.appendingPathComponent("100k-import.sqlite").path
    return ("import.csv.100k", 100_000, ["import", csv.path, "--ledger", ledger, "--rules", rules.path,
                                         "--account", "Bench", "--currency", "EUR", "--format", "json"])
}

/// `import.folder.1M`: the `import` benchmark's inputs from the command line: `--size` rows in 10
/// accounts as CSV files (with same- and cross-currency transfers) and its 1,000 generated rules
/// (mostly `payee contains`), imported as a folder into a new ledger each run. Written once, into
/// `folder-1M/statements` and `folder-1M/rules`.
func folderImportCase(folder: URL, size: Int) throws -> (name: String, items: Int, arguments: [String]) {
    let label = size == 1_000_000 ? "1M" : "\(size)"
    let base = folder.appendingPathComponent("folder-\(label)")
    let statements = base.appendingPathComponent("statements")
    let rules = base.appendingPathComponent("rules")
    if !FileManager.default.fileExists(atPath: statements.appendingPathComponent("account-9.csv").path) {
        _ = try StatementGenerator(size: size, accounts: 10).write(to: statements, formats: ["csv"])
    }
    let file = rules.appendingPathComponent("50-generated.rules")
    if !FileManager.default.fileExists(atPath: file.path) {
        try FileManager.default.createDirectory(at: rules, withIntermediateDirectories: true)
        try Data(importRules(count: 1_000, accounts: 10).utf8).write(to: file)
    }
    let ledger = base.appendingPathComponent("fresh.sqlite").path
    return ("import.folder.\(label)", size, ["import", statements.path, "--ledger", ledger, "--rules", rules.path, "--format", "json"])
}

/// One run of a child process: its exit status, wall time and peak resident memory.
struct Run {
    var status: Int32
    var seconds: Double
    var peakBytes: Int
    /// User and system CPU seconds of the child: steadier than wall time on a busy machine.
    var cpuSeconds: Double
}

/// Spawns `path` with `arguments`, standard output to `/dev/null` (standard error kept), and
/// waits for it with `wait4` to read its peak resident memory.
///
/// Linux starts a spawned child's peak (`ru_maxrss`) at the peak of the process it was spawned
/// from: a bench that had just generated 1M rows gave every child its own 571 MB. So the bench
/// hands its free memory back and starts its own peak afresh first; a child's figure is still
/// never below the bench's resident size at spawn (a few MB with the inputs already written).
func spawn(_ path: String, _ arguments: [String]) throws -> Run {
    returnFreeMemory()
    resetPeakMemory()
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    let rc = posix_spawn(&pid, path, &actions, nil, argv, environ)
    guard rc == 0 else { throw BenchmarkFailure(message: "cannot start \(path): \(String(cString: strerror(rc)))") }
    var status: Int32 = 0
    var usage = rusage()
    while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
    let end = DispatchTime.now().uptimeNanoseconds
    let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    return Run(status: exitStatus, seconds: Double(end - start) / 1e9, peakBytes: Int(usage.ru_maxrss) * 1024, cpuSeconds: cpu)
}

/// glibc's `malloc_trim(0)` (not in Swift's Glibc module): free heap pages go back to the kernel.
private func returnFreeMemory() {
    typealias Trim = @convention(c) (Int) -> Int32
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
}

/// The 1-minute load average, as `/proc/loadavg` gives it.
func loadAverage() -> String {
    (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))?.split(separator: " ").first.map(String.init) ?? "?"
}
