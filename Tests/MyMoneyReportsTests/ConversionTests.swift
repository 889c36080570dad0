import Testing
@testable import MyMoneyReports

/// Converting into one currency: which rate, how exactly, and what happens without one.
@Suite struct ConversionTests {
    typealias F = Fixture

    @Test func anAmountConvertsAtTheLatestRateOnOrBeforeItsDay() throws {
        var converter = F.converter([F.rate("2026-10-01", .USD, .EUR, "0.90", .csv), F.rate("2026-10-05", .USD, .EUR, "0.80", .csv)])
        #expect(try converter.convert(F.amount("10.00"), from: .USD, on: F.day("2026-10-04"))?.rounded(to: .EUR) == F.amount("9.00"))
        #expect(try converter.convert(F.amount("10.00"), from: .USD, on: F.day("2026-10-05"))?.rounded(to: .EUR) == F.amount("8.00"))
        #expect(try converter.convert(F.amount("10.00"), from: .USD, on: F.day("2026-12-31"))?.rounded(to: .EUR) == F.amount("8.00"))
    }

    @Test func aDayBeforeTheFirstRateHasNoRateNeverOne() throws {
        var converter = F.converter([F.rate("2026-10-05", .EUR, .USD, "1.1364")])
        #expect(try converter.convert(F.amount("64.12"), from: .USD, on: F.day("2026-10-03")) == nil)
        var empty = F.converter([])
        #expect(try empty.convert(F.amount("1.00"), from: .USD, on: F.day("2026-10-03")) == nil)
        #expect(try empty.convert(F.amount("1.00"), from: .EUR, on: F.day("2026-10-03")) == ExactDecimal(F.amount("1.00")))
    }

    @Test func missingRatesAreReportedAsUnconvertedWithTheirFirstDay() throws {
        var converter = F.converter([F.rate("2026-10-05", .EUR, .USD, "1.25")])
        var figures = FlowFigures()
        for total in [F.total("2026-10-03", "-64.12", currency: .USD), F.total("2026-10-04", "-5.75", currency: .USD),
                      F.total("2026-10-09", "-50.00", currency: .USD), F.total("2026-10-02", "-54.37")] {
            try figures.add(total, converter: &converter)
        }
        let shown = try figures.rounded(to: .EUR)
        // 50.00 USD at 1 / 1.25 = 40.00 EUR, plus 54.37 EUR; the 69.87 USD before the first rate stay out.
        #expect(shown.expense == F.amount("-94.37"))
        #expect(shown.count == 4)
        #expect(shown.unconverted == [UnconvertedMoney(currency: .USD, amount: F.amount("-69.87"), count: 2,
                                                       firstDayWithoutRate: F.day("2026-10-03"))])
    }

    @Test func anInverseRateIsDividedNotRoundedToAFewDigits() throws {
        var converter = F.converter([F.rate("2026-10-05", .EUR, .USD, "1.1364")])
        let value = try #require(try converter.convert(F.amount("100000.00"), from: .USD, on: F.day("2026-10-05")))
        // 100000 / 1.1364 = 87997.184090108... ; a 4-digit inverse (0.8800) would give 88000.00.
        #expect(try value.rounded(to: .EUR) == F.amount("87997.18"))
        #expect(value.description == "87997.184090109116508272")
    }

    @Test func aCrossRateGoesThroughOneCommonCurrency() throws {
        var converter = F.converter([F.rate("2026-10-05", .EUR, .USD, "1.10"), F.rate("2026-10-05", .EUR, F.GBP, "0.85")], into: .USD)
        let found = converter.rate(from: F.GBP, on: F.day("2026-10-06"))
        let rate = try #require(found)
        #expect(rate.steps.map(\.to) == [F.GBP, .USD])
        // 100 GBP / 0.85 * 1.10 = 129.41176470588...
        #expect(try converter.convert(F.amount("100.00"), from: F.GBP, on: F.day("2026-10-06"))?.rounded(to: .USD) == F.amount("129.41"))
        #expect(rate.explanation == "inverse of ecb EUR→GBP 2026-10-05 via EUR, then ecb EUR→USD 2026-10-05")
    }

    @Test func aDirectRateWinsOverACrossAndAFileOverATransferOnTheSameDay() throws {
        let transfer = TransferLegAmount(transactionId: 7, accountId: 1, day: F.day("2026-10-05"), amount: F.amount("-88.00"), currency: .EUR,
                                         other: .init(transactionId: 8, day: F.day("2026-10-07"), amount: F.amount("100.00"), currency: .USD, confirmed: true))
        var converter = F.converter([F.rate("2026-10-05", .EUR, .USD, "1.25", .csv), F.rate("2026-10-05", .EUR, F.GBP, "0.85"),
                                     F.rate("2026-10-05", F.GBP, .USD, "1.50")], transfers: [transfer])
        let found = converter.rate(from: .USD, on: F.day("2026-10-05"))
        let rate = try #require(found)
        #expect(rate.steps.count == 1 && rate.steps[0].source == .csv && rate.steps[0].inverted)
        #expect(try converter.convert(F.amount("100.00"), from: .USD, on: F.day("2026-10-06"))?.rounded(to: .EUR) == F.amount("80.00"))
    }

    @Test func aConfirmedTransferIsTheRateThatDayAndConvertsItselfExactly() throws {
        let transfer = TransferLegAmount(transactionId: 7, accountId: 1, day: F.day("2026-10-05"), amount: F.amount("-88.00"), currency: .EUR,
                                         other: .init(transactionId: 8, day: F.day("2026-10-07"), amount: F.amount("100.00"), currency: .USD, confirmed: true))
        var converter = F.converter([], transfers: [transfer])
        // 100.00 USD × 88.00 / 100.00: exactly 88, not 100 / 1.1363636364.
        #expect(try converter.convert(F.amount("100.00"), from: .USD, on: F.day("2026-10-07")) == ExactDecimal(F.amount("88")))
        let found = converter.rate(from: .USD, on: F.day("2026-10-05"))
        #expect(found?.steps.first?.source == .transfer)
        #expect(try converter.convert(F.amount("1.00"), from: .USD, on: F.day("2026-10-04")) == nil)
        // A proposed link is not the user's word yet: no rate.
        var proposed = transfer
        proposed.other?.confirmed = false
        var unsure = F.converter([], transfers: [proposed])
        #expect(try unsure.convert(F.amount("1.00"), from: .USD, on: F.day("2026-10-09")) == nil)
    }

    @Test func eachFigureIsRoundedOnceHalfEven() throws {
        var converter = F.converter([F.rate("2026-10-01", .USD, .EUR, "1.005", .csv)])
        var figures = FlowFigures()
        for day in ["2026-10-01", "2026-10-02", "2026-10-03"] { try figures.add(F.total(day, "-1.00", currency: .USD), converter: &converter) }
        // Each 1.00 USD is 1.005 EUR; rounded one by one (half-even) they would be 1.00 each, 3.00 in all.
        #expect(try figures.rounded(to: .EUR).expense == F.amount("-3.02"))
        #expect(try ExactDecimal(F.amount("0.125")).rounded(to: .EUR) == F.amount("0.12"))
        #expect(try ExactDecimal(F.amount("0.135")).rounded(to: .EUR) == F.amount("0.14"))
        #expect(try ExactDecimal(F.amount("-0.125")).rounded(to: .EUR) == F.amount("-0.12"))
        #expect(try ExactDecimal(F.amount("2.5")).rounded(to: F.JPY) == F.amount("2"))
    }

    @Test func aProductTooLargeIsAnErrorNotAWrap() throws {
        var converter = F.converter([F.rate("2026-10-01", .EUR, F.JPY, "9000000000")], into: F.JPY)
        #expect(throws: AmountError.overflow) {
            _ = try converter.convert(Amount(units: Int64.max, scale: 0), from: .EUR, on: F.day("2026-10-01"))
        }
        let big = ExactDecimal(Amount(units: Int64.max))
        #expect(throws: AmountError.overflow) { _ = try (try big.times(1 << 40)) + big.times(1 << 40) }
    }

    @Test func twoRatesInTheDenominatorStillDivideExactly() throws {
        // CHF → EUR → GBP where both are quoted from the other side: amount / r1 / r2.
        var converter = F.converter([F.rate("2026-10-01", .EUR, F.CHF, "0.9412"), F.rate("2026-10-01", F.GBP, .EUR, "1.1765")], into: F.GBP)
        let value = try #require(try converter.convert(F.amount("1000.00"), from: F.CHF, on: F.day("2026-10-02")))
        // 1000 / 0.9412 / 1.1765 = 903.0823...
        #expect(try value.rounded(to: F.GBP) == F.amount("903.08"))
    }

    @Test func theFastDivisionGivesWhatTheBitwiseOneGives() {
        var generator = SplitMix(seed: 42)
        for _ in 0..<2000 {
            var n = WideNatural(generator.next())
            _ = n.multiply(by: generator.next())
            _ = n.multiply(by: generator.next() >> (generator.next() % 64))
            let d = WideNatural(max(1, generator.next() >> (generator.next() % 64)))
            let fast = n.divided(by: d)
            let plain = n.dividedBitwise(by: d)
            #expect(fast.quotient == plain.quotient && fast.remainder == plain.remainder)
        }
    }
}

/// The 128-bit conversion gives exactly what the 384-bit one gives.
@Suite struct ConversionFastPathTests {
    @Test func oneRateIn128BitsGivesWhatTheWidePathGives() throws {
        var generator = SplitMix(seed: 7)
        var fastUsed = 0
        for _ in 0..<5000 {
            let amount = Amount(units: Int64(bitPattern: generator.next()) >> (generator.next() % 60), scale: Int(generator.next() % 9))
            let rate = Amount(units: max(1, Int64(generator.next() >> (generator.next() % 60 + 4))), scale: Int(generator.next() % 13))
            for factor in [RateFactor(rate: rate), RateFactor(rate: rate).inverted] {
                let wide = Result { () throws(AmountError) in try factor.convertWide(amount) }
                let fast = Result { () throws(AmountError) in try factor.convertIn128Bits(amount) }
                switch (fast, wide) {
                case (.success(let f?), .success(let w)): #expect(f == w, "\(amount) \(factor)"); fastUsed += 1
                case (.success(nil), _): break
                case (.failure(let f), .failure(let w)): #expect(f == w)
                default: Issue.record("\(amount) \(factor): fast \(fast), wide \(wide)")
                }
            }
        }
        #expect(fastUsed > 5000)
    }
}
