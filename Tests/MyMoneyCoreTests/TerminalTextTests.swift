import Testing
@testable import MyMoneyCore
import MyMoneyTestSupport

@Suite("terminal text")
struct TerminalTextTests {
    @Test func escAndBelAndC1AreEscapedAsJSONWritesThem() {
        #expect(TerminalText.escaped("Evil\u{1B}]0;pwned\u{07}Shop\u{9B}2J") == "Evil\\u001B]0;pwned\\u0007Shop\\u009B2J")
        #expect(TerminalText.escaped("DEL\u{7F}") == "DEL\\u007F")
        #expect(TerminalText.escaped("two\nlines\tand a tab") == "two\nlines\tand a tab")
        #expect(TerminalText.escaped("Crédit Agricole – 5 €") == "Crédit Agricole – 5 €")
    }

    @Test func ourOwnStylesPassOnlyWhenAsked() {
        let bold = "\u{1B}[1mImported\u{1B}[0m"
        #expect(TerminalText.escaped(bold, keepingStyles: true) == bold)
        #expect(TerminalText.escaped(bold) == "\\u001B[1mImported\\u001B[0m")
        // A title-setting sequence is no style: escaped even then.
        #expect(TerminalText.escaped("\u{1B}]2;x\u{07}", keepingStyles: true) == "\\u001B]2;x\\u0007")
    }

    /// The byte scan that decides whether a text needs escaping against its plain twin: the
    /// same question asked scalar by scalar.
    @Test func theByteScanAgreesWithTheScalarCheck() {
        var random = SeededGenerator(seed: 42)
        let pool: [Unicode.Scalar] = ["a", "Z", " ", "\n", "\t", "\r", "\u{1B}", "\u{07}", "\u{7F}", "\u{80}", "\u{85}", "\u{9F}",
                                      "\u{A0}", "é", "€", "\u{2028}", "\u{C2}", "\u{100}", "😀", "\u{0}"]
        for _ in 0..<5000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...12, using: &random) { scalars.append(pool.randomElement(using: &random)!) }
            let text = String(scalars)
            let plain = text.unicodeScalars.contains(where: TerminalText.isControl)
            #expect(TerminalText.needsEscaping(text) == plain, "\(Array(text.unicodeScalars.map(\.value)))")
            #expect(TerminalText.escaped(text).unicodeScalars.contains(where: TerminalText.isControl) == false)
        }
    }

    /// The eight-bytes-at-a-time check for printable ASCII against the byte-by-byte scan: lines
    /// of printable ASCII of every length to 40 with one byte of any kind at any place (the first
    /// and last of a word of eight, after it, before it), and every byte value alone.
    @Test func theEightBytesCheckAgreesWithTheByteScan() {
        var random = SeededGenerator(seed: 7)
        var plainSeen = 0, escapedSeen = 0
        for length in 0...40 {
            for _ in 0..<60 {
                var bytes = (0..<length).map { _ in UInt8.random(in: 0x20...0x7E, using: &random) }
                if length > 0, Bool.random(using: &random) {
                    bytes[Int.random(in: 0..<length, using: &random)] = UInt8.random(in: 0...0xFF, using: &random)
                }
                let text = String(decoding: bytes, as: UTF8.self)
                let fast = TerminalText.needsEscaping(text)
                #expect(fast == TerminalText.needsEscapingByteByByte(text), "\(bytes)")
                if fast { escapedSeen += 1 } else { plainSeen += 1 }
            }
        }
        for byte in UInt8(0)...UInt8(0x7F) {
            let text = String(decoding: Array(repeating: 0x41, count: 9) + [byte], as: UTF8.self)
            #expect(TerminalText.needsEscaping(text) == TerminalText.needsEscapingByteByByte(text), "\(byte)")
            #expect(TerminalText.needsEscaping(text) == ((byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F))
        }
        #expect(TerminalText.needsEscaping("Shop \u{9B}2J and more text") && !TerminalText.needsEscaping("Café Müller at the end"))
        #expect(plainSeen > 500 && escapedSeen > 100)
    }

    @Test func jsonEscapesEveryControlCharacter() {
        #expect(JSONValue.string("a\u{1B}b\u{9B}c\u{7F}").serialized() == "\"a\\u001bb\\u009bc\\u007f\"")
    }

    @Test func tableCellsAreEscaped() {
        var table = TextTable(["payee"])
        table.add(["Bad\u{1B}[2J"])
        #expect(table.render() == "payee\n------------\nBad\\u001B[2J")
    }
}

@Suite("form values")
struct FormValueTests {
    @Test func problemsKeepTheirOrderAndAreKeptOnce() {
        var problems = FieldProblems()
        problems.add("title", "title should not be blank")
        problems.add("end date", "end date 2026-01-01 is before start date 2026-03-01")
        problems.add("title", "title should not be blank")
        #expect(problems.messages == ["title should not be blank", "end date 2026-01-01 is before start date 2026-03-01"])
        #expect(problems.contains(field: "end date") && !problems.contains(field: "color"))
    }

    @Test func countryCodesAreISO3166AlphaTwo() {
        #expect(CountryCode.all.count == 249)
        #expect(CountryCode(" de ")?.code == "DE")
        #expect(CountryCode("Germany") == nil && CountryCode("UK") == nil && CountryCode("XK") == nil && CountryCode("D E") == nil)
    }

    @Test func nounsAgreeWithTheirCounts() {
        #expect(counted(1, "file") == "1 file")
        #expect(counted(2, "file") == "2 files")
        #expect(counted(0, "category", "categories") == "0 categories")
    }

    @Test func amountsAreShownAtTheirCurrencysMinorUnits() throws {
        #expect(Amount(units: -200).shown(in: .EUR) == "-200.00 EUR")
        #expect(try Amount(parsing: "-5.125").shown(in: .EUR) == "-5.125 EUR")
        #expect(Amount(units: 5).shown(in: Currency(code: "JPY")!) == "5 JPY")
        #expect(try Amount(parsing: "-5.123").hasMoreDecimals(than: .EUR))
        #expect(try !Amount(parsing: "-5.120").hasMoreDecimals(than: .EUR))
    }
}
