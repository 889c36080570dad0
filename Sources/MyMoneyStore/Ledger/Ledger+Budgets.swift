import Foundation

/// Budgets: a limit per week, month, quarter, year or custom span on a category (with its
/// children), a tag or a project.
extension Ledger {
    /// Stores a new budget. The category, tag or project must exist; one budget per target and period.
    ///
    /// - Throws: `.invalid` for a limit of zero or less, a blank name or a custom span without days;
    ///   `.notFound` for an unknown category, tag or project; `.duplicate` when a budget for the same
    ///   target and period exists.
    @discardableResult
    package func addBudget(_ budget: Budget) throws(LedgerError) -> Budget {
        try LedgerValidation.positive(budget.amount, field: "amount")
        let name = try budget.name.map { (text) throws(LedgerError) in try LedgerValidation.title(text, field: "name") }
        if budget.period == .custom {
            guard let days = budget.customDays, days >= 1 else {
                throw .invalid("period", "a custom period needs its length in days (1 or more)")
            }
        }
        return try atomically { () throws(LedgerError) -> Budget in
            var categoryId: Int64?, tagId: Int64?, projectId: Int64?
            switch budget.target {
            case .category(let path):
                guard let category = try category(at: path) else { throw .notFound("there is no category \(path)") }
                categoryId = category.id
            case .tag(let title):
                guard let tag = try tag(titled: title) else { throw .notFound("there is no tag named \(title)") }
                tagId = tag.id
            case .project(let title):
                guard let project = try project(titled: title) else { throw .notFound("there is no project named \(title)") }
                projectId = project.id
            }
            let existing = try db.statement("""
                SELECT id FROM budgets WHERE category_id IS ? AND tag_id IS ? AND project_id IS ? AND period = ?
                """).rows([.of(categoryId), .of(tagId), .of(projectId), .text(budget.period.rawValue)]) { $0.int64(0) }
            if let other = existing.first {
                throw LedgerError(.duplicate, "budget \(other) already limits \(budget.target.kind) \(budget.target.name) per \(budget.period.rawValue); change or remove it instead",
                                  field: "target")
            }
            try db.statement("""
                INSERT INTO budgets (name, category_id, tag_id, project_id, amount_units, amount_scale, currency, period,
                                     custom_days, start_day, rollover)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.of(name), .of(categoryId), .of(tagId), .of(projectId), .integer(budget.amount.units),
                          .integer(Int64(budget.amount.scale)), .text(budget.currency.code), .text(budget.period.rawValue),
                          .of(budget.period == .custom ? budget.customDays : nil), .of(budget.startDay), .integer(budget.rollover ? 1 : 0)])
            var stored = budget
            stored.id = db.lastInsertRowID
            stored.name = name
            if stored.period != .custom { stored.customDays = nil }
            return stored
        }
    }

    /// Every budget, by target (categories by path, then tags, then projects, by title), then id.
    package func budgets() throws(LedgerError) -> [Budget] {
        try db.statement("""
            SELECT b.id, c.path, t.title, p.title, b.amount_units, b.amount_scale, b.currency, b.period, b.start_day,
                   b.name, b.custom_days, b.rollover
            FROM budgets b LEFT JOIN categories c ON c.id = b.category_id LEFT JOIN tags t ON t.id = b.tag_id
                 LEFT JOIN projects p ON p.id = b.project_id
            ORDER BY c.path_key IS NULL, c.path_key, t.title_key IS NULL, t.title_key, p.title_key, b.id
            """).rows { row throws(LedgerError) -> Budget in
                let target: Budget.Target
                if let path = row.optionalText(1).flatMap(CategoryPath.init(parsing:)) { target = .category(path) }
                else if let tag = row.optionalText(2) { target = .tag(tag) }
                else { target = .project(row.text(3)) }
                return Budget(id: row.int64(0), name: row.optionalText(9), target: target,
                              amount: try Ledger.storedAmount(row.int64(4), row.int64(5)),
                              currency: try Ledger.storedCurrency(row.text(6)),
                              period: Budget.Period(rawValue: row.text(7)) ?? .month, startDay: Ledger.day(row.int64(8)),
                              customDays: row.optionalInt64(10).map { Int($0) }, rollover: row.int64(11) != 0)
            }
    }

    /// Removes a budget.
    package func deleteBudget(id: Int64) throws(LedgerError) {
        guard try db.statement("DELETE FROM budgets WHERE id = ?").run([.integer(id)]) == 1 else {
            throw .notFound("there is no budget with id \(id)")
        }
    }
}
