import MyMoneyStore

/// A category with its figures (a category's figures include its children's).
public struct CategoryStanding: Sendable {
    public var category: LedgerCategory
    /// In the reporting currency.
    public var figures: Figures
}

extension Books {
    /// The category tree, parents before their children, with figures.
    public func categoryStandings(in currency: Currency? = nil) throws(BooksError) -> [CategoryStanding] {
        let categories = try store { () throws(LedgerError) in try ledger.categories() }.sorted { $0.path < $1.path }
        let (target, figures) = try figures(of: .categories, in: currency)
        var standings = categories.map { CategoryStanding(category: $0, figures: figures[$0.path.description] ?? .empty(target)) }
        // Categories only split parts name (QIF `S` lines) are not in the ledger's tree but hold
        // money: listed too (id 0), so nothing counted is out of sight.
        let known = Set(categories.map { $0.path.description.lowercased() })
        for (name, f) in figures where !known.contains(name.lowercased()) {
            guard let path = CategoryPath(parsing: name) else { continue }
            standings.append(CategoryStanding(category: LedgerCategory(id: 0, path: path, parentId: nil, icon: nil), figures: f))
        }
        return standings.sorted { $0.category.path < $1.category.path }
    }

    /// The category at `path`.
    ///
    /// - Throws: ``BooksError`` `notFound` when there is none.
    public func category(at path: CategoryPath) throws(BooksError) -> LedgerCategory {
        guard let found = try store({ () throws(LedgerError) in try ledger.category(at: path) }) else {
            throw BooksError(.notFound, "there is no category \(path) (see mymoney categories list)")
        }
        return found
    }

    /// Adds the category at `path` and any missing parents.
    ///
    /// - Returns: the category, and whether anything changed: adding a category that is already
    ///   there (with the same icon, or none given) changes nothing and is not an error.
    /// - Throws: ``BooksError`` `invalid` with every problem of the path.
    public func addCategory(_ path: CategoryPath, icon: String? = nil,
                            problems known: FieldProblems = FieldProblems()) throws(BooksError) -> (category: LedgerCategory, changed: Bool) {
        var problems = known
        _ = problems.check { () throws(LedgerError) in try LedgerValidation.categoryPath(path) }
        try problems.throwIfAny()
        let existing = try store { () throws(LedgerError) in try ledger.category(at: path) }
        if let existing, icon == nil || icon == existing.icon { return (existing, false) }
        return (try store { () throws(LedgerError) in try ledger.addCategory(path, icon: icon) }, true)
    }

    /// Renames the category at `path` and sets its icon (nil values keep what it has).
    public func updateCategory(at path: CategoryPath, name: String?, icon: String?) throws(BooksError) -> LedgerCategory {
        let existing = try category(at: path)
        return try store { () throws(LedgerError) in
            try ledger.updateCategory(id: existing.id, name: name ?? existing.name, icon: icon ?? existing.icon)
        }
    }

    @discardableResult
    public func removeCategory(at path: CategoryPath) throws(BooksError) -> LedgerCategory {
        let existing = try category(at: path)
        try store { () throws(LedgerError) in try ledger.deleteCategory(id: existing.id) }
        return existing
    }
}
