import MyMoneyKit

/// `mymoney categories list|add|edit|remove`: the category tree, at most five levels deep.
struct CategoriesCommand: Command {
    let name = "categories"
    let summary = "list the category tree with figures; add, rename and remove categories"
    let usage = [
        "mymoney categories [list] [--format table|json]",
        "mymoney categories add PATH [--icon NAME]",
        "mymoney categories edit PATH [--name NEW] [--icon NAME]",
        "mymoney categories remove PATH",
    ]
    let discussion = """
    A PATH is written outermost first with colons: Food:Groceries. Categories nest at most 5
    levels deep; adding one creates its parents. Figures of a category include its children.
    """
    let epilogue = """
    examples:
      mymoney categories add Food:Groceries --icon cart
      mymoney categories edit Food:Groceries --name Supermarket
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--icon", .one("NAME"), "an icon name shown beside the category"),
        Option("--name", .one("NEW"), "a new name for the category (edit)"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        guard let text = arguments.positionals.dropFirst().first else {
            throw CommandFailure.usage("name the category path, e.g. Food:Groceries")
        }
        guard let path = CategoryPath(parsing: text) else {
            throw CommandFailure.data("category path \"\(text)\" has no name in it (write Food:Groceries)")
        }
        let format = try OutputFormat.from(arguments)
        let books = try context.openBooks(arguments)
        func json(_ action: String, _ c: LedgerCategory) -> JSONValue { EntityJSON.action(action, "category", .object(EntityJSON.category(c))) }
        switch verb {
        case "add":
            let (category, changed) = try books.addCategory(path, icon: arguments.value("--icon"))
            if changed {
                context.printChange(format, "added category \(category.path)", json: json("added", category))
            } else {
                context.printChange(format, "category \(category.path) is already there: nothing changed", json: json("unchanged", category))
            }
        case "edit":
            let updated = try books.updateCategory(at: path, name: arguments.value("--name"), icon: arguments.value("--icon"))
            context.printChange(format, "updated category \(updated.path)", json: json("updated", updated))
        default:
            let removed = try books.removeCategory(at: path)
            context.printChange(format, "removed category \(removed.path)", json: json("removed", removed))
        }
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "categories") else { return .success }
        let categories = try books.categoryStandings(in: try context.reportingCurrency(books))
        if format == .json {
            context.terminal.print(JSONValue.object([("categories", .array(categories.map { entry in
                .object(EntityJSON.category(entry.category) + [("figures", figuresJSON(entry.figures))])
            }))]).serialized())
            return .success
        }
        if categories.isEmpty {
            context.terminal.print("no categories yet: add one with 'mymoney categories add Food:Groceries', or let rules create them on import (see Rules/README.md)")
            return .success
        }
        var table = TextTable(["category", "income", "expense", "cashflow", "count"], alignments: [.left, .right, .right, .right, .right])
        for entry in categories {
            let c = entry.category
            let label = String(repeating: "  ", count: c.depth - 1) + c.name + (c.icon.map { " [\($0)]" } ?? "")
            for (i, row) in figureColumns(entry.figures).enumerated() { table.add([i == 0 ? label : ""] + row) }
        }
        context.terminal.print(table.render())
        if let note = unconvertedNote(categories.filter { $0.category.depth == 1 }.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
