import Testing
import MyMoneyCore

@Suite struct TextDecoderTests {
    @Test func utf8ByteOrderMarkIsRemoved() throws {
        let d = try TextDecoder.decode([0xEF, 0xBB, 0xBF] + Array("Café".utf8))
        #expect(d.encoding == .utf8)
        #expect(d.hadByteOrderMark)
        #expect(String(decoding: d.utf8, as: UTF8.self) == "Café")
    }

    @Test func utf16LittleAndBigEndianWithAndWithoutMark() throws {
        let text = "Datum\tBetrag\n€ 5"
        let le = text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let be = text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        let withMarkLE = try TextDecoder.decode([0xFF, 0xFE] + le)
        #expect(withMarkLE.encoding == .utf16LE)
        #expect(String(decoding: withMarkLE.utf8, as: UTF8.self) == text)
        let withMarkBE = try TextDecoder.decode([0xFE, 0xFF] + be)
        #expect(withMarkBE.encoding == .utf16BE)
        #expect(String(decoding: withMarkBE.utf8, as: UTF8.self) == text)
        let bare = try TextDecoder.decode(le)
        #expect(bare.encoding == .utf16LE)
        #expect(String(decoding: bare.utf8, as: UTF8.self) == text)
    }

    @Test func windows1252EuroIsByte0x80() throws {
        let d = try TextDecoder.decode([0x80, 0x20, 0x35, 0x3B, 0xE4])
        #expect(d.encoding == .windows1252)
        #expect(String(decoding: d.utf8, as: UTF8.self) == "€ 5;ä")
    }

    @Test func latin1ReadsTheSameBytesDifferently() throws {
        let d = try TextDecoder.decode([0x80, 0xE9], forced: .latin1)
        #expect(d.encoding == .latin1)
        #expect(Array(String(decoding: d.utf8, as: UTF8.self).unicodeScalars.map(\.value)) == [0x80, 0xE9])
        #expect(TextEncoding(name: "ISO-8859-1") == .latin1)
        #expect(TextEncoding(name: "cp1252") == .windows1252)
        #expect(TextEncoding(name: "klingon") == nil)
    }

    @Test func nulBytesAreRefusedAsBinary() {
        #expect(throws: TextDecodingError.self) { try TextDecoder.decode([0x41, 0x42, 0x00, 0x43, 0x44, 0x45, 0x46, 0x47]) }
        do { _ = try TextDecoder.decode([0x41, 0x00, 0x42]) } catch { #expect(error.offset == 1) }
    }

    @Test func strictUTF8RefusesOverlongsAndSurrogates() {
        #expect(!TextDecoder.isValidUTF8([0xC0, 0xAF]))
        #expect(!TextDecoder.isValidUTF8([0xED, 0xA0, 0x80]))
        #expect(TextDecoder.isValidUTF8(Array("ÄÖÜ €".utf8)))
        #expect(throws: TextDecodingError.self) { try TextDecoder.decode([0xC3], forced: .utf8) }
    }
}

@Suite struct CentralEuropeanTests {
    @Test func polishWindows1250IsToldFromWindows1252() throws {
        // "Bankowość Łódź, opłata, mieszkań" in Windows-1250.
        let bytes: [UInt8] = Array("Bankowo".utf8) + [0x9C, 0xE6] + Array(" ".utf8) + [0xA3, 0xF3, 0x64, 0x9F] + Array(", op".utf8) + [0xB3]
            + Array("ata, mieszka".utf8) + [0xF1]
        let d = try TextDecoder.decode(bytes)
        #expect(d.encoding == .windows1250)
        #expect(String(decoding: d.utf8, as: UTF8.self) == "Bankowość Łódź, opłata, mieszkań")
    }

    @Test func westernTextWithSymbolsStaysWindows1252() throws {
        let bytes: [UInt8] = Array("Preis 5".utf8) + [0xB3] + Array(" m, c".utf8) + [0x9C] + Array("ur, ".utf8) + [0xBF] + Array("Que? Gr".utf8) + [0xFC, 0xDF, 0x65]
        #expect(try TextDecoder.decode(bytes).encoding == .windows1252)
    }
}
