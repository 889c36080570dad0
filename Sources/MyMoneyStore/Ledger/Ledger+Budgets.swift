import Foundation

/// Budgets: a limit per week, month or year on a category (with its children) or a tag.
extension Ledger {
    /// Stores a new budget. The category or tag must exist.
    ///
    /// - Throws: `.invalid` "amount should be more than zero"; `.notFound` for an unknown category or tag.
    @discardableResult
    package func addBudget(_ budget: Budget) throws(LedgerError) -> Budget {
        try LedgerValidation.positive(budget.amount)
        return try atomically { () throws(LedgerError) -> Budget in
            var categoryId: Int64?, tagId: Int64?
            switch budget.target {
            case .category(let path):
                guard let category = try category(at: path) else { throw .notFound("there is no category \(path)") }
                categoryId = category.id
            case .tag(let title):
                guard let tag = try tag(titled: title) else { throw .notFound("there is no tag named \(title)") }
                tagId = tag.id
            }
            try db.statement("""
                INSERT INTO budgets (category_id, tag_id, amount_units, amount_scale, currency, period, start_day)
                VALUES (?, ?, ?, ?, ?, ?, ?)
                """).run([.of(categoryId), .of(tagId), .integer(budget.amount.units), .integer(Int64(budget.amount.scale)),
                          .text(budget.currency.code), .text(budget.period.rawValue), .of(budget.startDay)])
            var stored = budget
            stored.id = db.lastInsertRowID
            return stored
        }
    }

    /// Every budget, by target (categories first, by path; then tags by title), then id.
    package func budgets() throws(LedgerError) -> [Budget] {
        try db.statement("""
            SELECT b.id, c.path, t.title, b.amount_units, b.amount_scale, b.currency, b.period, b.start_day
            FROM budgets b LEFT JOIN categories c ON c.id = b.category_id LEFT JOIN tags t ON t.id = b.tag_id
            ORDER BY c.path_key IS NULL, c.path_key, t.title_key, b.id
            """).rows { row throws(LedgerError) -> Budget in
                let target: Budget.Target = row.optionalText(1).flatMap(CategoryPath.init(parsing:)).map { .category($0) }
                    ?? .tag(row.text(2))
                return Budget(id: row.int64(0), target: target, amount: try Ledger.storedAmount(row.int64(3), row.int64(4)),
                              currency: try Ledger.storedCurrency(row.text(5)),
                              period: Budget.Period(rawValue: row.text(6)) ?? .month, startDay: Ledger.day(row.int64(7)))
            }
    }

    /// Removes a budget.
    package func deleteBudget(id: Int64) throws(LedgerError) {
        guard try db.statement("DELETE FROM budgets WHERE id = ?").run([.integer(id)]) == 1 else {
            throw .notFound("there is no budget with id \(id)")
        }
    }
}
