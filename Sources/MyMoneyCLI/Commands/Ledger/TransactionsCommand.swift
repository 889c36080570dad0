import MyMoneyKit

/// `mymoney transactions`: the ledger's transactions, filtered; changes made by hand.
struct TransactionsCommand: Command {
    let name = "transactions"
    let summary = "list stored transactions, filtered by date, account, amount, category, tags, text, …"
    let usage = [
        "mymoney transactions [list] [filters] [--format table|json]",
        "mymoney transactions add --account NAME --date DAY --amount AMOUNT [--payee TEXT] [--memo TEXT] [--split CATEGORY=AMOUNT]… [fields]",
        "mymoney transactions edit ID [--date DAY] [--amount AMOUNT] [--account NAME] [--split CATEGORY=AMOUNT]… [fields] [--force]",
        "mymoney transactions remove ID [--force]",
    ]
    let discussion = """
    Fields set by hand (--category, --tag, --project, --place, --notes, --payee, --type) are never
    overwritten by rules unless 'rules apply --overwrite-manual'. --tag replaces the tags; on a
    list it filters. Changing a transaction in a reconciled period (see 'mymoney reconcile
    --mark'), or moving one into such a period, needs --force.

    A transaction may be split into parts, each with its own category and amount (and memo=TEXT,
    tag=TITLE after a ';'): --split Food:Groceries=-18.00 --split "Gifts:Flowers=-5.50;memo=Tulpen".
    The parts must add up exactly to the amount; --split - removes them. Figures and --category
    count each part under its own category.

    Editing the date, amount or account of an imported transaction keeps the ones it was imported
    with as its identity: importing its statement again does not add it a second time.
    Every invalid value is reported at once (exit 65).
    """
    let epilogue = """
    examples:
      mymoney transactions --from 2026-10-01 --through 2026-10-31 --category Food
      mymoney transactions --account Visa --type expense --format json
      mymoney transactions edit 31 --split Food:Groceries=-18.00 --split Gifts:Flowers=-5.50
      mymoney transactions edit 12 --date 2026-10-13 --amount -23.54
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--from", .one("DAY"), "first day, inclusive (YYYY-MM-DD)"),
        Option("--through", .one("DAY"), "last day, inclusive"),
        Option("--account", .repeated("NAME"), "an account (repeatable); add: the account to add to; edit: move it there", completion: .accounts),
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
        Option("--date", .one("DAY"), "the day (add, edit)"),
        Option("--amount", .one("AMOUNT"), "the amount, negative for money leaving the account (add, edit)"),
        Option("--split", .repeated("CATEGORY=AMOUNT"), "a part with its own category (repeatable; ';memo=TEXT', ';tag=TITLE' may follow; - removes the parts)",
               completion: .categories),
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
        if !arguments.values("--split").isEmpty { throw CommandFailure.usage("--split is for 'transactions add|edit'; to filter by a part's category use --category") }
        if let extra = arguments.positionals.dropFirst().first { throw CommandFailure.usage("unexpected argument \"\(extra)\"") }
        var problems = FieldProblems()
        var filter = TransactionFilter()
        let span = arguments.daySpan(problems: &problems)
        filter.from = span.from
        filter.through = span.through
        filter.minimumAmount = arguments.amount("--min", problems: &problems)
        filter.maximumAmount = arguments.amount("--max", problems: &problems)
        if let min = filter.minimumAmount, let max = filter.maximumAmount, max < min {
            problems.add("--max", "--min \(min) is more than --max \(max)")
        }
        filter.category = arguments.categoryPath("--category", problems: &problems)
        filter.uncategorized = arguments.flag("--uncategorized")
        for text in arguments.values("--type") {
            guard let type = TransactionType(rawValue: text.lowercased()) else {
                problems.add("--type", "--type: \"\(text)\" is not income, expense or transfer")
                continue
            }
            filter.types.insert(type)
        }
        filter.place = arguments.value("--place")
        filter.project = arguments.value("--project")
        filter.tags = arguments.values("--tag")
        filter.tagMatch = arguments.flag("--all-tags") ? .all : .any
        filter.text = arguments.value("--search")
        if let text = arguments.value("--import") {
            if let id = Int64(text), id > 0 { filter.batchId = id } else { problems.add("--import", "--import should be an import id (see mymoney imports), not \"\(text)\"") }
        }
        filter.limit = arguments.positiveCount("--limit", problems: &problems)
        try problems.throwIfAny()

        guard let books = try context.booksForListing(arguments, format: format, key: "transactions") else { return .success }
        for name in arguments.values("--account") {
            guard let id = try books.account(named: name).id else { continue }
            filter.accountIds.append(id)
        }
        let names = try books.accountNames()
        if format == .json {
            // Streamed row by row from the ledger's columns: flat memory for a ledger of any size.
            var json = JSONWriter(into: context.terminal)
            json.beginObject()
            json.key("transactions")
            json.beginArray()
            // Each row as one record (its twin: TransactionJSON.write with the keys).
            var records = TransactionRowJSON(elementsOf: json)
            try books.eachTransactionRow(matching: filter) { row in
                records.write(row, accountName: { names[row.accountId] ?? String(row.accountId) }, into: &json)
            }
            json.endArray()
            json.endObject()
            json.finishLine()
            return .success
        }
        // Streamed too: the widths from a first look at the rows, a later wider cell widens its column.
        let terminal = context.terminal
        var table = StreamingTextTable(["id", "date", "account", "amount", "payee", "category", "type", "tags"],
                                       alignments: [.right, .left, .left, .right, .left, .left, .left, .left],
                                       lines: { terminal.print($0) }, plainLines: { terminal.printPlainLine($0) })
        // A row's cells as bytes in one reused buffer; a String per cell only for the rows that need them.
        var bytes = TableRowBytes()
        try books.eachTransactionRow(matching: filter) { row in
            let name = names[row.accountId] ?? ""
            if TransactionsCommand.cells(row, accountName: name, into: &bytes) { table.add(bytes) }
            else { table.add(TransactionsCommand.cells(row, accountName: name)) }
        }
        guard table.count > 0 else {
            context.terminal.print(names.isEmpty ? context.noLedgerYet(arguments) : "no transactions match")
            return .success
        }
        table.finish()
        context.terminal.print(counted(table.count, "transaction"))
        return .success
    }
}

extension TransactionsCommand {
    /// The cells of one row of the table (id, date, account, amount, payee, category, type, tags).
    static func cells(_ t: LedgerTransaction, accountName: String) -> [String] {
        let category = t.splits.isEmpty ? t.category?.description ?? ""
            : "split: " + t.countedParts.map { $0.category ?? "-" }.joined(separator: ", ")
        return [String(t.id ?? 0), t.day.description, accountName, t.amount.shown(in: t.currency),
                String((t.payee ?? t.memo ?? "").prefix(34)), category, t.type.rawValue, t.tags.joined(separator: ",")]
    }

    /// The same cells from the row's columns (held to the values' by the tests).
    static func cells(_ row: LedgerTransactionColumns, accountName: String) -> [String] {
        if let whole = row.transaction { return cells(whole, accountName: accountName) }
        let payee = row.text(.payee) ?? row.text(.memo) ?? ""
        // No more bytes than characters kept: the whole payee, without counting its characters.
        return [String(row.id), row.day.description, accountName, row.amount.shown(in: row.currency),
                payee.utf8.count <= 34 ? payee : String(payee.prefix(34)), row.category ?? "", row.type.rawValue,
                row.tags.joined(separator: ",")]
    }
}

extension TransactionsCommand {
    /// The cells of ``cells(_:accountName:)-(LedgerTransactionColumns,_)`` written into `bytes` as
    /// their UTF-8 bytes (held to them by the tests), without a String per cell; false, with
    /// `bytes` to be ignored, for a row that carries its whole value or whose payee is longer
    /// than the cell shows (cut by characters).
    static func cells(_ row: LedgerTransactionColumns, accountName: String, into bytes: inout TableRowBytes) -> Bool {
        guard row.transaction == nil else { return false }
        let payee = row.bytes(.payee) ?? row.bytes(.memo)
        if let payee, payee.count > 34 { return false }
        bytes.removeAll()
        bytes.append(decimal: row.id); bytes.endCell()
        bytes.append(day: row.day); bytes.endCell()
        bytes.append(accountName); bytes.endCell()
        bytes.append(amount: row.amount.atMinorUnits(of: row.currency)); bytes.append(" "); bytes.append(row.currency.code); bytes.endCell()
        if let payee { bytes.append(payee) }
        bytes.endCell()
        if let category = row.category { bytes.append(category) }
        bytes.endCell()
        bytes.append(row.type.rawValue); bytes.endCell()
        for (i, tag) in row.tags.enumerated() {
            if i > 0 { bytes.append(",") }
            bytes.append(tag)
        }
        bytes.endCell()
        return true
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
            ("splits", .array(t.splits.map { s in
                .object([("amount", .string(s.amount.description)), ("category", .optional(s.category)),
                         ("tags", .array(s.tags.map(JSONValue.string))), ("memo", .optional(s.memo))])
            })),
        ]
        members.append(("original_payee", .optional(t.originalPayee)))
        members.append(("notes", .optional(t.notes)))
        members.append(("bank_id", .optional(t.bankId)))
        if let f = t.sourceFile { members.append(("source", .object([("file", .string(f)), ("line", t.sourceLine.map { .int($0) } ?? .null)]))) }
        return .object(members)
    }

    /// The streaming form of ``make(_:accountName:)``: the same members in the same order,
    /// written into `json` (held to the tree by the tests).
    static func write(_ t: LedgerTransaction, accountName: String, into json: inout JSONWriter) {
        json.beginObject()
        json.key("id"); json.int(t.id ?? 0)
        json.key("account"); json.string(accountName)
        json.key("date"); json.day(t.day)
        json.key("amount"); json.amount(t.amount)
        json.key("currency"); json.string(t.currency.code)
        json.key("payee"); json.string(t.payee)
        json.key("memo"); json.string(t.memo)
        json.key("category"); json.string(t.category?.description)
        json.key("tags"); strings(t.tags, into: &json)
        json.key("project"); json.string(t.project)
        json.key("place"); json.string(t.place)
        json.key("type"); json.string(t.type.rawValue)
        json.key("splits")
        json.beginArray()
        for s in t.splits {
            json.beginObject()
            json.key("amount"); json.amount(s.amount)
            json.key("category"); json.string(s.category)
            json.key("tags"); strings(s.tags, into: &json)
            json.key("memo"); json.string(s.memo)
            json.endObject()
        }
        json.endArray()
        json.key("original_payee"); json.string(t.originalPayee)
        json.key("notes"); json.string(t.notes)
        json.key("bank_id"); json.string(t.bankId)
        if let f = t.sourceFile {
            json.key("source")
            json.beginObject()
            json.key("file"); json.string(f)
            json.key("line")
            if let line = t.sourceLine { json.int(line) } else { json.null() }
            json.endObject()
        }
        json.endObject()
    }

    /// The keys of a transaction's members and of its `source`, made once for transactions
    /// written at one depth (``JSONMemberKeys``).
    struct Keys {
        /// A transaction's members, in the order they are written.
        enum Member: Int, CaseIterable {
            case id, account, date, amount, currency, payee, memo, category, tags, project, place, type, splits,
                 originalPayee, notes, bankId, source
        }
        static let names = ["id", "account", "date", "amount", "currency", "payee", "memo", "category", "tags", "project",
                            "place", "type", "splits", "original_payee", "notes", "bank_id", "source"]
        let members: JSONMemberKeys
        let source: JSONMemberKeys

        /// Keys for transactions that are elements of the array `json` is inside now.
        init(elementsOf json: JSONWriter) {
            members = JSONMemberKeys(Keys.names, depth: json.depth + 1, pretty: json.pretty)
            source = JSONMemberKeys(["file", "line"], depth: json.depth + 2, pretty: json.pretty)
        }
    }

    /// The same object as ``write(_:accountName:into:)`` for the transaction of `row`, written
    /// from its columns without a ``LedgerTransaction`` (held to it by the tests); a row that
    /// carries its whole value (splits) is written from that. `keys`: made for the depth the
    /// transaction is written at (any other works too, through the plain keys).
    static func write(_ row: LedgerTransactionColumns, accountName: String, keys: Keys, into json: inout JSONWriter) {
        if let whole = row.transaction { write(whole, accountName: accountName, into: &json); return }
        let m = keys.members
        json.beginObject()
        json.key(m, Keys.Member.id.rawValue); json.int(row.id)
        json.key(m, Keys.Member.account.rawValue); json.string(accountName)
        json.key(m, Keys.Member.date.rawValue); json.day(row.day)
        json.key(m, Keys.Member.amount.rawValue); json.amount(row.amount)
        json.key(m, Keys.Member.currency.rawValue); json.string(row.currency.code)
        json.key(m, Keys.Member.payee.rawValue); json.string(unchecked: row.bytes(.payee))
        json.key(m, Keys.Member.memo.rawValue); json.string(unchecked: row.bytes(.memo))
        json.key(m, Keys.Member.category.rawValue); json.string(row.category)
        json.key(m, Keys.Member.tags.rawValue); strings(row.tags, into: &json)
        json.key(m, Keys.Member.project.rawValue); json.string(unchecked: row.bytes(.project))
        json.key(m, Keys.Member.place.rawValue); json.string(unchecked: row.bytes(.place))
        json.key(m, Keys.Member.type.rawValue); json.string(row.type.rawValue)
        json.key(m, Keys.Member.splits.rawValue); json.beginArray(); json.endArray()
        json.key(m, Keys.Member.originalPayee.rawValue); json.string(unchecked: row.bytes(.originalPayee))
        json.key(m, Keys.Member.notes.rawValue); json.string(unchecked: row.bytes(.notes))
        json.key(m, Keys.Member.bankId.rawValue); json.string(unchecked: row.bytes(.bankId))
        if let file = row.bytes(.sourceFile) {
            json.key(m, Keys.Member.source.rawValue)
            json.beginObject()
            json.key(keys.source, 0); json.string(unchecked: file)
            json.key(keys.source, 1)
            if let line = row.sourceLine { json.int(line) } else { json.null() }
            json.endObject()
        }
        json.endObject()
    }

    private static func strings(_ items: [String], into json: inout JSONWriter) {
        json.beginArray()
        for item in items { json.string(item) }
        json.endArray()
    }
}
