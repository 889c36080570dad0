import Testing
@testable import MyMoneyCore
import MyMoneyTestSupport

/// The shortcuts the readers' hot paths take (plain amounts, ISO days, ASCII runs in the text
/// decoder) must give exactly what the full parsers give, and hand everything else on.
@Suite struct ParsingShortcutTests {
    /// What the full state machine alone reads, or its error reason.
    func full(_ text: String, _ format: AmountFormat) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            var reader = AmountReader(bytes: bytes, format: format)
            do throws(AmountParseError) {
                let a = try reader.read()
                return "\(a.units)e-\(a.scale)"
            } catch { return "error: \(error.reason) at \(error.offset)" }
        }
    }

    func viaParse(_ text: String, _ format: AmountFormat) -> String {
        var copy = text
        return copy.withUTF8 { bytes in
            do throws(AmountParseError) {
                let a = try Amount.parse(bytes, format: format)
                return "\(a.units)e-\(a.scale)"
            } catch { return "error: \(error.reason) at \(error.offset)" }
        }
    }

    @Test(arguments: ["-150.00", "150.00", "0.5", "-0.00", "0", "7", "-7", "12,5", "1,234", "1.234", "-3.000", "5.", ".5", "-.5",
                      "-", "", "--1", "1.2.3", "999999999999999999", "-999999999999999999", "9999999999999999999",
                      "99999999999999999.9", "9999999999999999.99", "0000000000000000000001", "12a", "1 234,50", "+5", "5-",
                      "00.10", "123456789012345678.0", "1,5", "(12.00)", "12.00 CR"])
    func plainAmountShortcutAgreesWithTheFullReader(text: String) {
        for format in [AmountFormat.point, .comma, .plain] {
            #expect(viaParse(text, format) == full(text, format), "\(text) in \(format.decimalMark) format")
        }
    }

    @Test func groupedShortcutAgreesWithTheFullReader() {
        var rng = SeededGenerator(seed: 17)
        let alphabet = Array("0123456789012345678900..,,-'")
        var samples = ["-3.000,00", "1.234.567,89", "12.345", "1,234,567.89", "-1,000", "1.23.456", "1,23,456.00",
                       "0.000,5", "1.2345,00", "1..234", "1.234.", ".234,5", "999.999.999.999.999.999", "9.999.999.999.999.999.999"]
        for _ in 0..<20000 {
            samples.append(String((0..<Int.random(in: 1...16, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }))
        }
        for text in samples {
            for (format, mark, group) in [(AmountFormat.comma, UInt8(ascii: ","), UInt8(ascii: ".")), (.point, UInt8(ascii: "."), UInt8(ascii: ","))] {
                var copy = text
                let shortcut = copy.withUTF8 { Amount.parseSimple($0, decimalMark: mark, groupingMark: group) }
                if let shortcut {
                    let expected = full(text, format)
                    #expect("\(shortcut.units)e-\(shortcut.scale)" == expected, "\(text)")
                }
            }
        }
        var grouped = "-3.000,00"
        #expect(grouped.withUTF8 { Amount.parseSimple($0, decimalMark: 0x2C, groupingMark: 0x2E) } == Amount(units: -300000, scale: 2))
    }

    @Test func digitGroupsJudgeLikeTheListOfGroups() {
        var rng = SeededGenerator(seed: 3)
        for _ in 0..<5000 {
            let lengths = (0..<Int.random(in: 0...6, using: &rng)).map { _ in Int.random(in: 0...4, using: &rng) }
            var groups = AmountReader.DigitGroups()
            for g in lengths { groups.append(g) }
            #expect(groups.isValid == AmountReader.validGrouping(lengths), "\(lengths)")
        }
    }

    @Test func plainAmountShortcutTakesOnlyTheSimpleForm() {
        func shortcut(_ text: String, _ mark: UInt8) -> Amount? {
            var copy = text
            return copy.withUTF8 { Amount.parsePlain($0, decimalMark: mark) }
        }
        #expect(shortcut("-150.00", 0x2E) == Amount(units: -15000, scale: 2))
        #expect(shortcut("12,5", 0x2C) == Amount(units: 125, scale: 1))
        #expect(shortcut("1,234", 0x2E) == nil)      // grouping: the full reader's job
        #expect(shortcut("5.", 0x2E) == nil)
        #expect(shortcut("9999999999999999999", 0x2E) == nil) // 19 digits would overflow
        #expect(shortcut("999999999999999999", 0x2E) == Amount(units: 999_999_999_999_999_999))
    }

    @Test func moreDecimalPlacesThanAnAmountHoldsIsRefusedNotACrash() {
        // 19 places, only one of them significant: once a precondition failure in Amount(units:scale:).
        for text in ["0.0000000000000000001", "-0.00000000000000000000", "1,0000000000000000000"] {
            for format in [AmountFormat.point, .comma, .plain] {
                #expect(throws: AmountParseError.self, "\(text)") { try Amount(parsing: text, format: format) }
            }
        }
        #expect((try? Amount(parsing: "0.000000000000000001", format: .point)) == Amount(units: 1, scale: 18))
    }

    @Test(arguments: ["2026-10-05", "2026/10/05", "2026.10.05", "2024-02-29", "2023-02-29", "2026-13-05", "2026-00-10",
                      "2026-10-00", "2026-10-32", "2026-1-05", "2026-10-5", "2026-10-05x", "2026_10_05", "20261005", "05.10.2026",
                      "10/05/2026", "2026-10-05 12:00", "1997-05-19", "0000-01-01", "2026-1a-05"])
    func isoDayShortcutAgreesWithTheGeneralReader(text: String) {
        // The general reader on the same text with a trailing weekday reads the same day, by the
        // long path (the shortcut takes exactly ten bytes).
        for order in [DayOrder.yearMonthDay, .dayMonthYear, .monthDayYear] {
            let short = Day.parse(text, order: order)
            let long = Day.parse(text + " Mon", order: order)
            #expect(short == long, "\(text) \(order)")
        }
        #expect(Day.parse("2024-02-29", order: .dayMonthYear) == Day(year: 2024, month: 2, day: 29))
        #expect(Day.parse("2023-02-29", order: .yearMonthDay) == nil)
    }

    @Test func nulIsFoundAtItsOffsetAfterLongAsciiRuns() {
        for offset in [0, 1, 7, 8, 9, 15, 16, 17, 63, 64, 100] {
            var bytes = Array(repeating: UInt8(ascii: "a"), count: 120)
            bytes[offset] = 0
            bytes[offset + 3] = 0 // a later NUL does not hide the first
            #expect(TextDecoder.firstNUL(bytes) == offset)
        }
        #expect(TextDecoder.firstNUL(Array(repeating: 0x41, count: 77)) == nil)
        #expect(TextDecoder.firstNUL([]) == nil)
        // Bytes above 0x80 next to a zero-free word are not mistaken for a NUL.
        #expect(TextDecoder.firstNUL([0x80, 0x81, 0xFF, 0x01, 0x7F, 0x80, 0x01, 0x01, 0x01]) == nil)
    }

    @Test func invalidUTF8IsFoundAtItsOffsetAfterLongAsciiRuns() {
        for offset in [0, 5, 8, 15, 16, 31, 40] {
            var bytes = Array(repeating: UInt8(ascii: "x"), count: 48)
            bytes[offset] = 0xC3 // a lead byte followed by ASCII: invalid
            #expect(TextDecoder.firstInvalidUTF8(bytes) == offset)
        }
        var valid = Array(repeating: UInt8(ascii: "x"), count: 30) + Array("Café Zürich €".utf8) + Array(repeating: UInt8(ascii: "y"), count: 17)
        #expect(TextDecoder.firstInvalidUTF8(valid) == nil)
        valid.append(0xE2) // truncated at the end
        #expect(TextDecoder.firstInvalidUTF8(valid) == valid.count - 1)
    }

    @Test func randomAmountsReadAlikeByShortcutAndFullReader() {
        var rng = SeededGenerator(seed: 7)
        let alphabet = Array("0123456789012345678900-.,+ ()")
        for _ in 0..<20000 {
            let text = String((0..<Int.random(in: 1...22, using: &rng)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            for format in [AmountFormat.point, .comma, .plain] {
                #expect(viaParse(text, format) == full(text, format), "\(text)")
            }
        }
    }

    @Test func randomIsoLikeDaysReadAlikeByShortcutAndGeneralReader() {
        // A leading space is skipped by the general reader and keeps the text off the shortcut.
        var rng = SeededGenerator(seed: 11)
        let alphabet = Array("0123456789012345678901-/.a")
        for _ in 0..<20000 {
            var text = String((0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] })
            if Bool.random(using: &rng) { // often a well-formed shape, with random digits
                let y = Int.random(in: 0...9999, using: &rng), m = Int.random(in: 0...13, using: &rng), d = Int.random(in: 0...32, using: &rng)
                let sep = ["-", "/", "."][Int.random(in: 0...2, using: &rng)]
                switch Int.random(in: 0...2, using: &rng) {
                case 0: text = String(format: "%04d\(sep)%02d\(sep)%02d", y, m, d)
                case 1: text = String(format: "%02d\(sep)%02d\(sep)%04d", d, m, y)
                default: text = String(format: "%02d\(sep)%02d\(sep)%04d", m, d, y)
                }
            }
            let tails = ["", "", " 12:00", "T10:00:00", " Mon", "  Sat", "x", ":", "1", " 1", " 123:00", ".", ". ", ",", " 12:00 Z"]
            text += tails[Int.random(in: 0..<tails.count, using: &rng)]
            for order in [DayOrder.yearMonthDay, .dayMonthYear, .monthDayYear] {
                #expect(Day.parse(text, order: order) == Day.parse(" " + text, order: order), "\(text)")
            }
        }
    }
}
