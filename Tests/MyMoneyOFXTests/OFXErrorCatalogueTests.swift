import Foundation
import Testing
import MyMoneyTestSupport
import MyMoneyOFX

/// One minimal input per OFX diagnostic code, with its exact rendered output.
///
/// The expected renderings live in `Fixtures/error-catalogue.txt`; re-record with
/// `MYMONEY_RECORD_GOLDENS=1 swift test --filter OFXErrorCatalogueTests` and review the diff.
/// Inputs are OFX 1.x SGML unless the code belongs to the XML path; an entry keyed
/// `code (xml)` shows the same code from an OFX 2.x XML file.
@Suite struct OFXErrorCatalogueTests {
    struct Entry: Sendable, CustomStringConvertible {
        /// The catalogue key: the code, or `code (variant)` for a second entry of one code.
        var key: String
        var input: [UInt8]
        var options = ReadOptions()
        var description: String { key }
        /// The diagnostic code, without a `(variant)` suffix.
        var code: String { key.split(separator: " ").first.map(String.init) ?? key }
        init(_ key: String, _ text: String, options: ReadOptions = ReadOptions()) {
            self.key = key; self.input = Array(text.utf8); self.options = options
        }
        init(_ key: String, bytes: [UInt8]) { self.key = key; self.input = bytes }
    }

    static let entries: [Entry] = [
        Entry("ofx.account", sgmlStatement(stmttrn("-5.00")).replacingOccurrences(of: "<ACCTID>12345", with: "")),
        Entry("ofx.balance", sgmlStatement("").replacingOccurrences(of: "<BALAMT>100.00", with: "<BALAMT>100.0O")),
        Entry("ofx.currency", sgmlStatement("", curdef: "EURO")),
        Entry("ofx.date", sgmlStatement("").replacingOccurrences(of: "<DTASOF>20261031", with: "<DTASOF>20261131")),
        Entry("ofx.depth", sgmlHeader + "<OFX>\n" + String(repeating: "<STMTTRN>\n", count: 200) + "<NAME>x\n</OFX>\n"),
        Entry("ofx.depth (xml)", xmlStatement(String(repeating: "<A>", count: 300) + String(repeating: "</A>", count: 300))),
        Entry("ofx.encoding", bytes: Array((sgmlHeader + "<OFX>\n<SIGNONMSGSRSV1>").utf8) + [0x00] + Array("\n</OFX>\n".utf8)),
        Entry("ofx.header", "Exported by MyBank\n" + String(sgmlStatement("").dropFirst(sgmlHeader.count))),
        Entry("ofx.header.charset", sgmlStatement(stmttrn("-5.00", name: "Café Müller"))),
        Entry("ofx.header.version", sgmlStatement("").replacingOccurrences(of: "VERSION:102", with: "VERSION:220")),
        Entry("ofx.investment", investmentStatement),
        Entry("ofx.no-statement", sgmlHeader + "<OFX>\n<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n</OFX>\n"),
        Entry("ofx.not-ofx", "Date,Amount,Payee\n2026-10-05,-5.00,Shop\n"),
        Entry("ofx.security.doctype", xmlStatement("", prologue: "<!DOCTYPE OFX [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>\n")),
        Entry("ofx.sgml-body", xmlStatement(xmlStmttrn("-5.00").replacingOccurrences(of: "<NAME>Shop</NAME>", with: "<NAME>Shop & Co</NAME>"))),
        Entry("ofx.statement.empty", sgmlStatement("").replacingOccurrences(of: "<ACCTID>12345", with: "")
            .replacingOccurrences(of: "<LEDGERBAL><BALAMT>100.00<DTASOF>20261031</LEDGERBAL>", with: "")),
        Entry("ofx.status", sgmlStatement("").replacingOccurrences(of: "<TRNUID>1<STATUS><CODE>0<SEVERITY>INFO",
                                                                    with: "<TRNUID>1<STATUS><CODE>2003<SEVERITY>ERROR<MESSAGE>Account not found")),
        Entry("ofx.structure", sgmlHeader + "<OFX>\n<SIGNONMSGSRSV1><SONRS>\n</BANKMSGSRSV1>\n</OFX>\n"),
        Entry("ofx.syntax", sgmlStatement(stmttrn("-5.00")).replacingOccurrences(of: "<MEMO>", with: "< MEMO>")),
        Entry("ofx.transaction", sgmlStatement(stmttrn("-5.00").replacingOccurrences(of: "<DTPOSTED>20261005", with: ""))),
        Entry("ofx.transaction (xml)", xmlStatement(xmlStmttrn("5.OO"))),
        Entry("ofx.truncated", sgmlStatement(stmttrn("-5.00")).components(separatedBy: "<MEMO>")[0] + "<MEM"),
    ]

    /// A bank transaction in SGML (leaf end tags omitted).
    static func stmttrn(_ amount: String, name: String = "Shop") -> String {
        "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>\(amount)<FITID>T1<NAME>\(name)<MEMO>card</STMTTRN>"
    }

    /// A bank transaction in XML.
    static func xmlStmttrn(_ amount: String) -> String {
        "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>\(amount)</TRNAMT><FITID>T1</FITID><NAME>Shop</NAME></STMTTRN>"
    }

    /// An investment statement whose only record is a reinvestment (no cash moves).
    static let investmentStatement = sgmlHeader + """
        <OFX>
        <INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
        <INVSTMTRS><DTASOF>20261031<CURDEF>USD<INVACCTFROM><BROKERID>broker.example<ACCTID>777</INVACCTFROM>
        <INVTRANLIST><DTSTART>20261001<DTEND>20261031
        <REINVEST><INVTRAN><FITID>R1<DTTRADE>20261015</INVTRAN><SECID><UNIQUEID>123456789<UNIQUEIDTYPE>CUSIP</SECID>
        <INCOMETYPE>DIV<TOTAL>-10.00<SUBACCTSEC>CASH<UNITS>1<UNITPRICE>10.00</REINVEST>
        </INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>
        </OFX>

        """

    static let catalogue = ErrorCatalogue(prefix: "ofx", module: "MyMoneyOFX")

    static func read(_ entry: Entry) -> ReadResult {
        OFXReader().read(entry.input, file: "t.ofx", options: entry.options)
    }

    /// Everything the entry's input produces for its code, rendered (long lines cut for the golden file).
    static func render(_ entry: Entry) -> String {
        let result = read(entry)
        var sources: [String: SourceFile] = [:]
        if let s = result.source { sources["t.ofx"] = s }
        let renderer = DiagnosticRenderer(sources: sources)
        return ErrorCatalogue.cuttingLongLines(result.diagnostics.filter { $0.code == entry.code }.map(renderer.render).joined(separator: "\n"))
    }

    @Test func everyEntryRendersAsTheCatalogueSays() throws {
        let problems = try Self.catalogue.compare(Self.entries.map { ($0.key, Self.render($0)) })
        #expect(problems.isEmpty, "\(problems.joined(separator: "\n\n"))")
    }

    @Test func everyCodeTheReaderNamesIsInTheCatalogue() throws {
        // ofx.file is a file that cannot be read from disk (no bytes to put in an entry); it is
        // tested in OFXStreamingTests.
        let missing = try Self.catalogue.uncatalogued(entries: Self.entries.map(\.code), exempt: ["ofx.file"])
        #expect(missing.isEmpty, "codes without a catalogue entry: \(missing)")
        #expect(try Self.catalogue.namedCodes().count >= 21)
    }

    /// Codes about the whole file, not a place in it: the text's encoding, the header's charset,
    /// a file with no statement, the investment records left out in sum.
    static let fileWide: Set<String> = ["ofx.header.charset", "ofx.no-statement", "ofx.investment"]

    @Test func aNULIsPlacedAtItsLineWhenTheFileIsStreamedToo() throws {
        // Both paths once said 1:1 for a NUL anywhere in the file.
        let entry = try #require(Self.entries.first { $0.key == "ofx.encoding" })
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("catalogue-nul-\(UUID().uuidString).ofx")
        try Data(entry.input).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let streamed = OFXReader().read(fileAt: url.path, file: "t.ofx", options: ReadOptions()) { _, _ in }
        let whole = Self.read(entry)
        let position = try #require(streamed.diagnostics.first { $0.code == "ofx.encoding" }?.position)
        #expect(position.line == 12 && position.column == 17)
        #expect(whole.diagnostics.first { $0.code == "ofx.encoding" }?.position == position)
    }

    @Test func everyEntryPointsAtALineAndColumn() {
        for entry in Self.entries where !Self.fileWide.contains(entry.code) {
            let result = Self.read(entry)
            for d in result.diagnostics where d.code == entry.code {
                #expect(d.position != nil, "\(entry.key)")
                #expect(d.file == "t.ofx")
            }
        }
    }
}
