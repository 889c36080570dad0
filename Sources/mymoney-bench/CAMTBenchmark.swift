import Foundation
import MyMoneyCAMT

/// `mymoney-bench camt [--size N] [--runs R] [--keep DIR] [--file PATH]`: streams generated
/// camt.053 statements of 100,000 and N entries (default 1,000,000) with
/// `CAMTReader.read(fileAt:options:each:)` and reports entries/s (of CPU time), MB/s and the
/// peak resident memory (VmHWM, started afresh before each read): flat memory shows as the same
/// peak at both sizes. Then reads the N-entry file whole (`camt.read`) for comparison.
///
/// The generated entries are compact (one line each, no indentation) and realistic: SEPA credit
/// transfers in and out, direct debits with a mandate and card payments, each with booking and
/// value date, the bank's reference, an ISO and a German proprietary bank transaction code, the
/// counterparty's name and IBAN and a remittance line (about 630 bytes an entry).
func camtBenchmark(_ arguments: [String]) throws -> [BenchmarkResult] {
    let size = option("--size", in: arguments).flatMap { Int($0) } ?? 1_000_000
    let runs = max(1, option("--runs", in: arguments).flatMap { Int($0) } ?? 1)
    let kept = option("--keep", in: arguments).map { URL(fileURLWithPath: $0) }
    let directory = kept ?? scratchDirectory("camt")
    if let kept { try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true) }
    defer { if kept == nil { try? FileManager.default.removeItem(at: directory) } }
    var results: [BenchmarkResult] = []
    if let given = option("--file", in: arguments) {
        results.append(try streamCAMT(URL(fileURLWithPath: given), name: "camt.stream.file", expected: nil, runs: runs))
        return results
    }
    for count in Array(Set([min(100_000, size), size])).sorted() {
        let url = directory.appendingPathComponent("bench-\(count).camt053.xml")
        try writeCAMT053(entries: count, to: url)
        results.append(try streamCAMT(url, name: "camt.stream.\(count)", expected: count, runs: runs))
    }
    // The whole read of the largest file: memory grows with the result, as it must.
    let url = directory.appendingPathComponent("bench-\(size).camt053.xml")
    let bytes = Array(try Data(contentsOf: url))
    let memory = ReaderMemory.start()
    let cpuBefore = processCPUSeconds()
    var result: ReadResult?
    var measured = measure("camt.read", bytes: bytes.count) {
        let read = CAMTReader().read(bytes, file: url.lastPathComponent, options: ReadOptions())
        result = read
        return read.statements.reduce(0) { $0 + $1.transactions.count }
    }
    let cpu = processCPUSeconds() - cpuBefore
    measured.detail = String(format: "%d entries, %d MB, %.3f s CPU (%.0f entries/s, %.1f MB/s)", measured.items, bytes.count / 1_000_000,
                             cpu, Double(measured.items) / cpu, Double(bytes.count) / 1e6 / cpu) + memory.finish()
    FileHandle.standardError.write(Data("camt.read: \(measured.detail ?? "")\n".utf8))
    if let errors = result?.diagnostics.filter({ $0.severity == .error }), !errors.isEmpty {
        throw NSError(domain: "camt", code: 2, userInfo: [NSLocalizedDescriptionKey: "\(errors.count) errors: \(errors[0].message)"])
    }
    withExtendedLifetime(result) {}
    results.append(measured)
    return results
}

/// Streams `url` `runs` times with a fresh peak-memory mark and reports the run with the least CPU time.
private func streamCAMT(_ url: URL, name: String, expected: Int?, runs: Int) throws -> BenchmarkResult {
    let fileSize = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    var best: BenchmarkResult?
    var bestCPU = Double.infinity
    var cpus: [Double] = []
    for _ in 0..<runs {
        resetPeakMemory()
        let before = residentMemory() ?? 0
        let cpuBefore = processCPUSeconds()
        var count = 0
        var total = Amount.zero
        var diagnostics: [Diagnostic] = []
        var measured = measure(name, bytes: fileSize) {
            let result = CAMTReader().read(fileAt: url.path, options: ReadOptions()) { transaction, _ in
                count += 1
                total = (try? total + transaction.amount) ?? total
            }
            diagnostics = result.diagnostics
            return count
        }
        let cpu = processCPUSeconds() - cpuBefore
        cpus.append(cpu)
        if let expected, count != expected {
            throw NSError(domain: "camt", code: 1, userInfo: [NSLocalizedDescriptionKey: "streamed \(count) of \(expected) entries"])
        }
        if let error = diagnostics.first(where: { $0.severity == .error }) {
            throw NSError(domain: "camt", code: 2, userInfo: [NSLocalizedDescriptionKey: error.message])
        }
        let peak = peakMemorySinceReset() ?? measured.peakMemoryBytes
        measured.peakMemoryBytes = peak
        measured.detail = String(format: "%d entries, %d MB file, %.3f s CPU (%.0f entries/s, %.1f MB/s), peak %.0f MiB (%.0f MiB resident before), total %@",
                                 count, fileSize / 1_000_000, cpu, Double(count) / cpu, Double(fileSize) / 1e6 / cpu,
                                 Double(peak) / 1_048_576, Double(before) / 1_048_576, "\(total)")
        if cpu < bestCPU { bestCPU = cpu; best = measured }
    }
    guard var result = best else { throw NSError(domain: "camt", code: 3) }
    if runs > 1 { result.detail = (result.detail ?? "") + ", CPU of the runs: " + cpus.map { String(format: "%.3f", $0) }.joined(separator: " ") }
    FileHandle.standardError.write(Data("\(name): \(result.detail ?? "")\n".utf8))
    return result
}

/// Writes a camt.053.001.02 statement of `entries` entries to `url`, a few MB at a time; its
/// balances chain (opening + entries = closing).
func writeCAMT053(entries: Int, to url: URL) throws {
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    let handle = try FileHandle(forWritingTo: url)
    defer { try? handle.close() }
    var out = ""
    out.reserveCapacity(4 << 20)
    func flush(_ force: Bool = false) throws {
        if force || out.utf8.count > 3 << 20 { try handle.write(contentsOf: Data(out.utf8)); out.removeAll(keepingCapacity: true) }
    }
    let counterparties = [("Stadtwerke Musterstadt GmbH", "DE44500105175407324931", "Abschlag Strom"),
                          ("REWE Markt GmbH", "DE89370400440532013000", "Kartenzahlung"),
                          ("Acme Software GmbH", "DE02120300000000202051", "Gehalt"),
                          ("Hausverwaltung Schmidt", "DE75512108001245126199", "Miete"),
                          ("Deutsche Bahn Fernverkehr AG", "DE12500105170648489890", "Fahrkarte")]
    let codes = [("PMNT", "ICDT", "ESCT", "NTRF+116+9310+997"), ("PMNT", "CCRD", "POSD", "NMSC+106+9311+997"),
                 ("PMNT", "RCDT", "ESCT", "NTRF+166+9310+997"), ("PMNT", "IDDT", "ESDD", "NDDT+105+9310+997"),
                 ("PMNT", "ICDT", "STDO", "NSTO+152+9310+997")]
    var amounts: [Int] = []
    amounts.reserveCapacity(entries)
    var net = 0
    for i in 0..<entries {
        let cents = (i &* 7919) % 100_000 + 1
        let credit = i % 5 == 2
        amounts.append(cents)
        net += credit ? cents : -cents
    }
    let opening = 1_000_000_000
    func money(_ cents: Int) -> String { "\(cents / 100).\(cents % 100 < 10 ? "0" : "")\(cents % 100)" }
    func indicator(_ value: Int) -> String { value < 0 ? "DBIT" : "CRDT" }
    out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt>"
    out += "<GrpHdr><MsgId>BENCH-\(entries)</MsgId><CreDtTm>2026-11-01T06:00:00</CreDtTm></GrpHdr>\n"
    out += "<Stmt><Id>BENCH-STMT-1</Id><CreDtTm>2026-11-01T06:00:00</CreDtTm>"
    out += "<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>EUR</Ccy><Ownr><Nm>Alex Morgan</Nm></Ownr>"
    out += "<Svcr><FinInstnId><BIC>BYLADEM1001</BIC></FinInstnId></Svcr></Acct>\n"
    out += "<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">\(money(opening))</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2020-01-01</Dt></Dt></Bal>\n"
    out += "<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">\(money(abs(opening + net)))</Amt><CdtDbtInd>\(indicator(opening + net))</CdtDbtInd><Dt><Dt>2026-10-31</Dt></Dt></Bal>\n"
    for i in 0..<entries {
        let day = 1 + i % 28, month = 1 + (i / 28) % 12
        let date = "2026-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        let (name, iban, text) = counterparties[i % 5]
        let (domain, family, sub, proprietary) = codes[i % 5]
        let credit = i % 5 == 2
        out += "<Ntry><Amt Ccy=\"EUR\">\(money(amounts[i]))</Amt><CdtDbtInd>\(credit ? "CRDT" : "DBIT")</CdtDbtInd><Sts>BOOK</Sts>"
        out += "<BookgDt><Dt>\(date)</Dt></BookgDt><ValDt><Dt>\(date)</Dt></ValDt><AcctSvcrRef>\(2026_000_000_000 + i)</AcctSvcrRef>"
        out += "<BkTxCd><Domn><Cd>\(domain)</Cd><Fmly><Cd>\(family)</Cd><SubFmlyCd>\(sub)</SubFmlyCd></Fmly></Domn>"
        out += "<Prtry><Cd>\(proprietary)</Cd><Issr>DK</Issr></Prtry></BkTxCd>"
        out += "<NtryDtls><TxDtls><Refs><EndToEndId>E2E-\(i)</EndToEndId></Refs><RltdPties>"
        out += credit ? "<Dbtr><Nm>\(name)</Nm></Dbtr><DbtrAcct><Id><IBAN>\(iban)</IBAN></Id></DbtrAcct>"
                      : "<Cdtr><Nm>\(name)</Nm></Cdtr><CdtrAcct><Id><IBAN>\(iban)</IBAN></Id></CdtrAcct>"
        out += "</RltdPties><RmtInf><Ustrd>\(text) \(month)/2026 Kd-Nr. \(100_000 + i % 90_000)</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n"
        try flush()
    }
    out += "</Stmt></BkToCstmrStmt></Document>\n"
    try flush(true)
}
