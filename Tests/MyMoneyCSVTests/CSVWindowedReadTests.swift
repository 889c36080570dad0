import Foundation
import Testing
@testable import MyMoneyCSV
import MyMoneyTestSupport

/// The windowed read of a mapped file (``CSVReader/read(mapped:file:options:profile:rowsPerWindow:transaction:compactStatementEnd:)``:
/// the rows' offsets first, then their fields tokenized again a window of rows at a time) gives
/// what its plain twin, the read of the file's bytes, gives: the same statements, transactions
/// and compact running balances handed on, the same result, the same diagnostics (errors at the
/// same line and column), on generated files of many layouts and line ends, with windows of
/// one row up (so window edges fall everywhere, next to quoted fields that hold line breaks),
/// and on every CSV of the corpus and the samples. Files this way does not apply to (Latin-1,
/// UTF-16, a NUL, an unterminated quote) are read through the twin and must say the same.
@Suite struct CSVWindowedReadTests {
    struct Handed {
        var result: ReadResult
        var statements: [Statement] = []
        var running: [CompactRunningBalances] = []
        var stray = 0
    }

    static func handing(_ read: (_ t: (StatementTransaction) -> Void, _ end: (Statement, CompactRunningBalances) -> Void) -> ReadResult) -> Handed {
        var statements: [Statement] = [], running: [CompactRunningBalances] = []
        var pending: [StatementTransaction] = []
        let result = read({ pending.append($0) }, { s, r in
            var s = s
            s.transactions = pending
            pending = []
            statements.append(s)
            running.append(r)
        })
        return Handed(result: result, statements: statements, running: running, stray: pending.count)
    }

    /// Holds the windowed read of `bytes` (written to a file) to the read of the bytes.
    static func expectSame(_ bytes: [UInt8], file: String, options: ReadOptions, windows: [Int], windowed expected: Bool? = true,
                           reader: CSVReader = CSVReader(profiles: shippedProfiles), sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("windowed-\(UUID().uuidString).csv")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let plain = handing { reader.read(bytes, file: file, options: options, transaction: $0, compactStatementEnd: $1) }
        for rows in windows {
            let mapped = try #require(MappedFile(path: url.path), sourceLocation: sourceLocation)
            var tookWindows = false
            let windowed = handing {
                let (result, took) = reader.readWindowed(mapped: mapped, file: file, options: options, profile: nil, rowsPerWindow: rows,
                                                         transaction: $0, compactStatementEnd: $1)
                tookWindows = took
                return result
            }
            if let expected { #expect(tookWindows == expected, "\(file): \(tookWindows ? "windowed" : "copied")", sourceLocation: sourceLocation) }
            #expect(windowed.result.diagnostics == plain.result.diagnostics, "\(file), \(rows) rows a window", sourceLocation: sourceLocation)
            #expect(windowed.result.statements == plain.result.statements, "\(file), \(rows) rows a window", sourceLocation: sourceLocation)
            #expect(windowed.statements == plain.statements, "\(file), \(rows) rows a window", sourceLocation: sourceLocation)
            #expect(windowed.running == plain.running, "\(file), \(rows) rows a window", sourceLocation: sourceLocation)
            #expect(windowed.stray == 0 && plain.stray == 0, "\(file)", sourceLocation: sourceLocation)
            // The source text comes with the diagnostics that point into it (and always from the twin).
            if let source = windowed.result.source {
                #expect(source.text == plain.result.source?.text, "\(file)", sourceLocation: sourceLocation)
            } else {
                #expect(!windowed.result.diagnostics.contains { $0.position != nil }, "\(file)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: 0..<CSVStatementStreamTests.exports.count)
    func generatedExportReadsAsItsBytesRead(_ k: Int) throws {
        let (name, export, _) = CSVStatementStreamTests.exports[k]
        let bytes = Array(export.text.utf8)
        for options in [ReadOptions(), ReadOptions(strict: true), accepting()] {
            try Self.expectSame(bytes, file: "\(name).csv", options: options, windows: [1, 7, 8192])
        }
    }

    /// Random layouts, lengths, line ends and byte order marks, windows of random sizes.
    @Test func randomExportsReadAsTheirBytesRead() throws {
        var rng = SeededGenerator(seed: 17)
        for round in 0..<60 {
            var e = CSVStatementStreamTests.Export(count: Int.random(in: 1...300, using: &rng))
            e.semicolons = Bool.random(using: &rng)
            e.balance = Int.random(in: 0..<4, using: &rng) > 0
            e.ids = Bool.random(using: &rng)
            e.repeatedId = Int.random(in: 0..<5, using: &rng) == 0
            e.status = Int.random(in: 0..<4, using: &rng) == 0
            e.currency = Bool.random(using: &rng)
            e.quotedPayees = Bool.random(using: &rng)
            e.trailer = Int.random(in: 0..<4, using: &rng) == 0
            e.newestFirst = Int.random(in: 0..<5, using: &rng) == 0
            if Int.random(in: 0..<6, using: &rng) == 0 { e.breakChainAt = e.count - 1 - Int.random(in: 0..<min(3, e.count), using: &rng) }
            if Int.random(in: 0..<8, using: &rng) == 0 { e.badAmountAt = Int.random(in: 0..<e.count, using: &rng) }
            var text = e.text
            if Bool.random(using: &rng) { text = text.replacingOccurrences(of: "\n", with: "\r\n") }
            if e.quotedPayees, Bool.random(using: &rng) { text = text.replacingOccurrences(of: " LTD\"", with: "\nLTD\"") } // line breaks in quotes
            var bytes = Array(text.utf8)
            if Int.random(in: 0..<4, using: &rng) == 0 { bytes = [0xEF, 0xBB, 0xBF] + bytes }
            let options = [ReadOptions(), ReadOptions(strict: true), accepting()][round % 3]
            try Self.expectSame(bytes, file: "random-\(round).csv", options: options,
                                windows: [Int.random(in: 1...5, using: &rng), Int.random(in: 6...400, using: &rng)])
        }
    }

    /// Files read through the twin (not UTF-8, a NUL, a quote never closed, an encoding chosen)
    /// and files whose trouble lies at their end.
    @Test func filesThisWayDoesNotTakeReadAsTheirBytesRead() throws {
        let plain = CSVStatementStreamTests.Export(count: 50).text
        let accented = Array(plain.replacingOccurrences(of: "SHOP", with: "CAFÉ").utf8)
        let cafe = Array("CAFÉ".data(using: .isoLatin1)!)
        var latin = Array(plain.utf8)
        latin.replaceSubrange(latin.count - 10..<latin.count - 10, with: cafe)
        let utf16 = Array(plain.data(using: .utf16LittleEndian)!)
        let cases: [(String, [UInt8], ReadOptions, Bool)] = [
            ("utf-8 with an accent", accented, ReadOptions(), true),
            ("latin-1", latin, ReadOptions(), false),
            ("utf-16 without a mark", utf16, ReadOptions(), false),
            ("utf-16 with a mark", [0xFF, 0xFE] + utf16, ReadOptions(), false),
            ("a NUL", Array(plain.utf8) + [0, 0x0A], ReadOptions(), false),
            ("a quote never closed", Array((plain + "2024-01-01,\"OPEN,1.00,T9,1.00\n").utf8), ReadOptions(), false),
            ("an encoding chosen", Array(plain.utf8), ReadOptions(encoding: .windows1252), false),
            ("binary", [0x01, 0x02, 0x03] + Array(plain.utf8), ReadOptions(), false),
            ("an unreadable date on the last row", Array((plain + "2024-13-45,SHOP,1.00,T99,1.00\n").utf8), ReadOptions(), true),
            ("a header only", Array("Date,Description,Amount\n".utf8), ReadOptions(), true),
        ]
        for (name, bytes, options, windowed) in cases {
            try Self.expectSame(bytes, file: "\(name).csv", options: options, windows: [1, 64], windowed: windowed)
        }
    }

    @Test func everyCorpusAndSampleCSVReadsAsItsBytesRead() throws {
        if Corpus.directory == nil { print(Corpus.absentMessage) }
        for url in CSVStatementStreamTests.files {
            let bytes = Array(try Data(contentsOf: url))
            guard !bytes.isEmpty else { continue }
            for options in [ReadOptions(), ReadOptions(strict: true), ReadOptions(dayOrder: .dayMonthYear)] {
                try Self.expectSame(bytes, file: url.lastPathComponent, options: options, windows: [2, 8192], windowed: nil)
            }
        }
    }

    /// The windowed table gives every span a whole tokenization gives, in any order of asking.
    @Test func aWindowedTableGivesTheWholeTablesSpans() {
        var rng = SeededGenerator(seed: 3)
        for round in 0..<40 {
            var text = ""
            // Round 0 is long enough for windows far into the file and for the index to report its progress (every 8,192 rows).
            for r in 0..<(round == 0 ? 30_000 : Int.random(in: 0...80, using: &rng)) {
                let cells = (0..<Int.random(in: 1...5, using: &rng)).map { c -> String in
                    switch Int.random(in: 0..<5, using: &rng) {
                    case 0: return "\"a\"\"\(r)\nb\""
                    case 1: return "  \"q,\(c)\""
                    case 2: return ""
                    default: return "v\(r)-\(c)"
                    }
                }
                text += cells.joined(separator: ",") + (Bool.random(using: &rng) ? "\r\n" : "\n")
                if Int.random(in: 0..<6, using: &rng) == 0 { text += "\n\n" }
            }
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let tokenizer = CSVTokenizer(delimiter: 0x2C)
                let (whole, failure) = tokenizer.tokenize(buffer)
                #expect(failure == nil)
                var (table, _) = tokenizer.index(buffer) { _ in }
                #expect(table.rowLine == whole.rowLine && table.rowOffset == whole.rowOffset && table.rowFieldStart == whole.rowFieldStart)
                table.window = CSVFieldWindow(table: table, text: buffer, tokenizer: tokenizer, rowsPerWindow: Int.random(in: 1...9, using: &rng)) { _ in }
                var asks = (0..<whole.rowCount).flatMap { r in (0...whole.fieldCount(r)).map { (r, $0) } }
                asks.shuffle(using: &rng)
                for (r, c) in asks { #expect(table.span(r, c) == whole.span(r, c), "round \(round), row \(r), column \(c)") }
            }
        }
    }
}
