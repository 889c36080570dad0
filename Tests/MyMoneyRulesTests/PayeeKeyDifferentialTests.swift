import Testing
@testable import MyMoneyRules

/// ``PayeeKey/of(_:)``'s byte loop for ASCII payees against its plain twin over characters
/// (``PayeeKey/ofPlainly(_:)``), on generated payees made of the pieces that decide a key: words,
/// digits, `#` and `*`, runs of every ASCII white space (a carriage return and line feed being one
/// character to the twin), and the punctuation stripped from the end.
@Suite struct PayeeKeyDifferentialTests {
    static let pieces = ["WHOLE", "foods", "Market", "7", "10234", "#", "*", "#99", "*2K4", "AB1", "x", "-", ",", ":", "/",
                         " ", "  ", "\t", "\r\n", "\n", "\r", "\u{0B}", "\u{0C}", "\u{1F}", "ü", "café", "a-b", "Q:"]

    @Test func asciiPayeesGetTheKeyThePlainTwinGives() {
        var state: UInt64 = 0x5EED
        func next(_ n: Int) -> Int {
            state &+= 0x9E3779B97F4A7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
            z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
            return Int((z ^ (z >> 31)) % UInt64(n))
        }
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
