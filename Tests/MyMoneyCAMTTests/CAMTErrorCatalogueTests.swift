import Foundation
import Testing
import MyMoneyCAMT

/// One minimal input per camt diagnostic code, with its exact rendered output.
///
/// The expected renderings live in `Fixtures/error-catalogue.txt`; re-record with
/// `MYMONEY_RECORD_GOLDENS=1 swift test --filter CAMTErrorCatalogueTests` and review the diff.
@Suite struct CAMTErrorCatalogueTests {
    struct Entry: Sendable, CustomStringConvertible {
        var code: String
        var input: [UInt8]
        var options = ReadOptions()
        var description: String { code }
        init(_ code: String, _ text: String, options: ReadOptions = ReadOptions()) {
            self.code = code; self.input = Array(text.utf8); self.options = options
        }
        init(_ code: String, bytes: [UInt8]) { self.code = code; self.input = bytes }
    }

    static let ok = camtStatement("", opening: "1.00", closing: "1.00")

    static let entries: [Entry] = [
        Entry("camt.amount", camtDocument(camtStatement(ntry("1,50"), opening: "1.00", closing: "1.00"))),
        Entry("camt.balance", camtDocument(camtStatement(ntry("-12.50"), opening: "100.00", closing: "90.00", id: "2026-10-31-001"))),
        Entry("camt.balance.type", camtDocument(camtStatement("", extraBalances: "<Bal><Amt Ccy=\"EUR\">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd></Bal>"))),
        Entry("camt.batch", camtDocument(camtStatement(ntry("3.00", details: txDetails(debtor: "A", amount: "1.00") + txDetails(debtor: "B", amount: "1.00")),
                                                       opening: "0.00", closing: "3.00"))),
        Entry("camt.currency", camtDocument(camtStatement(ntry("-5.00", currency: "USD")))),
        Entry("camt.date", camtDocument(camtStatement(ntry("1.00", day: "2026-02-30"), opening: "0.00", closing: "1.00"))),
        Entry("camt.depth", camtDocument(camtStatement(String(repeating: "<AddtlInf>", count: 200) + String(repeating: "</AddtlInf>", count: 200)))),
        Entry("camt.encoding", bytes: Array("<?xml version=\"1.0\"?>\n<Document>".utf8) + [0x00, 0x41]),
        Entry("camt.entry", camtDocument(camtStatement("<Ntry><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-10-05</Dt></BookgDt></Ntry>"))),
        Entry("camt.indicator", camtDocument(camtStatement(ntry("1.00").replacingOccurrences(of: ">CRDT<", with: ">CRED<")))),
        Entry("camt.namespace", "<?xml version=\"1.0\"?>\n<Document><BkToCstmrStmt>\(ok)</BkToCstmrStmt></Document>\n"),
        Entry("camt.no-statement", camtDocument("")),
        Entry("camt.not-camt", "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:pain.001.001.03\"><CstmrCdtTrfInitn/></Document>\n"),
        Entry("camt.pending", camtDocument(camtStatement(ntry("-5.00", status: "<Sts>PDNG</Sts>")))),
        Entry("camt.security", "<?xml version=\"1.0\"?>\n<!DOCTYPE Document [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n<Document/>\n"),
        Entry("camt.status", camtDocument(camtStatement(ntry("-5.00", status: "<Sts>INFO</Sts>")))),
        Entry("camt.summary", camtDocument(camtStatement("<TxsSummry><TtlNtries><NbOfNtries>3</NbOfNtries></TtlNtries></TxsSummry>"))),
        Entry("camt.text", camtDocument(camtStatement(ntry("0.00", details: txDetails(creditor: String(repeating: "x", count: 70_000)))))),
        Entry("camt.value", camtDocument(camtStatement(ntry("0.00").replacingOccurrences(of: "<Sts>", with: "<RvslInd>yes</RvslInd><Sts>")))),
        Entry("camt.xml", "<?xml version=\"1.0\"?>\n<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">\n<BkToCstmrStmt><Stmt></BkToCstmrStmt>\n</Document>\n"),
    ]

    static var goldenURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/error-catalogue.txt")
    }

    /// Everything the entry's input produces for its code, rendered (long lines cut for the golden file).
    static func render(_ entry: Entry) -> String {
        let result = CAMTReader().read(entry.input, file: "t.xml", options: entry.options)
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.xml"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n")
            .split(separator: "\n", omittingEmptySubsequences: false).map { $0.count > 200 ? String($0.prefix(200)) + "…" : String($0) }
            .joined(separator: "\n")
    }

    static func golden() -> [String: String] {
        guard let text = try? String(contentsOf: goldenURL, encoding: .utf8) else { return [:] }
        var result: [String: String] = [:]
        for block in text.components(separatedBy: "\n=== ").map({ $0.hasPrefix("=== ") ? String($0.dropFirst(4)) : $0 }) {
            guard let newline = block.firstIndex(of: "\n") else { continue }
            result[String(block[..<newline])] = String(block[block.index(after: newline)...]).trimmingCharacters(in: .newlines)
        }
        return result
    }

    @Test func recordOrCompareTheCatalogue() throws {
        let rendered = Self.entries.map { ($0.code, Self.render($0)) }
        if ProcessInfo.processInfo.environment["MYMONEY_RECORD_GOLDENS"] != nil {
            let text = rendered.map { "=== \($0.0)\n\($0.1)\n" }.joined(separator: "\n")
            try text.write(to: Self.goldenURL, atomically: true, encoding: .utf8)
            return
        }
        let golden = Self.golden()
        #expect(!golden.isEmpty, "no golden file; record with MYMONEY_RECORD_GOLDENS=1")
        for (code, output) in rendered {
            #expect(!output.isEmpty, "\(code): the input produced no diagnostic with this code")
            #expect(output.trimmingCharacters(in: .newlines) == golden[code], "\(code):\n\(output)")
        }
    }

    @Test func everyCodeTheReaderEmitsIsInTheCatalogue() throws {
        // Codes written in the sources, except camt.file (a file that cannot be read from disk,
        // tested in CAMTStreamingTests).
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MyMoneyCAMT")
        var found = Set<String>()
        let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") } ?? []
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            var rest = Substring(text)
            while let r = rest.range(of: "\"camt.") {
                let tail = rest[r.upperBound...]
                let end = tail.firstIndex(where: { !($0.isLetter || $0 == "." || $0 == "-") }) ?? tail.endIndex
                if tail[end...].first == "\"" { found.insert("camt." + tail[..<end]) }
                rest = tail
            }
        }
        let covered = Set(Self.entries.map(\.code)).union(["camt.file"])
        #expect(found.subtracting(covered).isEmpty, "codes without a catalogue entry: \(found.subtracting(covered).sorted())")
        #expect(found.count >= 20)
    }

    @Test func everyEntryPointsAtALineAndColumn() {
        for entry in Self.entries where entry.code != "camt.encoding" {
            let result = CAMTReader().read(entry.input, file: "t.xml", options: entry.options)
            for d in result.diagnostics where d.code == entry.code {
                #expect(d.position != nil, "\(entry.code)")
                #expect(d.file == "t.xml")
            }
        }
    }
}
