import MyMoneyKit

/// `mymoney transactions`: the ledger's transactions, filtered; changes made by hand.
struct TransactionsCommand: Command {
    let name = "transactions"
    let summary = "list stored transactions, filtered by date, account, amount, category, tags, text, …"
    let usage = [
        "mymoney transactions [list] [filters] [--format table|json]",
        "mymoney transactions add --account NAME --date DAY --amount AMOUNT [--payee TEXT] [--memo TEXT] [fields]",
        "mymoney transactions edit ID [fields] [--force]",
        "mymoney transactions remove ID [--force]",
    ]
    let discussion = """
    Fields set by hand (--category, --tag, --project, --place, --notes, --payee, --type) are never
    overwritten by rules unless 'rules apply --overwrite-manual'. --tag replaces the tags; on a
    list it filters. Changing a transaction in a reconciled period (see 'mymoney reconcile
    --mark') needs --force.
    """
    let epilogue = """
    examples:
      mymoney transactions --from 2026-10-01 --through 2026-10-31 --category Food
      mymoney transactions --account Visa --type expense --format json
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--from", .one("DAY"), "first day, inclusive (YYYY-MM-DD)"),
        Option("--through", .one("DAY"), "last day, inclusive"),
        Option("--account", .repeated("NAME"), "an account (repeatable; add: the account to add to)", completion: .accounts),
        Option("--min", .one("AMOUNT"), "signed amounts from this, inclusive"),
        Option("--max", .one("AMOUNT"), "signed amounts up to this, inclusive (--max -10 finds expenses of 10 or more)"),
        Option("--category", .one("PATH"), "this category and its children (Food finds Food:Groceries too); add/edit: set it", completion: .categories),
        Option("--uncategorized", "only transactions without a category"),
        Option("--type", .repeated("TYPE"), "income, expense or transfer (repeatable)", completion: .choices(["income", "expense", "transfer"])),
        Option("--place", .one("NAME"), "at this place; add/edit: set it", completion: .places),
        Option("--project", .one("TITLE"), "in this project; add/edit: set it", completion: .projects),
        Option("--tag", .repeated("TITLE"), "carries this tag (repeatable); add/edit: the tags", completion: .tags),
        Option("--all-tags", "require every --tag"),
        Option("--search", .one("TEXT"), "text in payee, memo or notes (case- and accent-insensitive)"),
        Option("--import", .one("ID"), "only what one import batch added"),
        Option("--limit", .one("N"), "at most N transactions"),
        Option("--date", .one("DAY"), "the day (add)"),
        Option("--amount", .one("AMOUNT"), "the amount, negative for money leaving the account (add)"),
        Option("--payee", .one("TEXT"), "the payee"),
        Option("--memo", .one("TEXT"), "the memo"),
        Option("--notes", .one("TEXT"), "your notes"),
        .force,
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        switch arguments.positionals.first ?? "list" {
        case "list": return try list(arguments, context)
        case "add": return try TransactionEditing.add(arguments, context)
        case "edit": return try TransactionEditing.edit(arguments, context)
        case "remove": return try TransactionEditing.remove(arguments, context)
        case let other: throw CommandFailure.usage("unknown action \"\(other)\" (list, add, edit, remove)")
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        for option in ["--date", "--amount", "--payee", "--memo", "--notes"] where arguments.value(option) != nil {
            throw CommandFailure.usage("\(option) is for 'transactions add|edit'; to filter by text use --search")
        }
        if let extra = arguments.positionals.dropFirst().first { throw CommandFailure.usage("unexpected argument \"\(extra)\"") }
        var filter = TransactionFilter()
        filter.from = try arguments.day("--from")
        filter.through = try arguments.day("--through")
        filter.minimumAmount = try arguments.amount("--min")
        filter.maximumAmount = try arguments.amount("--max")
        filter.category = try arguments.categoryPath("--category")
        filter.uncategorized = arguments.flag("--uncategorized")
        for text in arguments.values("--type") {
            guard let type = TransactionType(rawValue: text.lowercased()) else { throw CommandFailure.usage("--type: \"\(text)\" is not income, expense or transfer") }
            filter.types.insert(type)
        }
        filter.place = arguments.value("--place")
        filter.project = arguments.value("--project")
        filter.tags = arguments.values("--tag")
        filter.tagMatch = arguments.flag("--all-tags") ? .all : .any
        filter.text = arguments.value("--search")
        filter.batchId = try arguments.value("--import", as: "an import id", { Int64($0) })
        filter.limit = try arguments.value("--limit", as: "a count", { Int($0) })

        guard let books = try context.booksForListing(arguments, format: format, key: "transactions") else { return .success }
        for name in arguments.values("--account") {
            guard let id = try books.account(named: name).id else { continue }
            filter.accountIds.append(id)
        }
        let names = try books.accountNames()
        let transactions = try books.transactions(matching: filter)
        if format == .json {
            context.terminal.print(JSONValue.object([("transactions", .array(transactions.map { t in
                TransactionJSON.make(t, accountName: names[t.accountId] ?? String(t.accountId))
            }))]).serialized())
            return .success
        }
        if transactions.isEmpty {
            context.terminal.print(names.isEmpty ? context.noLedgerYet(arguments) : "no transactions match")
            return .success
        }
        var table = TextTable(["id", "date", "account", "amount", "payee", "category", "type", "tags"],
                              alignments: [.right, .left, .left, .right, .left, .left, .left, .left])
        for t in transactions {
            table.add([String(t.id ?? 0), t.day.description, names[t.accountId] ?? "", "\(t.amount) \(t.currency.code)",
                       String((t.payee ?? t.memo ?? "").prefix(34)), t.category?.description ?? "", t.type.rawValue,
                       t.tags.joined(separator: ",")])
        }
        context.terminal.print(table.render())
        context.terminal.print("\(transactions.count) transaction\(transactions.count == 1 ? "" : "s")")
        return .success
    }
}

/// The JSON shape of a stored transaction (DESIGN.md's command surface).
enum TransactionJSON {
    static func make(_ t: LedgerTransaction, accountName: String) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("id", .number(String(t.id ?? 0))), ("account", .string(accountName)), ("date", .string(t.day.description)),
            ("amount", .string(t.amount.description)), ("currency", .string(t.currency.code)),
            ("payee", .optional(t.payee)), ("memo", .optional(t.memo)), ("category", .optional(t.category?.description)),
            ("tags", .array(t.tags.map(JSONValue.string))), ("project", .optional(t.project)), ("place", .optional(t.place)),
            ("type", .string(t.type.rawValue)),
        ]
        members.append(("original_payee", .optional(t.originalPayee)))
        members.append(("notes", .optional(t.notes)))
        members.append(("bank_id", .optional(t.bankId)))
        if let f = t.sourceFile { members.append(("source", .object([("file", .string(f)), ("line", t.sourceLine.map { .int($0) } ?? .null)]))) }
        return .object(members)
    }
}
