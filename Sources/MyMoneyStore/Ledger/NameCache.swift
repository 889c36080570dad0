/// Ids of categories, tags, projects and places looked up (or created) during one write, by key.
struct NameCache {
    private var categories: [String: Int64] = [:]
    private var tags: [String: Int64] = [:]
    private var projects: [String: Int64] = [:]
    private var places: [String: Int64] = [:]
    private var sourceFiles: [String: Int64] = [:]
    /// The last source file's path and id: a statement's rows all name one file.
    private var lastSourceFile: (path: String, id: Int64)?
    /// Ids by the exact text a row carried, before the key (case-folded, trimmed) is worked out.
    private var categoriesAsWritten: [CategoryPath: Int64] = [:]
    private var tagsAsWritten: [String: Int64] = [:]
    /// Category paths that passed ``LedgerValidation/categoryPath(_:)`` during this write.
    private var validatedCategories: Set<CategoryPath> = []

    func isValidated(_ path: CategoryPath) -> Bool { validatedCategories.contains(path) }
    mutating func markValidated(_ path: CategoryPath) { validatedCategories.insert(path) }

    mutating func category(_ path: CategoryPath, in ledger: Ledger) throws(LedgerError) -> Int64 {
        // The same path as written before (the usual case): no key to work out.
        if let id = categoriesAsWritten[path] { return id }
        let key = Ledger.pathKey(path)
        if let id = categories[key] { categoriesAsWritten[path] = id; return id }
        let id = try ledger.ensureCategory(path)
        categories[key] = id
        categoriesAsWritten[path] = id
        return id
    }

    mutating func tag(_ title: String, in ledger: Ledger) throws(LedgerError) -> Int64 {
        if let id = tagsAsWritten[title] { return id }
        let key = LedgerValidation.key(title)
        if let id = tags[key] { tagsAsWritten[title] = id; return id }
        let id = try ledger.ensureTag(title)
        tags[key] = id
        tagsAsWritten[title] = id
        return id
    }

    mutating func project(_ title: String, in ledger: Ledger) throws(LedgerError) -> Int64 {
        let key = LedgerValidation.key(title)
        if let id = projects[key] { return id }
        let id = try ledger.ensureProject(title)
        projects[key] = id
        return id
    }

    mutating func place(_ name: String, in ledger: Ledger) throws(LedgerError) -> Int64 {
        let key = LedgerValidation.key(name)
        if let id = places[key] { return id }
        let id = try ledger.ensurePlace(name)
        places[key] = id
        return id
    }

    mutating func sourceFile(_ path: String, in ledger: Ledger) throws(LedgerError) -> Int64 {
        if let last = lastSourceFile, last.path == path { return last.id }
        let id: Int64
        if let known = sourceFiles[path] { id = known } else {
            id = try ledger.sourceFileId(path)
            sourceFiles[path] = id
        }
        lastSourceFile = (path, id)
        return id
    }
}
