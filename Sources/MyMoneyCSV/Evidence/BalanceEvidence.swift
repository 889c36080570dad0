/// Decides what the columns alone cannot, from a file's running balances: the sign reading
/// (``SignReading``) and the order of same-day rows. The balances are ground truth: the first
/// reading (the plain one first) under which every statement's chain holds is taken; when none
/// holds, the plain reading is kept and its first break reported.
///
/// Without a balance column, a stated opening and closing balance decide between the plain and
/// the reversed signs in the same way (the opening plus every movement must give the closing).
/// With one, stated balances are checked against the running ones afterwards (`csv.balance.stated`),
/// not made part of the chain.
struct BalanceEvidence {
    /// One statement's rows, by day, and its stated opening and closing balances.
    struct Statement {
        var order: [Int]
        var opening: Amount?
        var closing: Amount?
    }

    /// What the balances said.
    struct Decision {
        var reading: SignReading
        /// Each statement's rows in the order the balances fit.
        var orders: [[Int]]
        /// Each statement's chain under the reading (empty without a balance column).
        var outcomes: [BalanceChain.Outcome]
        var holds: Bool
        /// The readings tried, for a diagnostic.
        var tried: [SignReading]
        /// Unknown indicator words (by class, 1-based) that no link tested: their sign is not known.
        var untestedWords: [Int] = []
        /// For files without a balance column: the stated closing and what the movements give.
        var totals: (stated: Amount, computed: Amount)?
    }

    var base: (Int) -> Amount
    var wordClass: (Int) -> Int
    var fee: (Int) -> Amount?
    /// Nil for every row when the file has no balance column.
    var after: (Int) -> Amount?
    var day: (Int) -> Day
    var hasBalances: Bool
    var unknownWords: Int
    var hasFees: Bool

    /// - Complexity: O(n) per reading tried; a reading that fails stops at its first break.
    func decide(_ statements: [Statement]) -> Decision {
        let candidates = SignReading.candidates(unknownWords: unknownWords, hasFees: hasFees)
        var tried: [SignReading] = []
        for reading in candidates {
            tried.append(reading)
            if hasBalances {
                let chain = self.chain(reading)
                var outcomes: [BalanceChain.Outcome] = []
                var holds = true
                for s in statements {
                    let outcome = chain.check(s.order, opening: nil, stopAtFirstBreak: true)
                    if !outcome.holds { holds = false; break }
                    outcomes.append(outcome)
                }
                guard holds else { continue }
                let untested = (1...max(1, unknownWords)).filter { c in
                    c <= unknownWords && !outcomes.contains { $0.testedClasses.count > c && $0.testedClasses[c] > 0 }
                }
                // An unknown word that no link tested holds under either sign: its rows are reported.
                return Decision(reading: reading, orders: outcomes.map(\.order), outcomes: outcomes, holds: true, tried: tried,
                                untestedWords: untested)
            } else if let totals = totals(reading, statements), totals.stated != totals.computed {
                continue
            } else {
                return Decision(reading: reading, orders: statements.map(\.order), outcomes: [], holds: true, tried: tried)
            }
        }
        // Nothing holds: the plain reading, checked to the end, for the diagnostics.
        let plain = candidates[0]
        if hasBalances {
            let chain = self.chain(plain)
            let outcomes = statements.map { chain.check($0.order, opening: nil) }
            return Decision(reading: plain, orders: outcomes.map(\.order), outcomes: outcomes, holds: false, tried: tried)
        }
        return Decision(reading: plain, orders: statements.map(\.order), outcomes: [], holds: false, tried: tried,
                        totals: totals(plain, statements))
    }

    func chain(_ reading: SignReading) -> BalanceChain {
        let base = self.base, wordClass = self.wordClass, fee = self.fee
        return BalanceChain(movement: { reading.movement(base: base($0), wordClass: wordClass($0), fee: fee($0)) },
                            after: after, day: day, wordClass: wordClass)
    }

    /// The first statement with both a stated opening and closing: the closing, and the opening
    /// plus every movement under the reading.
    func totals(_ reading: SignReading, _ statements: [Statement]) -> (stated: Amount, computed: Amount)? {
        for s in statements {
            guard let opening = s.opening, let closing = s.closing else { continue }
            var sum: Amount? = opening
            for row in s.order {
                sum = sum.flatMap { total in reading.movement(base: base(row), wordClass: wordClass(row), fee: fee(row)).flatMap { try? total + $0 } }
            }
            return (closing, sum ?? opening)
        }
        return nil
    }
}
