/// One way of reading a file's signs: what the columns alone leave open, to be decided by the
/// running balance (see ``BalanceEvidence``).
///
/// A row's amount as the row reader read it (signed by its column, its indicator word or its
/// debit/credit column) is its *base*; a reading turns the base into the movement of the balance:
/// - `negated`: every base the other way round (a card statement writing charges positive, a
///   bank writing debits positive, debit and credit columns or indicator words swapped);
/// - `wordSigns`: for indicator words the vocabulary does not know (`Obc.`, `Wypływ`), which one
///   means money out (`-1`) or in (`+1`), by the word's class (1, 2, …; class 0 is a row whose
///   base is already signed);
/// - `feeCharged`: whether a fee column's value moves the balance besides the amount (the fee is
///   then a transaction of its own) or is already part of the amount (kept as information).
struct SignReading: Sendable, Hashable, CustomStringConvertible {
    var negated = false
    var wordSigns: [Int8] = []
    var feeCharged = false

    /// The balance movement of a row under this reading; nil on overflow.
    func movement(base: Amount, wordClass: Int, fee: Amount?) -> Amount? {
        var value = base
        if wordClass > 0 {
            guard wordClass - 1 < wordSigns.count, let magnitude = try? base.magnitude() else { return nil }
            value = wordSigns[wordClass - 1] < 0 ? ((try? -magnitude) ?? magnitude) : magnitude
        }
        if negated { guard let n = try? -value else { return nil }; value = n }
        if feeCharged, let fee, !fee.isZero {
            guard let charge = Self.charge(fee), let sum = try? value + charge else { return nil }
            value = sum
        }
        return value
    }

    /// A fee as money out, however its column writes it (`1.03` or `-1.03`).
    static func charge(_ fee: Amount) -> Amount? {
        guard let magnitude = try? fee.magnitude() else { return nil }
        return try? -magnitude
    }

    /// Every reading worth trying, the plain one first: signs as written (or flipped), each
    /// unknown word either way, fees included or charged.
    static func candidates(unknownWords: Int, hasFees: Bool) -> [SignReading] {
        var result: [SignReading] = []
        let words = min(unknownWords, 6)
        for feeCharged in hasFees ? [false, true] : [false] {
            for negated in [false, true] {
                for mask in 0..<(1 << words) {
                    let signs = (0..<words).map { mask & (1 << $0) != 0 ? Int8(1) : Int8(-1) }
                    result.append(SignReading(negated: negated, wordSigns: signs, feeCharged: feeCharged))
                }
            }
        }
        return result
    }

    /// How the reading differs from the plain one, for diagnostics (`every sign reversed, fees charged`).
    var description: String {
        var parts: [String] = []
        parts.append(negated ? "every sign reversed" : "signs as written")
        if feeCharged { parts.append("fees charged besides the amount") }
        return parts.joined(separator: ", ")
    }
}
