extension StatementAssembler {
    /// The account a group's statement is about: the preamble's, the group's own, the profile's
    /// or the caller's id; the group's currency, else the rows' most common one, a header's, the
    /// preamble's, the profile's or the caller's.
    func account(for group: StatementGroup, _ rows: ReadRows, order: [Int]?) -> StatementAccount {
        var tally = CurrencyTally()
        if countsRowCurrencies {
            if let order { for i in order { tally.add(rows.transactions[i].currency) } } else { for t in rows.transactions { tally.add(t.currency) } }
        }
        return account(for: group, rowCurrency: tally.mostCommon)
    }

    /// Whether rows carry currencies of their own (they come only from a currency column or a
    /// column of amounts per currency): then the account's currency is the rows' most common one.
    var countsRowCurrencies: Bool { layout.column(.currency) != nil || !layout.currencyAmounts.isEmpty }

    /// The account of ``account(for:_:order:)`` given the rows' most common currency.
    func account(for group: StatementGroup, rowCurrency: Currency?) -> StatementAccount {
        var account = StatementAccount()
        let fromColumn = group.account.flatMap { $0.isEmpty ? nil : $0 }
        account.id = preamble.accountId ?? fromColumn.map { $0.filter { $0 != " " } } ?? layout.accountId ?? options.accountId
        if let fromColumn, preamble.accountId != nil { account.name = fromColumn }
        account.kind = layout.kind ?? .bank
        if let key = group.currency, !key.isEmpty, layout.splitsByCurrency, let c = Currency(code: key) {
            account.currency = c
            return account
        }
        account.currency = rowCurrency ?? layout.headerCurrency ?? preamble.currency ?? layout.currency ?? options.currency
        return account
    }

    func newStatement(_ account: StatementAccount) -> Statement {
        var statement = Statement(source: StatementSource(file: file, format: "csv", encoding: encoding.rawValue, profile: layout.profileName),
                                  account: account, period: period)
        for fact in preamble.facts { statement.extra.append(StatementField(fact.label, fact.values.joined(separator: " "))) }
        return statement
    }

    /// The whole file as one statement in file order, its running balances as the row reader built them.
    mutating func statementInFileOrder(_ group: StatementGroup, rows: inout ReadRows, balanceOnly: [BalanceOnlyRow]) -> Statement {
        let account = self.account(for: group, rows, order: nil)
        var transactions: [StatementTransaction] = []
        swap(&transactions, &rows.transactions)
        if layout.column(.currency) != nil || !layout.currencyAmounts.isEmpty { // row currencies come only from these
            let accountCurrency = account.currency
            for i in transactions.indices where transactions[i].currency != nil && transactions[i].currency == accountCurrency {
                transactions[i].currency = nil
            }
        }
        var statement = newStatement(account)
        var prebuilt = rows.chain
        rows.chain = nil
        statement.balances = balances(transactions, [], openingBefore: nil, currency: account.currency, balanceOnly: balanceOnly,
                                      prebuilt: &prebuilt, accepted: false)
        statement.transactions = transactions
        return statement
    }

    /// A group's statement in the order the evidence decided; charged fees become transactions of their own.
    mutating func statement(_ group: StatementGroup, order: [Int], rows: inout ReadRows, reading: SignReading, accepted: Bool,
                            balanceOnly: [BalanceOnlyRow]) -> Statement {
        let account = self.account(for: group, rows, order: order)
        let hasBalances = rows.hasBalances
        var transactions: [StatementTransaction] = []
        var afters: [Amount?] = []
        transactions.reserveCapacity(order.count)
        if hasBalances { afters.reserveCapacity(order.count) }
        for i in order {
            // Moved out of the shared rows: each transaction belongs to one statement.
            var t = StatementTransaction(day: rows.transactions[i].day, amount: rows.transactions[i].amount)
            swap(&t, &rows.transactions[i])
            if t.currency != nil, t.currency == account.currency { t.currency = nil }
            let after = hasBalances ? rows.balance[i] : nil
            if reading.feeCharged, let fee = rows.fee[safe: i] ?? nil, !fee.isZero, let charge = SignReading.charge(fee) {
                var charged = StatementTransaction(day: t.day, amount: charge, currency: t.currency, payee: t.payee, memo: "fee",
                                                   id: t.id.map { $0 + "-fee" }, bankType: "FEE", position: t.position)
                charged.extra = [StatementField("fee of", t.memo ?? t.payee ?? "line \(t.position?.line ?? 0)")]
                transactions.append(t)
                transactions.append(charged)
                if hasBalances { afters.append(nil); afters.append(after) }
            } else {
                transactions.append(t)
                if hasBalances { afters.append(after) }
            }
        }
        let before = order.first.flatMap { rows.balanceBefore[safe: $0] } ?? nil
        var statement = newStatement(account)
        var prebuilt: RunningBalances?
        statement.balances = balances(transactions, afters, openingBefore: before, currency: account.currency,
                                      balanceOnly: balanceOnly, prebuilt: &prebuilt, accepted: accepted)
        statement.transactions = transactions
        if accepted, let line = firstBreakLine {
            statement.extra.append(StatementField("balance-chain", "broken at line \(line); accepted (--accept-broken-balances)"))
        }
        return statement
    }

    /// How many rows continue the balance chain from the row before them.
    func chainScore(_ indexes: some Collection<Int>, _ rows: ReadRows) -> Int {
        var score = 0
        var previous: Amount?
        for i in indexes {
            let b = rows.balance[i]
            if let p = previous, let b, let s = try? p + rows.transactions[i].amount, s == b { score += 1 }
            previous = b
        }
        return score
    }

    /// Row indexes in chronological order: newest-first files are reversed, then a stable sort by day.
    func chronological(_ indexes: [Int], rows: ReadRows) -> [Int] {
        guard indexes.count > 1 else { return indexes }
        var up = 0, down = 0
        for k in 1..<indexes.count {
            let a = rows.transactions[indexes[k - 1]].day, b = rows.transactions[indexes[k]].day
            if b > a { up += 1 } else if b < a { down += 1 }
        }
        var ordered = indexes
        if down > up { ordered.reverse() }
        if up == 0 && down == 0, !rows.balance.isEmpty {
            // One day only: the direction the balance chain reads better in (then the chain check
            // puts same-day rows in the order their balances fit).
            if chainScore(indexes.reversed(), rows) > chainScore(indexes, rows) { ordered.reverse() }
        }
        if up > 0 && down > 0 {
            // Not sorted either way: a stable sort by day keeps same-day rows in file order.
            var keys = ordered.enumerated().map { (k, i) in (Int64(rows.transactions[i].day.daysSinceEpoch) << 32) | Int64(k) }
            keys.sort()
            ordered = keys.map { ordered[Int($0 & 0xFFFF_FFFF)] }
        }
        return ordered
    }
}

/// The most common currency of a statement's rows, counted in runs (most rows repeat the
/// previous one's); ties go to the code that sorts first.
struct CurrencyTally {
    private var counts: [Currency: Int] = [:]
    private var run: (currency: Currency, length: Int)?

    mutating func add(_ c: Currency?) {
        guard let c else { return }
        if let r = run, r.currency == c { run = (c, r.length + 1); return }
        if let r = run { counts[r.currency, default: 0] += r.length }
        run = (c, 1)
    }

    var mostCommon: Currency? {
        var all = counts
        if let r = run { all[r.currency, default: 0] += r.length }
        return all.max { ($0.value, $1.key.code) < ($1.value, $0.key.code) }?.key
    }
}
