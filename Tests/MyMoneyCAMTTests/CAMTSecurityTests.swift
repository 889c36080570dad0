import Foundation
import Testing
import MyMoneyCAMT

/// Untrusted files never reach the network or the disk, never expand entities, never recurse
/// without bound, and never make the reader hold a huge text.
@Suite("camt security")
struct CAMTSecurityTests {
    func expectRefused(_ result: ReadResult, _ code: String = "camt.security") {
        #expect(!result.isUsable(strict: false))
        #expect(result.diagnostics.contains { $0.code == code && $0.severity == .error }, "\(codes(result))")
        let texts = result.statements.flatMap { $0.transactions.compactMap(\.payee) + $0.transactions.compactMap(\.memo) }
        #expect(!texts.contains { $0.contains("root:") || $0.count > 10_000 })
    }

    func document(prologue: String, payee: String) -> String {
        camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: payee)), opening: "1.00", closing: "0.00"))
            .replacingOccurrences(of: "<Document", with: prologue + "<Document")
    }

    @Test func externalEntityReadingEtcPasswdIsRefused() {
        expectRefused(readCAMT(document(prologue: "<!DOCTYPE Document [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\n", payee: "&xxe;")))
    }

    @Test func externalDTDIsRefused() {
        expectRefused(readCAMT(document(prologue: "<!DOCTYPE Document SYSTEM \"http://example.com/camt.dtd\">\n", payee: "x")))
    }

    @Test func billionLaughsIsRefused() {
        var dtd = "<!DOCTYPE Document [<!ENTITY lol \"lol\">"
        for i in 1...9 { dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">" }
        dtd += "]>\n"
        expectRefused(readCAMT(document(prologue: dtd, payee: "&lol9;")))
    }

    @Test func quadraticBlowupIsRefusedQuickly() {
        let big = String(repeating: "a", count: 50_000)
        let refs = String(repeating: "&a;", count: 20_000)
        let start = Date()
        expectRefused(readCAMT(document(prologue: "<!DOCTYPE Document [<!ENTITY a \"\(big)\">]>\n", payee: refs)))
        #expect(Date().timeIntervalSince(start) < 5)
    }

    @Test func anUndeclaredEntityIsMalformedXML() {
        let result = readCAMT(document(prologue: "", payee: "A &xxe; B"))
        #expect(result.diagnostics.contains { $0.code == "camt.xml" }, "\(codes(result))")
        #expect(!result.isUsable(strict: false))
    }

    @Test func predefinedEntitiesAndCharacterReferencesAreText() throws {
        let result = readCAMT(document(prologue: "", payee: "M&amp;M &#196;pfel"))
        let payee = result.statements.first?.transactions.first?.payee
        #expect(payee == "M&M Äpfel", "\(codes(result))")
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "<AddtlInf>", count: 5_000) + String(repeating: "</AddtlInf>", count: 5_000)
        let text = camtDocument(camtStatement(deep))
        expectRefused(readCAMT(text), "camt.depth")
    }

    @Test func aHugeTextIsCutNotHeld() throws {
        let huge = String(repeating: "x", count: 1 << 20)
        let result = readCAMT(camtDocument(camtStatement(ntry("-1.00", details: txDetails(creditor: "Shop", remittance: [huge])),
                                                         opening: "1.00", closing: "0.00")))
        #expect(result.diagnostics.map(\.code) == ["camt.text"])
        let memo = try #require(result.statements.first?.transactions.first?.memo)
        #expect(memo.utf8.count == CAMTReader.maximumTextBytes)
    }

    @Test func controlCharactersAreMalformedXML() {
        let result = readCAMT(document(prologue: "", payee: "A\u{01}B"))
        #expect(result.diagnostics.contains { $0.code == "camt.xml" })
    }

    @Test func libxml2DetailGoesIntoANoteNotTheMessage() throws {
        let result = readCAMT("<?xml version=\"1.0\"?><Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\"><BkToCstmrStmt><Stmt></BkToCstmrStmt></Document>")
        let d = try #require(result.diagnostics.first { $0.code == "camt.xml" })
        #expect(d.notes.first?.hasPrefix("libxml2: ") == true)
        #expect(!d.message.contains("libxml2"))
        #expect(d.position?.line == 1)
    }
}
