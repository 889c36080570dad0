import Testing
import MyMoneyCore

@Suite struct CurrencyTests {
    @Test func minorUnitsFollowISO4217() {
        #expect(Currency(code: "JPY")?.minorUnits == 0)
        #expect(Currency(code: "BHD")?.minorUnits == 3)
        #expect(Currency(code: "EUR")?.minorUnits == 2)
        #expect(Currency(code: "XAU")?.minorUnits == nil)
    }

    @Test func codesAreCaseInsensitiveAndUnknownOnesRefused() {
        #expect(Currency(code: "usd") == .USD)
        #expect(Currency(code: "ABC") == nil)
        #expect(Currency(code: "EURO") == nil)
    }

    @Test func historicCodesAreKnownButMarked() {
        #expect(Currency(code: "DEM")?.isHistoric == true)
        #expect(Currency(code: "EUR")?.isHistoric == false)
        #expect(Currency.all.first?.isHistoric == false)
    }
}
