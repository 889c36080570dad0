import Testing
import MyMoneyQIF

@Suite struct QIFAmountTests {
    func amounts(_ values: [String]) -> (amounts: [String], document: QIFDocument) {
        var lines = ["!Type:Bank"]
        for v in values { lines += ["D2026-10-01", "T" + v, "^"] }
        let document = readQIF(lines)
        return (document.transactions.map(\.amount.description), document)
    }

    @Test func decimalCommaFileReadsThreeDecimalsAsThousands() {
        // -3.000 alone would be minus three; the file's 12,50 shows a decimal comma.
        #expect(amounts(["-3.000", "-12,50", "1.234,56"]).amounts == ["-3000", "-12.50", "1234.56"])
    }

    @Test func groupedPointAmounts() {
        #expect(amounts(["6,699.99", "-1,000,000.00"]).amounts == ["6699.99", "-1000000.00"])
    }

    @Test func ambiguousAmountsDefaultToDecimalPoint() {
        #expect(amounts(["-3.000"]).amounts == ["-3.000"])
    }

    @Test func apostropheGrouping() {
        #expect(amounts(["10'000.00"]).amounts == ["10000.00"])
    }

    @Test func dollarSignAndTrailingMinus() {
        #expect(amounts(["$25.00", "25.00-"]).amounts == ["25.00", "-25.00"])
    }

    @Test func mixedDecimalMarksWarnWithBothExamples() throws {
        let result = amounts(["-1.50", "-2.25", "3,75"])
        let warning = try #require(result.document.warnings.first { $0.code == "qif.amount.format" })
        #expect(warning.message.contains("-1.50") && warning.message.contains("3,75"))
        #expect(result.amounts.prefix(2) == ["-1.50", "-2.25"])
    }

    @Test func badAmountIsAnErrorWithColumn() throws {
        let document = readQIF(["!Type:Bank", "D2026-10-01", "T12abc", "^"])
        let error = try #require(document.errors.first)
        #expect(error.code == "qif.amount")
        #expect(error.position?.line == 3)
        #expect(error.position?.column == 4)
        #expect(error.file == "test.qif")
        #expect(document.transactions.isEmpty)
    }

    @Test func hugeAmountIsAnErrorNotAnOverflow() {
        let document = readQIF(["!Type:Bank", "D2026-10-01", "T99999999999999999999.99", "^"])
        #expect(document.codes(.error) == ["qif.amount"])
    }

    @Test func uAmountOverridesT() {
        let document = readQIF(["!Type:Bank", "D2026-10-01", "U-1,234,567.00", "T-234,567.00", "^"])
        #expect(document.transactions.first?.amount == amount("-1234567"))
    }

    @Test func missingAmountWarnsAndReadsZero() {
        let document = readQIF(["!Type:Bank", "D2026-10-01", "PNothing", "^"])
        #expect(document.codes(.warning) == ["qif.amount.missing"])
        #expect(document.transactions.first?.amount == .zero)
    }
}
