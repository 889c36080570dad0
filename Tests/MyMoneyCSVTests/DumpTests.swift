import Foundation
import Testing
import MyMoneyCSV
import MyMoneyTestSupport

/// Prints what the reader makes of every corpus CSV file when MYMONEY_CSV_DUMP is set.
@Suite struct DumpTests {
    @Test func dumpCorpus() throws {
        guard ProcessInfo.processInfo.environment["MYMONEY_CSV_DUMP"] != nil, let dir = Corpus.directory else { return }
        let filter = ProcessInfo.processInfo.environment["MYMONEY_CSV_DUMP"] ?? ""
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent("csv").path).sorted()
        for name in names where filter.isEmpty || name.contains(filter) {
            let bytes = try Corpus.bytes("csv/" + name)
            let result = CSVReader().read(bytes, file: name, options: ReadOptions())
            var out = "=== \(name)\n"
            for s in result.statements {
                out += "account id=\(s.account.id ?? "-") cur=\(s.account.currency?.code ?? "-") enc=\(s.source.encoding ?? "-") n=\(s.transactions.count) period=\(s.period.map { "\($0.start)..\($0.end)" } ?? "-")\n"
                for t in s.transactions.prefix(filter.isEmpty ? 3 : 50) {
                    out += "  \(t.day) \(t.amount) \(t.currency?.code ?? "") | \(t.payee ?? "-") | \(t.memo ?? "-") | id=\(t.id ?? "-") L\(t.position?.line ?? 0)\n"
                }
                for b in s.balances where b.kind != .running { out += "  balance \(b.kind) \(b.amount) \(b.day.map { "\($0)" } ?? "-")\n" }
            }
            let renderer = DiagnosticRenderer(sources: result.source.map { [name: $0] } ?? [:])
            for d in result.diagnostics.prefix(filter.isEmpty ? 3 : 30) { out += renderer.render(d) + "\n" }
            print(out)
        }
    }
}
