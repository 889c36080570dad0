import Foundation
import Testing
import MyMoneyCAMT
import MyMoneyTestSupport

/// Streaming a file hands out the same transactions, statements and diagnostics as reading it whole.
@Suite struct CAMTStreamingTests {
    func streamed(_ bytes: [UInt8], name: String = "s.xml", options: ReadOptions = ReadOptions()) throws -> (ReadResult, [StatementTransaction]) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("camt-stream-\(UUID().uuidString)-\(name.replacingOccurrences(of: "/", with: "_"))")
        try Data(bytes).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var handed: [StatementTransaction] = []
        let result = CAMTReader().read(fileAt: url.path, file: name, options: options) { t, _ in handed.append(t) }
        return (result, handed)
    }

    func expectSame(_ bytes: [UInt8], name: String, options: ReadOptions = ReadOptions()) throws {
        let whole = CAMTReader().read(bytes, file: name, options: options)
        let (result, handed) = try streamed(bytes, name: name, options: options)
        #expect(handed == whole.statements.flatMap(\.transactions), "\(name)")
        var stripped = whole.statements
        for i in stripped.indices { stripped[i].transactions = [] }
        #expect(result.statements == stripped, "\(name)")
        #expect(result.diagnostics == whole.diagnostics, "\(name)")
        #expect(result.source == nil)
    }

    @Test func streamEqualsWholeReadForHandWrittenFiles() throws {
        let entries = ntry("-12.50") + ntry("2.50", status: "<Sts>PDNG</Sts>", reference: "R2")
            + ntry("3.45", details: txDetails(debtor: "A", amount: "2.25") + txDetails(debtor: "B", amount: "1.20"))
        try expectSame(Array(camtDocument(camtStatement(entries, opening: "100.00", closing: "90.00")).utf8), name: "broken.xml")
        try expectSame(Array(camtDocument(camtStatement(ntry("1.00"), opening: "0.00", closing: "1.00")).utf8), name: "ok.xml")
    }

    @Test(arguments: Corpus.keys(prefix: "camt/"))
    func streamEqualsWholeReadForTheCorpus(_ key: String) throws {
        try expectSame(try Corpus.bytes(key), name: key, options: ReadOptions(acceptBrokenBalances: true))
    }

    /// A mapped file written to while it is read ends with an error naming it (what was read
    /// may mix old and new bytes); unchanged, the read says nothing of the kind (``expectSame``).
    @Test func aFileChangedWhileItIsReadIsAnError() throws {
        let text = camtDocument(camtStatement(ntry("-1.00") + ntry("2.00", reference: "REF-2"), opening: "1.00", closing: "2.00"))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("camt-changed-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        var handed = 0
        let result = CAMTReader().read(fileAt: url.path, file: "changed.xml", options: ReadOptions()) { _, _ in
            if handed == 0, let handle = try? FileHandle(forWritingTo: url) {
                _ = try? handle.seekToEnd()
                try? handle.write(contentsOf: Data("<!-- more -->".utf8))
                try? handle.close()
            }
            handed += 1
        }
        #expect(handed == 2)
        #expect(result.diagnostics.contains { $0.code == "camt.file.changed" && $0.severity == .error && $0.file == "changed.xml" },
                "\(codes(result))")
        let again = CAMTReader().read(fileAt: url.path, file: "changed.xml", options: ReadOptions()) { _, _ in }
        #expect(!again.diagnostics.contains { $0.code == "camt.file.changed" })
    }

    @Test func aLatin1FileIsDecodedFirstThenHandedOut() throws {
        let text = camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: "Bäckerei Müller")), opening: "1.00", closing: "0.00"))
            .replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"ISO-8859-1\"")
        let latin1 = Array(text.data(using: .isoLatin1)!)
        let (result, handed) = try streamed(latin1)
        #expect(handed.first?.payee == "Bäckerei Müller", "\(codes(result))")
        #expect(result.statements.first?.source.encoding == "iso-8859-1")
        try expectSame(latin1, name: "latin1.xml")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(camtDocument(camtStatement(ntry("1.00"), opening: "0.00", closing: "1.00")).utf8)
        let (result, handed) = try streamed(bytes)
        #expect(handed.count == 1, "\(codes(result))")
        try expectSame(bytes, name: "bom.xml")
    }

    @Test func aMissingFileIsAnError() {
        let result = CAMTReader().read(fileAt: "/nonexistent/camt.xml", options: ReadOptions()) { _, _ in }
        #expect(result.diagnostics.map(\.code) == ["camt.file"])
    }
}
