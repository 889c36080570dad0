import MyMoneyKit

/// `mymoney parse`: read statements and print their normalized form; writes nothing.
struct ParseCommand: Command {
    let name = "parse"
    let summary = "read statements (CSV, OFX, QFX, QIF) and print them normalized; writes nothing"
    let usage = ["mymoney parse FILE|DIR|- … [options]"]
    let discussion = """
    Reads every statement and prints the normalized form: account, balances, transactions with
    exact amounts. The format is recognized from the content, whatever the file is named.
    """
    let epilogue = """
    exit status: 0 read, 65 a file had errors (it is reported on stderr), 74 a file could not be read.

    examples:
      mymoney parse Samples/girokonto-2026-10.csv
      mymoney parse --format json statement.ofx
      cat export.csv | mymoney parse --date-order dmy -
    """
    let options: [Option] = [
        .format,
        Option("--print-profile", "print the CSV layout inferred for each file as a profile to save"),
        Option("--account", .one("ID"), "the account id when the file names none"),
        .rules,
    ] + Option.reading

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard !arguments.positionals.isEmpty else { throw CommandFailure.usage("name at least one file, directory or - for standard input") }
        var options = try ReadOptions(arguments)
        options.accountId = arguments.value("--account")
        let (readers, profileDiagnostics) = Readers.standard(profilesDirectory: context.rulesDirectory(arguments) + "/profiles")
        context.report(profileDiagnostics)
        var status = ExitStatus.success
        if arguments.flag("--print-profile") {
            for path in try StatementFiles.expand(arguments.positionals) {
                let input: StatementInput
                do { input = try StatementFiles.load(path) } catch {
                    context.terminal.error("mymoney parse: \(error.description)")
                    status = .ioError
                    continue
                }
                let (profile, diagnostics) = Readers.inferredProfile(of: input, readers: readers, format: arguments.value("--as"), options: options)
                context.report(diagnostics)
                guard let profile else { status = .dataError; continue }
                context.terminal.print("# inferred from \(path); save as Rules/profiles/NAME.csvprofile and edit\n" + profile)
            }
            return status
        }
        let readings = try StatementReading.read(arguments.positionals, readers: readers, format: arguments.value("--as"), options: options)
        switch format {
        case .json:
            // Streamed: each statement written as it comes, never a tree of the whole document.
            var json = JSONWriter(into: context.terminal)
            StatementJSON.beginDocument(into: &json)
            status = each(readings, context) { StatementJSON.write($0, into: &json) }
            StatementJSON.endDocument(into: &json)
            json.finishLine()
        case .table:
            let terminal = context.terminal
            status = each(readings, context) { StatementTable.write($0, style: terminal, lines: { terminal.print($0) }) }
        }
        return status
    }

    /// Hands `body` each statement of the usable readings, in order, reporting what the readers
    /// said on the way; the status says whether a file could not be read (74) or had errors (65).
    private func each(_ readings: [FileReading], _ context: CommandContext, _ body: (Statement) -> Void) -> ExitStatus {
        var status = ExitStatus.success
        for reading in readings {
            if let failure = reading.failure {
                context.terminal.error("mymoney parse: \(failure.description)")
                status = .ioError
                continue
            }
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
            if !reading.isUsable {
                if status == .success { status = .dataError }
                continue
            }
            reading.result.statements.forEach(body)
        }
        return status
    }
}

extension ReadOptions {
    /// The reading options every reading command shares (see ``Option/reading``).
    init(_ arguments: Arguments) throws {
        self.init()
        encoding = try arguments.value("--encoding", as: "a known encoding (utf-8, windows-1252, iso-8859-1, iso-8859-2, utf-16le, utf-16be, shift_jis, cp932, gb18030, big5, euc-kr)", TextEncoding.init(name:))
        dayOrder = try arguments.value("--date-order", as: "a date order (dmy, mdy or ymd)", DayOrder.init(rawValue:))
        currency = try arguments.value("--currency", as: "an ISO 4217 currency code", { Currency(code: $0) })
        strict = arguments.flag("--strict")
        acceptBrokenBalances = arguments.flag("--accept-broken-balances")
        if let path = arguments.value("--profile") {
            let input = try StatementFiles.load(path)
            profile = (path, String(decoding: input.bytes, as: UTF8.self))
        }
    }
}
