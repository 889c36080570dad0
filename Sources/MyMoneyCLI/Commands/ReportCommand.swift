import MyMoneyKit

/// `mymoney report overview|analysis`.
struct ReportCommand: Command {
    let name = "report"
    let summary = "overview of income, expense and cash flow; analysis by day, week, month or year with drill-down"
    let usage = [
        "mymoney report [overview] [--from DAY] [--through DAY] [--format table|json]",
        "mymoney report analysis [--by day|week|month|year] [--category PATH] [--currency CODE] [--from DAY] [--through DAY]",
        "mymoney report html [--from DAY] [--through DAY] [--output FILE]",
    ]
    let discussion = """
    overview: per currency, income, expense, cash flow, transfers (counted apart: they are neither
    income nor expense) and the largest expense categories.
    analysis: one row per period, one column per child category of --category (the top-level
    categories when none is given): drill down by naming a column, e.g. --category Food.
    Figures stay in each transaction's own currency; --currency picks which one an analysis shows
    (default: the currency with the most transactions).
    html: one self-contained page (no network, scripts or fonts from elsewhere) with the overview,
    income and expense per month, spending by category as a tree, budgets, net worth, accounts with
    their reconciliation, and transfers.
    """
    let epilogue = """
    examples:
      mymoney report --from 2026-10-01 --through 2026-10-31
      mymoney report analysis --by week --category Food
    """
    let actions = ["overview", "analysis", "html"]
    let options: [Option] = [
        .ledger, .format,
        Option("--from", .one("DAY"), "first day, inclusive"),
        Option("--through", .one("DAY"), "last day, inclusive"),
        Option("--by", .one("PERIOD"), "day, week, month (default) or year", completion: .choices(["day", "week", "month", "year"])),
        Option("--category", .one("PATH"), "analyse within this category (its children become the columns)", completion: .categories),
        Option("--currency", .one("CODE"), "the currency an analysis shows"),
        Option("--output", .one("FILE"), "html: write the page to FILE instead of standard output", completion: .file),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let verb = arguments.positionals.first ?? "overview"
        guard ["overview", "analysis", "html"].contains(verb) else { throw CommandFailure.usage("unknown report \"\(verb)\" (overview, analysis, html)") }
        let from = try arguments.day("--from")
        let through = try arguments.day("--through")
        guard let books = try context.existingBooks(arguments) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        if verb == "html" { return try HTMLReportOutput.write(books, from: from, through: through, arguments, context) }
        return verb == "overview" ? try overview(try books.overview(from: from, through: through), format, context)
                                  : try analysis(books, from: from, through: through, arguments, format, context)
    }

    func overview(_ overview: Overview, _ format: OutputFormat, _ context: CommandContext) throws -> ExitStatus {
        if format == .json {
            context.terminal.print(JSONValue.object([("currencies", .array(overview.currencies.map { c in
                .object([("currency", .string(c.currency.code)), ("income", .string(c.income.description)),
                         ("expense", .string(c.expense.description)), ("cashflow", .string(c.cashflow.description)),
                         ("transfers_in", .string(c.transfersIn.description)), ("transfers_out", .string(c.transfersOut.description)),
                         ("count", .int(c.count)),
                         ("top_categories", .array(c.topCategories.map { .object([("category", .string($0.name)), ("expense", .string($0.expense.description))]) }))])
            }))]).serialized())
            return .success
        }
        if overview.currencies.isEmpty {
            context.terminal.print("no transactions in this span")
            return .success
        }
        var table = TextTable(["currency", "income", "expense", "cashflow", "transfers in", "transfers out", "count"],
                              alignments: [.left, .right, .right, .right, .right, .right, .right])
        for c in overview.currencies {
            table.add([c.currency.code, c.income.description, c.expense.description, c.cashflow.description,
                       c.transfersIn.description, c.transfersOut.description, String(c.count)])
        }
        context.terminal.print(table.render())
        for c in overview.currencies where !c.topCategories.isEmpty {
            context.terminal.print("\nlargest expenses in \(c.currency.code):")
            var top = TextTable(["category", "expense"], alignments: [.left, .right], separator: false)
            for entry in c.topCategories { top.add(["  " + entry.name, entry.expense.description]) }
            context.terminal.print(top.render().split(separator: "\n").dropFirst().joined(separator: "\n"))
        }
        return .success
    }

    func analysis(_ books: Books, from: Day?, through: Day?, _ arguments: Arguments, _ format: OutputFormat,
                  _ context: CommandContext) throws -> ExitStatus {
        let grouping = try arguments.value("--by", as: "day, week, month or year", ReportGrouping.init(rawValue:)) ?? .month
        let parent = try arguments.categoryPath("--category")
        let wanted = try arguments.value("--currency", as: "an ISO 4217 code", { Currency(code: $0) })
        let (currency, analysis) = try books.analysis(from: from, through: through, by: grouping, parent: parent, currency: wanted)
        if format == .json {
            context.terminal.print(JSONValue.object([
                ("currency", .string(currency.code)), ("by", .string(grouping.rawValue)),
                ("category", .optional(parent?.description)), ("columns", .array(analysis.columns.map(JSONValue.string))),
                ("periods", .array(analysis.rows.map { r in
                    .object([("period", .string(r.label)), ("from", .string(r.period.description)),
                             ("income", .string(r.income.description)), ("expense", .string(r.expense.description)),
                             ("count", .int(r.count)),
                             ("by_category", .object(zip(analysis.columns, r.byColumn).map { ($0, .string($1.description)) }))])
                })),
            ]).serialized())
            return .success
        }
        if analysis.rows.isEmpty {
            context.terminal.print("no \(currency.code) transactions\(parent.map { " in \($0)" } ?? "") in this span")
            return .success
        }
        var table = TextTable([grouping.rawValue, "income", "expense"] + analysis.columns,
                              alignments: [.left] + Array(repeating: .right, count: analysis.columns.count + 2))
        for r in analysis.rows {
            table.add([r.label, r.income.description, r.expense.description] + r.byColumn.map(\.description))
        }
        context.terminal.print("\(currency.code)\(parent.map { ", within \($0)" } ?? "")")
        context.terminal.print(table.render())
        return .success
    }
}
