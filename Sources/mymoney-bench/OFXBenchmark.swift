import Foundation
import MyMoneyOFX

/// `mymoney-bench ofx [--size N]`: reads generated OFX 2 (XML) and OFX 1 (SGML) statements of N
/// transactions each (default 500,000) and reports MB/s, transactions/s and peak memory.
/// `--keep DIR` keeps the generated files in DIR; `--runs N` reports the fastest of N whole reads;
/// `--file PATH` reads PATH instead of generating
/// (then `--size` must say how many transactions it holds, or is not checked when absent).
///
/// Each file is also streamed (`OFXReader.read(fileAt:options:each:)`, `ofx.stream.*`) before it
/// is loaded, with the peak resident memory (VmHWM) started afresh: that peak stays flat
/// whatever `--size` is, while the whole read's grows with the file.
///
/// `--ofxtools` also times Python's ofxtools (`python3` with `ofxtools` installed) on a file of
/// at most 50,000 transactions, and this reader on the same file, in the same run (`ofxtools.*`).
func ofxBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 500_000
    let kept = option("--keep", in: arguments).map { URL(fileURLWithPath: $0) }
    let directory = kept ?? scratchDirectory("ofx")
    if let kept { try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true) }
    defer { if kept == nil { try? FileManager.default.removeItem(at: directory) } }
    var results: [BenchmarkResult] = []
    let given = option("--file", in: arguments).map { URL(fileURLWithPath: $0) }
    let styles = given.map { [$0.lastPathComponent] } ?? option("--only", in: arguments).map { [$0] } ?? ["sgml", "xml"]
    for style in styles {
        let url = given ?? directory.appendingPathComponent("bench-\(style).ofx")
        if arguments.contains("--ofxtools"), given == nil {   // first, on a fresh heap
            results.append(try compareWithOFXTools(size: min(size, 50_000), xml: style == "xml", directory: directory, style: style))
        }
        if given == nil { try generateOFX(size: size, xml: style == "xml").write(to: url) }
        results.append(try streamFile(url, name: "ofx.stream.\(style)", expected: given == nil ? size : nil))
        let bytes = Array(try Data(contentsOf: url))
        var transactions = 0
        var result: ReadResult?   // freed after timing: the figure is for reading, not for freeing the result
        // `--repeat N` reads the file N extra times first (for profiling the reader, not the generator).
        for _ in 0..<(option("--repeat", in: arguments).flatMap { Int($0) } ?? 0) {
            _ = OFXReader().read(bytes, file: url.lastPathComponent, options: ReadOptions())
        }
        // `--runs N` reads N times and reports the run with the least CPU time (a shared machine's
        // noise only ever adds time); the default is one run.
        var best: (measured: BenchmarkResult, cpu: Double)?
        for _ in 0..<max(1, option("--runs", in: arguments).flatMap { Int($0) } ?? 1) {
            result = nil   // the previous run's result is freed outside the timing
            let cpuBefore = processCPUSeconds()
            let measured = measure("ofx.read.\(style)", bytes: bytes.count, detail: (given == nil ? "\(size) STMTTRN, " : "") + "\(bytes.count / 1_000_000) MB") {
                let read = OFXReader().read(bytes, file: url.lastPathComponent, options: ReadOptions())
                transactions = read.statements.reduce(0) { $0 + $1.transactions.count }
                result = read
                return transactions
            }
            let cpu = processCPUSeconds() - cpuBefore
            if cpu < (best?.cpu ?? .infinity) { best = (measured, cpu) }
        }
        guard transactions == size || (given != nil && option("--size", in: arguments) == nil) else {
            throw NSError(domain: "ofxBenchmark", code: 1, userInfo: [NSLocalizedDescriptionKey: "read \(transactions) of \(size) transactions"])
        }
        guard var measured = best?.measured, let cpu = best?.cpu else { continue }
        withExtendedLifetime(result) {}
        measured.detail = (measured.detail ?? "") + String(format: ", %.3f s CPU (%.1f MB/s, %.0f transactions/s of CPU time)",
                                                      cpu, Double(bytes.count) / 1e6 / cpu, Double(transactions) / cpu)
        FileHandle.standardError.write(Data("ofx.read.\(style): \(measured.detail ?? "")\n".utf8))
        results.append(measured)
    }
    return results
}

/// Times ofxtools (CPU seconds inside Python, imports excluded) and this reader on one file.
private func compareWithOFXTools(size: Int, xml: Bool, directory: URL, style: String) throws -> BenchmarkResult {
    let url = directory.appendingPathComponent("ofxtools-\(style).ofx")
    try generateOFX(size: size, xml: xml).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let bytes = Array(try Data(contentsOf: url))
    var ours = Double.infinity
    for _ in 0..<3 {
        let before = processCPUSeconds()
        let read = OFXReader().read(bytes, file: url.lastPathComponent, options: ReadOptions())
        ours = min(ours, processCPUSeconds() - before)
        withExtendedLifetime(read) {}
    }
    let script = """
    import sys, time
    from ofxtools.Parser import OFXTree
    t = time.process_time()
    p = OFXTree(); p.parse(sys.argv[1]); ofx = p.convert()
    n = sum(len(s.transactions) for s in ofx.statements)
    print(n, time.process_time() - t)
    """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, url.path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = output.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
    guard process.terminationStatus == 0, fields.count == 2, let count = Int(fields[0]), let theirs = Double(fields[1]) else {
        throw NSError(domain: "ofxBenchmark", code: 2, userInfo: [NSLocalizedDescriptionKey: "ofxtools did not run (python3 with ofxtools needed): \(output)"])
    }
    let detail = String(format: "%d transactions: ofxtools %.2f s CPU (%.0f/s), this reader %.3f s CPU (%.0f/s): %.0f times as fast",
                        count, theirs, Double(count) / theirs, ours, Double(size) / ours, theirs / ours)
    FileHandle.standardError.write(Data("ofxtools.read.\(style): \(detail)\n".utf8))
    return BenchmarkResult(name: "ofxtools.read.\(style)", seconds: theirs, items: count, bytes: bytes.count,
                           peakMemoryBytes: peakMemoryBytes(), detail: detail)
}

/// Streams `url` with a fresh peak-memory mark and reports it.
private func streamFile(_ url: URL, name: String, expected: Int?) throws -> BenchmarkResult {
    let fileSize = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    resetPeakMemory()
    let before = residentMemory() ?? 0
    let cpuBefore = processCPUSeconds()
    var count = 0
    var total = Amount.zero
    var measured = measure(name, bytes: fileSize) {
        let result = OFXReader().read(fileAt: url.path, options: ReadOptions()) { transaction, _ in
            count += 1
            total = (try? total + transaction.amount) ?? total
        }
        withExtendedLifetime(result) {}
        return count
    }
    let cpu = processCPUSeconds() - cpuBefore
    if let expected, count != expected {
        throw NSError(domain: "ofxBenchmark", code: 1, userInfo: [NSLocalizedDescriptionKey: "streamed \(count) of \(expected) transactions"])
    }
    let peak = peakMemorySinceReset() ?? measured.peakMemoryBytes
    measured.peakMemoryBytes = peak
    measured.detail = String(format: "%d transactions, %d MB file, %.3f s CPU (%.0f transactions/s), peak %.0f MiB (%.0f MiB resident before), total %@",
                             count, fileSize / 1_000_000, cpu, Double(count) / cpu, Double(peak) / 1_048_576,
                             Double(before) / 1_048_576, "\(total)")
    FileHandle.standardError.write(Data("\(name): \(measured.detail ?? "")\n".utf8))
    return measured
}

/// A bank statement with `size` transactions, as OFX 2 XML or OFX 1 SGML (leaf end tags omitted).
private func generateOFX(size: Int, xml: Bool) -> Data {
    var out = ""
    out.reserveCapacity(size * 230 + 1_000)
    if xml {
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
        out += "<?OFX OFXHEADER=\"200\" VERSION=\"220\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>\n"
    } else {
        out += "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\n"
        out += "COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n"
    }
    func leaf(_ name: String, _ value: String) -> String { xml ? "<\(name)>\(value)</\(name)>" : "<\(name)>\(value)" }
    let nl = xml ? "\n" : "\r\n"
    out += "<OFX>\(nl)<SIGNONMSGSRSV1><SONRS><STATUS>\(leaf("CODE", "0"))\(leaf("SEVERITY", "INFO"))</STATUS>"
    out += "\(leaf("DTSERVER", "20261101083000.000[-4:EDT]"))\(leaf("LANGUAGE", "ENG"))</SONRS></SIGNONMSGSRSV1>\(nl)"
    out += "<BANKMSGSRSV1><STMTTRNRS>\(leaf("TRNUID", "1"))<STATUS>\(leaf("CODE", "0"))\(leaf("SEVERITY", "INFO"))</STATUS>\(nl)"
    out += "<STMTRS>\(leaf("CURDEF", "USD"))<BANKACCTFROM>\(leaf("BANKID", "021000021"))\(leaf("ACCTID", "000123456789"))"
    out += "\(leaf("ACCTTYPE", "CHECKING"))</BANKACCTFROM>\(nl)<BANKTRANLIST>\(leaf("DTSTART", "20200101"))\(leaf("DTEND", "20261031"))\(nl)"
    let payees = ["WHOLE FOODS MARKET #10234", "SHELL OIL 57442", "AMAZON MKTPL*2K4LM", "STARBUCKS STORE 1234", "ONLINE PAYMENT TO VISA 4321"]
    let types = ["DEBIT", "POS", "DEBIT", "POS", "PAYMENT"]
    var total = 0
    for i in 0..<size {
        let day = 1 + i % 28, month = 1 + (i / 28) % 12
        let cents = (i * 7919) % 100_000 + 1
        total += cents
        out += "  <STMTTRN>"
        out += leaf("TRNTYPE", types[i % 5])
        out += leaf("DTPOSTED", "2026\(month < 10 ? "0" : "")\(month)\(day < 10 ? "0" : "")\(day)120000.000[-4:EDT]")
        out += leaf("TRNAMT", "-\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)")
        out += leaf("FITID", "2026\(100_000_000 + i)")
        out += leaf("NAME", payees[i % 5])
        out += leaf("MEMO", "CARD 4321 REF \(i)")
        out += "</STMTTRN>\(nl)"
    }
    out += "</BANKTRANLIST><LEDGERBAL>\(leaf("BALAMT", "-\(total / 100).\(total % 100 < 10 ? "0" : "")\(total % 100)"))\(leaf("DTASOF", "20261031"))</LEDGERBAL>\(nl)"
    out += "</STMTRS></STMTTRNRS></BANKMSGSRSV1>\(nl)</OFX>\(nl)"
    return Data(out.utf8)
}

