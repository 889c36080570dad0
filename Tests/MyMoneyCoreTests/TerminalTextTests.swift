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
