import MyMoneyTransfers

/// Small ledgers built in code for the matcher's unit tests.
struct Ledger {
    static let giro = Account(id: 1, name: "Giro", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"])
    static let savings = Account(id: 2, name: "Savings", kind: .savings, currency: .EUR, numbers: ["DE02120300000000202051"])
    static let checking = Account(id: 3, name: "Checking", kind: .bank, currency: .USD, numbers: ["000123456789"])
    static let card = Account(id: 4, name: "Visa", kind: .creditCard, currency: .USD, numbers: ["4111111111114321"])
    static let wallet = Account(id: 5, name: "Wallet", kind: .cash, currency: .EUR)
    static let other = Account(id: 6, name: "Joint", kind: .bank, currency: .EUR, numbers: ["NL91ABNA0417164300"])
    static let eurCard = Account(id: 7, name: "Mastercard", kind: .creditCard, currency: .EUR, numbers: ["5500000000000004"])
    static let all = [giro, savings, checking, card, wallet, other, eurCard]

    var transactions: [LedgerTransaction] = []

    @discardableResult
    mutating func add(_ account: Account, _ date: String, _ value: String, payee: String? = nil, memo: String? = nil,
                      id: Int64? = nil, hint: String? = nil, type: String? = nil) -> Int {
        transactions.append(LedgerTransaction(id: id, accountId: account.id ?? 0, day: Day(iso: date) ?? Day(daysSinceEpoch: 0),
                                              amount: (try? Amount(parsing: value)) ?? .zero, currency: account.currency,
                                              originalPayee: payee, memo: memo, bankType: type, transferHint: hint))
        return transactions.count - 1
    }

    func match(rates: [ExchangeRate] = [], confirmed: [TransferPair] = [], rejected: [TransferLink] = [],
               excluded: Set<Int64> = [], options: TransferMatchOptions = TransferMatchOptions()) -> TransferMatchResult {
        TransferMatcher(options: options).match(TransferMatchInput(transactions: transactions, accounts: Ledger.all, rates: rates,
                                                                  confirmed: confirmed, rejected: rejected,
                                                                  excludedTransactionIds: excluded))
    }
}

func rate(_ date: String, _ from: Currency, _ to: Currency, _ value: String) -> ExchangeRate {
    ExchangeRate(day: Day(iso: date) ?? Day(daysSinceEpoch: 0), from: from, to: to, rate: (try? Amount(parsing: value)) ?? .zero)
}

extension TransferPair {
    /// `Giro>Savings` — the accounts of a pair, for compact expectations.
    var route: String { "\(from.accountName)>\(to.accountName)" }
}
