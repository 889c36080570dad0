import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// `MYMONEY_OFX_DUMP=1 swift test --filter OFXCorpusDump` prints what each corpus file gave.
@Suite("OFX corpus dump")
struct OFXCorpusDump {
    @Test func dumpWhenAsked() throws {
        guard ProcessInfo.processInfo.environment["MYMONEY_OFX_DUMP"] != nil, let dir = Corpus.directory else { return }
        for sub in ["ofx", "qfx"] {
            for name in try FileManager.default.contentsOfDirectory(atPath: dir.appendingPathComponent(sub).path).sorted() {
                let key = "\(sub)/\(name)"
                let r = OFXReader().read(try Corpus.bytes(key), file: key, options: ReadOptions())
                print("== \(key): \(r.statements.count) statements, \(r.statements.map { "\($0.source.format)/\($0.account.kind?.rawValue ?? "-")/\($0.account.id ?? "-"):\($0.transactions.count)tx" }.joined(separator: " "))")
                for d in r.diagnostics { print("   \(d.severity) \(d.code) \(d.position.map { "\($0.line):\($0.column)" } ?? "") \(d.message) \(d.notes)") }
            }
        }
    }
}
