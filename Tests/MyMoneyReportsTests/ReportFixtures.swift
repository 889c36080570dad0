import MyMoneyReports

/// Short spellings for building report inputs in code.
enum Fixture {
    static func day(_ text: String) -> Day { Day(iso: text)! }
    static func amount(_ text: String) -> Amount { try! Amount(parsing: text) }

    static func rate(_ day: String, _ from: Currency, _ to: Currency, _ rate: String, _ source: StoredRate.Source = .ecb,
                     id: Int64? = nil) -> StoredRate {
        StoredRate(id: id, day: Fixture.day(day), from: from, to: to, rate: amount(rate), source: source)
    }

    static func converter(_ rates: [StoredRate], transfers: [TransferLegAmount] = [], into target: Currency = .EUR) -> CurrencyConverter {
        CurrencyConverter(target: target, book: RateBook(rates: rates, transfers: transfers))
    }

    static func total(_ day: String, _ amount: String, _ name: String? = nil, type: TransactionType? = nil,
                      currency: Currency = .EUR, count: Int = 1) -> DailyTotal {
        let value = Fixture.amount(amount)
        return DailyTotal(day: Fixture.day(day), currency: currency, type: type ?? (value.isNegative ? .expense : .income),
                          name: name, amount: value, count: count)
    }

    static func posting(_ id: Int64, _ day: String, _ amount: String, payee: String? = nil, category: String? = nil,
                        tags: [String] = [], currency: Currency = .EUR, type: TransactionType? = nil) -> Posting {
        let value = Fixture.amount(amount)
        return Posting(transactionId: id, accountId: 1, day: Fixture.day(day), amount: value, currency: currency,
                       type: type ?? (value.isNegative ? .expense : .income), payee: payee,
                       category: category.flatMap(CategoryPath.init(parsing:)), tags: tags)
    }

    static let GBP = Currency(code: "GBP")!
    static let JPY = Currency(code: "JPY")!
    static let CHF = Currency(code: "CHF")!
}

/// A small deterministic generator for differential tests.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E3779B97F4A7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58476D1CE4E5B9
        z = (z ^ (z >> 27)) &* 0x94D049BB133111EB
        return z ^ (z >> 31)
    }
}
