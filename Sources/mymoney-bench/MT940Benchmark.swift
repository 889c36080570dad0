import Foundation
import MyMoneyMT940

/// `mymoney-bench mt940 [--size N] [--runs R] [--file PATH]`: reads a generated MT940 file of N
/// statement lines (default 1,000,000) with `MT940Reader` and reports lines/s and MB/s of CPU
/// time (the least of `--runs` reads) and the reader's memory beyond its result.
///
/// The file is what a German savings bank exports: daily statements of 50 lines, CRLF, each
/// `:61:` with value and entry date, funds code, type, references, and a `:86:` of SEPA
/// subfields wrapped over three lines (GVC, posting text, primanota, EREF+/SVWZ+ purpose,
/// BIC, IBAN, name, text key extension): about 210 bytes a line.
func mt940Benchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    let runs = max(1, option("--runs", in: arguments).flatMap { Int($0) } ?? 1)
    let bytes: [UInt8]
    let given = option("--file", in: arguments)
    if let given { bytes = Array(try Data(contentsOf: URL(fileURLWithPath: given))) } else { bytes = generatedMT940(lines: size) }
    var best = Double.infinity
    var cpus: [Double] = []
    var measured: BenchmarkResult?
    var memoryNote = ""
    for run in 0..<runs {
        let memory = ReaderMemory.start()
        let cpuBefore = processCPUSeconds()
        var result: ReadResult?
        let m = measure("mt940.read", bytes: bytes.count) {
            let read = MT940Reader().read(bytes, file: "bench.sta", options: ReadOptions())
            result = read
            return read.statements.reduce(0) { $0 + $1.transactions.count }
        }
        let cpu = processCPUSeconds() - cpuBefore
        if run == 0 { memoryNote = memory.finish() }
        cpus.append(cpu)
        if given == nil {
            guard m.items == size else { throw NSError(domain: "mt940", code: 1, userInfo: [NSLocalizedDescriptionKey: "read \(m.items) of \(size) lines"]) }
            if let error = result?.diagnostics.first(where: { $0.severity != .note }) {
                throw NSError(domain: "mt940", code: 2, userInfo: [NSLocalizedDescriptionKey: error.message])
            }
        }
        withExtendedLifetime(result) {}
        result = nil
        if cpu < best { best = cpu; measured = m }
    }
    guard var result = measured else { throw NSError(domain: "mt940", code: 3) }
    result.detail = String(format: "%d lines, %d MB, %.3f s CPU (%.0f lines/s, %.1f MB/s)", result.items, bytes.count / 1_000_000,
                           best, Double(result.items) / best, Double(bytes.count) / 1e6 / best) + memoryNote
        + (runs > 1 ? ", CPU of the runs: " + cpus.map { String(format: "%.3f", $0) }.joined(separator: " ") : "")
    FileHandle.standardError.write(Data("mt940.read: \(result.detail ?? "")\n".utf8))
    return [result]
}

/// Daily MT940 statements of 50 lines each, `lines` lines in all, whose balances chain.
func generatedMT940(lines: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(lines * 280 + 4096)
    func put(_ s: String) { out.append(contentsOf: s.utf8); out.append(0x0D); out.append(0x0A) }
    func money(_ cents: Int) -> String { "\(cents / 100),\(cents % 100 < 10 ? "0" : "")\(cents % 100)" }
    func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
    let names = ["Stadtwerke Musterstadt", "REWE Markt GmbH", "Acme Software GmbH", "Hausverwaltung Schmidt", "Deutsche Bahn AG"]
    let ibans = ["DE44500105175407324931", "DE89370400440532013000", "DE02120300000000202051", "DE75512108001245126199", "DE12500105170648489890"]
    let texts = ["Abschlag Strom", "Kartenzahlung", "Gehalt", "Miete", "Fahrkarte"]
    var balance = 10_000_000
    var line = 0
    var statement = 0
    while line < lines {
        let day = 1 + statement % 28, month = 1 + (statement / 28) % 12, year = 20 + statement / 336
        let date = "\(two(year % 100))\(two(month))\(two(day))"
        put(":20:STARTUMS")
        put(":25:12030000/1234567890")
        put(":28C:\(statement + 1)/1")
        put(":60F:\(balance < 0 ? "D" : "C")\(date)EUR\(money(abs(balance)))")
        for _ in 0..<min(50, lines - line) {
            let k = line % 5
            let cents = (line &* 7919) % 100_000 + 1
            let credit = k == 2
            balance += credit ? cents : -cents
            put(":61:\(date)\(two(month))\(two(day))\(credit ? "C" : "D")R\(money(cents))N\(credit ? "TRF" : "MSC")NONREF//\(2026_0000_0000 + line)")
            put(":86:\(credit ? "166" : "116")?00SEPA-\(credit ? "GUTSCHRIFT" : "UEBERWEISUNG")?109310?20EREF+E2E-\(line)")
            put("?21SVWZ+\(texts[k]) \(month)/20\(two(year % 100)) Kd \(100_000 + line % 90_000)?30BYLADEM1001")
            put("?31\(ibans[k])?32\(names[k])?34997")
            line += 1
        }
        put(":62F:\(balance < 0 ? "D" : "C")\(date)EUR\(money(abs(balance)))")
        put("-")
        statement += 1
    }
    return out
}
