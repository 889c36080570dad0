import MyMoneyCore
import MyMoneyTransfers

/// A generated ledger with known transfers, for measuring the transfer matcher (tests and
/// `mymoney-bench transfers`). Test data: it lives here, never in the library.
///
/// Four to ten accounts in up to four currencies (EUR, USD, GBP, CHF), about 40 transactions a
/// day: shop purchases with store numbers and merchant codes, salaries, interest, refunds, and
/// transfers of every kind the matcher knows (bank and savings, card bills, ATM withdrawals into
/// a wallet, cross-currency moves, fees by difference and as separate lines), some with telling
/// text and some bare. Accounts read as OFX (upper-case names, bank transaction types) or CSV
/// (mixed case, a purpose line, no types). Hard cases (``Case``) are mixed in: identical
/// transfers on one day, series between the same two accounts told apart only by amounts,
/// references or account numbers in the memo, late arrivals, retail FX spreads, and decoys (fee
/// look-alikes, refunds to another card, a plain charge before a cross-currency arrival).
/// Every transaction has an id (its index + 1), as stored rows do. The same configuration always
/// gives the same ledger.
public struct SyntheticTransferLedger: Sendable {
    /// How the accounts' statements read.
    public enum TextStyle: String, Sendable, Hashable, CaseIterable {
        /// Every account as OFX: upper-case payees of at most 32 characters, a bank type on every row.
        case ofx
        /// Every account as a bank CSV: mixed-case payees, no bank types.
        case csv
        /// Euro accounts as CSV, the others as OFX.
        case mixed
    }

    /// What to generate.
    public struct Configuration: Sendable, Hashable, CustomStringConvertible {
        /// About this many transactions.
        public var count: Int
        /// How many of the ten accounts (4…10), in the order of ``SyntheticTransferLedger/accountOrder``.
        public var accounts: Int
        public var style: TextStyle
        public var seed: UInt64
        /// The share of days (0…1) with reference rates.
        public var rateCoverage: Double
        /// Mix in the hard cases (``Case``) besides the ordinary transfers.
        public var hardCases: Bool

        public init(count: Int, accounts: Int = 10, style: TextStyle = .mixed, seed: UInt64 = 42,
                    rateCoverage: Double = 0.5, hardCases: Bool = true) {
            self.count = count
            self.accounts = min(10, max(4, accounts))
            self.style = style
            self.seed = seed
            self.rateCoverage = rateCoverage
            self.hardCases = hardCases
        }

        public var description: String { "\(count) transactions, \(accounts) accounts, \(style.rawValue), seed \(seed)" }
    }

    /// The kind of situation a transfer (or a decoy) stands for, for scores broken down by case.
    public enum Case: String, Sendable, Hashable, CaseIterable, Codable {
        /// Transfers of every ordinary kind (and ordinary decoys).
        case ordinary
        /// Two or three identical transfers between the same accounts on one day: any one-to-one pairing is right.
        case identicalSameDay = "identical_same_day"
        /// Several transfers between the same two accounts a few days apart, told apart by the
        /// amounts, references or account numbers their memos write.
        case series
        /// Arriving 5–9 days later, both texts naming the other account: should pair.
        case lateStrong = "late_strong"
        /// Arriving 5–6 days later, only one text naming the other account: should be a close call.
        case lateWeak = "late_weak"
        /// An ordinary expense and unrelated income 0.30–3.98 apart (CSV, no types): never a pair.
        case feeDecoy = "fee_decoy"
        /// Cross-currency at 3.5–5% off the day's rate (retail FX spreads): should pair.
        case fxSpread = "fx_spread"
        /// A purchase and its refund to another card with the same plain merchant text: never a pair.
        case refundToOtherCard = "refund_to_other_card"
        /// A plain 100.00 USD charge the day before a wordless 100.00 USD cross-currency arrival:
        /// the cross-currency leg must win.
        case bareDecoy = "bare_decoy"
    }

    /// One real transfer: indices into `transactions`.
    public struct Truth: Sendable, Hashable {
        public var from: Int
        public var to: Int
        public var feeLine: Int?
        public var kind: Case
        /// Transfers of one group are interchangeable (identical legs): any one-to-one pairing
        /// of the group's legs is right.
        public var group: Int?
    }

    public var configuration: Configuration
    public var accounts: [Account]
    public var transactions: [LedgerTransaction] = []
    /// Daily EUR→USD, EUR→GBP and EUR→CHF rates for the days the rates file covers.
    public var rates: [ExchangeRate] = []
    public var truth: [Truth] = []
    /// The case of every leg that belongs to a hard case's transfer or decoy (index → case).
    public var caseOfLeg: [Int: Case] = [:]

    /// The ten accounts' order of appearance: a configuration of k accounts uses the first k.
    public static let accountOrder = [0, 4, 1, 2, 6, 3, 5, 7, 8, 9]

    public init(_ configuration: Configuration) {
        self.configuration = configuration
        let all = SyntheticTransferLedger.makeAccounts()
        let present = Set(SyntheticTransferLedger.accountOrder.prefix(configuration.accounts))
        accounts = all.indices.filter { present.contains($0) }.map { all[$0] }
        var random = SeededGenerator(seed: configuration.seed)
        let perDay = 40
        let days = max(1, configuration.count / perDay)
        let (dayRates, fileRates) = SyntheticTransferLedger.walkRates(days: days + 12, coverage: configuration.rateCoverage,
                                                                       random: &random)
        rates = fileRates
        var generator = SyntheticTransferLedger.Generator(ledger: self, all: all, present: present, random: random,
                                                           start: SyntheticTransferLedger.start, rates: dayRates)
        while generator.ledger.transactions.count < configuration.count {
            generator.event(day: generator.ledger.transactions.count / perDay)
        }
        self = generator.ledger
    }

    /// The old entry point: ten accounts, mixed styles.
    public init(count: Int, seed: UInt64 = 42, rateCoverage: Double = 0.5, hardCases: Bool = true) {
        self.init(Configuration(count: count, accounts: 10, style: .mixed, seed: seed, rateCoverage: rateCoverage,
                                hardCases: hardCases))
    }

    static let start = Day(year: 2020, month: 1, day: 1) ?? Day(daysSinceEpoch: 18262)
    static let gbp = Currency(code: "GBP") ?? .EUR
    static let chf = Currency(code: "CHF") ?? .EUR

    /// Daily rates as a random walk around a centre: per day, units of EUR, USD, GBP, CHF per EUR
    /// (scaled by 10^4), and the rates-file lines for the covered days.
    static func walkRates(days: Int, coverage: Double, random: inout SeededGenerator) -> ([[Int64]], [ExchangeRate]) {
        let centres: [Int64] = [10_000, 11_000, 8_600, 9_400]
        let codes: [Currency] = [.EUR, .USD, gbp, chf]
        var walk = centres
        var perDay: [[Int64]] = []
        var file: [ExchangeRate] = []
        for d in 0..<days {
            for k in 1..<walk.count {
                let step = Int64(random.next(in: 0...60)) - 30
                walk[k] = max(walk[k] * 8 / 10 + centres[k] * 2 / 10, walk[k] + step)
                if random.unit() < coverage {
                    file.append(ExchangeRate(day: start.advanced(by: d), from: .EUR, to: codes[k], rate: Amount(units: walk[k], scale: 4)))
                }
            }
            perDay.append(walk)
        }
        return (perDay, file)
    }

    /// The ten accounts every configuration draws from.
    public static func makeAccounts() -> [Account] {
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
