/// Builds statements from read rows: one per account, transactions in chronological order,
/// running balances and the opening and closing balances derived from the chain.
struct StatementAssembler {
    var file: String
    var layout: CSVLayout
    var preamble: PreambleFacts
    var preambleBalances: [StatementBalance]
    var period: DayRange?
    var encoding: TextEncoding
    var options: ReadOptions
    var diagnostics: [Diagnostic] = []

    mutating func assemble(_ rows: inout CSVRowReader.Rows, balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)]) -> [Statement] {
        demoteRepeatedIds(&rows)
        // Balances by row are needed unless the whole file is one statement already in order
        // (then the row reader's running balances are taken as they are).
        let inOrder = rows.account.isEmpty && !rows.daysGoBack && rows.daysGoForward
        if !inOrder { rows.materializeBalances() }
        // Several accounts in one file (an account column with a few values): one statement each.
        // A column whose values differ on most rows is a counterparty, not the account.
        // `nil` indexes stand for every row in file order.
        var groups: [(key: String?, indexes: [Int]?)] = []
        if !rows.account.isEmpty {
            var index: [String: Int] = [:]
            for i in rows.transactions.indices {
                let key = rows.account[i]
                if let g = index[key] { groups[g].indexes?.append(i) } else {
                    index[key] = groups.count
                    groups.append((key, [i]))
                }
            }
            if groups.count > max(2, rows.transactions.count / 4) { groups = [(nil, nil)] }
        } else {
            groups = [(nil, nil)]
        }
        if groups.isEmpty { groups = [(nil, nil)] }
        let single = groups.count == 1
        var statements: [Statement] = []
        for group in groups {
            statements.append(statement(for: group.key, indexes: group.indexes, rows: &rows, balanceOnly: single ? balanceOnly : []))
        }
        return statements
    }

    /// A reference column whose values repeat or hold no digit (Starling's `Reference` holds the shop's name) is not
    /// the bank's transaction id: taken as an id it would make the ledger drop a later purchase at
    /// the same shop as a duplicate. Its values are kept as the extra field `reference`.
    mutating func demoteRepeatedIds(_ rows: inout CSVRowReader.Rows) {
        guard layout.column(.id) != nil else { return } // ids come only from an id column
        let repeated = rows.transactions.withUnsafeBufferPointer { IdRepeatCheck.firstOffender($0) }
        guard let repeated else { return }
        for i in rows.transactions.indices {
            guard let id = rows.transactions[i].id else { continue }
            rows.transactions[i].extra.append(StatementField("reference", id))
            rows.transactions[i].id = nil
        }
        diagnostics.append(Diagnostic(.note, code: "csv.id.repeated",
                                      "the reference column holds values that are no transaction ids (\"\(repeated)\" repeats or has no digit): it is kept as the extra field reference",
                                      file: file))
    }

    mutating func statement(for accountKey: String?, indexes fileOrder: [Int]?, rows: inout CSVRowReader.Rows,
                            balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)]) -> Statement {
        // nil: every row, in file order.
        let order: [Int]? = fileOrder == nil && isChronological(rows) ? nil
            : chronological(fileOrder ?? Array(rows.transactions.indices), rows: rows)
        var account = StatementAccount()
        let fromColumn = accountKey.flatMap { $0.isEmpty ? nil : $0 }
        account.id = preamble.accountId ?? fromColumn.map { $0.filter { $0 != " " } } ?? layout.accountId ?? options.accountId
        if let fromColumn, preamble.accountId != nil { account.name = fromColumn }
        account.kind = layout.kind ?? .bank
        // Currency: the rows' own column (most common), a header, the preamble, the profile, the caller.
        var counts: [Currency: Int] = [:]
        if layout.column(.currency) != nil {
            // Counted in runs of the same currency (most rows repeat the previous one's).
            var run: (currency: Currency, length: Int)?
            func count(_ c: Currency?) {
                guard let c else { return }
                if let r = run, r.currency == c { run = (c, r.length + 1); return }
                if let r = run { counts[r.currency, default: 0] += r.length }
                run = (c, 1)
            }
            rows.transactions.withUnsafeBufferPointer { t in
                if let order {
                    for i in order { count(t[i].currency) }
                } else {
                    for i in t.indices { count(t[i].currency) }
                }
            }
            if let r = run { counts[r.currency, default: 0] += r.length }
        }
        let rowCurrency = counts.max { ($0.value, $1.key.code) < ($1.value, $0.key.code) }?.key
        account.currency = rowCurrency ?? layout.headerCurrency ?? preamble.currency ?? layout.currency ?? options.currency

        var transactions: [StatementTransaction] = []
        let hasBalances = rows.hasBalances
        var balances: [Amount?] = []
        let identity = order.map { $0.count == rows.transactions.count && $0.elementsEqual(0..<$0.count) } ?? true
        if identity {
            // The whole file, already in order: take the arrays as they are.
            swap(&transactions, &rows.transactions)
            swap(&balances, &rows.balance)
            if layout.column(.currency) != nil { // row currencies come only from a currency column
                let accountCurrency = account.currency
                transactions.withUnsafeMutableBufferPointer { t in
                    for i in t.indices where t[i].currency != nil && t[i].currency == accountCurrency { t[i].currency = nil }
                }
            }
        }
        if !identity, let order {
            transactions.reserveCapacity(order.count)
            if hasBalances { rows.materializeBalances(); balances.reserveCapacity(order.count) }
        }
        for i in order ?? [] where !identity {
            // Moved out of the shared rows: each transaction belongs to one statement.
            var t = StatementTransaction(day: rows.transactions[i].day, amount: rows.transactions[i].amount)
            swap(&t, &rows.transactions[i])
            if t.currency != nil, t.currency == account.currency { t.currency = nil }
            transactions.append(t)
            if hasBalances { balances.append(rows.balance[i]) }
        }
        let first = order.map { $0.first } ?? (rows.balanceBefore.isEmpty ? nil : 0)
        let before = rows.balanceBefore.isEmpty ? nil : first.map { rows.balanceBefore[$0] } ?? nil

        var statement = Statement(source: StatementSource(file: file, format: "csv", encoding: encoding.rawValue,
                                                          profile: layout.profileName),
                                  account: account, period: period)
        // The reader's running balances are in file order: right when the statement keeps it.
        var prebuilt: RunningBalances?
        if identity { swap(&prebuilt, &rows.chain) }
        statement.balances = self.balances(transactions, balances, openingBefore: before, currency: account.currency, balanceOnly: balanceOnly,
                                           prebuilt: &prebuilt)
        statement.transactions = transactions
        for fact in preamble.facts {
            statement.extra.append(StatementField(fact.label, fact.values.joined(separator: " ")))
        }
        return statement
    }

    /// Whether every row, in file order, is already what ``chronological(_:rows:)`` gives: no day
    /// goes backwards and, for a one-day file, the balance chain does not read better reversed.
    func isChronological(_ rows: CSVRowReader.Rows) -> Bool {
        let n = rows.transactions.count
        guard n > 1 else { return true }
        if rows.daysGoBack { return false }
        let up = rows.daysGoForward
        if !up, rows.hasBalances {
            return !(chainScore((0..<n).reversed(), rows) > chainScore(0..<n, rows))
        }
        return true
    }

    /// Row indexes in chronological order: newest-first files are reversed, then a stable sort by day.
    mutating func chronological(_ indexes: [Int], rows: CSVRowReader.Rows) -> [Int] {
        guard indexes.count > 1 else { return indexes }
        var up = 0, down = 0
        for k in 1..<indexes.count {
            let a = rows.transactions[indexes[k - 1]].day, b = rows.transactions[indexes[k]].day
            if b > a { up += 1 } else if b < a { down += 1 }
        }
        var ordered = indexes
        var reverse = down > up
        if up == 0 && down == 0, !rows.balance.isEmpty {
            // One day only: let the balance chain tell the order.
            reverse = chainScore(indexes.reversed(), rows) > chainScore(indexes, rows)
        }
        if reverse { ordered.reverse() }
        if up > 0 && down > 0 {
            // Not sorted either way: a stable sort by day keeps same-day rows in file order.
            var keys = ordered.enumerated().map { (k, i) in
                (Int64(rows.transactions[i].day.daysSinceEpoch) << 32) | Int64(k)
            }
            keys.sort()
            ordered = keys.map { ordered[Int($0 & 0xFFFF_FFFF)] }
        }
        return ordered
    }

    /// How many rows continue the balance chain from the row before them.
    func chainScore(_ indexes: some Collection<Int>, _ rows: CSVRowReader.Rows) -> Int {
        var score = 0
        var previous: Amount?
        for i in indexes {
            let b = rows.balance[i]
            if let p = previous, let b, let s = try? p + rows.transactions[i].amount, s == b { score += 1 }
            previous = b
        }
        return score
    }

    /// Running, opening and closing balances, checking the chain on the way.
    ///
    /// Running balances carry no currency of their own: the account's applies.
    mutating func balances(_ transactions: [StatementTransaction], _ afters: [Amount?], openingBefore: Amount?, currency: Currency?,
                           balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)],
                           prebuilt: inout RunningBalances?) -> [StatementBalance] {
        var head = preambleBalances
        let firstAfter = prebuilt.map { $0.firstAfter } ?? (afters.first ?? nil)
        // Opening: the balance before the first row, as of the first row's day (before that day's rows).
        if !head.contains(where: { $0.kind == .opening }) {
            if let first = transactions.first, let before = openingBefore {
                head.append(StatementBalance(kind: .opening, amount: before, day: first.day, currency: currency))
            } else if let first = transactions.first, let after = firstAfter, let o = try? after - first.amount {
                head.append(StatementBalance(kind: .opening, amount: o, day: first.day, currency: currency))
            } else if let only = balanceOnly.first, let first = transactions.first, only.day <= first.day {
                head.append(StatementBalance(kind: .opening, amount: only.balance, day: only.day, currency: currency, position: only.position))
            }
        }
        // The running balances: taken as the row reader built them while reading (the file was
        // already in statement order), else built here.
        // Moved, not copied: a second reference would make the first write copy every entry.
        var taken: RunningBalances?
        swap(&taken, &prebuilt)
        let wasPrebuilt = taken != nil
        var chain = taken ?? RunningBalances(file: file, headSlots: head.count, capacity: min(afters.count, transactions.count))
        taken = nil
        if !wasPrebuilt {
            let rowCount = min(afters.count, transactions.count)
            transactions.withUnsafeBufferPointer { rows in
                for i in 0..<rowCount {
                    chain.add(after: afters[i], amount: rows[i].amount, day: rows[i].day, position: rows[i].position, index: i)
                }
            }
        }
        diagnostics.append(contentsOf: chain.diagnostics)
        var result = chain.takeEntries(head: head)
        if let last = chain.last, last.index == transactions.count - 1, !preambleBalances.contains(where: { $0.kind == .closing }) {
            result.append(StatementBalance(kind: .closing, amount: last.amount, day: transactions[last.index].day, currency: currency,
                                           position: transactions[last.index].position))
        }
        return result
    }
}
