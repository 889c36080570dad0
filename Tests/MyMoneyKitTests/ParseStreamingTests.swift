import Foundation
import Testing
import MyMoneyKit
import MyMoneyTestSupport

/// `parse` reads statements as a stream: what it is given is what the whole read gives (the
/// plain twin, ``StatementReading/read(_:readers:format:options:progress:)``) on every corpus
/// file and sample, and on the command line a file that turns out bad is left out of a valid
/// document while its output is held, or stops the document (unclosed) once it is not.
@Suite("parse, streamed")
struct ParseStreamingTests {
    /// Statements put back together from a stream.
    struct Collected: StatementStreamOutput {
        var statements: [Statement] = []
        var pending: [StatementTransaction] = []
        var open = false
        mutating func beginStatement() { #expect(!open); open = true; pending = [] }
        mutating func add(_ transaction: StatementTransaction) { #expect(open); pending.append(transaction) }
        mutating func endStatement(_ statement: Statement) {
            #expect(open)
            var s = statement
            s.transactions = pending
            statements.append(s)
            open = false
        }
    }

    static var files: [String] {
        var paths: [String] = []
        for root in [Corpus.directory, Corpus.samples].compactMap({ $0 }) {
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let entry = walker.nextObject() as? String {
                let path = root.appendingPathComponent(entry).path
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
                      !["json", "md", "py"].contains((entry as NSString).pathExtension) else { continue }
                paths.append(path)
            }
        }
        return paths.sorted()
    }

    @Test func everyCorpusFileAndSampleStreamsWhatTheWholeReadGives() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        let readers = Readers.standard(profilesDirectory: Corpus.repositoryRoot.appendingPathComponent("Rules/profiles").path).readers
        let files = Self.files
        #expect(files.count > 5)
        for path in files {
            for options in [ReadOptions(), ReadOptions(strict: true)] {
                let whole = try StatementReading.read([path], readers: readers, options: options)[0]
                var collected = Collected()
                let (streamed, _) = StatementReading.stream(path, readers: readers, options: options, into: &collected)
                #expect(streamed.result.diagnostics == whole.result.diagnostics, "\(path)")
                #expect(streamed.isUsable == whole.isUsable, "\(path)")
                #expect((streamed.failure == nil) == (whole.failure == nil), "\(path)")
                #expect(streamed.result.source?.text == whole.result.source?.text || !streamed.result.diagnostics.contains { $0.position != nil },
                        "\(path)")
                if whole.isUsable { #expect(collected.statements == whole.result.statements, "\(path)") }
                #expect(!collected.open || !whole.isUsable, "\(path)")
            }
        }
    }

    /// A QIF register of `count` records (dates that settle month/day/year); with `badLastAmount`
    /// its last record's amount cannot be read, an error found only there.
    static func qif(_ count: Int, payee: String = "SHOP", badLastAmount: Bool = false) -> String {
        var text = "!Type:Bank\n"
        for i in 0..<count {
            let amount = badLastAmount && i == count - 1 ? "ABC" : "-\(i % 900).\(i % 100)"
            text += "D10/\(13 + i % 16)/2026\nT\(amount)\nP\(payee) \(i % 17)\nMcard payment \(i)\n^\n"
        }
        return text
    }

    @Test func aBadFileAmongGoodOnesIsLeftOutOfAValidDocument() throws {
        let dir = MyMoneyBinary.scratch("parse-bad-small")
        try Self.qif(3).write(to: dir.appendingPathComponent("a.qif"), atomically: true, encoding: .utf8)
        try Self.qif(3, payee: "BAD", badLastAmount: true).write(to: dir.appendingPathComponent("b.qif"), atomically: true, encoding: .utf8)
        try Self.qif(2, payee: "LAST").write(to: dir.appendingPathComponent("c.qif"), atomically: true, encoding: .utf8)
        let run = try MyMoneyBinary.run(["parse", "--format", "json", dir.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("b.qif:13:5: error: cannot read \"ABC\" as an amount"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        let statements = try #require(document["statements"] as? [[String: Any]])
        #expect(statements.count == 2)
        #expect(!run.stdout.contains("BAD"))
        #expect(run.stdout.contains("LAST"))
    }

    @Test func aLongFileThatTurnsOutBadLeavesTheDocumentUnclosed() throws {
        let dir = MyMoneyBinary.scratch("parse-bad-long")
        // About 2 MB of JSON before its last record's amount turns out unreadable.
        try Self.qif(12_000, badLastAmount: true).write(to: dir.appendingPathComponent("a.qif"), atomically: true, encoding: .utf8)
        try Self.qif(2, payee: "LATER").write(to: dir.appendingPathComponent("b.qif"), atomically: true, encoding: .utf8)
        let run = try MyMoneyBinary.run(["parse", "--format", "json", dir.path])
        #expect(run.status == 65)
        #expect(run.stderr.contains("error: cannot read \"ABC\" as an amount"))
        #expect(run.stderr.contains("standard output stops here"))
        #expect(run.stdout.hasPrefix("{\n  \"statements\": [\n    {\n      \"transactions\": ["))
        #expect(run.stdout.utf8.count > 1 << 20)
        #expect((try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8))) == nil)
        #expect(!run.stdout.contains("LATER"))
    }

    @Test func aQIFOnStandardInputIsTheDocumentOfTheSameFile() throws {
        let dir = MyMoneyBinary.scratch("parse-stdin")
        let text = Self.qif(3_000)
        let file = dir.appendingPathComponent("a.qif")
        try text.write(to: file, atomically: true, encoding: .utf8)
        let piped = try MyMoneyBinary.run(["parse", "--format", "json", "-"], stdin: text)
        let named = try MyMoneyBinary.run(["parse", "--format", "json", file.path])
        #expect(piped.status == 0 && named.status == 0)
        #expect(piped.stdout == named.stdout.replacingOccurrences(of: file.path, with: "-"))
        let bad = try MyMoneyBinary.run(["parse", "--format", "json", "-"], stdin: Self.qif(3, badLastAmount: true))
        #expect(bad.status == 65)
        #expect(bad.stdout == "{\n  \"statements\": []\n}\n")
    }

    /// A bank CSV export of `count` rows in statement order, with running balances.
    static func csv(_ count: Int) -> String {
        var text = "Date,Description,Amount,Currency,Transaction ID,Balance\n"
        var balance = 100_000
        for i in 0..<count {
            let cents = (i * 7919) % 20_000 - 12_000
            balance += cents
            func money(_ c: Int) -> String { "\(c < 0 ? "-" : "")\(abs(c) / 100).\(String(format: "%02d", abs(c) % 100))" }
            text += "20\(26 + i / 12_000)-\(String(format: "%02d", 1 + i / 1_000 % 12))-\(String(format: "%02d", 1 + i % 1_000 / 40)),SHOP \(i % 50),\(money(cents)),EUR,T\(i),\(money(balance))\n"
        }
        return text
    }

    @Test(arguments: ["qif", "ofx", "csv"])
    func aLongGoodFileIsTheDocumentOfItsWholeRead(_ format: String) throws {
        let dir = MyMoneyBinary.scratch("parse-long")
        let file = dir.appendingPathComponent("long.\(format)")
        if format == "qif" {
            try Self.qif(12_000).write(to: file, atomically: true, encoding: .utf8)
        } else if format == "csv" {
            try Self.csv(12_000).write(to: file, atomically: true, encoding: .utf8)
        } else {
            var rows = ""
            for i in 0..<12_000 { rows += "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202610\(10 + i % 18)<TRNAMT>-\(i).\(i % 100)<FITID>F\(i)<NAME>PAYEE \(i % 50)</STMTTRN>\r\n" }
            let text = "OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n"
                + "<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>111<ACCTTYPE>CHECKING</BANKACCTFROM>"
                + "<BANKTRANLIST><DTSTART>20261001<DTEND>20261031\r\n\(rows)</BANKTRANLIST><LEDGERBAL><BALAMT>10<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\r\n"
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        let run = try MyMoneyBinary.run(["parse", "--format", "json", file.path])
        #expect(run.status == 0)
        let readers = Readers.standard(profilesDirectory: nil).readers
        let whole = try StatementReading.read([file.path], readers: readers, options: ReadOptions())[0]
        #expect(run.stdout == StatementJSON.document(whole.result.statements).serialized(pretty: true) + "\n")
        #expect(run.stdout.utf8.count > 1 << 20)
    }

    /// The table of a long CSV file keeps its head on top and the widths of all its rows: CSV
    /// is read whole for the table (``StatementStreamOutput/prefersWholeStatements``).
    @Test func aLongCSVTableIsTheTableOfItsWholeRead() throws {
        let dir = MyMoneyBinary.scratch("parse-long-table")
        let file = dir.appendingPathComponent("long.csv")
        try Self.csv(3_000).write(to: file, atomically: true, encoding: .utf8)
        let run = try MyMoneyBinary.run(["parse", file.path])
        #expect(run.status == 0)
        let readers = Readers.standard(profilesDirectory: nil).readers
        let whole = try StatementReading.read([file.path], readers: readers, options: ReadOptions())[0]
        var lines: [String] = []
        StatementTable.write(whole.result.statements[0], style: PlainStyle(), lines: { lines.append($0) })
        #expect(run.stdout.hasPrefix(lines.prefix(3).joined(separator: "\n")))
        #expect(run.stdout.contains(lines[lines.count / 2]))
    }
}
