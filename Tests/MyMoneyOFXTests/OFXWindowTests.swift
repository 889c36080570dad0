import Foundation
import Testing
@testable import MyMoneyOFX
import MyMoneyTestSupport

/// Streaming reads a file through a window of a few bytes to a megabyte (its fast path, no file
/// held in memory) and must give exactly what reading the whole text in memory gives (its plain
/// twin): windows of 64 bytes cut every tag, value, comment and line at some point. And a file
/// that another program truncates mid-read ends with an error, not with the process.
@Suite("OFX windows")
struct OFXWindowTests {
    func temporaryFile(_ bytes: [UInt8], name: String = "window.ofx") throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ofx-window-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url
    }

    /// What streaming a file through windows of `chunk` bytes hands out and returns.
    func stream(_ url: URL, chunk: Int) -> (handed: [(StatementTransaction, StatementAccount)], result: ReadResult) {
        var handed: [(StatementTransaction, StatementAccount)] = []
        let result = OFXReader().read(fileAt: url.path, options: ReadOptions(), chunk: chunk) { handed.append(($0, $1)) }
        return (handed, result)
    }

    /// Streams `bytes` from a file through windows of `chunk` bytes; the differences from a whole
    /// read in memory, or (`oneWindow`) from streaming the file through one window that holds it
    /// all. (Streaming hands out a transaction when it ends, so a statement that a later error
    /// throws away still had its transactions handed out: damaged files compare window to window.)
    func differences(_ bytes: [UInt8], chunk: Int, name: String = "window.ofx", oneWindow: Bool = false) throws -> [String] {
        let url = try temporaryFile(bytes, name: name)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let (handed, streamed) = stream(url, chunk: chunk)
        var expected: [(StatementTransaction, StatementAccount)]
        var reference: ReadResult
        if oneWindow {
            (expected, reference) = stream(url, chunk: bytes.count + 1)
        } else {
            reference = OFXReader().read(bytes, file: name, options: ReadOptions())
            expected = reference.statements.flatMap { s in s.transactions.map { ($0, s.account) } }
            for i in reference.statements.indices { reference.statements[i].transactions = [] }
            reference.source = nil
        }
        var found: [String] = []
        if handed.map(\.0) != expected.map(\.0) { found.append("transactions: \(handed.count) handed, \(expected.count) expected") }
        // A body read as XML until it broke off, then again as SGML: the transactions handed out
        // before the break came with the account as the XML reading knew it.
        let readTwice = reference.diagnostics.contains { $0.code == "ofx.sgml-body" }
        if handed.map(\.1) != expected.map(\.1) && !readTwice { found.append("accounts") }
        if streamed.statements != reference.statements { found.append("statements") }
        if streamed.diagnostics != reference.diagnostics {
            func shown(_ d: [Diagnostic]) -> [String] { d.map { "\($0.code)@\($0.position.map { "\($0.line):\($0.column)" } ?? "-")" } }
            found.append("diagnostics: \(shown(streamed.diagnostics)) vs \(shown(reference.diagnostics))")
        }
        return found
    }

    @Test(arguments: [64, 97, 1000])
    func corpusFilesReadThroughSmallWindowsAsWhole(chunk: Int) throws {
        for key in Corpus.keys(prefix: "ofx/") + Corpus.keys(prefix: "qfx/") {
            let found = try differences(try Corpus.bytes(key), chunk: chunk, name: (key as NSString).lastPathComponent)
            #expect(found.isEmpty, "\(key), windows of \(chunk): \(found)")
        }
    }

    @Test(arguments: [0, 1])
    func damagedFilesReadThroughSmallWindowsAsWhole(seed: Int) throws {
        // The robustness suite's damaged files: broken tags, cut comments and CDATA, stray
        // closers, NUL bytes, cut files, each read through windows that end anywhere.
        var rng = SeededGenerator(seed: UInt64(seed) &+ 7)
        let original = Array(OFXRobustnessTests.seeds[seed].utf8)
        let alphabet = Array("<>/&;[]!?-:.0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ \n\u{FF}".utf8)
        for round in 0..<150 {
            var bytes = original
            for _ in 0..<(1 + rng.below(8)) {
                guard !bytes.isEmpty else { break }
                let at = rng.below(bytes.count)
                switch rng.below(4) {
                case 0: bytes[at] = rng.pick(alphabet)
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(rng.pick(alphabet), at: at)
                default: bytes = Array(bytes[..<max(at, bytes.count - 40)])
                }
            }
            let chunk = 64 + rng.below(200)
            let found = try differences(bytes, chunk: chunk, oneWindow: true)
            #expect(found.isEmpty, "round \(round), windows of \(chunk): \(found)")
        }
    }

    @Test func tokensLongerThanTheWindowAndClosersFarAheadReadAsWhole() throws {
        // A memo of 300 KB, a comment of 100 KB, and an unknown aggregate whose closer is 200 KB
        // on (found by reading ahead of the window, which does not move).
        let memo = String(repeating: "long memo text ", count: 20_000)
        let comment = "<!-- " + String(repeating: "-x- ", count: 25_000) + " -->"
        var rows = "<X.VENDOR><X.INFO>\(comment)"
        for i in 0..<1_000 {
            rows += "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-\(i).50<FITID>F\(i)<NAME>PAYEE \(i % 7)<MEMO>\(i == 500 ? memo : "m \(i)")</STMTTRN>\r\n"
        }
        rows += "</X.VENDOR>"
        let bytes = Array(sgmlStatement(rows).utf8)
        for chunk in [64, 4096] {
            #expect(try differences(bytes, chunk: chunk).isEmpty, "windows of \(chunk)")
        }
        let xml = Array(xmlStatement(comment + (0..<1_000).map { i in
            "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-\(i)</TRNAMT><FITID>F\(i)</FITID><MEMO>\(i == 500 ? memo : "m")</MEMO></STMTTRN>\n"
        }.joined()).utf8)
        for chunk in [64, 4096] {
            #expect(try differences(xml, chunk: chunk).isEmpty, "XML, windows of \(chunk)")
        }
    }

    @Test func namesLongerThanTheBytesKeptOnTheStackCloseByTheirWholeName() throws {
        // Open names keep 16 bytes on the stack and the rest beside it: a closer that differs
        // only after the 16th byte closes nothing, the one with the whole name closes it.
        let long = "X.VENDOR.AGGREGATE.WITH.A.LONG.NAME"          // 35 bytes
        let other = "X.VENDOR.AGGREGATE.WITH.A.LONG.NAMX"
        let rows = "<\(long)><X.A>1</\(other)><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN></\(long.lowercased())>"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261006<TRNAMT>-2<FITID>2</STMTTRN>"
        let bytes = Array(sgmlStatement(rows).utf8)
        let whole = OFXReader().read(bytes, file: "long.ofx", options: ReadOptions())
        #expect(whole.statements.first?.transactions.map(\.id) == ["1", "2"])
        for chunk in [64, 100] {
            #expect(try differences(bytes, chunk: chunk).isEmpty, "windows of \(chunk)")
        }
    }

    /// A statement of `count` transactions of about 200 bytes each.
    func bigStatement(xml: Bool, count: Int) -> [UInt8] {
        let rows = (0..<count).map { i in
            xml ? "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-\(i).25</TRNAMT><FITID>F\(i)</FITID><NAME>PAYEE NUMBER \(i % 50)</NAME><MEMO>CARD 4321 REF \(i)</MEMO></STMTTRN>\n"
                : "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-\(i).25<FITID>F\(i)<NAME>PAYEE NUMBER \(i % 50)<MEMO>CARD 4321 REF \(i)</STMTTRN>\r\n"
        }.joined()
        return Array((xml ? xmlStatement(rows) : sgmlStatement(rows)).utf8)
    }

    @Test(arguments: [false, true])
    func fileTruncatedByAnotherProgramWhileStreamingEndsWithAnError(xml: Bool) throws {
        // 40,000 transactions (about 6 MB); after the first 2,000 are handed out, a child process
        // cuts the file to half its size. A mapped file would end the process here (SIGBUS).
        let bytes = bigStatement(xml: xml, count: 40_000)
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        var handed = 0
        var truncated = false
        let result = OFXReader().read(fileAt: url.path, options: ReadOptions()) { _, _ in
            handed += 1
            guard handed == 2_000 else { return }
            let child = Process()
            child.executableURL = URL(fileURLWithPath: "/usr/bin/truncate")
            child.arguments = ["-s", "\(bytes.count / 2)", url.path]
            truncated = (try? child.run()).map { child.waitUntilExit(); return child.terminationStatus == 0 } ?? false
        }
        try #require(truncated, "truncate(1) did not run")
        let size = (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? -1
        #expect(size == bytes.count / 2)
        #expect(result.diagnostics.contains { $0.code == "ofx.file.changed" && $0.severity == .error },
                "\(result.diagnostics.map(\.code))")
        #expect(!result.isUsable(strict: false))
        #expect(handed > 2_000 && handed < 40_000, "\(handed) handed out")
    }

    @Test func fileTruncatedBeforeItsBodyIsReadAgainEndsWithAnError() throws {
        // Cut between the encoding pass and the body: the body pass finds the file shorter.
        let bytes = bigStatement(xml: false, count: 20_000)
        let url = try temporaryFile(bytes)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let descriptor = open(url.path, O_RDONLY)
        defer { close(descriptor) }
        let window = TextWindow(file: descriptor, size: bytes.count, start: 0, chunk: 4096)
        #expect(window.bytes.count == 4096 && !window.atEnd)
        try #require(truncate(url.path, 10_000) == 0)
        window.refill(keepingFrom: 4000)
        window.refill(keepingFrom: window.base + window.bytes.count)
        #expect(window.shrank == 10_000 && window.atEnd)
        #expect(OFXReader.changed(window, size: bytes.count, start: 0, file: "f.ofx")?.code == "ofx.file.changed")
    }
}
