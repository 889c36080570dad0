import MyMoneyKit
import MyMoneyImport
import MyMoneyCSV

/// `mymoney parse`: read statements and print their normalized form; writes nothing.
struct ParseCommand: Command {
    let name = "parse"
    let summary = "read statements (CSV, OFX, QFX, QIF) and print them normalized; writes nothing"
    let help = """
    usage: mymoney parse FILE|DIR|- … [options]

    Reads every statement and prints the normalized form: account, balances, transactions with
    exact amounts. The format is recognized from the content, whatever the file is named.

    options:
      --format table|json     output for people (default) or machines
      --profile FILE          a CSV bank profile to use instead of inference
      --print-profile         print the CSV layout inferred for each file as a profile to save
      --account ID            the account id when the file names none
      --currency CODE         the currency when the file names none (ISO 4217)
      --encoding NAME         utf-8, windows-1252, iso-8859-1, utf-16le, … (default: from the bytes)
      --date-order ORDER      dmy, mdy or ymd, for files whose dates cannot tell
      --as FORMAT             read as csv, ofx or qif whatever the content says
      --strict                treat every warning as an error
      --rules DIR             where bank profiles live (DIR/profiles; default Rules/)

    exit status: 0 read, 65 a file had errors (it is reported on stderr), 74 a file could not be read.

    examples:
      mymoney parse Samples/girokonto-2026-10.csv
      mymoney parse --format json statement.ofx
      cat export.csv | mymoney parse --date-order dmy -
    """
    let options: Set<String> = ["--format", "--profile", "--account", "--currency", "--encoding", "--date-order",
                                "--as", "--rules"]
    let flags: Set<String> = ["--strict", "--print-profile"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard !arguments.positionals.isEmpty else { throw .usage("name at least one file, directory or - for standard input") }
        let options = try ReadOptionsFromArguments.make(arguments)
        let (readers, profileDiagnostics) = Readers.standard(profilesDirectory: context.rulesDirectory(arguments) + "/profiles")
        context.report(profileDiagnostics)
        let paths: [String]
        do { paths = try StatementFiles.expand(arguments.positionals) } catch { throw .io(error.description) }

        var statements: [Statement] = []
        var status = ExitStatus.success
        for path in paths {
            let input: StatementInput
            do { input = try StatementFiles.load(path) } catch {
                context.terminal.error("mymoney parse: \(error.description)")
                status = .ioError
                continue
            }
            if arguments.flag("--print-profile") {
                guard let csv = readers.reader(named: "csv") as? CSVReader,
                      (arguments.value("--as") ?? readers.recognize(input)?.format) == "csv" else {
                    context.terminal.error("mymoney parse: \(path): only CSV files have a layout to print as a profile")
                    status = .dataError
                    continue
                }
                let (profile, diagnostics) = csv.inferProfile(input.bytes, file: path, options: options)
                context.report(diagnostics)
                guard let profile else { status = .dataError; continue }
                context.terminal.print("# inferred from \(path); save as Rules/profiles/NAME.csvprofile and edit\n" + profile.render())
                continue
            }
            let result = readers.read(input, format: arguments.value("--as"), options: options)
            context.report(result.diagnostics, sources: result.source.map { [$0] } ?? [])
            if !result.isUsable(strict: options.strict) {
                if status == .success { status = .dataError }
                continue
            }
            statements += result.statements
        }
        if arguments.flag("--print-profile") { return status }
        switch format {
        case .json:
            context.terminal.print(StatementJSON.document(statements).serialized())
        case .table:
            for statement in statements { context.terminal.print(StatementTable.render(statement, terminal: context.terminal)) }
        }
        return status
    }
}

/// The reading options every reading command shares.
enum ReadOptionsFromArguments {
    static func make(_ arguments: Arguments) throws(CommandFailure) -> ReadOptions {
        var options = ReadOptions()
        options.encoding = try arguments.value("--encoding", as: "a known encoding (utf-8, windows-1252, iso-8859-1, utf-16le, utf-16be)", TextEncoding.init(name:))
        options.dayOrder = try arguments.value("--date-order", as: "a date order (dmy, mdy or ymd)", DayOrder.init(rawValue:))
        options.currency = try arguments.value("--currency", as: "an ISO 4217 currency code", { Currency(code: $0) })
        options.accountId = arguments.value("--account")
        options.strict = arguments.flag("--strict")
        if let path = arguments.value("--profile") {
            do {
                let input = try StatementFiles.load(path)
                options.profile = (path, String(decoding: input.bytes, as: UTF8.self))
            } catch {
                throw .io(error.description)
            }
        }
        return options
    }
}

/// The people-facing form of a statement.
enum StatementTable {
    static func render(_ s: Statement, terminal: Terminal) -> String {
        var head = "\(s.source.file) (\(s.source.format)"
        if let e = s.source.encoding { head += ", \(e)" }
        if let p = s.source.profile { head += ", profile \(p)" }
        head += ")"
        var lines = [terminal.bold(head)]
        var account = "account: \(s.account.id ?? s.account.name ?? "(not named)")"
        if let kind = s.account.kind { account += "  kind: \(kind.rawValue)" }
        account += "  currency: \(s.account.currency?.code ?? "(not named)")"
        if let period = s.period { account += "  period: \(period.start) … \(period.end)" }
        lines.append(account)
        for b in s.balances where b.kind != .running {
            lines.append("\(b.kind.rawValue) balance: \(b.amount)\(b.day.map { " as of \($0)" } ?? "")")
        }
        var table = TextTable(["date", "amount", "payee", "memo", "id"], alignments: [.left, .right, .left, .left, .left])
        for t in s.transactions {
            table.add([t.day.description, t.amount.description + (t.currency.map { " \($0.code)" } ?? ""),
                       String((t.payee ?? "").prefix(40)), String((t.memo ?? "").prefix(40)), t.id ?? ""])
        }
        lines.append(table.render())
        lines.append("\(s.transactions.count) transaction\(s.transactions.count == 1 ? "" : "s")\n")
        return lines.joined(separator: "\n")
    }
}
