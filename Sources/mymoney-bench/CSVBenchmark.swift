import Foundation
import MyMoneyCSV

/// `csv`: generates a bank CSV of `--size` rows (default 1,000,000) with a running balance,
/// then reads it with `CSVReader` (inference, no profile); then `csv.junk-trailer`, a small table
/// above `--junk` lines of `,,` (default: as many as `--size`). `--file PATH` reads a given file instead
/// (and `--keep PATH` keeps the generated one there), for profiling.
func csvBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let rows = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    if let path = option("--file", in: arguments) {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
        var kept: ReadResult?
        let memory = ReaderMemory.start()
        let cpuStart = processCPUSeconds()
        var result = measure("csv.read", bytes: bytes.count, detail: path) {
            kept = CSVReader().read(bytes, file: path, options: ReadOptions())
            return kept?.statements.reduce(0) { $0 + $1.transactions.count } ?? 0
        }
        let cpu = processCPUSeconds() - cpuStart
        result.detail = (result.detail ?? "") + String(format: ", cpu %.3f s = %.2fM rows/s", cpu, Double(result.items) / max(cpu, 1e-9) / 1e6) + memory.finish()
        withExtendedLifetime(kept) {}
        FileHandle.standardError.write(Data("csv.read: \(result.detail ?? "")\n".utf8))
        return [result]
    }
    let folder = scratchDirectory("csv")
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = option("--keep", in: arguments).map { URL(fileURLWithPath: $0) } ?? folder.appendingPathComponent("statement.csv")

    // A deterministic generator: dates advance every 50 rows, amounts cycle.
    var text = [UInt8]()
    text.reserveCapacity(rows * 48)
    text.append(contentsOf: Array("Date,Description,Amount,Balance\n".utf8))
    let payees = ["REWE Markt Berlin", "\"ACME, Inc \"\"Store 12\"\"\"", "Stadtwerke Berlin", "Netflix International",
                  "Geldautomat Alexanderplatz", "Acme Software GmbH"]
    var balance: Int64 = 1_000_000
    for i in 0..<rows {
        let date = Day(daysSinceEpoch: Int32(10_000 + i / 50)).description // advances every 50 rows
        let cents = Int64((i * 7919) % 20000) - 15000
        balance += cents
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        func money(_ c: Int64) -> String {
            let sign = c < 0 ? "-" : ""
            let m = c.magnitude
            return "\(sign)\(m / 100).\(two(Int(m % 100)))"
        }
        let line = "\(date),\(payees[i % payees.count]),\(money(cents)),\(money(balance))\n"
        text.append(contentsOf: Array(line.utf8))
    }
    try Data(text).write(to: url)
    text = []

    let bytes = Array(try Data(contentsOf: url))
    var transactions = 0
    var errors = 0
    // The result is kept past the measurement: the figure is reading, not freeing.
    var kept: ReadResult?
    let memory = ReaderMemory.start()
    let cpuStart = processCPUSeconds()
    var result = measure("csv.read", bytes: bytes.count, detail: "\(rows) rows, inferred layout") {
        let read = CSVReader().read(bytes, file: url.path, options: ReadOptions())
        kept = read
        transactions = read.statements.first?.transactions.count ?? 0
        errors = read.diagnostics.filter { $0.severity == .error }.count
        return transactions
    }
    let cpu = processCPUSeconds() - cpuStart
    result.detail = (result.detail ?? "") + String(format: ", cpu %.3f s = %.2fM rows/s", cpu, Double(transactions) / max(cpu, 1e-9) / 1e6) + memory.finish()
    withExtendedLifetime(kept) {}
    FileHandle.standardError.write(Data("csv.read: \(result.detail ?? "")\n".utf8))
    if transactions != rows || errors > 0 {
        FileHandle.standardError.write(Data("csv benchmark: read \(transactions) of \(rows) rows, \(errors) errors\n".utf8))
    }
    kept = nil
    return [result, try junkTrailerBenchmark(lines: option("--junk", in: arguments).flatMap(Int.init) ?? rows)]
}

/// `csv.junk-trailer`: a header, a thousand rows and `lines` lines of `,,` below them (once quadratic:
/// 400k lines took 32 s, each junk row inserted at the front of an array). Must stay linear.
func junkTrailerBenchmark(lines: Int) throws -> BenchmarkResult {
    var text = Array("Date,Description,Amount\n".utf8)
    text.reserveCapacity(lines * 3 + 40_000)
    for i in 0..<1000 {
        text.append(contentsOf: Array("\(Day(daysSinceEpoch: Int32(19_000 + i / 10))),Shop \(i % 7),-\(i % 90 + 1).25\n".utf8))
    }
    for _ in 0..<lines { text.append(contentsOf: [0x2C, 0x2C, 0x0A]) }
    var kept: ReadResult?
    let cpuStart = processCPUSeconds()
    var result = measure("csv.junk-trailer", bytes: text.count, detail: "1000 rows and \(lines) lines of \",,\"") {
        kept = CSVReader().read(text, file: "junk.csv", options: ReadOptions())
        return kept?.statements.first?.transactions.count ?? 0
    }
    let cpu = processCPUSeconds() - cpuStart
    result.detail = (result.detail ?? "") + String(format: ", cpu %.3f s, %d diagnostics", cpu, kept?.diagnostics.count ?? 0)
    FileHandle.standardError.write(Data("csv.junk-trailer: \(result.detail ?? "")\n".utf8))
    if result.items != 1000 { FileHandle.standardError.write(Data("csv junk-trailer benchmark: read \(result.items) of 1000 rows\n".utf8)) }
    return result
}
