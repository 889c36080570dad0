import MyMoneyStore

/// `mymoney budgets list|add|remove`: spending limits per category or tag and period.
struct BudgetsCommand: Command {
    let name = "budgets"
    let summary = "set spending limits per category or tag; see what is left this period"
    let help = """
    usage: mymoney budgets [list] [--as-of DAY] [--format table|json]
           mymoney budgets add (--category PATH | --tag TITLE) --amount AMOUNT --currency CODE [--period week|month|year] [--start DAY]
           mymoney budgets remove ID

    The list shows, for the period containing --as-of (default today): the limit, what was spent
    (expenses in the category and its children, or carrying the tag, in the budget's currency),
    what is left, and whether spending is on track for the days that remain.

    options:
      --ledger PATH   the ledger file

    example:
      mymoney budgets add --category Food --amount 400 --currency EUR --period month --start 2026-10-01
    """
    let options: Set<String> = ["--ledger", "--format", "--category", "--tag", "--amount", "--currency", "--period", "--start", "--as-of"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list": return try list(arguments, context)
        case "add":
            let target: Budget.Target
            if let text = arguments.value("--category") {
                guard let path = CategoryPath(parsing: text) else { throw .usage("--category: \"\(text)\" is not a category path") }
                target = .category(path)
            } else if let tag = arguments.value("--tag") {
                target = .tag(tag)
            } else {
                throw .usage("say what the budget limits: --category PATH or --tag TITLE")
            }
            guard let amountText = arguments.value("--amount") else { throw .usage("--amount is required") }
            let amount = try parseAmount(amountText, option: "--amount")
            guard let code = arguments.value("--currency") else { throw .usage("--currency is required") }
            let currency = try ledgerCall { () throws(LedgerError) in try LedgerValidation.currency(code: code) }
            let period = try arguments.value("--period", as: "a period (week, month or year)", { Budget.Period(rawValue: $0) }) ?? .month
            let start = try arguments.value("--start").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--start") } ?? Day.today.startOfMonth
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let budget = try ledgerCall { () throws(LedgerError) in
                try ledger.addBudget(Budget(target: target, amount: amount, currency: currency, period: period, startDay: start))
            }
            context.terminal.print("added budget \(budget.id ?? 0): \(BudgetsCommand.describe(budget.target)) \(budget.amount) \(budget.currency.code) per \(budget.period.rawValue)")
            return .success
        case "remove":
            guard let text = arguments.positionals.dropFirst().first, let id = Int64(text) else { throw .usage("name the budget id (see mymoney budgets)") }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            try ledgerCall { () throws(LedgerError) in try ledger.deleteBudget(id: id) }
            context.terminal.print("removed budget \(id)")
            return .success
        default:
            throw .usage("unknown action \"\(verb)\" (list, add, remove)")
        }
    }

    static func describe(_ target: Budget.Target) -> String {
        switch target {
        case .category(let path): return "category \(path)"
        case .tag(let tag): return "tag \(tag)"
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "budgets") else { return .success }
        let asOf = try arguments.value("--as-of").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--as-of") } ?? Day.today
        let budgets = try ledgerCall { () throws(LedgerError) in try ledger.budgets() }
        var statuses: [BudgetStatus] = []
        for budget in budgets {
            statuses.append(try BudgetStatus.compute(budget, asOf: asOf, ledger: ledger))
        }
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
        if budgets.isEmpty {
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

/// Where one budget stands in the period containing a day.
struct BudgetStatus {
    enum State: String { case onTrack = "on_track", warning, over }

    var budget: Budget
    var period: DayRange
    var spent: Amount
    var left: Amount
    var state: State

    static func compute(_ budget: Budget, asOf: Day, ledger: Ledger) throws(CommandFailure) -> BudgetStatus {
        let period = periodContaining(asOf, budget: budget)
        var filter = TransactionFilter(from: period.start, through: period.end, types: [.expense])
        switch budget.target {
        case .category(let path): filter.category = path
        case .tag(let tag): filter.tags = [tag]
        }
        let transactions = (try? ledger.transactions(matching: filter)) ?? []
        var spent = Amount.zero
        do {
            for t in transactions where t.currency == budget.currency { spent = try spent - t.amount }
            let left = try budget.amount - spent
            // On track when spent / limit <= elapsed / length (compared exactly, without division).
            let length = Amount(units: Int64(period.start.distance(to: period.end) + 1), scale: 0)
            let elapsed = Amount(units: Int64(period.start.distance(to: min(asOf, period.end)) + 1), scale: 0)
            let state: State
            if left.isNegative { state = .over }
            else if try spent * length > budget.amount * elapsed { state = .warning }
            else { state = .onTrack }
            return BudgetStatus(budget: budget, period: period, spent: spent, left: left, state: state)
        } catch {
            throw .data("budget \(budget.id ?? 0): \(error)")
        }
    }

    static func periodContaining(_ day: Day, budget: Budget) -> DayRange {
        var start = budget.startDay
        func next(_ d: Day) -> Day {
            switch budget.period {
            case .week: return d.advanced(by: 7)
            case .month: return d.addingMonths(1)
            case .year: return d.addingMonths(12)
            }
        }
        if day >= start {
            // A period that cannot advance (the calendar ends in 9999) ends the walk.
            while next(start) <= day && next(start) > start { start = next(start) }
        }
        return DayRange(start: start, end: next(start).advanced(by: -1))
    }
}
