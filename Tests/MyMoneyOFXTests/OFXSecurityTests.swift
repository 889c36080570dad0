import Foundation
import Testing
import MyMoneyOFX

/// Untrusted files never reach the network or the disk, and never expand entities.
@Suite("OFX security")
struct OFXSecurityTests {
    func expectRefused(_ result: ReadResult, _ code: String = "ofx.security.doctype") {
        let usable = result.isUsable(strict: false)
        #expect(!usable)
        #expect(result.diagnostics.contains { $0.code == code && $0.severity == .error }, "\(result.diagnostics.map { "\($0.code) \($0.message)" })")
        let everything = result.statements.flatMap { $0.transactions.compactMap(\.payee) + $0.transactions.compactMap(\.memo) }
        #expect(!everything.contains { $0.contains("root:") || $0.count > 10_000 })
    }

    @Test func externalEntityReadingEtcPasswdIsRefused() {
        let prologue = "<!DOCTYPE OFX [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n"
        let text = xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>&xxe;</NAME></STMTTRN>")
            .replacingOccurrences(of: "<OFX>\n", with: prologue + "<OFX>\n")
        expectRefused(readOFX(text))
    }

    @Test func billionLaughsIsRefused() {
        var dtd = "<!DOCTYPE OFX [<!ENTITY lol \"lol\">"
        for i in 1...9 { dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">" }
        dtd += "]>\n"
        let text = xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>&lol9;</NAME></STMTTRN>")
            .replacingOccurrences(of: "<OFX>\n", with: dtd + "<OFX>\n")
        expectRefused(readOFX(text))
    }

    @Test func quadraticBlowupIsRefused() {
        let big = String(repeating: "a", count: 50_000)
        let refs = String(repeating: "&a;", count: 20_000)
        let text = xmlStatement("<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20261005</DTPOSTED><TRNAMT>-1</TRNAMT><FITID>1</FITID><NAME>\(refs)</NAME></STMTTRN>")
            .replacingOccurrences(of: "<OFX>\n", with: "<!DOCTYPE OFX [<!ENTITY a \"\(big)\">]>\n<OFX>\n")
        let start = Date()
        expectRefused(readOFX(text))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func doctypeAfterTheHeaderOfAnSGMLFileIsRefused() {
        let text = sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>&xxe;</STMTTRN>")
            .replacingOccurrences(of: "<BANKMSGSRSV1>", with: "<!DOCTYPE OFX [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><BANKMSGSRSV1>")
        expectRefused(readOFX(text))
    }

    @Test func undeclaredEntityInSGMLStaysLiteralText() throws {
        let result = readOFX(sgmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1<NAME>A &xxe; B</STMTTRN>"))
        #expect(result.statements.first?.transactions.first?.payee == "A &xxe; B")
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let text = sgmlHeader + "<OFX>" + String(repeating: "<STMTTRN>", count: 5_000) + "<NAME>x" + String(repeating: "</STMTTRN>", count: 5_000) + "</OFX>"
        let result = readOFX(text)
        let usable = result.isUsable(strict: false)
        #expect(!usable)
        #expect(result.diagnostics.contains { $0.code == "ofx.depth" })
        let xml = "<?xml version=\"1.0\"?><OFX>" + String(repeating: "<A>", count: 5_000) + String(repeating: "</A>", count: 5_000) + "</OFX>"
        let xmlUsable = readOFX(xml).isUsable(strict: false)
        #expect(!xmlUsable)
    }

    @Test func libxml2DetailGoesIntoANoteNotTheMessage() throws {
        // A 2.x header over a body that is not XML is read as SGML; libxml2's words stay in the note.
        let text = xmlStatement("<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20261005<TRNAMT>-1<FITID>1</STMTTRN>")
        let result = readOFX(text)
        let note = try #require(result.diagnostics.first { $0.code == "ofx.sgml-body" })
        #expect(note.notes.first?.hasPrefix("libxml2: ") == true)
        #expect(!note.message.contains("libxml2"))
        #expect(result.statements.first?.transactions.count == 1)
    }
}
