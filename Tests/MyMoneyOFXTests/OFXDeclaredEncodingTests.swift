import Testing
import MyMoneyOFX

@Suite struct OFXDeclaredEncodingTests {
    /// An OFX 2 file declaring ISO-8859-1 and written in it: the reader decodes once, libxml2 must not decode again.
    @Test func latin1DeclaredInTheXMLDeclarationIsDecodedOnce() throws {
        let head = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
        <STMTRS><CURDEF>CAD</CURDEF><BANKACCTFROM><BANKID>815</BANKID><ACCTID>30001-1234567</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST><DTSTART>20261001</DTSTART><DTEND>20261031</DTEND>
        <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261004</DTPOSTED><TRNAMT>-56.78</TRNAMT><FITID>D1</FITID><NAME>
        """
        let tail = "</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n"
        // "Épicerie Métro" in ISO-8859-1: É = 0xC9, é = 0xE9.
        let name: [UInt8] = [0xC9] + Array("picerie M".utf8) + [0xE9] + Array("tro".utf8)
        let bytes = Array(head.utf8) + name + Array(tail.utf8)
        let result = OFXReader().read(bytes, file: "latin1.ofx", options: ReadOptions())
        let statement = try #require(result.statements.first)
        #expect(statement.transactions.first?.payee == "Épicerie Métro")
    }
}
