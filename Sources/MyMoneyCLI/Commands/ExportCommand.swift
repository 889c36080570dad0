import Foundation
import MyMoneyKit

/// `mymoney export hledger|beancount|csv|json`: the books in another tool's format.
struct ExportCommand: Command {
    let name = "export"
    let summary = "write the books as an hledger journal, a beancount file, CSV or JSON"
    let usage = ["mymoney export hledger|beancount|csv|json [--from DAY] [--through DAY] [--account NAME]… [--output FILE]"]
    let discussion = """
    hledger: a journal that 'hledger check' accepts, with every statement balance as a balance
    assertion and transfers as one transaction with both legs (cross-currency with @@).
    beancount: a file that bean-check accepts, with open directives, balance directives the day
    after each statement balance, and metadata for the bank's id and the import batch.
    csv: one row per transaction (or per split part), exact amounts, ISO dates, every field;
    cells a spreadsheet would run as formulas are neutralized with a leading '.
    json: the whole ledger in a versioned schema (docs/export-json.md).
    The export goes to standard output unless --output names a file. --from and --through keep
    the days between them (the opening balances are the balances the day before --from);
    --account keeps those accounts (a transfer to another account keeps only its selected leg).
    """
    let epilogue = """
    examples:
      mymoney export hledger --output books.journal && hledger -f books.journal check
      mymoney export beancount --from 2026-10-01 --output books.beancount && bean-check books.beancount
      mymoney export csv --account Girokonto > girokonto.csv
    """
    let actions = ExportFormat.allCases.map(\.rawValue)
    let options: [Option] = [
        .ledger,
        Option("--from", .one("DAY"), "first day, inclusive"),
        Option("--through", .one("DAY"), "last day, inclusive"),
        Option("--account", .repeated("NAME"), "only this account (repeatable)", completion: .accounts),
        Option("--output", .one("FILE"), "write to FILE instead of standard output", completion: .file),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let format = ExportFormat(rawValue: arguments.positionals[0]) else {
            throw CommandFailure.usage("name the format: hledger, beancount, csv or json")
        }
        let from = try arguments.day("--from")
        let through = try arguments.day("--through")
        guard let books = try context.existingBooks(arguments) else { throw CommandFailure.data(context.noLedgerYet(arguments)) }
        let text = try books.export(format, from: from, through: through, accountNames: arguments.values("--account"))
        try ExportCommand.write(text, to: arguments.value("--output"), context)
        return .success
    }

    /// Writes `text` to `path`, or to standard output: as it is into a pipe or file, with control
    /// characters escaped onto a terminal.
    static func write(_ text: String, to path: String?, _ context: CommandContext) throws {
        if let path {
            do { try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: .atomic) } catch {
                throw CommandFailure.io("\(path): cannot write the export (\(error.localizedDescription))")
            }
            return
        }
        if isatty(STDOUT_FILENO) == 1 {
            context.terminal.print(text.hasSuffix("\n") ? String(text.dropLast()) : text)
        } else {
            context.terminal.flush()
            FileHandle.standardOutput.write(Data(text.utf8))
        }
    }
}
