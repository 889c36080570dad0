import Foundation
import Testing
import MyMoneyOFX

@Suite("OFX headers and encodings")
struct OFXHeaderTests {
    let body = "<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>42<ACCTTYPE>CHECKING</BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1.50<FITID>F1<NAME>Café</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>"

    func expectOneTransaction(_ result: ReadResult, payee: String = "Café", sourceLocation: SourceLocation = #_sourceLocation) {
        let usable = result.isUsable(strict: true)
        #expect(usable, "\(result.diagnostics.map(\.message))", sourceLocation: sourceLocation)
        #expect(result.statements.first?.transactions.first?.payee == payee, sourceLocation: sourceLocation)
        #expect(result.statements.first?.account.id == "42", sourceLocation: sourceLocation)
    }

    @Test func noBlankLineBetweenHeaderAndBody() {
        expectOneTransaction(readOFX("OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nENCODING:UTF-8\r\nCHARSET:NONE\r\n" + body))
    }

    @Test func headerWithoutAnyLineBreaks() {
        let result = readOFX("OFXHEADER:100DATA:OFXSGMLVERSION:102SECURITY:NONEENCODING:USASCIICHARSET:1252COMPRESSION:NONEOLDFILEUID:NONENEWFILEUID:NONE" + body)
        expectOneTransaction(result)
        #expect(result.statements.first?.extra.contains(StatementField("header.VERSION", "102")) == true)
        #expect(result.statements.first?.extra.contains(StatementField("header.NEWFILEUID", "NONE")) == true)
    }

    @Test func spacesAfterColons() {
        let result = readOFX("OFXHEADER: 100\nDATA: OFXSGML\nVERSION: 102\nENCODING: USASCII\nCHARSET: 1252\n\n" + body)
        expectOneTransaction(result)
        #expect(result.statements.first?.extra.contains(StatementField("header.VERSION", "102")) == true)
    }

    @Test func byteOrderMarkAndBlankLinesBeforeTheHeader() {
        let text = "\n\r\n\n  OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n" + body
        expectOneTransaction(readOFX(bytes: [0xEF, 0xBB, 0xBF] + Array(text.utf8)))
    }

    @Test func xmlDeclarationWithOFXProcessingInstruction() {
        let xml = body.replacingOccurrences(of: "<CURDEF>USD", with: "<CURDEF>USD</CURDEF>")
            .replacingOccurrences(of: "<BANKID>1", with: "<BANKID>1</BANKID>").replacingOccurrences(of: "<ACCTID>42", with: "<ACCTID>42</ACCTID>")
            .replacingOccurrences(of: "<ACCTTYPE>CHECKING", with: "<ACCTTYPE>CHECKING</ACCTTYPE>").replacingOccurrences(of: "<TRNTYPE>DEBIT", with: "<TRNTYPE>DEBIT</TRNTYPE>")
            .replacingOccurrences(of: "<DTPOSTED>20261005", with: "<DTPOSTED>20261005</DTPOSTED>").replacingOccurrences(of: "<TRNAMT>-1.50", with: "<TRNAMT>-1.50</TRNAMT>")
            .replacingOccurrences(of: "<FITID>F1", with: "<FITID>F1</FITID>").replacingOccurrences(of: "<NAME>Café", with: "<NAME>Café</NAME>")
        let result = readOFX("<?xml version=\"1.0\" encoding=\"UTF-8\"?><?OFX OFXHEADER=\"200\" VERSION=\"211\" SECURITY=\"NONE\" OLDFILEUID=\"NONE\" NEWFILEUID=\"NONE\"?>" + xml)
        expectOneTransaction(result)
        #expect(!result.diagnostics.contains { $0.code == "ofx.sgml-body" })   // read as XML directly
        #expect(result.statements.first?.extra.contains(StatementField("header.VERSION", "211")) == true)
    }

    @Test func xmlHeaderOverAnSGMLBodyIsReadAsSGML() {
        let result = readOFX("<?xml version=\"1.0\"?>\n<?OFX OFXHEADER=\"200\" VERSION=\"203\"?>\n" + body)
        expectOneTransaction(result)
        #expect(result.diagnostics.contains { $0.code == "ofx.sgml-body" && $0.severity == .note })
    }

    @Test func bodyWithoutHeader() { expectOneTransaction(readOFX(body)) }

    @Test func declared1252ButMultibyteUTF8IsReadAsUTF8() {
        let result = readOFX("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:8859-1\n\n" + body)
        expectOneTransaction(result)
        #expect(result.statements.first?.source.encoding == "utf-8")
    }

    @Test func windows1252BytesAreTranscoded() {
        var bytes = Array(("OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nENCODING:USASCII\nCHARSET:1252\n\n" + body).utf8)
        // "Café" → "Caf\u{E9}" and a euro sign in 1252.
        let cafe = Array("Café".utf8)
        if let at = bytes.firstRange(of: cafe) { bytes.replaceSubrange(at, with: [0x43, 0x61, 0x66, 0xE9, 0x20, 0x80]) }
        let result = readOFX(bytes: bytes)
        #expect(result.statements.first?.transactions.first?.payee == "Café €")
        #expect(result.statements.first?.source.encoding == "windows-1252")
    }

    @Test func unsupportedVersionIsRefused() {
        let result = readOFX("OFXHEADER:100\nDATA:OFXSGML\nVERSION:300\n\n" + body)
        #expect(result.statements.isEmpty)
        #expect(result.diagnostics.first?.code == "ofx.header.version")
    }

    @Test func recognitionIsByContentWhateverTheName() {
        let reader = OFXReader()
        #expect(reader.recognition(of: Array("OFXHEADER:100\nDATA:OFXSGML".utf8), fileName: "statement.txt") == 100)
        #expect(reader.recognition(of: Array("<?xml version=\"1.0\"?><?OFX OFXHEADER=\"200\"?>".utf8), fileName: "x.xml") == 100)
        #expect(reader.recognition(of: Array("\u{FEFF}\n<OFX><SIGNONMSGSRSV1>".utf8), fileName: "download") == 90)
        #expect(reader.recognition(of: Array("Date,Amount\n2026-10-01,1".utf8), fileName: "bank.ofx") == 0)
        #expect(reader.recognition(of: Array("<?xml version=\"1.0\"?><Document>".utf8), fileName: "camt.xml") == 0)
    }

    @Test func qfxFormatComesFromIntuitBankIdOrTheName() {
        let plain = readOFX(body, file: "a.ofx")
        #expect(plain.statements.first?.source.format == "ofx")
        #expect(readOFX(body, file: "a.QFX").statements.first?.source.format == "qfx")
        let intuit = body.replacingOccurrences(of: "<BANKMSGSRSV1>", with: "<SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><INTU.BID>1234</SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1>")
        let result = readOFX(intuit, file: "a.ofx")
        #expect(result.statements.first?.source.format == "qfx")
        #expect(result.statements.first?.extra.contains(StatementField("INTU.BID", "1234")) == true)
    }

    @Test func notOFXIsRefused() {
        let result = readOFX("this is totally not an ofx file\n")
        #expect(result.diagnostics.first?.code == "ofx.not-ofx" && result.diagnostics.first?.severity == .error)
    }
}

@Suite("OFX line endings")
struct OFXLineEndingTests {
    @Test func carriageReturnOnlyLineEndings() throws {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>Shop</STMTTRN>")
            .replacingOccurrences(of: "\n", with: "\r")
        let result = readOFX(text)
        let usable = result.isUsable(strict: true)
        #expect(usable, "\(result.diagnostics.map(\.message))")
        #expect(result.statements.first?.transactions.first?.payee == "Shop")
        #expect(result.statements.first?.extra.contains(StatementField("header.CHARSET", "1252")) == true)
    }

    @Test func crlfLineEndings() throws {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>Shop</STMTTRN>")
            .replacingOccurrences(of: "\n", with: "\r\n")
        let t = try #require(readOFX(text).statements.first?.transactions.first)
        #expect(t.payee == "Shop" && t.position?.line == 16)
    }
}
