import Foundation
import Testing
import MyMoneyCore
import MyMoneyCSV
import MyMoneyImport
import MyMoneyTestSupport

/// A CSV statement that took the two passes hands on its running balances apart, compact
/// (``CompactRunningBalances``), and `parse --format json` writes them from there: the bytes are
/// those of the statement with the running balances put back (the plain twin), and the
/// statement put back is the whole read's, on every CSV of the corpus and the samples and on
/// generated files whose heads hold zero to three balances.
@Suite("compact running balances, written")
struct CompactRunningBalancesJSONTests {
    /// `parse`'s JSON of `bytes` read with the compact hand-on, and of the whole read; nil when
    /// the file is not usable. Also checks the compact statement against the whole read's.
    static func documents(_ bytes: [UInt8], file: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> (compact: String, plain: String, runningApart: Int)? {
        let reader = CSVReader()
        let whole = reader.read(bytes, file: file, options: ReadOptions())
        guard whole.isUsable(strict: false) else { return nil }
        let compact = CollectedBytes(), plain = CollectedBytes()
        var output = StatementJSONStream(JSONWriter(into: compact))
        StatementJSON.beginDocument(into: &output.json)
        var apart = 0
        var k = 0
        var open = false
        let result = reader.read(bytes, file: file, options: ReadOptions(), transaction: { t in
            if !open { output.beginStatement(); open = true }
            output.add(t)
        }, compactStatementEnd: { s, running in
            if !open { output.beginStatement() }
            open = false
            apart += running.count
            var back = running.inserted(into: s)
            back.transactions = whole.statements[k].transactions
            #expect(back == whole.statements[k], "\(file)", sourceLocation: sourceLocation)
            k += 1
            output.endStatement(s, runningBalances: running)
        })
        #expect(k == whole.statements.count, "\(file)", sourceLocation: sourceLocation)
        // The result leaves the running balances out of a statement that took the two passes, and only then.
        #expect(result.statements.map(\.balances.count).reduce(0, +) + apart
                == whole.statements.map(\.balances.count).reduce(0, +), "\(file)", sourceLocation: sourceLocation)
        StatementJSON.endDocument(into: &output.json)
        output.json.finish()
        var json = JSONWriter(into: plain)
        StatementJSON.beginDocument(into: &json)
        for s in whole.statements { StatementJSON.write(s, into: &json) }
        StatementJSON.endDocument(into: &json)
        json.finish()
        return (compact.text, plain.text, apart)
    }

    /// A file in statement order with a balance column, `head` lines above its header (stated balances).
    static func csv(_ count: Int, head: String = "", trailer: String = "") -> String {
        var text = head + "Date,Description,Amount,Transaction ID,Balance\n"
        var balance = 50_000
        for i in 0..<count {
            let cents = (i * 7919) % 9_000 - 5_000
            balance += cents
            func money(_ c: Int) -> String { "\(c < 0 ? "-" : "")\(abs(c) / 100).\(String(format: "%02d", abs(c) % 100))" }
            // Every seventh balance cell empty: those rows have no running balance.
            text += "2026-03-\(String(format: "%02d", 1 + i * 27 / max(count, 1))),SHOP \(i % 9),\(money(cents)),T\(i),\(i % 7 == 3 ? "" : money(balance))\n"
        }
        return text + trailer
    }

    @Test(arguments: [
        ("plain", csv(40)),
        ("one row", csv(1)),
        ("stated opening", csv(30, head: "Opening balance,500.00\n\n")),
        ("stated opening and account", csv(30, head: "Account,DE123\nOpening balance,500.00\n\n")),
        ("no balance column", "Date,Description,Amount\n2026-03-01,A,-1.00\n2026-03-02,B,2.00\n"),
    ])
    func runningBalancesWrittenApartAreTheStatementsBytes(_ name: String, _ text: String) throws {
        let docs = try #require(Self.documents(Array(text.utf8), file: "\(name).csv"))
        #expect(docs.compact == docs.plain, "\(name)")
        // Each with a balance column took the two passes and handed its running balances on apart.
        #expect((docs.runningApart > 0) == text.contains(",Balance\n"), "\(name)")
    }

    @Test func aLongFilesRunningBalancesComeApart() throws {
        let docs = try #require(Self.documents(Array(Self.csv(3_000).utf8), file: "long.csv"))
        #expect(docs.compact == docs.plain)
        #expect(docs.runningApart == 3_000 - 3_000 / 7 - (3_000 % 7 > 3 ? 1 : 0))
    }

    @Test func everyCorpusAndSampleCSVWritesTheSameBytes() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        var urls: [URL] = []
        for root in [Corpus.directory, Corpus.samples].compactMap({ $0 }) {
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where ["csv", "tsv", "txt"].contains(url.pathExtension.lowercased()) { urls.append(url) }
        }
        #expect(urls.count > 1)
        var apart = 0
        for url in urls.sorted(by: { $0.path < $1.path }) {
            guard let docs = Self.documents(Array(try Data(contentsOf: url)), file: url.lastPathComponent) else { continue }
            #expect(docs.compact == docs.plain, "\(url.lastPathComponent)")
            apart += docs.runningApart
        }
        // The compact path must be one real files take.
        #expect(Corpus.directory == nil || apart > 0)
    }
}
