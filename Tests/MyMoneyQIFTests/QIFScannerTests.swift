import Foundation
@_spi(Speed) import MyMoneyCore
import Testing
@testable import MyMoneyQIF

/// The byte-level scanners behind the reader, checked against plain reference code.
@Suite struct QIFScannerTests {
    func lines(_ text: String) -> [String] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = QIFLines(buffer)
            var out: [String] = []
            while let line = scanner.next() {
                out.append(String(decoding: buffer[line.start..<line.end], as: UTF8.self))
            }
            return out
        }
    }

    @Test func lineBreaksAreFoundAtEveryOffsetOfAWord() {
        // Lines of every length from 0 to 20 bytes, so breaks fall at each position of an 8-byte word.
        var text = ""
        var expected: [String] = []
        for length in 0...20 {
            let line = String(repeating: "x", count: length) + (length % 3 == 0 ? "" : "y")
            text += line + "\n"
            expected.append(line)
        }
        #expect(lines(text) == expected)
        #expect(lines(text + "tail") == expected + ["tail"])
    }

    @Test func crlfAndBlanksAreTrimmedAndCrOnlyFilesSplit() {
        #expect(lines("PShop  \r\n  T1\r\n") == ["PShop", "T1"])
        #expect(lines("A\rB\rC") == ["A", "B", "C"])
        #expect(lines("") == [])
    }

    func fast(_ text: String, mark: UInt8 = 0x2E) -> String? {
        var copy = text
        return copy.withUTF8 { QIFAmountText.fastParse($0, decimalMark: mark) }?.description
    }

    @Test(arguments: [("-1,234.56", "-1234.56"), ("1234", "1234"), ("+0.5", "0.5"), ("1'000'000.00", "1000000.00"),
                      ("999,999,999,999,999.999", "999999999999999.999"), ("12.", "12")])
    func fastAmountsMatchTheirValue(_ text: String, _ value: String) {
        #expect(fast(text) == value)
    }

    @Test(arguments: ["1,23.00", "12,3456", ",5", "-", "", "1.2.3", "$5", "5-", "1234567890123456789", "1 000"])
    func unusualAmountsLeaveTheFastPath(_ text: String) {
        #expect(fast(text) == nil)
    }

    @Test func decimalCommaFastPath() {
        #expect(fast("-1.234,56", mark: 0x2C) == "-1234.56")
        #expect(fast("-3.000", mark: 0x2C) == "-3000")
        #expect(fast("1,5.0", mark: 0x2C) == nil)
    }

    @Test func blanksTrimmedAsFoundationTrimsWhitespaces() {
        let pieces = [" ", "\t", "\u{00A0}", "\u{2003}", "\u{3000}", "\u{202F}", "\n", "\r", "\u{200B}", "\u{FEFF}", "\u{1680}", "\u{205F}", "\u{200C}",
                      "a", "Bank", "ü", "€", "👍🏽", "e\u{0301}", "\u{0301}", ":"]
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for _ in 0..<3000 {
            let text = (0..<(next() % 7)).map { _ in pieces[next() % pieces.count] }.joined()
            #expect(text.trimmingBlanks() == text.trimmingCharacters(in: .whitespaces), "\(text.unicodeScalars.map(\.value))")
            let sub = text.dropFirst(text.isEmpty ? 0 : 1)
            #expect(sub.trimmingBlanks() == sub.trimmingCharacters(in: .whitespaces))
        }
    }

    @Test func sharedStringsAreEqualToTheirBytes() {
        let table = StringInterner(slots: 4)
        let values = ["REWE MARKT BERLIN", "Food", "AMAZON.COM*M21KD0HA0 AM", "REWE MARKT BERLIN", "Food:Groceries", "ü-Bahn Café",
                      String(repeating: "long", count: 30)]
        for _ in 0..<20 {
            for value in values {
                var copy = value
                let made = copy.withUTF8 { table.string($0) }
                #expect(made == value)
            }
        }
    }

    @Test func categoryFieldForms() {
        #expect(QIFCategoryField("Auto:Fuel/Business") == QIFCategoryField(category: "Auto:Fuel", tags: ["Business"]))
        #expect(QIFCategoryField("[Savings]/Trip") == QIFCategoryField(transferAccount: "Savings", tags: ["Trip"]))
        #expect(QIFCategoryField(" --Split-- ") == QIFCategoryField())
        #expect(QIFCategoryField("Fees/A|[Cash]/B") == QIFCategoryField(category: "Fees", transferAccount: "Cash", tags: ["A", "B"]))
        #expect(QIFCategoryField("[Unclosed") == QIFCategoryField(category: "[Unclosed"))
        #expect(QIFCategoryField("") == QIFCategoryField())
    }

    @Test func dateTextForms() {
        func read(_ text: String, _ order: DayOrder = .monthDayYear) -> String? {
            var copy = text
            return copy.withUTF8 { QIFDateText.scan($0) }?.day(order)?.description
        }
        #expect(read("1/ 1'00") == "2000-01-01")
        #expect(read("12/31/99") == "1999-12-31")
        #expect(read("31.12.2020", .dayMonthYear) == "2020-12-31")
        #expect(read("18/12/19", .yearMonthDay) == "2018-12-19")
        #expect(read("1/2'2020", .yearMonthDay) == nil)
        #expect(read("2022-09-08", .dayMonthYear) == "2022-09-08")
        #expect(read("01022024", .dayMonthYear) == "2024-02-01")
        #expect(read("1/2") == nil)
        #expect(read("1/2/3/4") == nil)
        #expect(read("123456789") == nil)
        #expect(read("5 Oct 2026") == "2026-10-05")
    }
}
