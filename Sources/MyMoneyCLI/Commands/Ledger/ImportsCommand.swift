import MyMoneyStore

/// `mymoney imports [list]`, `mymoney imports undo ID`.
struct ImportsCommand: Command {
    let name = "imports"
    let summary = "list import batches; undo one, removing exactly what it added"
    let help = """
    usage: mymoney imports [list] [--format table|json]
           mymoney imports undo ID [--force]

    Every 'mymoney import' run that adds anything is one batch. Undo removes exactly what that
    batch added: its transactions, the statement balances it stored and the transfers touching
    them; nothing else changes. Undoing an import that reaches into a reconciled period (see
    'mymoney reconcile --mark') needs --force.

    options:
      --ledger PATH   the ledger file
    """
    let options: Set<String> = ["--ledger", "--format"]
    let flags: Set<String> = ["--force"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list":
            let format = try OutputFormat.from(arguments)
            guard let ledger = try context.ledgerForListing(arguments, format: format, key: "imports") else { return .success }
            let batches = try ledgerCall { () throws(LedgerError) in try ledger.importBatches() }
            if format == .json {
                context.terminal.print(JSONValue.object([("imports", .array(batches.map { b in
                    .object([("id", .number(String(b.id))), ("created_at", .string(b.createdAt)),
                             ("files", .array(b.files.map(JSONValue.string))), ("added", .int(b.added)),
                             ("skipped", .int(b.skipped)), ("balances", .int(b.balances))])
                }))]).serialized())
                return .success
            }
            if batches.isEmpty {
                context.terminal.print("no imports yet: run 'mymoney import FILE…'")
                return .success
            }
            var table = TextTable(["id", "when", "added", "skipped", "balances", "files"], alignments: [.right, .left, .right, .right, .right, .left])
            for b in batches {
                table.add([String(b.id), b.createdAt, String(b.added), String(b.skipped), String(b.balances), b.files.joined(separator: ", ")])
            }
            context.terminal.print(table.render())
            return .success
        case "undo":
            guard let text = arguments.positionals.dropFirst().first, let id = Int64(text) else {
                throw .usage("name the import to undo: mymoney imports undo ID (see mymoney imports)")
            }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let accounts = try ledgerCall { () throws(LedgerError) in try ledger.accounts() }
            let added = try ledgerCall { () throws(LedgerError) in try ledger.transactions(matching: TransactionFilter(batchId: id)) }
            let locked = added.filter { t in
                accounts.first(where: { $0.id == t.accountId })?.reconciledThrough.map { t.day <= $0 } ?? false
            }
            if !locked.isEmpty && !arguments.flag("--force") {
                throw .data("import \(id) added \(locked.count) transactions to reconciled periods; undoing it changes reconciled balances (add --force to do it anyway)")
            }
            let report = try ledgerCall { () throws(LedgerError) in try ledger.undoImport(batchId: id) }
            context.terminal.print("undid import \(report.batchId): removed \(report.transactions) transactions, \(report.balances) balances, \(report.transfers) transfers")
            return .success
        default:
            throw .usage("unknown action \"\(verb)\" (list, undo)")
        }
    }
}
