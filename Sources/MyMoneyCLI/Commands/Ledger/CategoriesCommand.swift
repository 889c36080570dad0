import MyMoneyStore

/// `mymoney categories list|add|edit|remove`: the category tree, at most five levels deep.
struct CategoriesCommand: Command {
    let name = "categories"
    let summary = "list the category tree with figures; add, rename and remove categories"
    let help = """
    usage: mymoney categories [list] [--format table|json]
           mymoney categories add PATH [--icon NAME]
           mymoney categories edit PATH [--name NEW] [--icon NAME]
           mymoney categories remove PATH

    A PATH is written outermost first with colons: Food:Groceries. Categories nest at most 5
    levels deep; adding one creates its parents. Figures of a category include its children.

    options:
      --ledger PATH   the ledger file

    examples:
      mymoney categories add Food:Groceries --icon cart
      mymoney categories edit Food:Groceries --name Supermarket
    """
    let options: Set<String> = ["--ledger", "--format", "--icon", "--name"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let pathText = arguments.positionals.dropFirst().first
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "remove"].contains(verb) else { throw .usage("unknown action \"\(verb)\" (list, add, edit, remove)") }
        guard let pathText, let path = CategoryPath(parsing: pathText) else { throw .usage("name the category path, e.g. Food:Groceries") }
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        switch verb {
        case "add":
            let category = try ledgerCall { () throws(LedgerError) in try ledger.addCategory(path, icon: arguments.value("--icon")) }
            context.terminal.print("added category \(category.path)")
        case "edit":
            let existing = try find(path, ledger)
            let updated = try ledgerCall { () throws(LedgerError) in
                try ledger.updateCategory(id: existing.id, name: arguments.value("--name") ?? existing.name,
                                          icon: arguments.value("--icon") ?? existing.icon)
            }
            context.terminal.print("updated category \(updated.path)")
        default:
            let existing = try find(path, ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.deleteCategory(id: existing.id) }
            context.terminal.print("removed category \(existing.path)")
        }
        return .success
    }

    func find(_ path: CategoryPath, _ ledger: Ledger) throws(CommandFailure) -> LedgerCategory {
        guard let found = try ledgerCall({ () throws(LedgerError) in try ledger.category(at: path) }) else {
            throw .data("there is no category \(path) (see mymoney categories list)")
        }
        return found
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "categories") else { return .success }
        let categories = try ledgerCall { () throws(LedgerError) in try ledger.categories() }.sorted { $0.path < $1.path }
        let summaries = try ledgerCall { () throws(LedgerError) in try ledger.summaries(of: .categories) }
        let byId = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if format == .json {
            context.terminal.print(JSONValue.object([("categories", .array(categories.map { c in
                .object([("path", .string(c.path.description)), ("name", .string(c.name)), ("depth", .int(c.depth)),
                         ("icon", .optional(c.icon)), ("figures", figuresJSON(byId[c.id]))])
            }))]).serialized())
            return .success
        }
        if categories.isEmpty {
            context.terminal.print("no categories yet: add one with 'mymoney categories add Food:Groceries', or let rules create them on import (see Rules/README.md)")
            return .success
        }
        var table = TextTable(["category", "income", "expense", "cashflow", "count"], alignments: [.left, .right, .right, .right, .right])
        for c in categories {
            let label = String(repeating: "  ", count: c.depth - 1) + c.name + (c.icon.map { " [\($0)]" } ?? "")
            for (i, row) in figureColumns(byId[c.id]).enumerated() { table.add([i == 0 ? label : ""] + row) }
        }
        context.terminal.print(table.render())
        return .success
    }
}
