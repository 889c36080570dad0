import Foundation
import Testing
@testable import MyMoneyMT940
import MyMoneyTestSupport

/// The `15d` amount reader against its plain twin, Core's amount parser with a decimal comma.
@Suite struct MT940AmountTests {
    static let comma = AmountFormat(decimalMark: ",", groupingMarks: ["."])

    func read(_ text: String) -> MT940Amount.Read? {
        Array(text.utf8).withUnsafeBufferPointer { try? MT940Amount.read($0).get() }
    }

    @Test func randomAmountsReadAsCoreReadsThem() {
        var generator = SeededGenerator(seed: 940)
        for _ in 0..<20_000 {
            let integer = String(Int.random(in: 0...999_999_999_999, using: &generator))
            let zeros = String(repeating: "0", count: Int.random(in: 0...3, using: &generator))
            let decimals = String(String(Int.random(in: 0...99_999, using: &generator)).prefix(Int.random(in: 0...5, using: &generator)))
            let text = zeros + integer + "," + decimals
            guard let fast = read(text) else { Issue.record("\(text) not read"); continue }
            #expect(fast.length == text.utf8.count)
            // Core needs digits after the mark; `380115,` is `380115`.
            let plain = try? Amount(parsing: decimals.isEmpty ? zeros + integer : text, format: Self.comma)
            #expect(fast.amount == plain, "\(text)")
            #expect(!fast.missingComma && !fast.grouped)
        }
    }

    @Test func groupedAmountsReadAsCoreReadsThem() {
        for text in ["1.234,56", "12.345.678,9", "999.999,"] {
            let fast = read(text)
            #expect(fast?.grouped == true)
            #expect(fast?.amount == (try? Amount(parsing: text.hasSuffix(",") ? String(text.dropLast()) : text, format: Self.comma)), "\(text)")
        }
    }

    @Test func theAmountStopsAtTheTypeCode() {
        #expect(read("49,90NMSC")?.length == 5)
        #expect(read("500NTRF")?.missingComma == true)
        #expect(read("500NTRF")?.amount == Amount(units: 500))
    }

    @Test func refusals() {
        for text in [",12", "1.23,4", "1234567890123456789,00", "N1,00"] {
            #expect(read(text) == nil, "\(text)")
        }
    }
}
