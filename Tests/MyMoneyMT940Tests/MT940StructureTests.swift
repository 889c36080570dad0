import Foundation
import Testing
import MyMoneyMT940

/// Messages, envelopes, separators, line ends, encodings, fields kept as extras, MT942.
@Suite("MT940 structure")
struct MT940StructureTests {
    let body = [":61:2610051005D10,00NTRFNONREF//B1", ":86:166?00GUTSCHRIFT?20SVWZ+Test?32Shop"]

    @Test func aPlainMessage() throws {
        let result = readMT940(message(body, closing: "C261031EUR90,00"))
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
        let s = try #require(result.statements.first)
        #expect(s.account.id == "12030000/1234567890")
        #expect(s.account.bankId == "12030000")
        #expect(s.account.currency == .EUR)
        #expect(s.source.format == "mt940")
        #expect(s.balances.map(\.kind) == [.opening, .closing])
        #expect(s.balances.map(\.day) == [day("2026-10-01"), day("2026-10-31")])
        #expect(s.extra.first { $0.key == "statement number" }?.value == "00001")
        #expect(s.extra.first { $0.key == "sequence number" }?.value == "001")
        #expect(s.extra.first { $0.key == "transaction reference" }?.value == "STARTUMS")
        #expect(s.transactions.map(\.payee) == ["Shop"])
    }

    @Test func severalMessagesAreSeveralStatements() {
        let text = message(body, closing: "C261031EUR90,00", reference: "A") + message([], opening: "C261101EUR90,00", closing: "C261101EUR90,00", reference: "B")
        let result = readMT940(text)
        #expect(result.statements.count == 2, "\(codes(result))")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aNewReferenceStartsAStatementWithoutADash() {
        let text = message(body, closing: "C261031EUR90,00").replacingOccurrences(of: "-\r\n", with: "")
            + message([], opening: "C261101EUR90,00", closing: "C261101EUR90,00")
        #expect(readMT940(text).statements.count == 2)
    }

    @Test func lineFeedsAndNoFinalLineBreak() {
        let text = message(body, closing: "C261031EUR90,00").replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "-\n", with: "-")
        let result = readMT940(text)
        #expect(result.statements.first?.transactions.count == 1)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func aByteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(message(body, closing: "C261031EUR90,00").utf8)
        let result = MT940Reader().read(bytes, file: "bom.sta", options: ReadOptions())
        #expect(result.statements.first?.extra.first { $0.key == "transaction reference" }?.value == "STARTUMS")
    }

    @Test func theSwiftEnvelopeIsTolerated() {
        let text = "{1:F01ASNBNL21XXXX0000000000}{2:O940ASNBNL21XXXXN}{3:}{4:\r\n" + message(body, closing: "C261031EUR90,00").replacingOccurrences(of: "-\r\n", with: "-}{5:}\r\n")
        let result = readMT940(text)
        #expect(result.statements.count == 1)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func controlCharactersAroundAMessageAreTolerated() {
        let text = "\u{01}\r\n" + message(body, closing: "C261031EUR90,00").replacingOccurrences(of: "-\r\n", with: "-\u{03}\r\n")
        let result = readMT940(text)
        #expect(result.statements.count == 1)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func junkLinesBeforeTheFirstFieldAreSkipped() {
        let text = "ABNANL2A\r\n940\r\nABNANL2A\r\n:940:\r\n0000 01INGBNL2AXXXX00001\r\n" + message(body, closing: "C261031EUR90,00")
        let result = readMT940(text)
        #expect(result.statements.count == 1)
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func aTagSplitOverTwoLinesIsOneTag() throws {
        let text = message([":61:2610051005D10,00NTRFNONREF", ":", "86:166?00GUTSCHR. UEBERWEISUNG?20SVWZ+Test"], closing: "C261031EUR90,00")
        let t = try #require(readMT940(text).statements.first?.transactions.first)
        #expect(t.memo == "Test")
    }

    @Test func informationAfterTheClosingBalanceBelongsToTheStatement() throws {
        let text = message(body, closing: "C261031EUR90,00").replacingOccurrences(of: "-\r\n", with: ":86:D000004C000002D25,24C28,71\r\n-\r\n")
        let s = try #require(readMT940(text).statements.first)
        #expect(s.extra.first { $0.key == "information" }?.value == "D000004C000002D25,24C28,71")
        #expect(s.transactions.first?.memo == "Test")
    }

    @Test func nonSwiftLinesAreKept() throws {
        let text = message([":NS:22Test GmbH", "23Testkonto", ":61:2610051005D10,00NTRFNONREF", ":NS:01Verwendungszweck 1", "15Empfänger"],
                           closing: "C261031EUR90,00")
        let s = try #require(readMT940(text).statements.first)
        #expect(s.extra.first { $0.key == "NS" }?.value == "22Test GmbH 23Testkonto")
        #expect(s.transactions.first?.extra("NS") == "01Verwendungszweck 1 15Empfänger")
    }

    @Test func unknownFieldsAreKept() throws {
        let text = message([":23:ABC", ":61:2610051005D10,00NTRFNONREF", ":23:DEF"], closing: "C261031EUR90,00")
        let s = try #require(readMT940(text).statements.first)
        #expect(s.extra.first { $0.key == "23" }?.value == "ABC")
        #expect(s.transactions.first?.extra("23") == "DEF")
    }

    @Test func aCurrencyAfterTheAccountIsTakenOff() throws {
        let s = try #require(readMT940(message([], account: "1291.99.348EUR")).statements.first)
        #expect(s.account.id == "1291.99.348")
        #expect(s.extra.first { $0.key == "account as written" }?.value == "1291.99.348EUR")
        let slash = try #require(readMT940(message([], account: "UBRTHUHB/123456789150ABCDEF002/HUF")).statements.first)
        #expect(slash.account.id == "UBRTHUHB/123456789150ABCDEF002")
    }

    @Test func anIBANStaysAsItIs() throws {
        let s = try #require(readMT940(message([], account: "DE02120300000000202051")).statements.first)
        #expect(s.account.id == "DE02120300000000202051")
        #expect(s.account.bankId == nil)
    }

    @Test func fieldsBeforeAnyReferenceAreAStatementWithAWarning() {
        let result = readMT940(":61:110701CN50,00NZ10NONREF\r\n-\r\n")
        #expect(result.statements.first?.transactions.count == 1)
        #expect(result.diagnostics.map(\.code) == ["mt940.structure"])
    }

    @Test func interimReportIsMT942() throws {
        let text = [":20:ST170119CYC/0001", ":25:PL29114010810000267002001002", ":28C:1/1", ":34F:PLN0", ":13D:1701191815+0100",
                    ":61:1701190119CN0,01NTRFNONREF//MB170119012058", ":90D:0PLN0,00", ":90C:1PLN0,01", "-"].joined(separator: "\n")
        let result = readMT940(text)
        let s = try #require(result.statements.first)
        #expect(s.source.format == "mt942")
        #expect(s.balances.isEmpty)
        #expect(s.transactions.count == 1)
        #expect(s.extra.first { $0.key == "floor limit" }?.value == "PLN0")
        #expect(result.diagnostics.isEmpty, "\(codes(result))")
    }

    @Test func windows1252TextIsDecoded() throws {
        // "Müller" in Windows-1252: ü is 0xFC.
        let bytes = Array(message([":61:2610051005D10,00NTRFNONREF", ":86:166?32M#ller"], closing: "C261031EUR90,00").utf8)
            .map { $0 == UInt8(ascii: "#") ? 0xFC : $0 }
        let result = MT940Reader().read(bytes, file: "w.sta", options: ReadOptions())
        #expect(result.statements.first?.transactions.first?.payee == "Müller")
        #expect(result.statements.first?.source.encoding == "windows-1252")
    }

    @Test func theCallersEncodingWins() throws {
        let bytes = Array(message([":61:2610051005D10,00NTRFNONREF", ":86:166?32M\u{00FC}ller"], closing: "C261031EUR90,00").utf8)
        let result = MT940Reader().read(bytes, file: "w.sta", options: ReadOptions(encoding: .latin1))
        #expect(result.statements.first?.transactions.first?.payee == "MÃ¼ller")
        #expect(result.statements.first?.source.encoding == "iso-8859-1")
    }

    @Test func binaryDataIsRefused() {
        let result = MT940Reader().read([0x3A, 0x32, 0x30, 0x3A, 0x00, 0x41], file: "b.sta", options: ReadOptions())
        #expect(result.diagnostics.map(\.code) == ["mt940.encoding"])
    }

    @Test func textWithoutAnyFieldIsNotMT940() {
        let result = readMT940("1\n2\n3\n")
        #expect(result.diagnostics.map(\.code) == ["mt940.not-mt940"])
        #expect(result.statements.isEmpty)
    }

    @Test func aHugeLineIsReadInLinearTime() {
        let huge = ":86:" + String(repeating: "A", count: 2_000_000)
        let start = Date()
        let result = readMT940(message([":61:2610051005D10,00NTRFNONREF", huge], closing: "C261031EUR90,00"))
        #expect(Date().timeIntervalSince(start) < 10)
        #expect(result.statements.first?.transactions.first?.memo?.utf8.count == 2_000_000)
    }
}

/// Control characters never reach a payee or memo.
@Suite struct MT940ControlCharacterTests {
    @Test func controlCharactersInTextBecomeSpaces() throws {
        let text = message([":61:2610051005D10,00NTRFNONREF", ":86:166?20SVWZ+A\u{1B}[31mB\u{7F}C?32Sh\u{07}op"], closing: "C261031EUR90,00")
        let t = try #require(readMT940(text).statements.first?.transactions.first)
        #expect(t.memo == "A [31mB C")
        #expect(t.payee == "Sh op")
    }
}
