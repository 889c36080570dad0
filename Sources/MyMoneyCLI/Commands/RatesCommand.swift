import MyMoneyKit

/// `mymoney rates [list] | import FILE…`: the exchange rates reports convert with.
struct RatesCommand: Command {
    let name = "rates"
    let summary = "exchange rates: import rate files (ECB, hledger, beancount, CSV); list what is known"
    let usage = [
        "mymoney rates [list] [--from CODE] [--to CODE] [--all] [--format table|json]",
        "mymoney rates import FILE…",
    ]
    let discussion = """
    import reads each file by its content: the ECB's reference rates (eurofxref-hist.csv: Date and
    one column per currency, N/A where not quoted), hledger P directives (P 2026-10-05 USD 0.88 EUR),
    beancount prices (2026-10-05 price USD 0.88 EUR) or plain date,from,to,rate lines. Importing a
    file again adds nothing; a file with a broken line is refused whole (file:line:column, exit 65)
    and nothing is imported. Confirmed transfers between accounts in two currencies count as rates
    too (source "transfer"): the rate you actually got that day.

    Conversion rule: an amount converts at the latest rate on or before its day; a pair also
    converts the other way (divided exactly); without one, one step through a common currency. No
    rate means no conversion: that money is listed as unconverted, never converted at 1.

    list shows, per currency pair, the first and last day known; with --all (or --format json) every rate.
    """
    let epilogue = """
    exit status: 0 done; 65 a rates file with an error (nothing imported) or an unknown currency; 74 a file cannot be read.

    examples:
      mymoney rates import Samples/rates/ecb-2026-10.csv
      mymoney rates --from USD --to EUR --all
    """
    let actions = ["list", "import"]
    let options: [Option] = [
        .ledger, .format,
        Option("--from", .one("CODE"), "only rates between this currency and another (ISO 4217)"),
        Option("--to", .one("CODE"), "only rates between this currency and another"),
        Option("--all", "list every rate, not only the coverage per pair"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list":
            let format = try OutputFormat.from(arguments)
            let from = try arguments.value("--from").map { code throws in try Books.currency(code: code) }
            let to = try arguments.value("--to").map { code throws in try Books.currency(code: code) }
            guard let books = try context.booksForListing(arguments, format: format, key: "rates") else { return .success }
            let listing = try books.rateListing(from: from, to: to)
            context.terminal.print(format == .json ? listing.renderJSON() : listing.renderTable(showRates: arguments.flag("--all")))
            return .success
        case "import":
            let paths = Array(arguments.positionals.dropFirst())
            guard !paths.isEmpty else { throw CommandFailure.usage("name the rate files: mymoney rates import FILE…") }
            let books = try context.openBooks(arguments)
            let result = try books.importRates(from: paths)
            context.report(result.files.flatMap(\.diagnostics), sources: result.sources)
            guard result.imported else {
                let bad = result.files.filter { $0.diagnostics.containsErrors }.map(\.name)
                context.terminal.error("mymoney rates: \(bad.joined(separator: ", ")) \(bad.count == 1 ? "has" : "have") errors: nothing was imported")
                return .dataError
            }
            var table = TextTable(["file", "format", "rates", "new", "unchanged", "changed"],
                                  alignments: [.left, .left, .right, .right, .right, .right])
            for f in result.files {
                table.add([f.name, f.format?.rawValue ?? "-", String(f.read), String(f.added), String(f.unchanged), String(f.changed)])
            }
            context.terminal.print(table.render())
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, import)")
        }
    }
}
