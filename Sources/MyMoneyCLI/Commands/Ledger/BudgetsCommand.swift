import MyMoneyKit

/// `mymoney budgets list|add|remove`: spending limits per category, tag or project and period.
struct BudgetsCommand: Command {
    let name = "budgets"
    let summary = "spending limits per category, tag or project: spent, left, forecast, on track or not"
    let usage = [
        "mymoney budgets [list] [--as-of DAY] [--format table|json]",
        "mymoney budgets add (--category PATH | --tag TITLE | --project TITLE) --amount AMOUNT [--currency CODE] [--period week|month|quarter|year|custom] [--days N] [--start DAY] [--rollover] [--name NAME] [--format table|json]",
        "mymoney budgets remove ID [--format table|json]",
    ]
    let discussion = """
    The list shows, for the period holding --as-of (default today): the limit, what was spent up to
    and including that day (expenses in the category and its children, carrying the tag, or in the
    project; other currencies converted at each day's rate, money without a rate listed apart),
    what is left and per remaining day (that day included), a forecast for the period's end and a
    status: on_track, warning (the forecast is above the limit, or 80% is spent before 80% of the
    period: the reason says which) or over.

    The forecast adds to what is spent the recurring payments of the target not yet seen this
    period (same payee, similar amount, weekly or monthly: see mymoney report recurring) at their
    typical amount, and the rest of the spending at its daily rate over the 3 periods before (at
    least 84 days; this period's own pace when there is no history before it).

    add: one budget per target and period; --currency defaults to the primary currency; --start to
    the start of the current period (Monday, the 1st of the month or quarter, January 1st); a custom
    period lasts --days days. With --rollover what is left (or overspent) carries into the next period.
    """
    let epilogue = """
    exit status: 0 done; 2 a usage error (two targets, no --amount); 65 a limit of zero or less, an
    unknown target or currency, a duplicate budget.

    examples:
      mymoney budgets add --category Food --amount 400 --period month --start 2026-10-01
      mymoney budgets add --tag coffee --amount 25 --period week --rollover
      mymoney budgets --as-of 2026-10-20 --format json
    """
    let actions = ["list", "add", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--category", .one("PATH"), "limit spending in this category and its children", completion: .categories),
        Option("--tag", .one("TITLE"), "limit spending carrying this tag", completion: .tags),
        Option("--project", .one("TITLE"), "limit spending in this project", completion: .projects),
        Option("--amount", .one("AMOUNT"), "the limit per period, more than zero"),
        Option("--currency", .one("CODE"), "the budget's currency (default: the primary currency)"),
        Option("--period", .one("PERIOD"), "week, month (default), quarter, year or custom", completion: .choices(["week", "month", "quarter", "year", "custom"])),
        Option("--days", .one("N"), "the length of a custom period in days"),
        Option("--start", .one("DAY"), "the first day of the first period (default: the start of the current period)"),
        Option("--rollover", "carry what is left or overspent into the next period"),
        Option("--name", .one("NAME"), "a name for the budget (default: its target's)"),
        Option("--as-of", .one("DAY"), "show the periods holding this day (default today)"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list": return try list(arguments, context)
        case "add": return try add(arguments, context)
        case "remove":
            let format = try OutputFormat.from(arguments)
            let id = try arguments.id("name the budget id (see mymoney budgets)")
            let books = try context.openBooks(arguments)
            let removed = try books.budgets().first { $0.id == id }
            try books.removeBudget(id: id)
            context.printChange(format, "removed budget \(id)",
                                json: EntityJSON.action("removed", "budget", removed?.json ?? .object([("id", .number(String(id)))])))
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, remove)")
        }
    }

    func add(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let given = ["--category", "--tag", "--project"].filter { arguments.value($0) != nil }
        guard given.count <= 1 else {
            throw CommandFailure.usage("a budget limits one thing: give one of --category, --tag or --project, not \(given.joined(separator: " and "))")
        }
        let target: Budget.Target
        if let path = try arguments.categoryPath("--category") { target = .category(path) }
        else if let tag = arguments.value("--tag") { target = .tag(tag) }
        else if let project = arguments.value("--project") { target = .project(project) }
        else { throw CommandFailure.usage("say what the budget limits: --category PATH, --tag TITLE or --project TITLE") }
        guard let amount = try arguments.amount("--amount") else { throw CommandFailure.usage("--amount is required: the limit per period") }
        let period = try arguments.value("--period", as: "a period (week, month, quarter, year or custom)", { Budget.Period(rawValue: $0) }) ?? .month
        let days = try arguments.value("--days", as: "a whole number of days (1 or more)", { Int($0).flatMap { $0 >= 1 ? $0 : nil } })
        if period == .custom && days == nil { throw CommandFailure.usage("--period custom needs --days N, its length in days") }
        if period != .custom && days != nil { throw CommandFailure.usage("--days is for --period custom only") }
        let format = try OutputFormat.from(arguments)
        let books = try context.openBooks(arguments)
        let currency = try arguments.value("--currency").map { code throws in try Books.currency(code: code) }
            ?? context.reportingCurrency(books)
        let start = try arguments.day("--start") ?? BudgetPeriods.defaultStart(period, today: Day.today)
        let budget = try books.addBudget(Budget(name: arguments.value("--name"), target: target, amount: amount, currency: currency,
                                                period: period, startDay: start, customDays: days, rollover: arguments.flag("--rollover")))
        let every = budget.period == .custom ? "\(budget.customDays ?? 1) days" : budget.period.rawValue
        context.printChange(format, "added budget \(budget.id ?? 0): \(budget.target.kind) \(budget.target.name), \(budget.amount) \(budget.currency.code) per \(every) from \(budget.startDay)\(budget.rollover ? ", with rollover" : "")",
                            json: EntityJSON.action("added", "budget", budget.json))
        return .success
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let asOf = try arguments.day("--as-of") ?? Day.today
        guard let books = try context.booksForListing(arguments, format: format, key: "budgets") else { return .success }
        let statuses = try books.budgetStatuses(asOf: asOf)
        if format == .json {
            context.terminal.print(BudgetStatus.renderJSON(statuses))
            return .success
        }
        if statuses.isEmpty {
            context.terminal.print("no budgets yet: add one with 'mymoney budgets add --category Food --amount 400'")
            return .success
        }
        let terminal = context.terminal
        context.terminal.print("as of \(asOf)")
        context.terminal.print(BudgetStatus.renderTable(statuses) { status, text in
            switch status {
            case .onTrack: return terminal.green(text)
            case .warning: return terminal.yellow(text)
            case .over: return terminal.red(text)
            }
        })
        return .success
    }
}
