/// A generated ledger with known transfers, for measuring the matcher (tests and `mymoney-bench transfers`).
///
/// Ten accounts in four currencies (EUR, USD, GBP, CHF), about 40 transactions a day: shop
/// purchases with store numbers and merchant codes, salaries, interest, refunds, and transfers of
/// every kind the matcher knows (between bank and savings, card bills, ATM withdrawals into a
/// wallet, cross-currency moves through a transfer service, fees by difference and as separate
/// lines), some with telling text and some bare. Decoys: shop charges and refunds of a transfer's
/// amount a day later in other accounts, equal amounts beyond the window, payments from people.
/// The same seed always gives the same ledger.
public struct SyntheticTransferLedger: Sendable {
    /// One real transfer: indices into `transactions`.
    public struct Truth: Sendable, Hashable {
        public var from: Int
        public var to: Int
        public var feeLine: Int?
    }

    /// How well a match found the known transfers.
    public struct Score: Sendable, Hashable, CustomStringConvertible {
        public var truth: Int
        public var proposed: Int
        public var correct: Int
        /// Real transfers left as close calls.
        public var heldForReview: Int
        /// correct / proposed.
        public var precision: Double { proposed == 0 ? 1 : Double(correct) / Double(proposed) }
        /// correct / truth.
        public var recall: Double { truth == 0 ? 1 : Double(correct) / Double(truth) }

        public var description: String {
            "truth \(truth), proposed \(proposed), correct \(correct), held for review \(heldForReview), "
                + "precision \(percent(precision)), recall \(percent(recall))"
        }

        private func percent(_ x: Double) -> String {
            let tenths = Int((x * 1000).rounded())
            return "\(tenths / 10).\(tenths % 10)%"
        }
    }

    public var accounts: [Account]
    public var transactions: [LedgerTransaction] = []
    /// Daily EUR→USD, EUR→GBP and EUR→CHF rates for the days the rates file covers.
    public var rates: [ExchangeRate] = []
    public var truth: [Truth] = []

    /// About `count` transactions from `start`; `rateCoverage` (0…1) of the days have reference rates.
    public init(count: Int, seed: UInt64 = 42, start: Day = Day(year: 2020, month: 1, day: 1) ?? Day(daysSinceEpoch: 18262),
                rateCoverage: Double = 0.5) {
        accounts = SyntheticTransferLedger.makeAccounts()
        var random = SplitMix64(seed: seed)
        let perDay = 40
        let days = max(1, count / perDay)
        // Daily rates, a random walk around a centre.
        var walk: [(Currency, Int64)] = [(.EUR, 0), (.USD, 11_000), (SyntheticTransferLedger.gbp, 8_600), (SyntheticTransferLedger.chf, 9_400)]
        var dayRates: [[Int64]] = []
        for d in 0..<(days + 10) {
            var today: [Int64] = [10_000]
            for k in 1..<walk.count {
                let step = Int64(random.next(in: 0...60)) - 30
                walk[k].1 = max(walk[k].1 * 8 / 10 + (k == 1 ? 11_000 : (k == 2 ? 8_600 : 9_400)) * 2 / 10, walk[k].1 + step)
                today.append(walk[k].1)
                if random.unit() < rateCoverage {
                    rates.append(ExchangeRate(day: start.advanced(by: d), from: .EUR, to: walk[k].0,
                                              rate: Amount(units: walk[k].1, scale: 4)))
                }
            }
            dayRates.append(today)
        }
        var generator = Generator(ledger: self, random: random, start: start, rates: dayRates)
        while generator.ledger.transactions.count < count {
            let d = generator.ledger.transactions.count / perDay
            generator.event(day: d)
        }
        self = generator.ledger
    }

    /// Counts the proposed pairs that are real transfers, and the real transfers found.
    public func score(_ result: TransferMatchResult) -> Score {
        let truthSet = Set(truth.map { SyntheticTransferLedger.key($0.from, $0.to) })
        let proposed = result.proposed
        let correct = proposed.filter { pair in
            guard let a = pair.from.transactionIndex, let b = pair.to.transactionIndex else { return false }
            return truthSet.contains(SyntheticTransferLedger.key(a, b))
        }.count
        var held = 0
        for ambiguity in result.ambiguous {
            for candidate in ambiguity.candidates {
                if let a = candidate.from.transactionIndex, let b = candidate.to.transactionIndex,
                   truthSet.contains(SyntheticTransferLedger.key(a, b)) { held += 1 }
            }
        }
        return Score(truth: truth.count, proposed: proposed.count, correct: correct, heldForReview: held)
    }

    static func key(_ a: Int, _ b: Int) -> Int64 { Int64(a) << 32 | Int64(b) }

    static let gbp = Currency(code: "GBP") ?? .EUR
    static let chf = Currency(code: "CHF") ?? .EUR

    static func makeAccounts() -> [Account] {
        [
            Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"]),
            Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR, numbers: ["DE02120300000000202051"]),
            Account(id: 3, name: "Mastercard", kind: .creditCard, currency: .EUR, numbers: ["5500000000000004"]),
            Account(id: 4, name: "Wallet", kind: .cash, currency: .EUR),
            Account(id: 5, name: "US Checking", kind: .bank, currency: .USD, numbers: ["000123456789"]),
            Account(id: 6, name: "US Savings", kind: .savings, currency: .USD, numbers: ["000987654321"]),
            Account(id: 7, name: "Visa", kind: .creditCard, currency: .USD, numbers: ["4111111111114321"]),
            Account(id: 8, name: "UK Current", kind: .bank, currency: gbp, numbers: ["40051512345678"]),
            Account(id: 9, name: "UK Saver", kind: .savings, currency: gbp, numbers: ["40051587654321"]),
            Account(id: 10, name: "Swiss Konto", kind: .bank, currency: chf, numbers: ["CH9300762011623852957"]),
        ]
    }
}

/// A small, fast, deterministic random number generator (SplitMix64).
struct SplitMix64: Sendable {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }

    mutating func next(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    mutating func pick<T>(_ items: [T]) -> T { items[next(in: 0...(items.count - 1))] }
}
