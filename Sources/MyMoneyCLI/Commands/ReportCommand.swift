import MyMoneyReports
import MyMoneyStore

/// `mymoney report overview|analysis`.
struct ReportCommand: Command {
    let name = "report"
    let summary = "overview of income, expense and cash flow; analysis by day, week, month or year with drill-down"
    let help = """
    usage: mymoney report [overview] [--from DAY] [--through DAY] [--format table|json]
           mymoney report analysis [--by day|week|month|year] [--category PATH] [--currency CODE] [--from DAY] [--through DAY]

    overview: per currency, income, expense, cash flow, transfers (counted apart: they are neither
    income nor expense) and the largest expense categories.
    analysis: one row per period, one column per child category of --category (the top-level
    categories when none is given): drill down by naming a column, e.g. --category Food.
    Figures stay in each transaction's own currency; --currency picks which one an analysis shows
    (default: the currency with the most transactions).

    options:
      --ledger PATH   the ledger file

    examples:
      mymoney report --from 2026-10-01 --through 2026-10-31
      mymoney report analysis --by week --category Food
    """
    let options: Set<String> = ["--ledger", "--format", "--from", "--through", "--by", "--category", "--currency"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        let verb = arguments.positionals.first ?? "overview"
        guard verb == "overview" || verb == "analysis" else { throw .usage("unknown report \"\(verb)\" (overview, analysis)") }
        var filter = TransactionFilter()
        filter.from = try arguments.value("--from").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--from") }
        filter.through = try arguments.value("--through").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--through") }
        guard let ledger = try context.openLedger(arguments, forWriting: false) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        let transactions = try ledgerCall { () throws(LedgerError) in try ledger.transactions(matching: filter) }
        return verb == "overview" ? try overview(transactions, format, context) : try analysis(transactions, arguments, format, context)
    }

    func overview(_ transactions: [LedgerTransaction], _ format: OutputFormat, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let overview: Overview
        do { overview = try Overview(transactions: transactions) } catch { throw .data("the totals do not fit in an amount: \(error)") }
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

    func analysis(_ transactions: [LedgerTransaction], _ arguments: Arguments, _ format: OutputFormat,
                  _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let grouping = try arguments.value("--by", as: "day, week, month or year", ReportGrouping.init(rawValue:)) ?? .month
        var parent: CategoryPath?
        if let text = arguments.value("--category") {
            guard let path = CategoryPath(parsing: text) else { throw .usage("--category: \"\(text)\" is not a category path") }
            parent = path
        }
        var counts: [Currency: Int] = [:]
        for t in transactions { counts[t.currency, default: 0] += 1 }
        let fallback = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key ?? .EUR
        let currency = try arguments.value("--currency", as: "an ISO 4217 code", { Currency(code: $0) }) ?? fallback
        let analysis: Analysis
        do { analysis = try Analysis(transactions: transactions, currency: currency, grouping: grouping, parent: parent) }
        catch { throw .data("the totals do not fit in an amount: \(error)") }
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
