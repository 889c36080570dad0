import Foundation
import MyMoneyKit

/// `mymoney import`: the whole pipeline.
struct ImportCommand: Command {
    let name = "import"
    let summary = "import statements into the ledger: rules, duplicates, transfers, reconciliation"
    let usage = ["mymoney import FILE|DIR|- … [--ledger PATH] [--account NAME] [--rules DIR] [--dry-run] [options]"]
    let discussion = """
    Reads every statement (CSV, OFX, QFX, QIF; directories are read recursively), puts each into
    its account (by the bank's account number, by --account, or a new account, said so), applies
    the rules, stores what is new in one SQL transaction, pairs transfers between your accounts and
    reconciles every balance the statements carry. Importing the same or an overlapping statement
    again adds nothing twice. A file that cannot be read stops the run before anything is written;
    a failed import never creates or removes a ledger file.
    """
    let epilogue = """
    exit status: 0 imported (and every balance reconciles), 1 imported but a balance does not
    reconcile, 65 bad input (nothing imported), 74 a file or the ledger could not be read or written.

    examples:
      mymoney import Samples
      mymoney import ~/Downloads/visa-2026-10.qfx --dry-run
      mymoney import wallet.qif --account Wallet --currency EUR
    """
    let options: [Option] = [
        .ledger,
        Option("--account", .one("NAME"), "import every statement into this account (created if new; needs a currency)", completion: .accounts),
        .rules,
        Option("--dry-run", "show what would happen; write nothing"),
        Option("--rates", .one("FILE"), "reference exchange rates for cross-currency transfers (DAY,FROM,TO,RATE per line)", completion: .file),
        .format,
        Option("--trust-ids", "add a statement whose rows the ledger holds under other bank ids (by default: the bank re-issued its ids, skipped)"),
        Option("--list-duplicates", "with --format json: list every duplicate skipped (by default their count and reasons)"),
    ] + Option.reading

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard !arguments.positionals.isEmpty else { throw CommandFailure.usage("name at least one file or directory to import") }
        // A JSON export (mymoney export json) is restored into an empty ledger instead.
        if let export = LedgerRestore.export(in: arguments) { return try LedgerRestore.run(export, arguments, context) }
        let readOptions = try ReadOptions(arguments)
        // A ledger that exists is opened first: it says where its rules are, and an encrypted
        // one asks for its passphrase once, before any file is read.
        let books = try context.existingBooks(arguments)
        let compilation = try context.loadRules(arguments)
        let rulesDirectory = context.rulesDirectory(arguments)
        let (readers, profileProblems) = Readers.standard(profilesDirectory: rulesDirectory + "/profiles")
        context.report(profileProblems)
        let book = AccountBook.load(rulesDirectory + "/accounts.csv")
        context.report(book.diagnostics)
        if book.diagnostics.containsErrors { throw CommandFailure.data("fix the account book first; nothing was imported") }
        var request = ImportRequest(paths: arguments.positionals, accountName: arguments.value("--account"),
                                    format: arguments.value("--as"), readOptions: readOptions, dryRun: arguments.flag("--dry-run"),
                                    accountBook: book)
        request.rates = try context.loadRates(arguments)
        request.trustIds = arguments.flag("--trust-ids")
        let progress: (String) -> Void = { context.terminal.progress($0) }
        let outcome = try books?.importStatements(request, readers: readers, rules: compilation?.ruleSet, progress: progress)
            ?? Books.importStatements(request, at: context.ledgerPath(arguments), passphrase: context.passphraseSource(arguments),
                                      readers: readers, rules: compilation?.ruleSet, progress: progress)
        context.terminal.endProgress()
        for reading in outcome.readings {
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
        }
        if outcome.readFailed {
            let bad = outcome.readings.filter { !$0.isUsable }.map(\.path)
            context.terminal.error("mymoney import: \(bad.count == 1 ? bad[0] : "\(bad.count) files") could not be read; nothing was imported")
            return .dataError
        }
        context.report(outcome.diagnostics)
        if format == .json {
            var json = JSONWriter(into: context.terminal)
            ImportReportJSON.write(outcome, listingDuplicates: arguments.flag("--list-duplicates"), into: &json)
            json.finishLine()
        } else {
            context.terminal.print(ImportReportText.make(outcome, style: context.terminal))
        }
        return outcome.reconciliation?.hasMismatch == true ? .problemFound : .success
    }
}
