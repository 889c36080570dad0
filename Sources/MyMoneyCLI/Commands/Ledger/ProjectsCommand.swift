import MyMoneyKit

/// `mymoney projects list|add|edit|archive|remove`.
struct ProjectsCommand: Command {
    let name = "projects"
    let summary = "list projects with figures; add, edit, archive and remove them"
    let usage = [
        "mymoney projects [list] [--all] [--format table|json]",
        "mymoney projects add TITLE --start DAY [--end DAY]",
        "mymoney projects edit TITLE [--title NEW] [--start DAY] [--end DAY]",
        "mymoney projects archive TITLE",
        "mymoney projects remove TITLE",
    ]
    let discussion = """
    A project runs from its start day to its optional end day; once ended (or archived) it is
    archived and hidden from the list unless --all is given. Rules set a project only on
    transactions within its dates.
    """
    let epilogue = """
    example:
      mymoney projects add "Lisbon trip" --start 2026-10-01 --end 2026-10-12
    """
    let actions = ["list", "add", "edit", "archive", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--start", .one("DAY"), "the project's first day (YYYY-MM-DD)"),
        Option("--end", .one("DAY"), "its last day; after it the project is archived"),
        Option("--title", .one("NEW"), "a new title (edit)"),
        Option("--all", "list archived projects too"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "archive", "remove"].contains(verb) else { throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, archive, remove)") }
        let title = try arguments.subject("name the project")
        let format = try OutputFormat.from(arguments)
        if verb == "add" && arguments.value("--start") == nil {
            throw CommandFailure.usage("--start is required (the project's first day, YYYY-MM-DD)")
        }
        var problems = FieldProblems()
        let start = arguments.day("--start", problems: &problems)
        let end = arguments.day("--end", problems: &problems)
        let books = try context.openBooks(arguments)
        let today = Day.today
        func json(_ action: String, _ p: Project) -> JSONValue { EntityJSON.action(action, "project", .object(EntityJSON.project(p, today: today))) }
        switch verb {
        case "add":
            let project = try books.addProject(Project(title: title, startDay: start, endDay: end), problems: problems)
            context.printChange(format, "added project \(project.title)", json: json("added", project))
        case "edit":
            var project = try books.project(titled: title)
            if let newTitle = arguments.value("--title") { project.title = newTitle }
            if let start { project.startDay = start }
            if let end { project.endDay = end }
            let updated = try books.updateProject(project, problems: problems)
            context.printChange(format, "updated project \(updated.title)", json: json("updated", updated))
        case "archive":
            let project = try books.archiveProject(titled: title)
            context.printChange(format, "archived project \(project.title)", json: json("archived", project))
        default:
            let project = try books.removeProject(titled: title)
            context.printChange(format, "removed project \(project.title)", json: json("removed", project))
        }
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "projects") else { return .success }
        let today = Day.today
        let all = try books.projectStandings(today: today, in: try context.reportingCurrency(books))
        let shown = arguments.flag("--all") || format == .json ? all : all.filter { !$0.project.isArchived(on: today) }
        if format == .json {
            context.terminal.print(JSONValue.object([("projects", .array(shown.map { entry in
                let p = entry.project
                return .object(EntityJSON.project(p, today: today) + [("figures", figuresJSON(entry.figures))])
            }))]).serialized())
            return .success
        }
        if shown.isEmpty {
            let archived = all.count - shown.count
            context.terminal.print(archived > 0 ? "no active projects (\(archived) archived: mymoney projects list --all)"
                                   : "no projects yet: add one with 'mymoney projects add TITLE --start YYYY-MM-DD [--end YYYY-MM-DD]'")
            return .success
        }
        var table = TextTable(["project", "start", "end", "status", "income", "expense", "cashflow", "count"],
                              alignments: [.left, .left, .left, .left, .right, .right, .right, .right])
        for entry in shown {
            let p = entry.project
            for (i, row) in figureColumns(entry.figures).enumerated() {
                table.add((i == 0 ? [p.title, p.startDay?.description ?? "", p.endDay?.description ?? "",
                                     p.isArchived(on: today) ? "archived" : "active"] : ["", "", "", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        if let note = unconvertedNote(shown.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
