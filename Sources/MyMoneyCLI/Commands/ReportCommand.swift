import MyMoneyKit

/// `mymoney report overview|analysis|networth|recurring`: the books in one currency.
struct ReportCommand: Command {
    let name = "report"
    let summary = "overview, analysis with drill-down, net worth and recurring payments, in the primary currency"
    let usage = [
        "mymoney report [overview] [--period day|week|month|year] [--on DAY] [--previous N] [--top N] [--format table|json]",
        "mymoney report analysis [--by day|week|month|year] [--dimension category|tag|project|place|account] [--category PATH] [--from DAY] [--through DAY] [--on DAY]",
        "mymoney report networth [--by month] [--from DAY] [--through DAY]",
        "mymoney report recurring [--on DAY]",
        "mymoney report html [--from DAY] [--through DAY] [--output FILE]",
    ]
    let discussion = """
    Every figure is in the primary currency (mymoney config set primary-currency EUR; without one,
    the currency of most transactions, said so on stderr). Nothing stored is converted: figures are
    converted when shown, so changing the primary currency is instant and safe. An amount converts at
    the latest rate on or before its day (mymoney rates); money without a rate is listed as
    unconverted beside the totals, never converted at 1. Each figure is rounded once, half-even.
    Transfers between your accounts are neither income nor expense.

    overview: the period holding --on (default: this month) against the --previous N periods before
    it (their average), the top --top categories, tags, projects and places by spending, the budgets,
    transfers set apart.
    analysis: income, expense and cash flow per period, a column per category (or --dimension);
    periods without transactions are zero rows. --category drills into a category: its children
    become the columns, the heading names the way up. --on shows the period holding that day;
    without --on or --from, the 12 periods up to today. The commands for the periods before and
    after are printed.
    networth: every account's balance at each period end, converted at that day's rate, and the total.
    recurring: payments that come back (same payee, similar amount, weekly or monthly), when last
    seen and when next expected: what budget forecasts count on.
    html: one self-contained page (no network, scripts or fonts from elsewhere) with the overview,
    income and expense per month, spending by category as a tree, budgets, net worth, accounts with
    their reconciliation, transfers, the largest expenses and money without a rate; figures in the
    primary currency, balances, transfers and expenses also in their own.
    """
    let epilogue = """
    exit status: 0 done; 2 a usage error; 65 an unknown category or currency, --through before --from.

    examples:
      mymoney report overview --on 2026-10-15
      mymoney report analysis --category Food --on 2026-10-01
      mymoney report analysis --by week --dimension tag --from 2026-10-01 --through 2026-10-31
      mymoney report networth --by month --from 2026-08-01 --through 2026-10-31
    """
    let actions = ["overview", "analysis", "networth", "recurring", "html"]
    let options: [Option] = [
        .ledger, .format,
        Option("--period", .one("PERIOD"), "overview: day, week, month (default) or year", completion: .choices(["day", "week", "month", "year"])),
        Option("--by", .one("PERIOD"), "analysis, networth: rows per day, week, month (default) or year", completion: .choices(["day", "week", "month", "year"])),
        Option("--on", .one("DAY"), "the period holding this day (default today)"),
        Option("--previous", .one("N"), "overview: compare with the average of the N periods before (default 1)"),
        Option("--top", .one("N"), "overview: lines in each top list (default 5)"),
        Option("--dimension", .one("NAME"), "analysis: columns per category (default), tag, project, place or account",
               completion: .choices(["category", "tag", "project", "place", "account"])),
        Option("--category", .one("PATH"), "analysis: within this category (by category: its children are the columns)", completion: .categories),
        Option("--from", .one("DAY"), "first day, inclusive"),
        Option("--through", .one("DAY"), "last day, inclusive"),
        Option("--output", .one("FILE"), "html: write the page to FILE instead of standard output", completion: .file),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let verb = arguments.positionals.first ?? "overview"
        guard actions.contains(verb) else { throw CommandFailure.usage("unknown report \"\(verb)\" (overview, analysis, networth, recurring, html)") }
        let on = try arguments.day("--on")
        let from = try arguments.day("--from")
        let through = try arguments.day("--through")
        if let from, let through, through < from {
            throw CommandFailure.data("--through \(through) is before --from \(from) (field: through)")
        }
        guard let books = try context.existingBooks(arguments) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        let today = Day.today
        switch verb {
        case "html":
            return try HTMLReportOutput.write(books, from: from, through: through, arguments, context)
        case "overview":
            // An overview is one period (the one holding --on): a range would be silently ignored.
            if from != nil || through != nil {
                throw CommandFailure.usage("the overview shows the period holding --on DAY (with --period); --from and --through go with analysis, networth and html")
            }
            let grouping = try arguments.value("--period", as: "day, week, month or year", ReportGrouping.init(rawValue:)) ?? .month
            let previous = try count(arguments, "--previous") ?? 1
            let top = try count(arguments, "--top") ?? 5
            let currency = try context.reportingCurrency(books)
            let overview = try books.overview(grouping, on: on ?? today, previous: previous, top: top, in: currency)
            context.terminal.print(format == .json ? overview.renderJSON(grouping: grouping) : overview.renderTable(grouping: grouping))
        case "analysis":
            let grouping = try self.grouping(arguments)
            let dimension = try arguments.value("--dimension", as: "category, tag, project, place or account", ReportCommand.dimension) ?? .categories
            let category = try arguments.categoryPath("--category")
            let periods = range(grouping, on: on, from: from, through: through, today: today)
            let currency = try context.reportingCurrency(books)
            let analysis = try books.analysis(grouping, dimension: dimension, category: category, range: periods.range, in: currency)
            let before = grouping.period(-periods.count, from: periods.range.start)
            let beforeSpan = DayRange(start: before.start, end: periods.range.start.advanced(by: -1))
            let afterSpan = DayRange(start: grouping.period(1, from: periods.range.end).start, end: grouping.period(periods.count, from: periods.range.end).end)
            if format == .json {
                context.terminal.print(analysis.renderJSON(before: beforeSpan, after: afterSpan))
            } else {
                context.terminal.print(analysis.renderTable())
                var base = "mymoney report analysis --by \(grouping.rawValue)"
                if dimension != .categories { base += " --dimension \(ReportCommand.name(of: dimension))" }
                if let category { base += " --category \(ReportCommand.quoted(category.description))" }
                func command(_ span: DayRange) -> String {
                    periods.count == 1 ? "\(base) --on \(span.start)" : "\(base) --from \(span.start) --through \(span.end)"
                }
                context.terminal.print("earlier: \(command(beforeSpan))")
                context.terminal.print("later:   \(command(afterSpan))")
                if let category {
                    let up = category.parent.map { "\(base.replacingOccurrences(of: " --category \(ReportCommand.quoted(category.description))", with: "")) --category \(ReportCommand.quoted($0.description))" }
                        ?? base.replacingOccurrences(of: " --category \(ReportCommand.quoted(category.description))", with: "")
                    context.terminal.print("up:      \(periods.count == 1 ? "\(up) --on \(periods.range.start)" : "\(up) --from \(periods.range.start) --through \(periods.range.end)")")
                }
            }
        case "networth":
            let grouping = try self.grouping(arguments)
            // Without --through (or --on) the last row is today, not the end of the month ahead.
            let periods = range(grouping, on: on, from: from, through: through ?? (on == nil ? today : nil), today: today)
            let currency = try context.reportingCurrency(books)
            let worth = try books.netWorth(grouping, range: periods.range, in: currency)
            context.terminal.print(format == .json ? worth.renderJSON(grouping: grouping) : worth.renderTable())
        default:
            let day = on ?? today
            let payments = try books.recurringPayments(asOf: day)
            context.terminal.print(format == .json ? RecurringPayment.renderJSON(payments, asOf: day) : RecurringPayment.renderTable(payments, asOf: day))
        }
        return .success
    }

    func grouping(_ arguments: Arguments) throws -> ReportGrouping {
        try arguments.value("--by", as: "day, week, month or year", ReportGrouping.init(rawValue:)) ?? .month
    }

    /// A whole number of at least 1 for `option`.
    func count(_ arguments: Arguments, _ option: String) throws -> Int? {
        try arguments.value(option, as: "a whole number of 1 or more", { Int($0).flatMap { $0 >= 1 && $0 <= 1000 ? $0 : nil } })
    }

    /// The days a report covers: --from/--through as given (one open end: the period holding today,
    /// or 12 periods back), else the period holding --on, else the 12 periods up to today; and how
    /// many periods that is.
    func range(_ grouping: ReportGrouping, on: Day?, from: Day?, through: Day?, today: Day) -> (range: DayRange, count: Int) {
        if from == nil && through == nil, let on { return (grouping.period(holding: on), 1) }
        let end = through ?? grouping.period(holding: today).end
        let start = from ?? grouping.period(-11, from: end).start
        let range = DayRange(start: start, end: end)
        return (range, max(1, grouping.periods(covering: range).count))
    }

    static func dimension(_ text: String) -> EntrySummary.Entity? {
        switch text.lowercased() {
        case "category", "categories": return .categories
        case "tag", "tags": return .tags
        case "project", "projects": return .projects
        case "place", "places": return .places
        case "account", "accounts": return .accounts
        default: return nil
        }
    }

    static func name(of entity: EntrySummary.Entity) -> String {
        switch entity {
        case .accounts: return "account"
        case .categories: return "category"
        case .tags: return "tag"
        case .projects: return "project"
        case .places: return "place"
        }
    }

    static func quoted(_ text: String) -> String {
        text.contains(where: { $0 == " " || $0 == "'" || $0 == "\"" }) ? "'\(text.replacingOccurrences(of: "'", with: "'\\''"))'" : text
    }
}
