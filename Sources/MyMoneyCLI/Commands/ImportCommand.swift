import Foundation
import MyMoneyKit
import MyMoneyImport
import MyMoneyStore
import MyMoneyTransfers
import MyMoneyReconcile

/// `mymoney import`: the whole pipeline.
struct ImportCommand: Command {
    let name = "import"
    let summary = "import statements into the ledger: rules, duplicates, transfers, reconciliation"
    let help = """
    usage: mymoney import FILE|DIR|- … [--ledger PATH] [--account NAME] [--rules DIR] [--dry-run] [options]

    Reads every statement (CSV, OFX, QFX, QIF; directories are read recursively), puts each into
    its account (by the bank's account number, by --account, or a new account, said so), applies
    the rules, stores what is new in one SQL transaction, pairs transfers between your accounts and
    reconciles every balance the statements carry. Importing the same or an overlapping statement
    again adds nothing twice. A file that cannot be read stops the run before anything is written.

    options:
      --ledger PATH           the ledger file (default: MYMONEY_LEDGER or ~/.local/share/mymoney/ledger.sqlite)
      --account NAME          import every statement into this account (created if new; needs a currency)
      --rules DIR             the rules folder (default: Rules/ here; bank profiles in DIR/profiles,
                              your accounts in DIR/accounts.csv)
      --dry-run               show what would happen; write nothing
      --rates FILE            reference exchange rates for cross-currency transfers (DAY,FROM,TO,RATE per line)
      --format table|json     the report for people (default) or machines
      --currency CODE         currency for statements that name none (QIF) and new accounts
      --encoding NAME, --date-order dmy|mdy|ymd, --profile FILE, --as FORMAT, --strict
                              as for 'mymoney parse'

    exit status: 0 imported (and every balance reconciles), 1 imported but a balance does not
    reconcile, 65 bad input (nothing imported), 74 a file or the ledger could not be read or written.

    examples:
      mymoney import Samples
      mymoney import ~/Downloads/visa-2026-10.qfx --dry-run
      mymoney import wallet.qif --account Wallet --currency EUR
    """
    let options: Set<String> = ["--ledger", "--account", "--rules", "--format", "--currency", "--encoding", "--date-order",
                                "--profile", "--as", "--rates"]
    let flags: Set<String> = ["--dry-run", "--strict"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard !arguments.positionals.isEmpty else { throw .usage("name at least one file or directory to import") }
        var readOptions = try ReadOptionsFromArguments.make(arguments)
        readOptions.accountId = nil
        let compilation = try context.loadRules(arguments)
        let (readers, profileProblems) = Readers.standard(profilesDirectory: context.rulesDirectory(arguments) + "/profiles")
        context.report(profileProblems)
        // A dry run, or an import that fails, never leaves a new ledger file behind.
        let path = context.ledgerPath(arguments)
        let existed = FileManager.default.fileExists(atPath: path)
        let scratch = arguments.flag("--dry-run") && !existed
            ? FileManager.default.temporaryDirectory.appendingPathComponent("mymoney-dry-run-\(UUID().uuidString).sqlite").path : nil
        let ledgerFile = scratch ?? path
        defer {
            if let scratch { LedgerFiles.remove(scratch) }
        }
        let ledger: Ledger
        do { ledger = try Ledger(path: ledgerFile) } catch { throw CommandFailure(error) }
        var succeeded = false
        defer { if !succeeded && !existed && scratch == nil { LedgerFiles.remove(path) } }
        let book = AccountBook.load(context.rulesDirectory(arguments) + "/accounts.csv")
        context.report(book.diagnostics)
        if book.diagnostics.containsErrors { throw .data("fix the account book first; nothing was imported") }
        let request = ImportRequest(paths: arguments.positionals, accountName: arguments.value("--account"),
                                    format: arguments.value("--as"), readOptions: readOptions, dryRun: arguments.flag("--dry-run"),
                                    accountBook: book)
        var withRates = request
        withRates.rates = try context.loadRates(arguments)
        let outcome: ImportOutcome
        do {
            outcome = try ImportWorkflow.run(withRates, ledger: ledger, readers: readers, rules: compilation?.ruleSet,
                                             progress: { context.terminal.progress($0) })
            context.terminal.endProgress()
        } catch let error as InputError {
            context.terminal.endProgress()
            throw .io(error.description)
        } catch let error as ImportFailure {
            context.terminal.endProgress()
            throw .data("\(error.description); nothing was imported")
        } catch let error as LedgerError {
            context.terminal.endProgress()
            var failure = CommandFailure(error)
            failure.message += "; nothing was imported"
            throw failure
        } catch {
            context.terminal.endProgress()
            throw .data("\(error); nothing was imported")
        }
        for reading in outcome.readings {
            context.report(reading.result.diagnostics, sources: reading.result.source.map { [$0] } ?? [])
        }
        if outcome.readFailed {
            let bad = outcome.readings.filter { !$0.isUsable }.map(\.path)
            context.terminal.error("mymoney import: \(bad.count == 1 ? bad[0] : "\(bad.count) files") could not be read; nothing was imported")
            return .dataError
        }
        succeeded = true
        context.report(outcome.diagnostics)
        if format == .json {
            context.terminal.print(ImportReportJSON.make(outcome).serialized())
        } else {
            context.terminal.print(ImportReportText.make(outcome, terminal: context.terminal))
        }
        return outcome.reconciliation?.hasMismatch == true ? .problemFound : .success
    }
}
