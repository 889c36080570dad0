import Foundation

/// `mymoney-bench [NAME…] [--size N] [--json FILE]`: runs benchmarks, each in its own process so
/// that peak memory belongs to one benchmark, prints a table and writes JSON.
///
/// Each benchmark is a function `([String]) throws -> [BenchmarkResult]` registered below.
let benchmarks: [(name: String, summary: String, run: ([String]) throws -> [BenchmarkResult])] = [
    ("reconcile", "1M transactions against 100 checkpoints, clean and with planted faults", reconcileBenchmark),
    ("csv", "read a generated 1M-row bank CSV (--size N rows)", csvBenchmark),
    ("ofx", "read 500k-transaction OFX 2 (XML) and OFX 1 (SGML) statements", ofxBenchmark),
    ("store", "ledger: import --size transactions (1M) into a fresh SQLite ledger, then re-import", storeBenchmark),
    ("sealed", "encrypted ledger of --size transactions (1M): lock, open (Argon2id + decrypt), write back", sealedBenchmark),
    ("qif", "read a generated QIF file (--size transactions, default 1000000)", qifBenchmark),
    ("transfers", "pair transfer legs in a generated 10-account ledger (--size, default 1000000)", transfersBenchmark),
    ("import", "mymoney import of --size CSV transactions (1M) in 10 accounts with 1,000 rules, transfers, reconcile", importBenchmark),
    ("rules", "compile 1,000 rules, apply them to --size transactions (default 1,000,000)", rulesBenchmark),
    ("camt", "stream generated camt.053 files of 100k and --size entries (1M), then read the larger whole", camtBenchmark),
    ("mt940", "read a generated MT940 file of --size statement lines (1M) in daily statements", mt940Benchmark),
    ("reports", "overview, analysis by month and budgets on a --size (1M) transaction ledger (--ledger PATH keeps it)", reportsBenchmark),
    ("cli", "the mymoney binary from outside: parse/transactions JSON, re-import (--baseline BIN to compare, --only, --repeat)", cliBenchmark),
]

func option(_ name: String, in arguments: [String]) -> String? {
    guard let i = arguments.firstIndex(of: name), i + 1 < arguments.count else { return nil }
    return arguments[i + 1]
}

func printTable(_ results: [BenchmarkResult]) {
    func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
    print(pad("benchmark", 40) + pad("items", 12) + pad("seconds", 10) + pad("items/s", 14) + pad("MB/s", 10) + pad("peak MiB", 9) + "detail")
    for r in results {
        let mbs = r.megabytesPerSecond.map { String(format: "%.1f", $0) } ?? "-"
        print(pad(r.name, 40) + pad(String(r.items), 12) + pad(String(format: "%.3f", r.seconds), 10)
              + pad(String(format: "%.0f", r.itemsPerSecond), 14) + pad(mbs, 10)
              + pad(String(format: "%.0f", Double(r.peakMemoryBytes) / 1_048_576), 9) + (r.detail ?? ""))
    }
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.contains("--help") || arguments.contains("-h") {
    print("""
    usage: mymoney-bench [NAME…] [--size N] [--json FILE]
           mymoney-bench generate --size N --accounts K --out DIR
           mymoney-bench parse-file FILE…
           mymoney-bench sizes

    benchmarks:
    """)
    for b in benchmarks { print("  \(b.name)\t\(b.summary)") }
    exit(0)
}
if arguments.first == "sizes" { print(sizeProbe()); exit(0) }
if arguments.first == "generate" { try generateCommand(Array(arguments.dropFirst())); exit(0) }
if arguments.first == "parse-file" { try parseFileCommand(Array(arguments.dropFirst())); exit(0) }
let names = arguments.prefix(while: { !$0.hasPrefix("--") })
if arguments.contains("--in-process") {
    // One benchmark in this process: print its results as JSON lines for the parent.
    guard let name = names.first, let bench = benchmarks.first(where: { $0.name == name }) else { exit(2) }
    let results = try bench.run(arguments)
    let encoder = JSONEncoder()
    for r in results { print(String(decoding: try encoder.encode(r), as: UTF8.self)) }
    exit(0)
}
let selected = names.isEmpty ? benchmarks.map(\.name) : Array(names)
var all: [BenchmarkResult] = []
for name in selected {
    guard benchmarks.contains(where: { $0.name == name }) else {
        FileHandle.standardError.write(Data("unknown benchmark \(name)\n".utf8)); exit(2)
    }
    FileHandle.standardError.write(Data("running \(name)…\n".utf8))
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
    if !FileManager.default.fileExists(atPath: process.executableURL!.path) {
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    }
    process.arguments = [name, "--in-process"] + arguments.drop(while: { !$0.hasPrefix("--") })
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        FileHandle.standardError.write(Data("benchmark \(name) failed (exit \(process.terminationStatus))\n".utf8)); exit(1)
    }
    for line in String(decoding: output, as: UTF8.self).split(separator: "\n") {
        if let r = try? JSONDecoder().decode(BenchmarkResult.self, from: Data(line.utf8)) { all.append(r) }
    }
}
printTable(all)
if let path = option("--json", in: arguments) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    try encoder.encode(all).write(to: URL(fileURLWithPath: path))
}
