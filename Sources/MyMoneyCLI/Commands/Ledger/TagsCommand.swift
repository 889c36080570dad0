import MyMoneyStore

/// `mymoney tags list|add|edit|remove`.
struct TagsCommand: Command {
    let name = "tags"
    let summary = "list tags with figures; add, edit and remove tags (title, color)"
    let help = """
    usage: mymoney tags [list] [--format table|json]
           mymoney tags add TITLE [--color #RRGGBB]
           mymoney tags edit TITLE [--title NEW] [--color #RRGGBB]
           mymoney tags remove TITLE

    options:
      --ledger PATH   the ledger file

    example:
      mymoney tags add coffee --color "#6F4E37"
    """
    let options: Set<String> = ["--ledger", "--format", "--color", "--title"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw .usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        guard let title = arguments.positionals.dropFirst().first else { throw .usage("name the tag") }
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        switch verb {
        case "add":
            let tag = try ledgerCall { () throws(LedgerError) in try ledger.addTag(LedgerTag(title: title, color: arguments.value("--color"))) }
            context.terminal.print("added tag \(tag.title)")
        case "edit":
            var tag = try find(title, ledger)
            if let newTitle = arguments.value("--title") { tag.title = newTitle }
            if let color = arguments.value("--color") { tag.color = color }
            let updated = try ledgerCall { () throws(LedgerError) in try ledger.updateTag(tag) }
            context.terminal.print("updated tag \(updated.title)")
        default:
            let tag = try find(title, ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.deleteTag(id: tag.id ?? -1) }
            context.terminal.print("removed tag \(tag.title)")
        }
        return .success
    }

    func find(_ title: String, _ ledger: Ledger) throws(CommandFailure) -> LedgerTag {
        guard let tag = try ledgerCall({ () throws(LedgerError) in try ledger.tag(titled: title) }) else {
            throw .data("there is no tag \(title) (see mymoney tags list)")
        }
        return tag
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "tags") else { return .success }
        let tags = try ledgerCall { () throws(LedgerError) in try ledger.tags() }
        let summaries = try ledgerCall { () throws(LedgerError) in try ledger.summaries(of: .tags) }
        let byId = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if format == .json {
            context.terminal.print(JSONValue.object([("tags", .array(tags.map { t in
                .object([("title", .string(t.title)), ("color", .optional(t.color)),
                         ("figures", figuresJSON(t.id.flatMap { byId[$0] }))])
            }))]).serialized())
            return .success
        }
        if tags.isEmpty {
            context.terminal.print("no tags yet: add one with 'mymoney tags add TITLE --color #RRGGBB', or let rules add them on import")
            return .success
        }
        var table = TextTable(["tag", "color", "income", "expense", "cashflow", "count"], alignments: [.left, .left, .right, .right, .right, .right])
        for t in tags {
            for (i, row) in figureColumns(t.id.flatMap { byId[$0] }).enumerated() {
                table.add((i == 0 ? [t.title, t.color ?? ""] : ["", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        return .success
    }
}
