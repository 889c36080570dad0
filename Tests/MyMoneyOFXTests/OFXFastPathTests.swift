import Foundation
import Testing
import MyMoneyOFX
import MyMoneyTestSupport

/// What the direct SGML reader and the SAX XML reader must keep from reading through XML:
/// text as an XML parser reads it, positions, and every refusal.
@Suite("OFX fast paths")
struct OFXFastPathTests {
    func firstTransaction(_ text: String) -> StatementTransaction? {
        readOFX(text).statements.first?.transactions.first
    }

    @Test func sgmlLineBreaksInsideAValueReadAsLineFeeds() {
        let t = firstTransaction(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<MEMO>first\r\nsecond\rthird</STMTTRN>"))
        #expect(t?.memo == "first\nsecond\nthird")
    }

    @Test func sgmlCharacterReferencesAreDecodedAndBadOnesStayLiteral() {
        let t = firstTransaction(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>Caf&#233; &#x4E2D; &lt;b&gt; &quot;q&quot; &apos;<MEMO>&#0; &#xZZ; &nbsp; &</STMTTRN>"))
        #expect(t?.payee == "Café 中 <b> \"q\" '")
        #expect(t?.memo == "&#0; &#xZZ; &nbsp; &")
    }

    @Test func sgmlCDATAIsLiteralAndControlCharactersBecomeSpaces() {
        let t = firstTransaction(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME><![CDATA[A<B>&c]]><MEMO>x\u{1}y</STMTTRN>"))
        #expect(t?.payee == "A<B>&c")
        #expect(t?.memo == "x y")
    }

    @Test func sgmlTransactionPositionIsItsOpeningTag() throws {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN>\n  <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261006<TRNAMT>-2<FITID>2</STMTTRN>")
        let transactions = readOFX(text).statements.first?.transactions ?? []
        try #require(transactions.count == 2)
        let bytes = Array(text.utf8)
        for t in transactions {
            let position = try #require(t.position)
            #expect(Array(bytes[position.offset..<(position.offset + 9)]) == Array("<STMTTRN>".utf8))
            let lineStart = bytes[..<position.offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
            #expect(position.column == position.offset - lineStart + 1)
            #expect(position.line == bytes[..<position.offset].filter { $0 == 0x0A }.count + 1)
        }
    }

    @Test func xmlTransactionPositionsPastLine65535StayExact() throws {
        let filler = String(repeating: "<!-- -->\n", count: 70_000)
        let text = xmlStatement(filler + "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID></STMTTRN>")
        let t = try #require(firstTransaction(text))
        #expect(t.position?.line == 7 + 70_000 + 1)   // seven template lines, the filler, then the row
        #expect(t.position?.column == 1)
    }

    @Test func xmlNestedDeeperThanTheLimitIsRefused() {
        let deep = String(repeating: "<X>", count: 200) + String(repeating: "</X>", count: 200)
        let result = readOFX(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID></STMTTRN>" + deep))
        #expect(result.diagnostics.contains { $0.code == "ofx.depth" && $0.severity == .error })
        let usable = result.isUsable(strict: false)
        #expect(!usable)
    }

    @Test func xmlDoctypeAfterMoreThan64KBOfCommentsIsStillRefused() {
        // The quick prologue check looks at the first 64 KB; the parser refuses the rest itself.
        let comments = String(repeating: "<!-- padding padding padding -->\n", count: 3_000)
        let text = "<?xml version=\"1.0\"?>\n" + comments + "<!DOCTYPE OFX [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
            + "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM>"
            + "<BANKTRANLIST><STMTTRN><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><NAME>&xxe;</NAME></STMTTRN></BANKTRANLIST>"
            + "</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        let result = readOFX(text)
        #expect(result.diagnostics.contains { $0.code == "ofx.security.doctype" && $0.severity == .error },
                "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        #expect(!result.statements.flatMap(\.transactions).contains { ($0.payee ?? "").contains("root:") })
    }

    @Test func xmlSplitAcrossChunksReadsWhole() throws {
        // Values and tags that straddle the parser's reads (a few KB each) read whole.
        var rows = ""
        for i in 0..<3_000 {
            rows += "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-\(i).25</TRNAMT><FITID>F\(i)</FITID><NAME>PAYEE NUMBER \(i) &amp; SONS</NAME></STMTTRN>\n"
        }
        let transactions = try #require(readOFX(xmlStatement(rows)).statements.first?.transactions)
        #expect(transactions.count == 3_000)
        #expect(transactions.enumerated().allSatisfy { i, t in t.payee == "PAYEE NUMBER \(i) & SONS" && t.id == "F\(i)" })
        #expect(transactions.last?.amount == amount("-2999.25"))
    }

    @Test func corpusTransactionPositionsPointAtTheirOpeningTags() throws {
        var checked = 0
        for key in Corpus.keys(prefix: "ofx/") + Corpus.keys(prefix: "qfx/") {
            let bytes = try Corpus.bytes(key)
            let hadBOM = bytes.starts(with: [0xEF, 0xBB, 0xBF])
            let text = hadBOM ? Array(bytes[3...]) : bytes
            let result = OFXReader().read(bytes, file: key, options: ReadOptions())
            guard result.source?.text == text else { continue }   // transcoded: offsets are the decoded text's
            var last = -1
            for t in result.statements.flatMap(\.transactions) {
                let p = try #require(t.position, "\(key)")
                #expect(p.offset > last, "\(key): positions go forward")
                last = p.offset
                checked += 1
                #expect(text[p.offset] == UInt8(ascii: "<"), "\(key) at \(p.offset)")
                let lineStart = text[..<p.offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                #expect(p.line == text[..<p.offset].filter { $0 == 0x0A }.count + 1 && p.column == p.offset - lineStart + 1, "\(key)")
            }
        }
        #expect(checked > 100 || Corpus.directory == nil, "\(checked) transactions checked")
    }

    @Test func sgmlNamesDifferingOnlyInTheMiddleAreNotConfused() {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>PAYEE 12 AAAAAA SHOP 99</STMTTRN>"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>2<NAME>PAYEE 12 BBBBBB SHOP 99</STMTTRN>"
            + "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>3<NAME>PAYEE 12 AAAAAA SHOP 99</STMTTRN>")
        let payees = readOFX(text).statements.first?.transactions.map(\.payee)
        #expect(payees == ["PAYEE 12 AAAAAA SHOP 99", "PAYEE 12 BBBBBB SHOP 99", "PAYEE 12 AAAAAA SHOP 99"])
    }

    @Test func textRightInsideOFXThatEndsItIsAnError() {
        let text = sgmlHeader + "<OFX>\n E <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1></OFX>"
        let result = readOFX(text)
        #expect(result.diagnostics.contains { $0.code == "ofx.structure" && $0.severity == .error })
    }

    @Test func xmlTruncatedInsideAChunkIsAnError() {
        let text = xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID></STMTTRN>")
        let cut = String(text.prefix(text.count - 40))
        let result = readOFX(cut)
        #expect(result.diagnostics.contains { $0.severity == .error })
        #expect(result.statements.isEmpty)
    }
}
