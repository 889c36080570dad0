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
    /// Ids of the category paths, as written, that passed ``LedgerValidation/categoryPath(_:)``
    /// during this write: a row of a known path costs one look-up (it cost three hashes of the
    /// path: checked, marked and looked up).
    private var validatedCategories: [CategoryPath: Int64] = [:]
    /// The stored text of field sets (``Ledger/fieldList(_:)``) by the set's fields as bits: a
    /// statement's rows carry a handful of sets, and sorting and joining one per row was a
    /// twentieth of the store's time.
    private var fieldLists: [UInt16: String] = [:]

    /// The last currency's code: a statement's rows are all in its account's currency, and the
    /// code is made from the currency's packed letters on every call.
    private var lastCurrency: (currency: Currency, code: String)?

    /// `currency.code`, made once for a run of rows in the same currency.
    mutating func code(of currency: Currency) -> String {
        if let last = lastCurrency, last.currency == currency { return last.code }
        let code = currency.code
        lastCurrency = (currency, code)
        return code
    }

    /// The id of `path` when it passed the category checks in this write.
    func validatedCategory(_ path: CategoryPath) -> Int64? { validatedCategories[path] }

    /// The id of `path`, which has just passed the category checks (created when new).
    mutating func category(validated path: CategoryPath, in ledger: Ledger) throws(LedgerError) -> Int64 {
        let id = try category(path, in: ledger)
        validatedCategories[path] = id
        return id
    }

    /// ``Ledger/fieldList(_:)`` of `fields`, worked out once per set.
    mutating func fieldList(_ fields: Set<TransactionField>) -> String {
        var bits: UInt16 = 0
        for field in fields { bits |= 1 << NameCache.bit(field) }
        if let known = fieldLists[bits] { return known }
        let list = Ledger.fieldList(fields)
        fieldLists[bits] = list
        return list
    }

    private static func bit(_ field: TransactionField) -> UInt16 {
        switch field {
        case .payee: 0
        case .memo: 1
        case .notes: 2
        case .type: 3
        case .category: 4
        case .tags: 5
        case .project: 6
        case .place: 7
        case .day: 8
        case .amount: 9
        case .account: 10
        case .splits: 11
        }
    }

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
