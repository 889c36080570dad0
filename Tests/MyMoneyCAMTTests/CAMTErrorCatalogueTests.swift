import Foundation
import Testing
import MyMoneyTestSupport
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

    static let catalogue = ErrorCatalogue(prefix: "camt", module: "MyMoneyCAMT")

    /// Everything the entry's input produces for its code, rendered (long lines cut for the golden file).
    static func render(_ entry: Entry) -> String {
        let result = CAMTReader().read(entry.input, file: "t.xml", options: entry.options)
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.xml"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return ErrorCatalogue.cuttingLongLines(result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n"))
    }

    @Test func everyEntryRendersAsTheCatalogueSays() throws {
        let problems = try Self.catalogue.compare(Self.entries.map { ($0.code, Self.render($0)) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test func everyCodeTheReaderNamesIsInTheCatalogue() throws {
        // camt.file (a file that cannot be read from disk) and camt.file.changed (a file written
        // to while it is read) are tested in CAMTStreamingTests.
        let missing = try Self.catalogue.uncatalogued(entries: Self.entries.map(\.code), exempt: ["camt.file", "camt.file.changed"])
        #expect(missing.isEmpty, "codes without a catalogue entry: \(missing)")
        #expect(try Self.catalogue.namedCodes().count >= 20)
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
