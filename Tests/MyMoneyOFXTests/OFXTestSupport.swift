import Foundation
import MyMoneyOFX

/// Reads OFX text the way the CLI would.
func readOFX(_ text: String, file: String = "test.ofx", options: ReadOptions = ReadOptions()) -> ReadResult {
    OFXReader().read(Array(text.utf8), file: file, options: options)
}

func readOFX(bytes: [UInt8], file: String = "test.ofx") -> ReadResult {
    OFXReader().read(bytes, file: file, options: ReadOptions())
}

let sgmlHeader = """
OFXHEADER:100
DATA:OFXSGML
VERSION:102
SECURITY:NONE
ENCODING:USASCII
CHARSET:1252
COMPRESSION:NONE
OLDFILEUID:NONE
NEWFILEUID:NONE


"""

/// A 1.x SGML bank statement around `transactions` (leaf end tags omitted).
func sgmlStatement(_ transactions: String, curdef: String = "USD", extra: String = "") -> String {
    sgmlHeader + """
    <OFX>
    <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261101<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>
    <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>
    <STMTRS><CURDEF>\(curdef)<BANKACCTFROM><BANKID>021000021<ACCTID>12345<ACCTTYPE>CHECKING</BANKACCTFROM>
    <BANKTRANLIST><DTSTART>20261001<DTEND>20261031
    \(transactions)
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>100.00<DTASOF>20261031</LEDGERBAL>\(extra)
    </STMTRS></STMTTRNRS></BANKMSGSRSV1>
    </OFX>

    """
}

/// A 2.x XML bank statement around `transactions`.
func xmlStatement(_ transactions: String, prologue: String = "") -> String {
    """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    \(prologue)<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
    <OFX>
    <SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261101</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
    <BANKMSGSRSV1><STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
    <STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>021000021</BANKID><ACCTID>12345</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
    <BANKTRANLIST><DTSTART>20261001</DTSTART><DTEND>20261031</DTEND>
    \(transactions)
    </BANKTRANLIST>
    <LEDGERBAL><BALAMT>100.00</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL>
    </STMTRS></STMTTRNRS></BANKMSGSRSV1>
    </OFX>

    """
}

func day(_ iso: String) -> Day { Day(iso: iso)! }
func amount(_ text: String) -> Amount { try! Amount(parsing: text) }
