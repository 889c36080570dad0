import MyMoneyKit

/// `mymoney imports [list]`, `mymoney imports undo ID`.
struct ImportsCommand: Command {
    let name = "imports"
    let summary = "list import batches; undo one, removing exactly what it added"
    let usage = [
        "mymoney imports [list] [--format table|json]",
        "mymoney imports undo ID [--force]",
    ]
    let discussion = """
    Every 'mymoney import' run that adds anything is one batch. Undo removes exactly what that
    batch added: its transactions, the statement balances it stored and the transfers touching
    them; nothing else changes. An undone import stays listed (undone, with when), and its id is
    never given to another import. Undoing an import that reaches into a reconciled period (see
    'mymoney reconcile --mark') needs --force.
    """
    let actions = ["list", "undo"]
    let options: [Option] = [.ledger, .format, .force]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let format = try OutputFormat.from(arguments)
        switch verb {
        case "list":
            guard let books = try context.booksForListing(arguments, format: format, key: "imports") else { return .success }
            let batches = try books.importBatches()
            if format == .json {
                context.terminal.print(JSONValue.object([("imports", .array(batches.map(Self.json)))]).serialized())
                return .success
            }
            if batches.isEmpty {
                context.terminal.print("no imports yet: run 'mymoney import FILE…'")
                return .success
            }
            var table = TextTable(["id", "when", "added", "skipped", "balances", "status", "files"],
                                  alignments: [.right, .left, .right, .right, .right, .left, .left])
            for b in batches {
                table.add([String(b.id), b.createdAt, String(b.added), String(b.skipped), String(b.balances),
                           b.undoneAt.map { "undone \($0)" } ?? "in the ledger", b.files.joined(separator: ", ")])
            }
            context.terminal.print(table.render())
            return .success
        case "undo":
            let id = try arguments.id("name the import to undo: mymoney imports undo ID (see mymoney imports)")
            let books = try context.openBooks(arguments)
            let report = try books.undoImport(id: id, force: arguments.flag("--force"))
            let batch = try books.importBatches().first { $0.id == id }
            context.printChange(format, "undid import \(report.batchId): removed \(counted(report.transactions, "transaction")), \(counted(report.balances, "balance")), \(counted(report.transfers, "transfer"))",
                                json: .object([("action", .string("undone")), ("import", batch.map(Self.json) ?? .null),
                                               ("removed", .object([("transactions", .int(report.transactions)),
                                                                    ("balances", .int(report.balances)),
                                                                    ("transfers", .int(report.transfers))]))]))
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, undo)")
        }
    }

    static func json(_ b: ImportBatch) -> JSONValue {
        .object([("id", .number(String(b.id))), ("created_at", .string(b.createdAt)),
                 ("files", .array(b.files.map(JSONValue.string))), ("added", .int(b.added)),
                 ("skipped", .int(b.skipped)), ("balances", .int(b.balances)),
                 ("status", .string(b.undoneAt == nil ? "in_ledger" : "undone")), ("undone_at", .optional(b.undoneAt))])
    }
}
