import Testing
import MyMoneyCore

/// Exact decimal amounts: every accepted form, every refusal with its reason, arithmetic.
@Suite struct AmountTests {
    func parse(_ text: String, _ format: AmountFormat = .plain) -> Amount? { try? Amount(parsing: text, format: format) }
    func reason(_ text: String, _ format: AmountFormat = .plain) -> String? {
        do { _ = try Amount(parsing: text, format: format); return nil } catch { return error.reason }
    }

    @Test(arguments: [
        ("-1234.56", AmountFormat.plain, "-1234.56"),
        ("+1.23", .plain, "1.23"),
        ("1.23-", .plain, "-1.23"),
        ("  42  ", .plain, "42"),
        ("(12.00)", .plain, "-12.00"),
        ("1,234.56", .point, "1234.56"),
        ("1'234.50", .point, "1234.50"),
        ("1 234.50", .point, "1234.50"),
        ("1\u{00A0}234,50", .comma, "1234.50"),
        ("1.234,56", .comma, "1234.56"),
        ("-3.000", .comma, "-3000"),
        ("+1,23", .comma, "1.23"),
        ("-12,50 €", .comma, "-12.50"),
        ("€ 12,50", .comma, "12.50"),
        ("$1,000.00", .point, "1000.00"),
        ("£12.00", .point, "12.00"),
        ("12.00 CR", .point, "12.00"),
        ("45.20DR", .point, "-45.20"),
        ("EUR 5.00", .point, "5.00"),
        ("US$ 7", .point, "7"),
        ("1,23,456.00", .point, "123456.00"),
        ("\u{2212}5", .plain, "-5"),
        (".5", .plain, "0.5"),
        ("0.05", .plain, "0.05"),
    ])
    func acceptedForms(_ text: String, _ format: AmountFormat, _ expected: String) {
        let a = parse(text, format)
        #expect(a?.description == expected, "\(text)")
    }

    @Test(arguments: [
        ("1,5", AmountFormat.plain, "unexpected \",\" in an amount"),
        ("12abc", .plain, "unexpected \"a\" in an amount"),
        ("--1", .plain, "more than one sign"),
        ("-", .plain, "no digits"),
        ("", .plain, "empty amount"),
        ("1234567890123456789", .plain, "more than 18 digits"),
        ("((1))", .plain, "two opening parentheses"),
        ("(12", .plain, "opening parenthesis is never closed"),
        ("1,23,4", .point, "digit groups do not fit the grouping marks (is \".\" the right decimal mark?)"),
        ("-12.00 CR", .point, "more than one sign"),
        ("abc", .plain, "expected digits, found \"a\""),
    ])
    func refusedWithAReason(_ text: String, _ format: AmountFormat, _ expected: String) {
        #expect(reason(text, format) == expected, "\(text)")
    }

    @Test func scaleIsKeptButEqualityIsNumeric() throws {
        let a = try Amount(parsing: "6.60")
        #expect(a.description == "6.60")
        #expect(a.scale == 2)
        #expect(a == (try Amount(parsing: "6.6")))
        #expect(a.hashValue == (try Amount(parsing: "6.600")).hashValue)
        #expect(a.normalized.description == "6.6")
    }

    @Test func additionAlignsScales() throws {
        #expect((try Amount(parsing: "1.5") + Amount(parsing: "2.25")).description == "3.75")
        #expect((try Amount(parsing: "10") - Amount(parsing: "0.01")).description == "9.99")
    }

    @Test func overflowIsAnErrorNotAWrap() {
        let big = Amount(units: .max, scale: 0)
        #expect(throws: AmountError.overflow) { try big + Amount(units: 1) }
        #expect(throws: AmountError.overflow) { try -Amount(units: .min) }
        #expect(throws: AmountError.overflow) { try Amount(units: .max / 2, scale: 0).rescaled(to: 2) }
        #expect(throws: AmountError.overflow) { try big * Amount(units: 2) }
    }

    @Test func roundingIsHalfAwayFromZero() throws {
        #expect(try Amount(parsing: "2.345").rounded(toScale: 2).description == "2.35")
        #expect(try Amount(parsing: "-2.345").rounded(toScale: 2).description == "-2.35")
        #expect(try Amount(parsing: "2.344").rounded(toScale: 2).description == "2.34")
        #expect(try Amount(parsing: "2.5").rounded(toScale: 0).description == "3")
    }

    @Test func divisionRoundsToTheAskedScale() throws {
        #expect(try Amount(parsing: "100").divided(by: Amount(parsing: "88"), scale: 6).description == "1.136364")
        #expect(try Amount(parsing: "-1").divided(by: Amount(parsing: "3"), scale: 2).description == "-0.33")
        #expect(throws: AmountError.divisionByZero) { try Amount(parsing: "1").divided(by: .zero, scale: 2) }
    }

    @Test func multiplicationIsExactOrRounded() throws {
        #expect(try (Amount(parsing: "1.5") * Amount(parsing: "1.5")).description == "2.25")
        #expect(try Amount(parsing: "88.00").multiplied(by: Amount(parsing: "1.136364"), scale: 2).description == "100.00")
    }

    @Test func codableAsAString() throws {
        let data = try JSONEncoder().encode([try Amount(parsing: "-6.60")])
        #expect(String(decoding: data, as: UTF8.self) == "[\"-6.60\"]")
        #expect(try JSONDecoder().decode([Amount].self, from: data) == [try Amount(parsing: "-6.6")])
    }

    @Test func changingTheFormatsMarksIsHonoured() throws {
        var format = AmountFormat.plain
        format.decimalMark = ","
        format.groupingMarks = ["."]
        #expect(try Amount(parsing: "1.234,5", format: format).description == "1234.5")
    }
}

import Foundation
