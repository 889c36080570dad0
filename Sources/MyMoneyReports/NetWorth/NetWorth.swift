/// Every account's balance at the end of each period, in its own currency and converted into one
/// currency at the rate of that day, and their total.
///
/// A balance is the account's opening balance plus every transaction up to and including the day
/// (transfers included: they move money between accounts, the total stays). A balance without a
/// rate on or before the day is left out of the total and listed as unconverted.
public struct NetWorth: Sendable {
    public struct Balance: Sendable, Hashable {
        public var account: Account
        public var balance: Amount
        /// Nil when no rate is known.
        public var converted: Amount?
    }

    public struct Row: Sendable, Hashable {
        public var asOf: Day
        public var balances: [Balance]
        public var total: Amount
        public var unconverted: [UnconvertedMoney]
    }

    public var currency: Currency
    public var rows: [Row]

    /// Per currency: the latest row's balances without a rate, how many balances in all rows
    /// lacked one, and the first day one did.
    public var unconverted: [UnconvertedMoney] {
        var first: [Currency: (day: Day, count: Int)] = [:]
        for row in rows {
            for entry in row.unconverted {
                let known = first[entry.currency]
                first[entry.currency] = (min(known?.day ?? entry.firstDayWithoutRate, entry.firstDayWithoutRate),
                                         (known?.count ?? 0) + entry.count)
            }
        }
        guard let last = rows.last(where: { !$0.unconverted.isEmpty }) else { return [] }
        return last.unconverted.map { entry in
            UnconvertedMoney(currency: entry.currency, amount: entry.amount, count: first[entry.currency]?.count ?? entry.count,
                             firstDayWithoutRate: first[entry.currency]?.day ?? entry.firstDayWithoutRate)
        }
    }

    /// - Parameters:
    ///   - accounts: every account, in the order rows list them.
    ///   - byAccount: aggregate rows named by account name, every day up to the last of `ends`.
    ///   - ends: the days to show, oldest first.
    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public init(accounts: [Account], byAccount: [DailyTotal], ends: [Day], converter: CurrencyConverter) throws(AmountError) {
        var converter = converter
        currency = converter.target
        let sorted = byAccount.sorted { $0.day < $1.day }
        var balances: [String: Amount] = [:]
        for account in accounts { balances[account.name] = account.openingBalance }
        var next = 0
        var rows: [Row] = []
        for end in ends {
            while next < sorted.count && sorted[next].day <= end {
                let total = sorted[next]
                if let name = total.name, let known = balances[name] { balances[name] = try known + total.amount }
                next += 1
            }
            var total = ExactDecimal.zero
            var unconverted = UnconvertedTally()
            var shown: [Balance] = []
            for account in accounts {
                let balance = balances[account.name] ?? account.openingBalance
                if let value = try converter.convert(balance, from: account.currency, on: end) {
                    try total.add(value)
                    shown.append(Balance(account: account, balance: balance, converted: try value.rounded(to: currency)))
                } else {
                    try unconverted.add(balance, account.currency, on: end)
                    shown.append(Balance(account: account, balance: balance, converted: nil))
                }
            }
            rows.append(Row(asOf: end, balances: shown, total: try total.rounded(to: currency), unconverted: unconverted.entries))
        }
        self.rows = rows
    }
}
