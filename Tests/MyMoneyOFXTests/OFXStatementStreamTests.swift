import Foundation
import Testing
@testable import MyMoneyOFX
import MyMoneyTestSupport

/// `read(fileAt:options:transaction:statementEnd:)` against its plain twin `read(_:file:options:)`:
/// the statements put back together from what was handed out (each statement's transactions are
/// those handed out before its end) are the whole read's, and so are the diagnostics, on every
/// OFX file of the corpus and on generated multi-statement files, read in small chunks too.
@Suite("OFX statement stream")
struct OFXStatementStreamTests {
    /// The statements as handed out, each with the transactions handed out before it ended, and
    /// the transactions handed out after the last statement ended.
    static func streamed(_ path: String, name: String, chunk: Int) -> (statements: [Statement], trailing: Int, result: ReadResult) {
        var statements: [Statement] = []
        var pending: [StatementTransaction] = []
        let result = OFXReader().read(fileAt: path, file: name, options: ReadOptions(), chunk: chunk,
                                      transaction: { pending.append($0) },
                                      statementEnd: { s in
                                          #expect(s.transactions.isEmpty)
                                          var s = s
                                          s.transactions = pending
                                          pending = []
                                          statements.append(s)
                                      })
        return (statements, pending.count, result)
    }

    static func expectSameAsWholeRead(_ bytes: [UInt8], name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ofx-statement-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent((name as NSString).lastPathComponent).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let whole = OFXReader().read(bytes, file: name, options: ReadOptions())
        for chunk in [1 << 20, 4096, 1000] {
            let (statements, trailing, result) = streamed(path, name: name, chunk: chunk)
            #expect(result.diagnostics == whole.diagnostics, "chunk \(chunk)", sourceLocation: sourceLocation)
            if whole.isUsable(strict: false) {
                #expect(statements == whole.statements, "chunk \(chunk)", sourceLocation: sourceLocation)
                #expect(trailing == 0, sourceLocation: sourceLocation)
            }
            var bare = whole.statements
            for i in bare.indices { bare[i].transactions = [] }
            #expect(result.statements == bare, sourceLocation: sourceLocation)
            // Diagnostics with a position are rendered with their line, as after a whole read.
            if result.diagnostics.contains(where: { $0.position != nil }) {
                #expect(result.source?.text == whole.source?.text, sourceLocation: sourceLocation)
            }
        }
    }

    @Test(arguments: Corpus.keys(prefix: "ofx/"))
    func corpusFileStreamsStatementByStatementLikeAWholeRead(_ key: String) throws {
        guard Corpus.directory != nil else { print(Corpus.absentMessage); return }
        try Self.expectSameAsWholeRead(try Corpus.bytes(key), name: key)
    }

    /// Three statements (a bank, a card, an empty one) whose balances come after their transactions.
    static func threeStatements(_ count: Int) -> String {
        func rows(_ prefix: String) -> String {
            (0..<count).map { i in "<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>202610\(10 + i % 18)<TRNAMT>-\(i).\(i % 100)<FITID>\(prefix)\(i)<NAME>PAYEE \(i % 7)</STMTTRN>\r\n" }.joined()
        }
        return """
        OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n\
        <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20261031<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\r\n\
        <BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>1<ACCTID>111<ACCTTYPE>CHECKING</BANKACCTFROM>\r\n\
        <BANKTRANLIST><DTSTART>20261001<DTEND>20261031\r\n\(rows("A"))</BANKTRANLIST><LEDGERBAL><BALAMT>10.00<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS>\r\n\
        <STMTTRNRS><TRNUID>2<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1<ACCTID>222<ACCTTYPE>SAVINGS</BANKACCTFROM>\r\n\
        <BANKTRANLIST><DTSTART>20261001<DTEND>20261031</BANKTRANLIST><LEDGERBAL><BALAMT>5<DTASOF>20261031</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1>\r\n\
        <CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>3<STATUS><CODE>0<SEVERITY>INFO</STATUS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>4111</CCACCTFROM>\r\n\
        <BANKTRANLIST><DTSTART>20261001<DTEND>20261031\r\n\(rows("C"))</BANKTRANLIST><LEDGERBAL><BALAMT>-3<DTASOF>20261031</LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>\r\n
        """
    }

    @Test(arguments: [0, 1, 3, 2_500])
    func statementsOfAMultiStatementFileEndOneByOne(_ count: Int) throws {
        try Self.expectSameAsWholeRead(Array(Self.threeStatements(count).utf8), name: "three.ofx")
    }

    @Test func aStatementEndsBeforeTheNextOnesTransactionsAreHandedOut() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ofx-statement-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("three.ofx").path
        try Data(Self.threeStatements(2).utf8).write(to: URL(fileURLWithPath: path))
        var events: [String] = []
        _ = OFXReader().read(fileAt: path, options: ReadOptions(), transaction: { events.append($0.id ?? "?") },
                             statementEnd: { events.append("end \($0.account.id ?? "?") \($0.balances.map(\.amount.description))") })
        #expect(events == ["A0", "A1", "end 111 [\"10.00\"]", "end 222 [\"5\"]", "C0", "C1", "end 4111 [\"-3\"]"])
    }

    @Test func aBodyThatIsNotXMLIsReadAgainWithoutEndingAStatementTwice() throws {
        // Well-formed XML up to a raw `&` in the second statement: libxml2 stops there, after the
        // first statement ended; the SGML pass reads again from the start and must not hand out
        // that statement (or its transactions) a second time.
        func statement(_ id: String, _ name: String) -> String {
            """
            <STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
            <STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>\(id)</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>
            <BANKTRANLIST><DTSTART>20261001</DTSTART><DTEND>20261031</DTEND>
            <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>\(id)-1</FITID><NAME>\(name)</NAME></STMTTRN>
            <STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261006</DTPOSTED><TRNAMT>-2</TRNAMT><FITID>\(id)-2</FITID><NAME>B</NAME></STMTTRN>
            </BANKTRANLIST><LEDGERBAL><BALAMT>7</BALAMT><DTASOF>20261031</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS>
            """
        }
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
        <OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><DTSERVER>20261101</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
        <BANKMSGSRSV1>\(statement("111", "A"))\(statement("222", "A & B"))</BANKMSGSRSV1></OFX>

        """
        let whole = OFXReader().read(Array(text.utf8), file: "mixed.ofx", options: ReadOptions())
        #expect(whole.diagnostics.contains { $0.code == "ofx.sgml-body" })
        #expect(whole.statements.map(\.transactions.count) == [2, 2])
        try Self.expectSameAsWholeRead(Array(text.utf8), name: "mixed.ofx")
    }
}
