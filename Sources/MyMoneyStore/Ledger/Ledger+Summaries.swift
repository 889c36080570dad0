import Foundation

/// Per-entry figures: income, expense, cash flow and count for every account, category, tag, project, place.
extension Ledger {
    /// One summary per entry of `entity` (every entry, also those without transactions), in the order
    /// the entity's listing uses. Amounts stay in the transactions' own currencies (an account's are its
    /// currency). A category's figures include its subcategories'.
    ///
    /// A transaction with parts counts each part under its own category (a part without one under
    /// the transaction's) and under its own tags; its tags count the whole amount. A transaction
    /// counts once per entry, also when several of its parts fall there (in a category's
    /// subcategories, once in each).
    package func summaries(of entity: EntrySummary.Entity, from: Day? = nil, through: Day? = nil,
                           grouping: SummaryGrouping = .inMemory) throws(LedgerError) -> [EntrySummary] {
        let entries: [(id: Int64, name: String)]
        let key: String
        var join = ""
        switch entity {
        case .accounts:
            entries = try accounts().compactMap { a in a.id.map { ($0, a.name) } }
            key = "t.account_id"
        case .categories:
            entries = try categories().map { ($0.id, $0.path.description) }
            key = "t.category_id"
        case .tags:
            entries = try tags().compactMap { t in t.id.map { ($0, t.title) } }
            key = "x.tag_id"
            join = "JOIN transaction_tags x ON x.transaction_id = t.id"
        case .projects:
            entries = try projects().compactMap { p in p.id.map { ($0, p.title) } }
            key = "t.project_id"
        case .places:
            entries = try places().compactMap { p in p.id.map { ($0, p.name) } }
            key = "t.place_id"
        }
        let days = "(?1 IS NULL OR t.day >= ?1) AND (?2 IS NULL OR t.day <= ?2)"
        // The transactions themselves (a row per transaction, per tag for tags), then the parts.
        var direct = """
            FROM transactions t \(join)
            WHERE \(key) IS NOT NULL AND \(days)
            """
        var partsSQL: String?
        let hasParts = try self.hasParts()
        if hasParts && entity == .categories {
            direct += "\n  AND NOT EXISTS (SELECT 1 FROM transaction_parts tp WHERE tp.transaction_id = t.id)"
            partsSQL = """
                SELECT COALESCE(tp.category_id, t.category_id), t.currency, t.type, tp.amount_scale, SUM(tp.amount_units),
                       COUNT(DISTINCT t.id)
                FROM transaction_parts tp JOIN transactions t ON t.id = tp.transaction_id
                WHERE COALESCE(tp.category_id, t.category_id) IS NOT NULL AND \(days)
                GROUP BY 1, 2, 3, 4
                """
        } else if hasParts && entity == .tags {
            partsSQL = """
                SELECT pt.tag_id, t.currency, t.type, tp.amount_scale, SUM(tp.amount_units), COUNT(DISTINCT t.id)
                FROM transaction_part_tags pt JOIN transaction_parts tp ON tp.id = pt.part_id
                JOIN transactions t ON t.id = tp.transaction_id
                WHERE NOT EXISTS (SELECT 1 FROM transaction_tags x WHERE x.transaction_id = t.id AND x.tag_id = pt.tag_id)
                  AND \(days)
                GROUP BY 1, 2, 3, 4
                """
        }
        typealias Row = (id: Int64, currency: Currency, type: TransactionType, sum: Amount, count: Int)
        func grouped(_ sql: String) throws(LedgerError) -> [Row] {
            try db.uncachedStatement(sql).rows([.of(from), .of(through)]) { row throws(LedgerError) in
                (id: row.int64(0), currency: try Ledger.storedCurrency(row.text(1)),
                 type: TransactionType(rawValue: row.text(2)) ?? .expense,
                 sum: try Ledger.storedAmount(row.int64(4), row.int64(3)), count: Int(row.int64(5)))
            }
        }
        var rows: [Row]
        switch grouping {
        case .sqlite:
            rows = try grouped("SELECT \(key), t.currency, t.type, t.amount_scale, SUM(t.amount_units), COUNT(*)\n"
                               + direct + "\nGROUP BY 1, 2, 3, 4")
        case .inMemory:
            var groups = AmountGroups()
            try db.uncachedStatement("SELECT \(key), t.currency, t.type, t.amount_scale, t.amount_units\n" + direct).eachRow([.of(from), .of(through)]) { row throws(LedgerError) in
                try groups.add(row, entry: 0, day: nil, currency: 1)
            }
            rows = []
            for (key, value) in try groups.inGroupByOrder() {
                rows.append((id: key.id ?? 0, currency: try Ledger.storedCurrency(key.currencyCode),
                             type: TransactionType(rawValue: key.typeName) ?? .expense,
                             sum: try Ledger.storedAmount(value.units, key.scale), count: value.count))
            }
        }
        if let partsSQL { rows += try grouped(partsSQL) }
        var own: [Int64: [Currency: CurrencyFigures]] = [:]
        for row in rows {
            var figures = own[row.id, default: [:]][row.currency, default: CurrencyFigures(currency: row.currency)]
            switch row.type {
            case .income: figures.income = try Ledger.sum([figures.income, row.sum])
            case .expense: figures.expense = try Ledger.sum([figures.expense, row.sum])
            case .transfer: figures.transferCount += row.count
            }
            figures.count += row.count
            own[row.id, default: [:]][row.currency] = figures
        }
        var result: [EntrySummary] = []
        if entity == .categories {
            let categories = try self.categories()
            for category in categories {
                var merged: [Currency: CurrencyFigures] = [:]
                for inner in categories where inner.path.isWithin(category.path) {
                    for (currency, figures) in own[inner.id] ?? [:] {
                        merged[currency] = try Ledger.add(merged[currency] ?? CurrencyFigures(currency: currency), figures)
                    }
                }
                result.append(EntrySummary(id: category.id, name: category.path.description, figures: try Ledger.finish(merged)))
            }
        } else {
            for entry in entries {
                result.append(EntrySummary(id: entry.id, name: entry.name, figures: try Ledger.finish(own[entry.id] ?? [:])))
            }
        }
        return result
    }

    private static func add(_ a: CurrencyFigures, _ b: CurrencyFigures) throws(LedgerError) -> CurrencyFigures {
        CurrencyFigures(currency: a.currency, income: try sum([a.income, b.income]), expense: try sum([a.expense, b.expense]),
                        count: a.count + b.count, transferCount: a.transferCount + b.transferCount)
    }

    private static func finish(_ figures: [Currency: CurrencyFigures]) throws(LedgerError) -> [CurrencyFigures] {
        var result: [CurrencyFigures] = []
        for (_, f) in figures.sorted(by: { $0.key.code < $1.key.code }) {
            var f = f
            f.cashflow = try sum([f.income, f.expense])
            result.append(f)
        }
        return result
    }
}

/// How ``Ledger/summaries(of:from:through:grouping:)`` and ``Ledger/dailyTotals(by:from:through:within:grouping:)``
/// group the rows: in memory (the default, ``AmountGroups``) or by SQLite's `GROUP BY` (the
/// plain twin, for the differential tests).
package enum SummaryGrouping: Sendable { case inMemory, sqlite }
