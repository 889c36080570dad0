import Foundation
import MyMoneyQIF

/// `qif`: reads a generated QIF file of `--size` transactions (default 1,000,000), or the QIF
/// file given with `--file PATH` (`--repeat N` reads it N more times and reports the least CPU time), with
/// `QIFReader`: US Quicken dates (`M/D'YY`), grouped amounts, payees, memos, categories with
/// classes, cleared flags, check numbers, transfers and a split every tenth record.
func qifBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap(Int.init) ?? 1_000_000
    let directory = scratchDirectory("qif")
    defer { try? FileManager.default.removeItem(at: directory) }
    var url = directory.appendingPathComponent("big.qif")
    if let path = option("--file", in: arguments) {
        url = URL(fileURLWithPath: path) // a real file instead of a generated one
    } else {
        try Data(generatedQIF(transactions: size)).write(to: url)
    }
    let bytes = Array(try Data(contentsOf: url))

    var read = 0
    var document: QIFDocument?
    let memory = ReaderMemory.start()
    let cpuStart = threadCPUSeconds()
    var result = measure("qif.read", bytes: bytes.count, detail: "\(size) transactions, \(bytes.count / 1_000_000) MB") {
        // The document outlives the measurement: freeing it is not reading.
        document = QIFReader().readDocument(bytes, file: url.path)
        read = document?.result.statements.reduce(0) { $0 + $1.transactions.count } ?? 0
        return read
    }
    let cpu = threadCPUSeconds() - cpuStart
    // Wall time suffers when other processes share the cores; CPU time shows the reader's own cost.
    result.detail = (result.detail ?? "") + String(format: ", CPU %.3f s = %.1f MB/s, %.0f transactions/s",
                                                   cpu, Double(bytes.count) / 1e6 / cpu, Double(read) / cpu) + memory.finish()
    withExtendedLifetime(document) {}
    FileHandle.standardError.write(Data("qif.read: \(result.detail ?? "")\n".utf8))
    // `--repeat N`: N more reads in this process (each result freed before the next), their CPU
    // seconds listed; the least of them is the steadiest figure on a shared machine.
    if let repeats = option("--repeat", in: arguments).flatMap(Int.init), repeats > 0 {
        document = nil
        var seconds: [Double] = []
        for _ in 0..<repeats {
            let start = threadCPUSeconds()
            let again = QIFReader().readDocument(bytes, file: url.path)
            seconds.append(threadCPUSeconds() - start)
            withExtendedLifetime(again) {}
        }
        let least = seconds.min() ?? cpu
        FileHandle.standardError.write(Data(String(format: "qif.read repeated: CPU %@ s; least %.3f s = %.1f MB/s, %.0f transactions/s\n",
            seconds.map { String(format: "%.3f", $0) }.joined(separator: " "), least,
            Double(bytes.count) / 1e6 / least, Double(read) / least).utf8))
    }
    if option("--file", in: arguments) == nil, let errors = document?.result.diagnostics.filter({ $0.severity != .note }), !errors.isEmpty {
        throw NSError(domain: "qif", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(errors.count) diagnostics: \(errors[0].message)"])
    }
    guard read == size || option("--file", in: arguments) != nil else {
        throw NSError(domain: "qif", code: 1, userInfo: [NSLocalizedDescriptionKey: "read \(read) of \(size) transactions"])
    }
    return [result]
}

/// A QIF file with one `!Account` and `count` transactions.
func generatedQIF(transactions count: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(count * 90 + 200)
    func line(_ s: String) { out.append(contentsOf: s.utf8); out.append(0x0A) }
    line("!Account"); line("NEveryday"); line("TBank"); line("^")
    line("!Type:Bank")
    line("D1/ 1'20"); line("T1,000.00"); line("CX"); line("POpening Balance"); line("L[Everyday]"); line("^")
    let payees = ["REWE MARKT BERLIN", "AMAZON.COM*M21KD0HA0 AM", "SHELL OIL 57442", "NETFLIX.COM", "CITY WATER",
                  "STARBUCKS STORE 07604", "Hausverwaltung Schmidt", "TARGET T- 1130"]
    let categories = ["Food:Groceries", "Shopping:Online", "Transport:Fuel", "Subscriptions:Streaming/Home",
                      "Utilities:Water", "Food:Coffee", "Housing:Rent", "Shopping"]
    for i in 0..<count {
        let month = i % 12 + 1, dayOfMonth = i % 28 + 1, year = 20 + (i / 336) % 10
        line("D\(month)/\(dayOfMonth < 10 ? " " : "")\(dayOfMonth)'\(year)")
        let cents = (i &* 7919) % 250_000 + 1
        let whole = cents / 100, fraction = cents % 100
        let wholeText = whole >= 1000 ? "\(whole / 1000),\(String(whole % 1000).leftPadded(3))" : "\(whole)"
        line("T-\(wholeText).\(String(fraction).leftPadded(2))")
        if i % 3 == 0 { line("C*") }
        if i % 50 == 0 { line("N\(1000 + i % 9000)") }
        line("P" + payees[i % payees.count])
        if i % 4 == 0 { line("MCard payment \(i)") }
        if i % 25 == 0 {
            line("L[Savings]")
        } else if i % 10 == 0 {
            line("L--Split--")
            line("SFood:Groceries"); line("EFirst half"); line("$-\(whole / 2).\(String(fraction).leftPadded(2))")
            line("SHousehold"); line("$-\(whole - whole / 2).00")
        } else {
            line("L" + categories[i % categories.count])
        }
        line("^")
    }
    return out
}

private extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
