import Testing
import MyMoneyTestSupport
@testable import MyMoneyRules

/// ``PayeeKey/of(_:)``'s byte loop for ASCII payees against its plain twin over characters
/// (``PayeeKey/ofPlainly(_:)``), on generated payees made of the pieces that decide a key: words,
/// digits, `#` and `*`, runs of every ASCII white space (a carriage return and line feed being one
/// character to the twin), and the punctuation stripped from the end.
@Suite struct PayeeKeyDifferentialTests {
    static let pieces = ["WHOLE", "foods", "Market", "7", "10234", "#", "*", "#99", "*2K4", "AB1", "x", "-", ",", ":", "/",
                         " ", "  ", "\t", "\r\n", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "ü", "café", "a-b", "Q:"]

    @Test func asciiPayeesGetTheKeyThePlainTwinGives() {
        var random = SeededGenerator(seed: 0x5EED)
        func next(_ n: Int) -> Int { random.below(n) }
        var compared = 0
        for _ in 0..<20_000 {
            var payee = ""
            for _ in 0..<next(7) { payee += Self.pieces[next(Self.pieces.count)] }
            let fast = PayeeKey.of(payee), plain = PayeeKey.ofPlainly(payee)
            #expect(fast?.key == plain?.key && fast?.pattern == plain?.pattern, "\(payee.debugDescription)")
            if PayeeKey.ofASCII(payee) != nil { compared += 1 }
        }
        // Most generated payees are ASCII, so the byte loop is what was compared.
        #expect(compared > 10_000)
    }

    @Test func aCarriageReturnAndLineFeedAtTheEndIsStrippedLikeOneCharacter() {
        #expect(PayeeKey.of("REWE Markt\r\n")?.pattern == "REWE Markt")
        #expect(PayeeKey.of("REWE\r\nMarkt 12")?.key == "REWE MARKT")
        #expect(PayeeKey.of("ALDI - 42")?.pattern == "ALDI")
        #expect(PayeeKey.of(" - ") == nil)
    }
}
