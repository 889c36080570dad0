import Foundation

/// The aggregates reports are made from: sums per day, currency, type and entry, computed by SQLite.
extension Ledger {
    /// Which transactions ``dailyTotals(by:from:through:within:)`` sums: a category (with its
    /// children), a tag, a project; nil matches all.
    package struct TotalsScope: Sendable, Hashable {
        package var category: CategoryPath?
        package var tag: String?
        package var project: String?
        package init(category: CategoryPath? = nil, tag: String? = nil, project: String? = nil) {
            self.category = category
            self.tag = tag
            self.project = project
        }
    }

    /// Sums of transactions per day, currency, type and entry of `entity` (one row per entry, named
    /// as its listing names it; with a nil entity, one row per day, currency and type), in the days
    /// given (all when nil).
    ///
    /// SPLITS: a transaction with parts (rows of `transaction_parts`) is summed here whole, under
    /// its own category: the caller takes it out again and adds its parts instead
    /// (``transactionsWithParts(from:through:)``, expanded from ``LedgerTransaction/splits``), so
    /// that each part counts under its own category. Were this query to sum `transaction_parts`
    /// itself, it would have to do the same: each part under its category (a part without one
    /// under the transaction's) and tags, the transaction's tags over the whole amount, each
    /// transaction counted once per entry; the reports' split tests pin that behaviour through
    /// the Core value. Summing whole keeps the query on one covering index.
    ///
    /// What the sums mean (income, expense, transfer) is the reports' business: rows carry the
    /// stored type only. By tag, a transaction counts once under each of its tags; untagged ones
    /// are not in the rows.
    ///
    /// - Throws: `.notFound` when the scope names a category, tag or project the ledger lacks;
    ///   `.invalid` when a sum overflows.
    ///
    /// The rows are grouped in memory (``AmountGroups``: SQLite only scans the index, a `GROUP BY`
    /// would sort every row when the entry is not the index's next column); `grouping: .sqlite` is
    /// the plain twin, by `GROUP BY`, in the same order.
    package func dailyTotals(by entity: EntrySummary.Entity?, from: Day?, through: Day?,
                             within scope: TotalsScope = TotalsScope(),
                             grouping: SummaryGrouping = .inMemory) throws(LedgerError) -> [DailyTotal] {
        try dailyTotals(by: entity, from: from, through: through, within: scope, grouping: grouping, eachGroup: nil)
    }

    /// The sum of one group of ``dailyTotals(by:from:through:within:grouping:)`` as stored: the
    /// entry's id, the day, the scale and the units.
    typealias StoredGroup = (entry: Int64?, day: Int64, scale: Int64, units: Int64)

    /// ``dailyTotals(by:from:through:within:grouping:)``, handing each group to `eachGroup` as
    /// well, in the order of the result (for sums of the same scan by entry id).
    func dailyTotals(by entity: EntrySummary.Entity?, from: Day?, through: Day?, within scope: TotalsScope,
                     grouping: SummaryGrouping, eachGroup: ((StoredGroup) throws(LedgerError) -> Void)?) throws(LedgerError) -> [DailyTotal] {
        // The report index (transactions_for_reports) holds every column summed here: SQLite reads
        // no transaction row.
        var conditions = ["1"]
        var values: [SQLValue] = []
        if let from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let through { conditions.append("t.day <= ?"); values.append(.of(through)) }
        try addConditions(of: scope, byDay: false, to: &conditions, &values)
        var key = "NULL"
        var join = ""
        var names: [Int64: String] = [:]
        switch entity {
        case nil: break
        case .accounts?:
            key = "t.account_id"
            for a in try accounts() { if let id = a.id { names[id] = a.name } }
        case .categories?:
            key = "t.category_id"
            for c in try categories() { names[c.id] = c.path.description }
        case .tags?:
            key = "x.tag_id"
            join = "JOIN transaction_tags x ON x.transaction_id = t.id"
            for g in try tags() { if let id = g.id { names[id] = g.title } }
        case .projects?:
            key = "t.project_id"
            for p in try projects(includeArchived: true, today: Day(daysSinceEpoch: 0)) { if let id = p.id { names[id] = p.title } }
        case .places?:
            key = "t.place_id"
            for p in try places() { if let id = p.id { names[id] = p.name } }
        }
        var currencies: [String: Currency] = [:]
        func total(id: Int64?, day: Int64, code: String, type: String, scale: Int64, units: Int64, count: Int) throws(LedgerError) -> DailyTotal {
            let currency: Currency
            if let known = currencies[code] { currency = known } else {
                currency = try Ledger.storedCurrency(code)
                currencies[code] = currency
            }
            return DailyTotal(day: Ledger.day(day), currency: currency, type: TransactionType(rawValue: type) ?? .expense,
                              name: id.flatMap { names[$0] }, amount: try Ledger.storedAmount(units, scale), count: count)
        }
        let source = """
            FROM transactions t INDEXED BY transactions_for_reports \(join)
            WHERE \(conditions.joined(separator: " AND "))
            """
        switch grouping {
        case .sqlite:
            return try db.uncachedStatement("SELECT \(key), t.day, t.currency, t.type, t.amount_scale, SUM(t.amount_units), COUNT(*)\n"
                                            + source + "\nGROUP BY 1, 2, 3, 4, 5").rows(values) { row throws(LedgerError) -> DailyTotal in
                try eachGroup?((row.optionalInt64(0), row.int64(1), row.int64(4), row.int64(5)))
                return try total(id: row.optionalInt64(0), day: row.int64(1), code: row.text(2), type: row.text(3), scale: row.int64(4),
                          units: row.int64(5), count: Int(row.int64(6)))
            }
        case .inMemory:
            var groups = AmountGroups()
            try db.uncachedStatement("SELECT \(key), t.day, t.currency, t.type, t.amount_scale, t.amount_units\n" + source)
                .eachRow(values) { row throws(LedgerError) in try groups.add(row, entry: 0, day: 1, currency: 2) }
            var result: [DailyTotal] = []
            result.reserveCapacity(groups.count)
            for (key, sum) in try groups.inGroupByOrder() {
                try eachGroup?((key.id, key.day, key.scale, sum.units))
                result.append(try total(id: key.id, day: key.day, code: key.currencyCode, type: key.typeName, scale: key.scale,
                                        units: sum.units, count: sum.count))
            }
            return result
        }
    }

    /// The transactions with split parts in the days given (all when nil), by day and id: what
    /// ``dailyTotals(by:from:through:within:)`` leaves for the caller to expand part by part.
    package func transactionsWithParts(from: Day?, through: Day?) throws(LedgerError) -> [LedgerTransaction] {
        // Through the parts table (few rows) to the transactions, not through every transaction.
        var conditions = ["t.id IN (SELECT transaction_id FROM transaction_parts)"]
        var values: [SQLValue] = []
        if let from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let through { conditions.append("t.day <= ?"); values.append(.of(through)) }
        return try transactions(sql: conditions.joined(separator: " AND "), values, cached: false)
    }

    /// Transactions typed `transfer` in the days given, each with the other leg when linked.
    package func transferLegs(from: Day?, through: Day?) throws(LedgerError) -> [TransferLegAmount] {
        var conditions = ["t.type = 'transfer'"]
        var values: [SQLValue] = []
        if let from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let through { conditions.append("t.day <= ?"); values.append(.of(through)) }
        return try db.uncachedStatement("""
            SELECT t.id, t.account_id, t.day, t.amount_units, t.amount_scale, t.currency,
                   o.id, o.day, o.amount_units, o.amount_scale, o.currency, COALESCE(lf.status, lt.status)
            FROM transactions t
            LEFT JOIN transfers lf ON lf.from_transaction_id = t.id
            LEFT JOIN transfers lt ON lt.to_transaction_id = t.id
            LEFT JOIN transactions o ON o.id = COALESCE(lf.to_transaction_id, lt.from_transaction_id)
            WHERE \(conditions.joined(separator: " AND "))
            ORDER BY t.day, t.id
            """).rows(values) { row throws(LedgerError) in
                var other: TransferLegAmount.Other?
                if let otherId = row.optionalInt64(6) {
                    other = .init(transactionId: otherId, day: Ledger.day(row.int64(7)),
                                  amount: try Ledger.storedAmount(row.int64(8), row.int64(9)),
                                  currency: try Ledger.storedCurrency(row.text(10)), confirmed: row.optionalText(11) == "confirmed")
                }
                return TransferLegAmount(transactionId: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)),
                                         amount: try Ledger.storedAmount(row.int64(3), row.int64(4)),
                                         currency: try Ledger.storedCurrency(row.text(5)), other: other)
            }
    }

    /// Expenses in the days given, in a scope, as whole transactions (with their splits): what
    /// budgets and recurring payments look at one by one. Every transaction with parts in those
    /// days is included (a part may be in the scope); the caller keeps the parts that are.
    ///
    /// - Parameter withParts: false leaves the transactions with parts out (a caller that has them).
    package func expenses(from: Day?, through: Day?, within scope: TotalsScope = TotalsScope(),
                          withParts: Bool = true) throws(LedgerError) -> [LedgerTransaction] {
        // Day bounds first: SQLite walks the report index by day and reads only the rows that match.
        var conditions = ["t.id NOT IN (SELECT transaction_id FROM transaction_parts)", "t.type = 'expense'"]
        var values: [SQLValue] = []
        if let from { conditions.append("t.day >= ?"); values.append(.of(from)) }
        if let through { conditions.append("t.day <= ?"); values.append(.of(through)) }
        try addConditions(of: scope, byDay: true, to: &conditions, &values)
        // The condition leaves every transaction with parts out: there are no parts to look for.
        var rows = try transactions(sql: conditions.joined(separator: " AND "), values, cached: false, counting: true, noParts: true)
        if withParts {
            rows += try transactionsWithParts(from: from, through: through).filter { $0.type == .expense }
            Ledger.sortByDayAndId(&rows)
        }
        return rows
    }

    /// The day of the ledger's first transaction; nil when it has none.
    package func firstTransactionDay() throws(LedgerError) -> Day? {
        // One index probe per account instead of a scan of every transaction.
        try db.statement("""
            SELECT MIN((SELECT MIN(day) FROM transactions WHERE account_id = a.id)) FROM accounts a
            """).rows { $0.optionalInt64(0) }.first.flatMap { $0.map(Ledger.day) }
    }

    /// The currencies of the accounts that hold at least one transaction: one index probe per
    /// account, where ``transactionCountsByCurrency()`` counts every transaction. A ledger whose
    /// transactions are all in one currency needs no count to know which has the most.
    package func currenciesWithTransactions() throws(LedgerError) -> Set<Currency> {
        var result = Set<Currency>()
        for account in try accounts() {
            guard let id = account.id, !result.contains(account.currency) else { continue }
            let any = try db.statement("SELECT EXISTS (SELECT 1 FROM transactions WHERE account_id = ?)")
                .rows([.integer(id)]) { $0.int64(0) }.first ?? 0
            if any != 0 { result.insert(account.currency) }
        }
        return result
    }

    /// How many transactions each currency has (from the per-account index, not a scan).
    package func transactionCountsByCurrency() throws(LedgerError) -> [Currency: Int] {
        var result: [Currency: Int] = [:]
        let accounts = try self.accounts()
        let counts = try db.statement("SELECT account_id, COUNT(*) FROM transactions GROUP BY account_id").rows { ($0.int64(0), Int($0.int64(1))) }
        let currencyById = Dictionary(accounts.compactMap { a in a.id.map { ($0, a.currency) } }, uniquingKeysWith: { a, _ in a })
        for (id, count) in counts { if let currency = currencyById[id] { result[currency, default: 0] += count } }
        return result
    }

    /// The SQL conditions (on `t`, the transactions) and their values that keep a scope's
    /// transactions: its category with the children, its tag, its project.
    ///
    /// - Parameter byDay: write the category and project tests with `+` so that SQLite walks the
    ///   report index by day instead of the category index (every day of the category).
    /// - Throws: `.notFound` when the scope names a category, tag or project the ledger lacks.
    private func addConditions(of scope: TotalsScope, byDay: Bool, to conditions: inout [String],
                               _ values: inout [SQLValue]) throws(LedgerError) {
        let unindexed = byDay ? "+" : ""
        if let path = scope.category {
            guard try category(at: path) != nil else { throw .notFound("there is no category \(path)") }
            conditions.append("\(unindexed)t.category_id IN (SELECT id FROM categories WHERE path_key = ? OR (path_key >= ? AND path_key < ?))")
            values += Ledger.subtreeBounds(path)
        }
        if let title = scope.tag {
            guard let tag = try tag(titled: title), let id = tag.id else { throw .notFound("there is no tag named \(title)") }
            conditions.append("t.id IN (SELECT transaction_id FROM transaction_tags WHERE tag_id = ?)")
            values.append(.integer(id))
        }
        if let title = scope.project {
            guard let project = try project(titled: title), let id = project.id else { throw .notFound("there is no project named \(title)") }
            conditions.append("\(unindexed)t.project_id = ?")
            values.append(.integer(id))
        }
    }
}
