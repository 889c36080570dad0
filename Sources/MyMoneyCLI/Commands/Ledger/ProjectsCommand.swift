import MyMoneyStore

/// `mymoney projects list|add|edit|archive|remove`.
struct ProjectsCommand: Command {
    let name = "projects"
    let summary = "list projects with figures; add, edit, archive and remove them"
    let help = """
    usage: mymoney projects [list] [--all] [--format table|json]
           mymoney projects add TITLE --start DAY [--end DAY]
           mymoney projects edit TITLE [--title NEW] [--start DAY] [--end DAY]
           mymoney projects archive TITLE
           mymoney projects remove TITLE

    A project runs from its start day to its optional end day; once ended (or archived) it is
    archived and hidden from the list unless --all is given. Rules set a project only on
    transactions within its dates.

    options:
      --ledger PATH   the ledger file

    example:
      mymoney projects add "Lisbon trip" --start 2026-10-01 --end 2026-10-12
    """
    let options: Set<String> = ["--ledger", "--format", "--start", "--end", "--title"]
    let flags: Set<String> = ["--all"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        if verb == "list" { return try list(arguments, context) }
        guard ["add", "edit", "archive", "remove"].contains(verb) else { throw .usage("unknown action \"\(verb)\" (list, add, edit, archive, remove)") }
        guard let title = arguments.positionals.dropFirst().first else { throw .usage("name the project") }
        let start = try arguments.value("--start").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--start") }
        let end = try arguments.value("--end").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--end") }
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        switch verb {
        case "add":
            guard let start else { throw .usage("--start is required (the project's first day, YYYY-MM-DD)") }
            let project = try ledgerCall { () throws(LedgerError) in try ledger.addProject(Project(title: title, startDay: start, endDay: end)) }
            context.terminal.print("added project \(project.title)")
        case "edit":
            var project = try find(title, ledger)
            if let newTitle = arguments.value("--title") { project.title = newTitle }
            if let start { project.startDay = start }
            if let end { project.endDay = end }
            let updated = try ledgerCall { () throws(LedgerError) in try ledger.updateProject(project) }
            context.terminal.print("updated project \(updated.title)")
        case "archive":
            let project = try find(title, ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.archiveProject(id: project.id ?? -1) }
            context.terminal.print("archived project \(project.title)")
        default:
            let project = try find(title, ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.deleteProject(id: project.id ?? -1) }
            context.terminal.print("removed project \(project.title)")
        }
        return .success
    }

    func find(_ title: String, _ ledger: Ledger) throws(CommandFailure) -> Project {
        guard let project = try ledgerCall({ () throws(LedgerError) in try ledger.project(titled: title) }) else {
            throw .data("there is no project \(title) (see mymoney projects list --all)")
        }
        return project
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "projects") else { return .success }
        let today = Day.today
        let all = try ledgerCall { () throws(LedgerError) in try ledger.projects(includeArchived: true, today: today) }
        let shown = arguments.flag("--all") || format == .json ? all : all.filter { !$0.isArchived(on: today) }
        let summaries = try ledgerCall { () throws(LedgerError) in try ledger.summaries(of: .projects) }
        let byId = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if format == .json {
            context.terminal.print(JSONValue.object([("projects", .array(shown.map { p in
                .object([("title", .string(p.title)), ("start", .optional(p.startDay?.description)),
                         ("end", .optional(p.endDay?.description)), ("archived", .bool(p.isArchived(on: today))),
                         ("figures", figuresJSON(p.id.flatMap { byId[$0] }))])
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
        for p in shown {
            for (i, row) in figureColumns(p.id.flatMap { byId[$0] }).enumerated() {
                table.add((i == 0 ? [p.title, p.startDay?.description ?? "", p.endDay?.description ?? "",
                                     p.isArchived(on: today) ? "archived" : "active"] : ["", "", "", ""]) + row)
            }
        }
        context.terminal.print(table.render())
        return .success
    }
}
