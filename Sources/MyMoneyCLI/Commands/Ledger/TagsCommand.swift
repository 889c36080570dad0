import MyMoneyKit

/// `mymoney tags list|add|edit|remove`.
struct TagsCommand: Command {
    let name = "tags"
    let summary = "list tags with figures; add, edit and remove tags (title, color)"
    let usage = [
        "mymoney tags [list] [--format table|json]",
        "mymoney tags add TITLE [--color #RRGGBB]",
        "mymoney tags edit TITLE [--title NEW] [--color #RRGGBB]",
        "mymoney tags remove TITLE",
    ]
    let discussion = ""
    let epilogue = """
    example:
      mymoney tags add coffee --color "#6F4E37"
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--color", .one("#RRGGBB"), "the tag's color"),
        Option("--title", .one("NEW"), "a new title (edit)"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        let title = try arguments.subject("name the tag")
        let format = try OutputFormat.from(arguments)
        let books = try context.openBooks(arguments)
        switch verb {
        case "add":
            let tag = try books.addTag(LedgerTag(title: title, color: arguments.value("--color")))
            context.printChange(format, "added tag \(tag.title)", json: EntityJSON.action("added", "tag", .object(EntityJSON.tag(tag))))
        case "edit":
            var tag = try books.tag(titled: title)
            if let newTitle = arguments.value("--title") { tag.title = newTitle }
            if let color = arguments.value("--color") { tag.color = color }
            let updated = try books.updateTag(tag)
            context.printChange(format, "updated tag \(updated.title)", json: EntityJSON.action("updated", "tag", .object(EntityJSON.tag(updated))))
        default:
            let tag = try books.removeTag(titled: title)
            context.printChange(format, "removed tag \(tag.title)", json: EntityJSON.action("removed", "tag", .object(EntityJSON.tag(tag))))
        }
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "tags") else { return .success }
        let tags = try books.tagStandings(in: try context.reportingCurrency(books))
        if format == .json {
            context.terminal.print(JSONValue.object([("tags", .array(tags.map { entry in
                .object(EntityJSON.tag(entry.tag) + [("figures", figuresJSON(entry.figures))])
            }))]).serialized())
            return .success
        }
        if tags.isEmpty {
            context.terminal.print("no tags yet: add one with 'mymoney tags add TITLE --color #RRGGBB', or let rules add them on import")
            return .success
        }
        var table = TextTable(["tag", "color", "income", "expense", "cashflow", "count"], alignments: [.left, .left, .right, .right, .right, .right])
        for entry in tags {
            for (i, row) in figureColumns(entry.figures).enumerated() {
                table.add((i == 0 ? [entry.tag.title, entry.tag.color ?? ""] : ["", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        if let note = unconvertedNote(tags.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
