/// The whole ledger as JSON (`mymoney export json`), in the versioned schema of
/// `docs/export-json.md`: `{"mymoney_export": "ledger", "version": 1, …}`.
///
/// Every entry carries its id, so links (a transaction's account, a transfer's legs, a
/// category's parent) are by id. Amounts are strings with the exact decimal, days `YYYY-MM-DD`,
/// currencies ISO 4217 codes; absent values are `null`, never left out, so every object of a kind
/// has the same keys.
public struct LedgerJSON: Sendable {
    /// The value of `mymoney_export` that marks this document.
    public static let marker = "ledger"
    /// The schema's version; a reader refuses a version it does not know.
    public static let version = 1

    public var books: BooksSnapshot

    public init(_ books: BooksSnapshot) { self.books = books }

    public func render() -> String { document.serialized() + "\n" }

    public var document: JSONValue {
        var names: [Int64: String] = [:]
        for a in books.accounts { if let id = a.id { names[id] = a.name } }
        return .object([
            ("mymoney_export", .string(LedgerJSON.marker)),
            ("version", .int(LedgerJSON.version)),
            ("from", .optional(books.from?.description)),
            ("through", .optional(books.through?.description)),
            ("accounts", .array(books.accounts.map(LedgerJSON.account))),
            ("categories", .array(books.categories.map { c in
                .object([("id", .number(String(c.id))), ("path", .string(c.path.description)),
                         ("parent_id", LedgerJSON.id(c.parentId)), ("icon", .optional(c.icon))])
            })),
            ("tags", .array(books.tags.map { t in
                .object([("id", LedgerJSON.id(t.id)), ("title", .string(t.title)), ("color", .optional(t.color))])
            })),
            ("projects", .array(books.projects.map { p in
                .object([("id", LedgerJSON.id(p.id)), ("title", .string(p.title)), ("start", .optional(p.startDay?.description)),
                         ("end", .optional(p.endDay?.description)), ("archived", .bool(p.isArchived))])
            })),
            ("places", .array(books.places.map { p in
                .object([("id", LedgerJSON.id(p.id)), ("name", .string(p.name)), ("address", .optional(p.address)),
                         ("city", .optional(p.city)), ("country", .optional(p.country)),
                         ("latitude", .optional(p.latitude)), ("longitude", .optional(p.longitude))])
            })),
            ("budgets", .array(books.budgets.map(LedgerJSON.budget))),
            ("imports", .array(books.batches.map { b in
                .object([("id", .number(String(b.id))), ("created_at", .string(b.createdAt)),
                         ("files", .array(b.files.map(JSONValue.string))), ("added", .int(b.added)), ("skipped", .int(b.skipped)),
                         ("balances", .int(b.balances)), ("undone_at", .optional(b.undoneAt))])
            })),
            ("transactions", .array(books.transactions.map { transaction($0, names: names) })),
            ("transfers", .array(books.transfers.map { t in
                .object([("id", .number(String(t.id))), ("from_transaction_id", .number(String(t.fromTransactionId))),
                         ("to_transaction_id", .number(String(t.toTransactionId))), ("rate", .optional(t.rate?.description)),
                         ("fee", .optional(t.fee?.description)), ("confidence", .number(String(t.confidence))),
                         ("status", .string(t.status.rawValue)), ("reasons", .array(t.reasons.map(JSONValue.string)))])
            })),
            ("balances", .array(books.balances.map { b in
                .object([("id", LedgerJSON.id(b.id)), ("account_id", .number(String(b.accountId))),
                         ("account", .optional(names[b.accountId])), ("date", .string(b.day.description)),
                         ("amount", .string(b.amount.description)), ("kind", .string(b.kind.rawValue)),
                         ("source_file", .optional(b.sourceFile)), ("import_batch", LedgerJSON.id(b.batchId))])
            })),
            ("rates", .array(books.prices.map { p in
                .object([("date", .string(p.day.description)), ("base", .string(p.base.code)),
                         ("quote", .string(p.quote.code)), ("rate", .string(p.rate.description)),
                         ("source", .string(p.source)), ("file", .optional(p.file))])
            })),
        ])
    }

    static func id(_ id: Int64?) -> JSONValue { id.map { .number(String($0)) } ?? .null }

    static func account(_ a: Account) -> JSONValue {
        .object([("id", id(a.id)), ("name", .string(a.name)), ("kind", .string(a.kind.rawValue)),
                 ("currency", .string(a.currency.code)), ("numbers", .array(a.numbers.map(JSONValue.string))),
                 ("bank_id", .optional(a.bankId)), ("opening_balance", .string(a.openingBalance.description)),
                 ("reconciled_through", .optional(a.reconciledThrough?.description))])
    }

    static func budget(_ b: Budget) -> JSONValue {
        let target: (String, JSONValue)
        switch b.target {
        case .category(let path): target = ("category", .string(path.description))
        case .tag(let title): target = ("tag", .string(title))
        case .project(let title): target = ("project", .string(title))
        }
        return .object([("id", id(b.id)), ("name", .optional(b.name)), target, ("amount", .string(b.amount.description)),
                        ("currency", .string(b.currency.code)), ("period", .string(b.period.rawValue)),
                        ("start", .string(b.startDay.description)), ("custom_days", b.customDays.map { .int($0) } ?? .null),
                        ("rollover", .bool(b.rollover))])
    }

    func transaction(_ t: LedgerTransaction, names: [Int64: String]) -> JSONValue {
        .object([
            ("id", LedgerJSON.id(t.id)), ("account_id", .number(String(t.accountId))), ("account", .optional(names[t.accountId])),
            ("date", .string(t.day.description)), ("amount", .string(t.amount.description)), ("currency", .string(t.currency.code)),
            ("payee", .optional(t.payee)), ("original_payee", .optional(t.originalPayee)), ("memo", .optional(t.memo)),
            ("notes", .optional(t.notes)), ("type", .string(t.type.rawValue)), ("category", .optional(t.category?.description)),
            ("tags", .array(t.tags.map(JSONValue.string))), ("project", .optional(t.project)), ("place", .optional(t.place)),
            ("bank_id", .optional(t.bankId)), ("bank_type", .optional(t.bankType)), ("check_number", .optional(t.checkNumber)),
            ("transfer_hint", .optional(t.transferHint)),
            ("splits", .array(t.splits.map { s in
                .object([("amount", .string(s.amount.description)), ("category", .optional(s.category)),
                         ("tags", .array(s.tags.map(JSONValue.string))), ("memo", .optional(s.memo)),
                         ("transfer_account", .optional(s.transferAccount))])
            })),
            ("extra", .array(t.extra.map { .object([("key", .string($0.key)), ("value", .string($0.value))]) })),
            ("source", .object([("format", .optional(t.sourceFormat)), ("file", .optional(t.sourceFile)),
                                ("line", t.sourceLine.map { .int($0) } ?? .null)])),
            ("import_batch", LedgerJSON.id(t.id.flatMap { books.batchOfTransaction[$0] })),
        ])
    }
}
