import MyMoneyStore

/// `mymoney transactions`: the ledger's transactions, filtered.
struct TransactionsCommand: Command {
    let name = "transactions"
    let summary = "list stored transactions, filtered by date, account, amount, category, tags, text, …"
    let help = """
    usage: mymoney transactions [list] [filters] [--format table|json]
           mymoney transactions add --account NAME --date DAY --amount AMOUNT [--payee TEXT] [--memo TEXT] [fields]
           mymoney transactions edit ID [fields] [--force]
           mymoney transactions remove ID [--force]

    fields (set by hand: rules never overwrite them unless 'rules apply --overwrite-manual'):
      --category PATH, --tag TITLE (repeatable; replaces the tags), --project TITLE, --place NAME,
      --notes TEXT, --payee TEXT, --type income|expense|transfer
    Changing a transaction in a reconciled period (see 'mymoney reconcile --mark') needs --force.

    filters:
      --from DAY, --through DAY     first and last day, inclusive (YYYY-MM-DD)
      --account NAME                an account (repeatable)
      --min AMOUNT, --max AMOUNT    signed amounts, inclusive (--max -10 finds expenses of 10 or more)
      --category PATH               this category and its children (Food finds Food:Groceries too)
      --uncategorized               only transactions without a category
      --type TYPE                   income, expense or transfer (repeatable)
      --place NAME, --project TITLE
      --tag TITLE                   carries this tag (repeatable; --all-tags requires every one)
      --search TEXT                 text in payee, memo or notes (case- and accent-insensitive)
      --import ID                   only what one import batch added
      --limit N                     at most N transactions

    options:
      --ledger PATH                 the ledger file

    examples:
      mymoney transactions --from 2026-10-01 --through 2026-10-31 --category Food
      mymoney transactions --account Visa --type expense --format json
    """
    let options: Set<String> = ["--ledger", "--format", "--from", "--through", "--account", "--min", "--max", "--category",
                                "--type", "--place", "--project", "--tag", "--search", "--import", "--limit",
                                "--date", "--amount", "--payee", "--memo", "--notes"]
    let flags: Set<String> = ["--uncategorized", "--all-tags", "--force"]
    let editOptions: Set<String> = ["--date", "--amount", "--payee", "--memo", "--notes"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        switch arguments.positionals.first ?? "list" {
        case "list": return try list(arguments, context)
        case "add": return try TransactionEditing.add(arguments, context)
        case "edit": return try TransactionEditing.edit(arguments, context)
        case "remove": return try TransactionEditing.remove(arguments, context)
        case let other: throw .usage("unknown action \"\(other)\" (list, add, edit, remove)")
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        for option in ["--date", "--amount", "--payee", "--memo", "--notes"] where arguments.value(option) != nil {
            throw .usage("\(option) is for 'transactions add|edit'; to filter by text use --search")
        }
        if let extra = arguments.positionals.dropFirst().first { throw .usage("unexpected argument \"\(extra)\"") }
        var filter = TransactionFilter()
        filter.from = try arguments.value("--from").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--from") }
        filter.through = try arguments.value("--through").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--through") }
        filter.minimumAmount = try arguments.value("--min").map { (t: String) throws(CommandFailure) in try parseAmount(t, option: "--min") }
        filter.maximumAmount = try arguments.value("--max").map { (t: String) throws(CommandFailure) in try parseAmount(t, option: "--max") }
        if let text = arguments.value("--category") {
            guard let path = CategoryPath(parsing: text) else { throw .usage("--category: \"\(text)\" is not a category path") }
            filter.category = path
        }
        filter.uncategorized = arguments.flag("--uncategorized")
        for text in arguments.values("--type") {
            guard let type = TransactionType(rawValue: text.lowercased()) else { throw .usage("--type: \"\(text)\" is not income, expense or transfer") }
            filter.types.insert(type)
        }
        filter.place = arguments.value("--place")
        filter.project = arguments.value("--project")
        filter.tags = arguments.values("--tag")
        filter.tagMatch = arguments.flag("--all-tags") ? .all : .any
        filter.text = arguments.value("--search")
        filter.batchId = try arguments.value("--import", as: "an import id", { Int64($0) })
        filter.limit = try arguments.value("--limit", as: "a count", { Int($0) })

        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "transactions") else { return .success }
        let accounts = try ledgerCall { () throws(LedgerError) in try ledger.accounts() }
        for name in arguments.values("--account") {
            guard let account = accounts.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }), let id = account.id else {
                throw .data("there is no account named \(name) (see mymoney accounts list)")
            }
            filter.accountIds.append(id)
        }
        let names = Dictionary(accounts.compactMap { a in a.id.map { ($0, a.name) } }, uniquingKeysWith: { a, _ in a })
        let transactions = try ledgerCall { () throws(LedgerError) in try ledger.transactions(matching: filter) }
        if format == .json {
            context.terminal.print(JSONValue.object([("transactions", .array(transactions.map { t in
                TransactionJSON.make(t, accountName: names[t.accountId] ?? String(t.accountId))
            }))]).serialized())
            return .success
        }
        if transactions.isEmpty {
            context.terminal.print(accounts.isEmpty ? context.noLedgerYet(arguments) : "no transactions match")
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
