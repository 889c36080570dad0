extension LayoutResolver {
    /// What a column's values look like over a sample of data rows.
    struct ColumnProfile {
        var filled = 0
        var dates = 0
        var amounts = 0
        var numbers = 0
        var indicators = 0
        var currencies = 0
        var distinct = Set<String>()
        var totalLength = 0
        var firstValue: String?
        var constant = true
        var accountLike = 0
        /// How often each of the first distinct values occurs.
        var occurrences: [String: Int] = [:]
        /// Whether every value seen occurs on more than one row.
        var repeatsEveryValue: Bool { distinct.count < 64 && occurrences.values.allSatisfy { $0 > 1 } }
    }

    func columnProfiles(rows: Range<Int>) -> [ColumnProfile] {
        let sample = rows.prefix(300)
        let width = sample.map { table.fieldCount($0) }.max() ?? 0
        var profiles = Array(repeating: ColumnProfile(), count: width)
        let indicatorWords = CSVLayout.defaultDebitValues.union(CSVLayout.defaultCreditValues)
        for row in sample {
            for column in 0..<table.fieldCount(row) {
                let value = cell(row, column)
                if value.isEmpty { continue }
                var p = profiles[column]
                p.filled += 1
                if withCell(row, column, CellKind.isDate) == true { p.dates += 1 }
                if withCell(row, column, CellKind.isAmount) == true { p.amounts += 1 }
                if withCell(row, column, CellKind.isNumber) == true { p.numbers += 1 }
                if withCell(row, column, CellKind.isCurrencyCode) == true { p.currencies += 1 }
                if indicatorWords.contains(value.lowercased()) { p.indicators += 1 }
                let compact = value.filter { $0 != " " }
                if compact.count >= 6, compact.count <= 34, compact.allSatisfy({ $0.isNumber || ($0.isUppercase && $0.isASCII) }),
                   compact.contains(where: \.isNumber) { p.accountLike += 1 }
                if p.distinct.count < 64 { p.distinct.insert(value); p.occurrences[value, default: 0] += 1 }
                p.totalLength += value.count
                if let f = p.firstValue { if f != value { p.constant = false } } else { p.firstValue = value }
                profiles[column] = p
            }
        }
        return profiles
    }

    /// Roles for a header-less table from its values alone.
    func inferRolesFromValues(rows: Range<Int>, taken: Set<Int>) -> [ColumnRole: [Int]] {
        let profiles = columnProfiles(rows: rows)
        let count = min(rows.count, 300)
        var roles: [ColumnRole: [Int]] = [:]
        var used = taken
        func all(_ p: ColumnProfile, _ n: Int) -> Bool { p.filled > 0 && n == p.filled }
        // Dates: the first all-date column is the booking date.
        for (i, p) in profiles.enumerated() where !used.contains(i) && all(p, p.dates) && p.filled * 2 >= count {
            if roles[.date] == nil { roles[.date] = [i]; used.insert(i) }
        }
        // Account: a constant account-number-like column.
        for (i, p) in profiles.enumerated() where !used.contains(i) && p.constant && all(p, p.accountLike) && p.filled == count
            && p.amounts == 0 {
            roles[.account] = [i]; used.insert(i); break
        }
        // Several accounts in one export without a header: a column of a few account numbers,
        // each on several rows (a counterparty's IBAN changes from row to row).
        if roles[.account] == nil {
            for (i, p) in profiles.enumerated() where !used.contains(i) && !p.constant && all(p, p.accountLike) && p.filled == count
                && p.amounts == 0 && p.distinct.count >= 2 && p.distinct.count <= 8 && count >= 2 * p.distinct.count
                && p.repeatsEveryValue {
                roles[.account] = [i]; used.insert(i); break
            }
        }
        for (i, p) in profiles.enumerated() where !used.contains(i) && all(p, p.currencies) {
            roles[.currency] = [i]; used.insert(i); break
        }
        for (i, p) in profiles.enumerated() where !used.contains(i) && all(p, p.indicators) && p.distinct.count <= 4 {
            roles[.indicator] = [i]; used.insert(i); break
        }
        // Debit and credit: two number columns never filled on the same row that between them
        // fill every row (TD Canada: `date,description,withdrawal,deposit,balance`).
        if let (debit, credit, balance) = debitCreditPair(profiles, rows: rows, used: used) {
            roles[.debit] = [debit]; roles[.credit] = [credit]
            used.insert(debit); used.insert(credit)
            if let balance { roles[.balance] = [balance]; used.insert(balance) }
        }
        // Money: columns whose values are amounts (a mark or a sign in some cell, numbers in all).
        let money = roles[.debit] != nil ? [] : profiles.indices.filter { i in
            let p = profiles[i]
            return !used.contains(i) && p.filled * 2 >= count && all(p, p.numbers) && p.amounts > 0 && p.accountLike < p.filled
        }
        if money.count == 1 {
            roles[.amount] = [money[0]]; used.insert(money[0])
        } else if money.count >= 2 {
            // Two money columns: one may be a running balance (after or before the row).
            let (amount, balance, before) = balancePair(money, rows: rows)
            roles[.amount] = [amount]; used.insert(amount)
            if let balance { roles[before ? .balanceBefore : .balance] = [balance]; used.insert(balance) }
        }
        // Text: the longest text column is the memo, another distinct text column the payee.
        let texts = profiles.indices.filter { i in
            let p = profiles[i]
            return !used.contains(i) && p.filled > 0 && p.dates < p.filled && p.numbers < p.filled && !p.constant
        }.sorted { profiles[$0].totalLength * 1000 / max(1, profiles[$0].filled) > profiles[$1].totalLength * 1000 / max(1, profiles[$1].filled) }
        if let memo = texts.first { roles[.memo] = [memo] }
        return roles
    }

    /// Two unsigned number columns that complement each other row by row: the first is taken as
    /// money out, unless a fully filled balance column chains the other way round.
    func debitCreditPair(_ profiles: [ColumnProfile], rows: Range<Int>, used: Set<Int>) -> (debit: Int, credit: Int, balance: Int?)? {
        let sample = Array(rows.prefix(300))
        guard sample.count >= 2 else { return nil }
        func value(_ row: Int, _ column: Int) -> Amount? {
            withCell(row, column) { b -> Amount? in
                if let a = try? Amount.parse(b, format: .point) { return a }
                return try? Amount.parse(b, format: .comma)
            } ?? nil
        }
        func filled(_ row: Int, _ column: Int) -> Bool { value(row, column).map { !$0.isZero } ?? false }
        let numeric = profiles.indices.filter { i in
            let p = profiles[i]
            return !used.contains(i) && p.filled > 0 && p.numbers == p.filled && p.accountLike < p.filled && p.filled < sample.count
        }
        for a in numeric {
            for b in numeric where b > a {
                let complementary = sample.allSatisfy { filled($0, a) != filled($0, b) }
                let unsigned = sample.allSatisfy { r in [a, b].allSatisfy { value(r, $0).map { !$0.isNegative } ?? true } }
                guard complementary && unsigned else { continue }
                // A balance column decides the direction when it chains.
                let balances = profiles.indices.filter { i in
                    i != a && i != b && !used.contains(i) && profiles[i].numbers == profiles[i].filled && profiles[i].filled == sample.count
                }
                for c in balances {
                    var forward = 0, backward = 0
                    for k in 1..<sample.count {
                        guard let previous = value(sample[k - 1], c), let balance = value(sample[k], c) else { continue }
                        let out = value(sample[k], a) ?? .zero, into = value(sample[k], b) ?? .zero
                        if let s = try? previous - out + into, s == balance { forward += 1 }
                        if let s = try? previous + out - into, s == balance { backward += 1 }
                    }
                    if forward > 0 || backward > 0 {
                        return forward >= backward ? (a, b, c) : (b, a, c)
                    }
                }
                return (a, b, nil)
            }
        }
        return nil
    }

    /// Picks which of several money columns is the amount and which a balance, by testing the chain.
    func balancePair(_ money: [Int], rows: Range<Int>) -> (amount: Int, balance: Int?, before: Bool) {
        func value(_ row: Int, _ column: Int) -> Amount? {
            withCell(row, column) { b -> Amount? in
                if let a = try? Amount.parse(b, format: .point) { return a }
                return try? Amount.parse(b, format: .comma)
            } ?? nil
        }
        let sample = Array(rows.prefix(50))
        var best: (amount: Int, balance: Int?, before: Bool, score: Int) = (money[0], nil, false, 0)
        for a in money {
            for b in money where b != a {
                var after = 0, beforeScore = 0
                for k in 1..<max(1, sample.count) {
                    guard let prevBalance = value(sample[k - 1], b), let balance = value(sample[k], b),
                          let amount = value(sample[k], a), let prevAmount = value(sample[k - 1], a) else { continue }
                    if let s = try? prevBalance + amount, s == balance { after += 1 }
                    if let s = try? balance - amount, s == prevBalance { after += 0 }
                    if let s = try? prevBalance + prevAmount, s == balance { beforeScore += 1 }
                    if let s = try? prevBalance - amount, s == balance { after += 1 } // newest first
                }
                if after > best.score { best = (a, b, false, after) }
                if beforeScore > best.score { best = (a, b, true, beforeScore) }
            }
        }
        return (best.amount, best.balance, best.before)
    }
}
