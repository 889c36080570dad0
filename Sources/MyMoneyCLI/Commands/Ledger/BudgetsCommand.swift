import MyMoneyKit

/// `mymoney budgets list|add|remove`: spending limits per category or tag and period.
struct BudgetsCommand: Command {
    let name = "budgets"
    let summary = "set spending limits per category or tag; see what is left this period"
    let usage = [
        "mymoney budgets [list] [--as-of DAY] [--format table|json]",
        "mymoney budgets add (--category PATH | --tag TITLE) --amount AMOUNT --currency CODE [--period week|month|year] [--start DAY]",
        "mymoney budgets remove ID",
    ]
    let discussion = """
    The list shows, for the period containing --as-of (default today): the limit, what was spent
    (expenses in the category and its children, or carrying the tag, in the budget's currency),
    what is left, and whether spending is on track for the days that remain.
    """
    let epilogue = """
    example:
      mymoney budgets add --category Food --amount 400 --currency EUR --period month --start 2026-10-01
    """
    let actions = ["list", "add", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--category", .one("PATH"), "limit spending in this category and its children", completion: .categories),
        Option("--tag", .one("TITLE"), "limit spending carrying this tag", completion: .tags),
        Option("--amount", .one("AMOUNT"), "the limit per period"),
        Option("--currency", .one("CODE"), "the budget's currency"),
        Option("--period", .one("PERIOD"), "week, month (default) or year", completion: .choices(["week", "month", "year"])),
        Option("--start", .one("DAY"), "the first day of the first period (default: the start of this month)"),
        Option("--as-of", .one("DAY"), "show the periods holding this day (default today)"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list": return try list(arguments, context)
        case "add":
            let target: Budget.Target
            if let path = try arguments.categoryPath("--category") {
                target = .category(path)
            } else if let tag = arguments.value("--tag") {
                target = .tag(tag)
            } else {
                throw CommandFailure.usage("say what the budget limits: --category PATH or --tag TITLE")
            }
            guard let amount = try arguments.amount("--amount") else { throw CommandFailure.usage("--amount is required") }
            guard let code = arguments.value("--currency") else { throw CommandFailure.usage("--currency is required") }
            let currency = try Books.currency(code: code)
            let period = try arguments.value("--period", as: "a period (week, month or year)", { Budget.Period(rawValue: $0) }) ?? .month
            let start = try arguments.day("--start") ?? Day.today.startOfMonth
            let budget = try context.openBooks(arguments).addBudget(
                Budget(target: target, amount: amount, currency: currency, period: period, startDay: start))
            context.terminal.print("added budget \(budget.id ?? 0): \(BudgetsCommand.describe(budget.target)) \(budget.amount) \(budget.currency.code) per \(budget.period.rawValue)")
            return .success
        case "remove":
            let id = try arguments.id("name the budget id (see mymoney budgets)")
            try context.openBooks(arguments).removeBudget(id: id)
            context.terminal.print("removed budget \(id)")
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, remove)")
        }
    }

    static func describe(_ target: Budget.Target) -> String {
        switch target {
        case .category(let path): return "category \(path)"
        case .tag(let tag): return "tag \(tag)"
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "budgets") else { return .success }
        let asOf = try arguments.day("--as-of") ?? Day.today
        let statuses = try books.budgetStandings(asOf: asOf)
        if format == .json {
            context.terminal.print(JSONValue.object([("budgets", .array(statuses.map { s in
                .object([("id", .number(String(s.budget.id ?? 0))), ("target", .string(BudgetsCommand.describe(s.budget.target))),
                         ("period", .string(s.budget.period.rawValue)), ("from", .string(s.period.start.description)),
                         ("through", .string(s.period.end.description)), ("limit", .string(s.budget.amount.description)),
                         ("currency", .string(s.budget.currency.code)), ("spent", .string(s.spent.description)),
                         ("left", .string(s.left.description)), ("status", .string(s.state.rawValue))])
            }))]).serialized())
            return .success
        }
        if statuses.isEmpty {
            context.terminal.print("no budgets yet: add one with 'mymoney budgets add --category Food --amount 400 --currency EUR'")
            return .success
        }
        var table = TextTable(["id", "budget", "period", "limit", "spent", "left", "status"],
                              alignments: [.right, .left, .left, .right, .right, .right, .left])
        for s in statuses {
            let message: String
            switch s.state {
            case .onTrack: message = context.terminal.green("on track, well done")
            case .warning: message = context.terminal.yellow("careful: spending faster than the budget allows")
            case .over: message = context.terminal.red("over budget")
            }
            table.add([String(s.budget.id ?? 0), BudgetsCommand.describe(s.budget.target), "\(s.period.start) … \(s.period.end)",
                       "\(s.budget.amount) \(s.budget.currency.code)", "\(s.spent)", "\(s.left)", message])
        }
        context.terminal.print(table.render())
        return .success
    }
}
