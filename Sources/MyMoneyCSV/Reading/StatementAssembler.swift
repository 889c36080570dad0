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

    mutating func assemble(_ rows: [CSVRowReader.Row], balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)]) -> [Statement] {
        // Group by the account column when it names several accounts.
        var groups: [(key: String?, rows: [CSVRowReader.Row])] = []
        let distinctAccounts = Set(rows.map { $0.account ?? "" }).count
        // Several accounts in one file (an account column with a few values): one statement each.
        // A column whose values differ on most rows is a counterparty, not the account.
        if layout.column(.account) != nil, distinctAccounts <= max(2, rows.count / 4) {
            var index: [String: Int] = [:]
            for row in rows {
                let key = row.account ?? ""
                if let i = index[key] { groups[i].rows.append(row) } else {
                    index[key] = groups.count
                    groups.append((key, [row]))
                }
            }
        } else {
            groups = [(nil, rows)]
        }
        if groups.isEmpty { groups = [(nil, [])] }
        if groups.count == 1, layout.column(.account) != nil, distinctAccounts > 1 { groups[0].key = nil }
        return groups.map { statement(for: $0.key, rows: $0.rows, balanceOnly: groups.count == 1 ? balanceOnly : []) }
    }

    mutating func statement(for accountKey: String?, rows fileRows: [CSVRowReader.Row],
                            balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)]) -> Statement {
        var rows = chronological(fileRows)
        var account = StatementAccount()
        let fromColumn = accountKey.flatMap { $0.isEmpty ? nil : $0 }
        account.id = preamble.accountId ?? fromColumn.map { $0.filter { $0 != " " } } ?? layout.accountId ?? options.accountId
        if fromColumn != nil, preamble.accountId != nil, let fromColumn { account.name = fromColumn }
        account.kind = layout.kind ?? .bank
        // Currency: the rows' own column (most common), a header, the preamble, the profile, the caller.
        var counts: [Currency: Int] = [:]
        for row in rows { if let c = row.transaction.currency { counts[c, default: 0] += 1 } }
        let rowCurrency = counts.max { ($0.value, $1.key.code) < ($1.value, $0.key.code) }?.key
        account.currency = rowCurrency ?? layout.headerCurrency ?? preamble.currency ?? layout.currency ?? options.currency
        for i in rows.indices where rows[i].transaction.currency == account.currency { rows[i].transaction.currency = nil }

        var statement = Statement(source: StatementSource(file: file, format: "csv", encoding: encoding.rawValue,
                                                          profile: layout.profileName),
                                  account: account, period: period)
        statement.transactions = rows.map(\.transaction)
        statement.balances = balances(rows, currency: account.currency, balanceOnly: balanceOnly)
        for fact in preamble.facts {
            statement.extra.append(StatementField(fact.label, fact.values.joined(separator: " ")))
        }
        return statement
    }

    /// File rows in chronological order: newest-first files are reversed, then a stable sort by day.
    mutating func chronological(_ rows: [CSVRowReader.Row]) -> [CSVRowReader.Row] {
        guard rows.count > 1 else { return rows }
        var up = 0, down = 0
        for i in 1..<rows.count {
            let a = rows[i - 1].transaction.day, b = rows[i].transaction.day
            if b > a { up += 1 } else if b < a { down += 1 }
        }
        var ordered = rows
        var reverse = down > up
        if up == 0 && down == 0 {
            // One day only: let the balance chain tell the order.
            reverse = chainScore(rows.reversed()) > chainScore(rows)
        }
        if reverse { ordered.reverse() }
        if up > 0 && down > 0 {
            // Not sorted either way: a stable sort by day keeps same-day rows in file order.
            ordered = ordered.enumerated().sorted { ($0.element.transaction.day, $0.offset) < ($1.element.transaction.day, $1.offset) }.map(\.element)
        }
        return ordered
    }

    /// How many rows continue the balance chain from the row before them.
    func chainScore(_ rows: some Collection<CSVRowReader.Row>) -> Int {
        var score = 0
        var previous: Amount?
        for row in rows {
            if let p = previous, let b = row.balance, let s = try? p + row.transaction.amount, s == b { score += 1 }
            previous = row.balance
        }
        return score
    }

    /// Running, opening and closing balances, checking the chain on the way.
    mutating func balances(_ rows: [CSVRowReader.Row], currency: Currency?,
                           balanceOnly: [(day: Day, balance: Amount, position: SourcePosition)]) -> [StatementBalance] {
        var result = preambleBalances
        var running: [StatementBalance] = []
        var previous: Amount?
        var mismatches = 0
        var opening: StatementBalance?
        for (i, row) in rows.enumerated() {
            let t = row.transaction
            var after = row.balance
            if after == nil, let before = row.balanceBefore { after = try? before + t.amount }
            if i == 0 {
                if let before = row.balanceBefore {
                    opening = StatementBalance(kind: .opening, amount: before, day: t.day.advanced(by: -1), currency: currency)
                } else if let after, let o = try? after - t.amount {
                    opening = StatementBalance(kind: .opening, amount: o, day: t.day.advanced(by: -1), currency: currency)
                }
            }
            if let after {
                if let previous, let expected = try? previous + t.amount, expected != after {
                    mismatches += 1
                    if mismatches <= 3 {
                        diagnostics.append(.warning("csv.balance.chain",
                                                    "the balance \(after) does not follow from the previous balance \(previous) and the amount \(t.amount) (expected \(expected))",
                                                    file: file, at: t.position,
                                                    notes: ["rows may be missing, or the bank orders same-day rows differently"]))
                    }
                }
                running.append(StatementBalance(kind: .running, amount: after, day: t.day, currency: currency,
                                                transactionIndex: i, position: t.position))
                previous = after
            } else {
                previous = previous.flatMap { try? $0 + t.amount }
            }
        }
        if mismatches > 3 {
            diagnostics.append(.warning("csv.balance.chain", "\(mismatches - 3) more balance mismatches not shown", file: file))
        }
        if opening == nil, let first = balanceOnly.first, let t = rows.first, first.day <= t.transaction.day {
            opening = StatementBalance(kind: .opening, amount: first.balance, day: first.day, currency: currency, position: first.position)
        }
        if let opening, !result.contains(where: { $0.kind == .opening }) { result.append(opening) }
        if let last = running.last, let lastRow = rows.last, running.count == rows.count || last.transactionIndex == rows.count - 1,
           !result.contains(where: { $0.kind == .closing }) {
            result.append(StatementBalance(kind: .closing, amount: last.amount, day: lastRow.transaction.day, currency: currency,
                                           position: last.position))
        }
        result.append(contentsOf: running)
        return result
    }
}
