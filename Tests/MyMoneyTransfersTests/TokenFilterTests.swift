import Testing
@testable import MyMoneyTransfers

/// ``TextEvidenceReader`` asks its tables only about tokens its ``TokenFilter`` may hold: it must
/// read every text as the plain twin (no filter, every token looked up) does.
@Suite("transfers: the token filter of the text evidence reader")
struct TokenFilterTests {
    static let filtered = TextEvidenceReader(accounts: Ledger.all, currencies: [.EUR, .USD, Currency(code: "GBP")!])
    static let plain = TextEvidenceReader(accounts: Ledger.all, currencies: [.EUR, .USD, Currency(code: "GBP")!], filtering: false)

    /// Texts with every kind of thing the reader finds: vocabulary words (one and two tokens,
    /// stems), account names of one to three tokens, account numbers whole, grouped, masked and
    /// by their last four digits, currency codes, reference words, merchant signs, and plain shops.
    static var texts: [String] {
        var texts = TransferVocabulary.words.map(\.text) + Ledger.all.map(\.name) + ReferenceWords.words
        for account in Ledger.all {
            for number in account.numbers {
                texts.append("to \(number) today")
                texts.append("XXXXXXXX\(number.suffix(4))")
                texts.append("card ****\(number.suffix(4)) payment")
                let digits = Array(number)
                texts.append(stride(from: 0, to: digits.count, by: 4).map { String(digits[$0..<min(digits.count, $0 + 4)]) }.joined(separator: " "))
            }
        }
        let words = ["North", "Bakery", "GmbH", "Card", "payment", "130722", "TRANSFER", "REF", "339982", "SEPA", "USD", "eur",
                     "Savings", "Tagesgeld", "Umbuchung", "auf", "#10234", "MKTPL*2K4LM", "Überweisung", "Geldautomat", "Joint",
                     "Alex", "Morgan", "THANK", "YOU", "Gebühren", "4321", "DE02", "1203", "0000", "2020", "51"]
        var seed: UInt64 = 0x2545_F491_4F6C_DD1D
        for _ in 0..<3_000 {
            var text: [String] = []
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            for k in 0..<Int(seed >> 61) + 1 { text.append(words[Int((seed >> UInt64(8 * k)) & 0xFF) % words.count]) }
            texts.append(text.joined(separator: Self.k(seed)))
        }
        return texts
    }

    static func k(_ seed: UInt64) -> String { seed & 1 == 0 ? " " : (seed & 2 == 0 ? ", " : " / ") }

    static func same(_ a: TextEvidence, _ b: TextEvidence) -> Bool {
        a.kinds == b.kinds && a.mentionedAccounts == b.mentionedAccounts && a.mentionedCurrencies == b.mentionedCurrencies
            && a.payeeHead == b.payeeHead && a.payeeText == b.payeeText && a.merchantLike == b.merchantLike
    }

    @Test func theFilteredReaderReadsEveryTextAsThePlainOne() {
        var found = 0
        for text in Self.texts {
            for payee in [true, false] {
                let fast = Self.filtered.read(text, payee: payee), slow = Self.plain.read(text, payee: payee)
                #expect(Self.same(fast, slow), "\(text) (payee: \(payee))")
                if slow.kinds != 0 || slow.mentionedAccounts != 0 || slow.mentionedCurrencies != 0 { found += 1 }
            }
        }
        // The texts are not all plain shops: most of the reader's findings are exercised.
        #expect(found > 2_000)
    }

    @Test func aFilterNeverMissesAHashItHolds() {
        var filter = TokenFilter()
        var seed: UInt64 = 42
        var held: [UInt64] = []
        for _ in 0..<500 {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            held.append(seed)
            filter.insert(seed)
        }
        #expect(held.allSatisfy(filter.mayHold))
        var others = 0, claimed = 0
        for _ in 0..<10_000 {
            seed = seed &* 2862933555777941757 &+ 3037000493
            others += 1
            if filter.mayHold(seed) { claimed += 1 }
        }
        // 500 of 65,536 bits set: about one in a hundred and thirty others is claimed.
        #expect(claimed < others / 40)
        #expect(TokenFilter(enabled: false).mayHold(12345))
    }
}
