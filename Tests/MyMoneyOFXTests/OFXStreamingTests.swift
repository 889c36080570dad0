import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// `read(fileAt:options:each:)` hands out exactly what `read(_:file:options:)` returns.
@Suite("OFX streaming")
struct OFXStreamingTests {
    func temporaryFile(_ bytes: [UInt8], name: String = "stream.ofx") throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ofx-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Streams `bytes` from a file and checks the outcome against reading them whole.
    func expectSameAsWholeRead(_ bytes: [UInt8], name: String = "stream.ofx", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let path = try temporaryFile(bytes, name: name)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        let whole = OFXReader().read(bytes, file: name, options: ReadOptions())
        var handed: [(StatementTransaction, StatementAccount)] = []
        let streamed = OFXReader().read(fileAt: path, options: ReadOptions()) { handed.append(($0, $1)) }
        let expected = whole.statements.flatMap { s in s.transactions.map { ($0, s.account) } }
        #expect(handed.map(\.0) == expected.map(\.0), sourceLocation: sourceLocation)
        #expect(handed.map(\.1) == expected.map(\.1), sourceLocation: sourceLocation)
        var bare = whole.statements
        for i in bare.indices { bare[i].transactions = [] }
        #expect(streamed.statements == bare, sourceLocation: sourceLocation)
        #expect(streamed.diagnostics == whole.diagnostics, sourceLocation: sourceLocation)
        #expect(streamed.source == nil, sourceLocation: sourceLocation)
    }

    @Test func sgmlStatementStreamsLikeAWholeRead() throws {
        try expectSameAsWholeRead(Array(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005120000[-5:EST]<TRNAMT>-1.50<FITID>1<NAME>SHOP<MEMO>m</STMTTRN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20261006<TRNAMT>2<FITID>2<NAME>PAY</STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>2026<TRNAMT>-3<FITID>3</STMTTRN>").utf8))
    }

    @Test func xmlStatementStreamsLikeAWholeRead() throws {
        try expectSameAsWholeRead(Array(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>A &amp; B</NAME></STMTTRN>").utf8))
    }

    @Test func largeFileStreamsLikeAWholeReadAcrossReleasedPages() throws {
        // More than the 8 MB after which pages already read are given back.
        var rows = ""
        let padding = String(repeating: "long memo text ", count: 10)
        for i in 0..<36_000 {
            rows += "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202610\(10 + i % 18)<TRNAMT>-\(i).\(i % 100)<FITID>F\(i)<NAME>PAYEE \(i % 50) WITH A LONGER NAME<MEMO>\(padding)\(i)</STMTTRN>\r\n"
        }
        let bytes = Array(sgmlStatement(rows).utf8)
        #expect(bytes.count > 9 << 20)
        try expectSameAsWholeRead(bytes)
    }

    @Test func windows1252FileIsTranscodedThenHandedOut() throws {
        var bytes = Array(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>CAFE X</STMTTRN>").utf8)
        let at = try #require(bytes.firstIndex(of: UInt8(ascii: "X")))
        bytes[at] = 0xE9   // é in Windows-1252
        try expectSameAsWholeRead(bytes)
    }

    @Test func refusalsAndBrokenFilesReportTheSame() throws {
        try expectSameAsWholeRead(Array("not ofx at all".utf8))
        try expectSameAsWholeRead(Array((sgmlHeader + "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD").utf8))
        let doctype = xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE></STMTTRN>")
            .replacingOccurrences(of: "<OFX>\n", with: "<!DOCTYPE OFX [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n<OFX>\n")
        try expectSameAsWholeRead(Array(doctype.utf8))
        try expectSameAsWholeRead(Array(sgmlStatement("<STMTTRN><NAME>A\u{0}B</STMTTRN>").utf8))
    }

    @Test func missingFileIsAnError() {
        let result = OFXReader().read(fileAt: "/nonexistent/statement.ofx", options: ReadOptions()) { _, _ in }
        #expect(result.diagnostics.contains { $0.code == "ofx.file" && $0.severity == .error })
    }

    @Test func corpusFilesStreamLikeWholeReads() throws {
        for key in Corpus.keys(prefix: "ofx/").prefix(30) + Corpus.keys(prefix: "qfx/").prefix(10) {
            let bytes = try Corpus.bytes(key)
            try expectSameAsWholeRead(bytes, name: (key as NSString).lastPathComponent)
        }
    }
}
