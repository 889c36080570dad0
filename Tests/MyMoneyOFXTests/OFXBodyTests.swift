import Foundation
import Testing
import MyMoneyOFX

/// SGML and XML body quirks (format notes §3).
@Suite("OFX bodies")
struct OFXBodyTests {
    func transactions(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> [StatementTransaction] {
        let result = readOFX(text)
        let usable = result.isUsable(strict: false)
        #expect(usable, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        return result.statements.first?.transactions ?? []
    }

    @Test func leafElementsWithoutEndTags() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1.50<FITID>F1<NAME>SHOP<MEMO>card 1234</STMTTRN>"))
        #expect(t.count == 1)
        #expect(t.first?.payee == "SHOP" && t.first?.memo == "card 1234" && t.first?.id == "F1" && t.first?.amount == amount("-1.50"))
    }

    @Test func mixedClosedAndUnclosedElementsAndAStrayCloser() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>OTHER</TRNTYPE><DTPOSTED>20261019<DTUSER>20261017</DTPOSTED><TRNAMT>-148.40</TRNAMT><FITID>X</FITID><NAME>A</NAME></STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261020<TRNAMT>-1<FITID>Y</STMTTRN>"))
        #expect(t.map(\.id) == ["X", "Y"])
        #expect(t.first?.extra("DTUSER") == "20261017")
    }

    @Test func wholeBodyOnOneLine() {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261006<TRNAMT>-2<FITID>2</STMTTRN>")
            .replacingOccurrences(of: "\n", with: "")
        let result = readOFX(text)
        // Without line breaks the header's values end at the known key names; the body still reads.
        #expect(result.statements.first?.transactions.count == 2)
    }

    @Test func unescapedAmpersandInSGMLAndEscapedOneInXML() {
        let sgml = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<MEMO>Amazon & Cloud &amp; more</STMTTRN>"))
        #expect(sgml.first?.memo == "Amazon & Cloud & more")
        let xml = transactions(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><MEMO>B &amp; C</MEMO></STMTTRN>"))
        #expect(xml.first?.memo == "B & C")
    }

    @Test func rawAmpersandInAnXMLBodyFallsBackToSGML() {
        let t = transactions(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>AT&T</NAME></STMTTRN>"))
        #expect(t.first?.payee == "AT&T")
    }

    @Test func doubleEscapedEntitiesAreDecodedOnce() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>TPAY &amp;lt;DEFTPYMT&amp;gt;</STMTTRN>"))
        #expect(t.first?.payee == "TPAY <DEFTPYMT>")
    }

    @Test func cdataValues() {
        let sgml = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-16.85<FITID>1<NAME><![CDATA[EFTPOS <ALDI> & CO]]><MEMO><![CDATA[a]]>b</STMTTRN>"))
        #expect(sgml.first?.payee == "EFTPOS <ALDI> & CO" && sgml.first?.memo == "ab")
        let xml = transactions(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME><![CDATA[X & Y]]></NAME></STMTTRN>"))
        #expect(xml.first?.payee == "X & Y")
    }

    @Test func emptyElementsAreAbsentValues() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID></FITID><NAME></NAME><CHECKNUM/><REFNUM></REFNUM><MEMO>m</STMTTRN>"))
        #expect(t.count == 1)
        #expect(t.first?.id == nil && t.first?.checkNumber == nil && t.first?.payee == "m" && t.first?.memo == "m")
        let x = transactions(xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID/><NAME>n</NAME><MEMO/></STMTTRN>"))
        #expect(x.first?.id == nil && x.first?.memo == nil && x.first?.payee == "n")
    }

    @Test func knownLeafWithoutTextDoesNotSwallowItsSiblings() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<MEMO>\n<NAME>Shop</STMTTRN>"))
        #expect(t.first?.payee == "Shop" && t.first?.memo == nil)
    }

    @Test func whitespaceAndNewlinesInsideValues() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>   -1,50  <FITID>1<NAME>  TRANSFERRED FROM     VS X10\n  <MEMO>line one\nline two   </STMTTRN>"))
        #expect(t.first?.payee == "TRANSFERRED FROM     VS X10")
        #expect(t.first?.memo == "line one\nline two")
        #expect(t.first?.amount == amount("-1.50"))
    }

    @Test func unknownTagsAreKeptAsExtras() {
        let t = transactions(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<VALUEDATE>20261006<CATEGORY>Food</CATEGORY><XX.TAG>y</STMTTRN>"))
        #expect(t.first?.extra("VALUEDATE") == "20261006" && t.first?.extra("CATEGORY") == "Food" && t.first?.extra("XX.TAG") == "y")
    }

    @Test func lowerCaseTagsAndValues() {
        let t = transactions(sgmlStatement("<stmttrn><trntype>Credit<dtposted>20261005<trnamt>+5<fitid>1</stmttrn>"))
        #expect(t.first?.bankType == "CREDIT" && t.first?.amount == amount("5"))
    }

    @Test func truncatedFileIsAnError() {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN>")
        let cut = String(text.prefix(text.count - 60))
        let result = readOFX(cut)
        #expect(result.diagnostics.contains { $0.code == "ofx.truncated" && $0.severity == .error })
    }

    @Test func transactionPositionsPointAtTheOriginalLines() {
        let body = "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN>\n    <STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261006<TRNAMT>-2<FITID>2</STMTTRN>"
        let sgml = readOFX(sgmlStatement(body)).statements.first?.transactions ?? []
        #expect(sgml.map { $0.position?.line } == [16, 17])
        #expect(sgml.last?.position?.column == 5)
        let xmlBody = "<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID></STMTTRN>\n    <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261006</DTPOSTED><TRNAMT>-2</TRNAMT><FITID>2</FITID></STMTTRN>"
        let xml = readOFX(xmlStatement(xmlBody)).statements.first?.transactions ?? []
        #expect(xml.map { $0.position?.line } == [8, 9])
        #expect(xml.last?.position?.column == 5)
    }

    @Test func largeBodyStreamsThroughTheNormalizerIntact() throws {
        var body = ""
        for i in 0..<5_000 { body += "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-\(i).25<FITID>ID\(i)<NAME>Shop & Co \(i)</STMTTRN>\n" }
        let s = try #require(readOFX(sgmlStatement(body)).statements.first)
        #expect(s.transactions.count == 5_000)
        #expect(s.transactions.last?.id == "ID4999" && s.transactions.last?.payee == "Shop & Co 4999")
        #expect(s.transactions[1234].amount == amount("-1234.25"))
        #expect(s.transactions.last?.position?.line == 15 + 5_000)
    }
}

@Suite("OFX positions in long files")
struct OFXLongFilePositionTests {
    @Test func positionsStayRightPastLine65535() throws {
        var body = ""
        for i in 0..<14_000 {
            body += "<STMTTRN>\n<TRNTYPE>DEBIT</TRNTYPE>\n<DTPOSTED>20261005</DTPOSTED>\n<TRNAMT>-1</TRNAMT>\n<FITID>\(i)</FITID>\n</STMTTRN>\n"
        }
        let s = try #require(readOFX(xmlStatement(body)).statements.first)
        #expect(s.transactions.count == 14_000)
        #expect(s.transactions.last?.position?.line == 8 + 13_999 * 6)
        #expect(s.transactions.last?.position?.column == 1)
        let sgml = body.replacingOccurrences(of: "</TRNTYPE>", with: "").replacingOccurrences(of: "</FITID>", with: "")
        let t = try #require(readOFX(sgmlStatement(sgml)).statements.first)
        #expect(t.transactions.last?.position?.line == 16 + 13_999 * 6)
    }
}
