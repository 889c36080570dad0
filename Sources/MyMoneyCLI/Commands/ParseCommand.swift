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
        let files = try StatementFiles.expand(arguments.positionals)
        let reading = ParseOutput.Reading(readers: readers, format: arguments.value("--as"), options: options)
        // Each file's output is held until the file is known to be usable (1 MiB at most, then it
        // streams on): see `ParseOutput`.
        let held = HeldOutput(context.terminal)
        switch format {
        case .json:
            var json = JSONWriter(into: held)
            StatementJSON.beginDocument(into: &json)
            var output = StatementJSONStream(json)
            status = ParseOutput.each(files, context, held: held, output: &output, flush: { $0.json.finish() }, reading: reading)
            if !held.isClosed {
                StatementJSON.endDocument(into: &output.json)
                output.json.finishLine()
                held.release()
            }
        case .table:
            let terminal = context.terminal
            var buffer = BufferedOutput(held)
            var output = StatementTableStream(style: terminal) { line in
                buffer.write(TerminalText.escaped(line, keepingStyles: terminal.color))
                buffer.write(byte: 0x0A)
            }
            status = ParseOutput.each(files, context, held: held, output: &output, flush: { _ in buffer.flush() }, reading: reading)
            buffer.flush()
            held.release()
        }
        return status
    }
}

/// How `parse` writes the files it reads: each file's statements as they are read, held until
/// the file is known to be usable.
///
/// A file whose reading ends with errors (or warnings under `--strict`) writes nothing, as
/// when statements were read whole: its held output is dropped and the document goes on with
/// the next file. A file too long to hold (more than ``HeldOutput/limit``, 1 MiB of output) is
/// written on as it is read; should it turn out bad after that (a broken balance chain, a bad
/// record near its end), standard output **stops where it is**: what is still buffered (up
/// to 64 KiB) is dropped and the JSON document breaks off there, unclosed (not valid JSON, so
/// no consumer takes it for a result; the table likewise stops mid-way), a line on standard error
/// says so, the other files are still read for their diagnostics, and the exit status is the
/// one the whole read gives (65).
enum ParseOutput {
    struct Reading {
        var readers: StatementReaders
        var format: String?
        var options: ReadOptions
    }

    /// Reads `files` in order into `output` (`flush` hands what it buffers to `held`) and
    /// reports what the readers said; the status says whether a file could not be read (74) or
    /// had errors (65).
    static func each<Output: StatementStreamOutput>(
        _ files: [String], _ context: CommandContext, held: HeldOutput, output: inout Output,
        flush: (inout Output) -> Void, reading how: Reading
    ) -> ExitStatus {
        var status = ExitStatus.success
        flush(&output)
        held.release()
        for path in files {
            let before = output
            let (reading, wroteAsRead) = StatementReading.stream(path, readers: how.readers, format: how.format, options: how.options,
                                                                 into: &output)
            // A file found bad after its output went out: what is still buffered is dropped, so
            // the output breaks off where the reading was, not after a statement it closed.
            let cutOff = reading.failure == nil && !reading.isUsable && wroteAsRead && held.isCommitted && !held.isClosed
            if cutOff { held.close() }
            flush(&output)
            if let failure = reading.failure {
                context.terminal.error("mymoney parse: \(failure.description)")
                status = .ioError
                continue
            }
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
            if reading.isUsable {
                held.release()
                continue
            }
            if status == .success { status = .dataError }
            if cutOff {
                context.terminal.error("mymoney parse: standard output stops here: \(path) turned out to have errors after part of it was written; the output is incomplete")
            } else if wroteAsRead && !held.isClosed {
                held.discard()
                output = before
            }
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
