import Foundation
import MyMoneyKit

/// `mymoney reconcile`: does the ledger agree with the bank?
struct ReconcileCommand: Command {
    let name = "reconcile"
    let summary = "compare ledger balances with the banks' balances and point at what explains a difference"
    let usage = ["mymoney reconcile [--account NAME] [--balance AMOUNT --as-of DAY] [--balances FILE] [--mark] [--format table|json]"]
    let discussion = """
    Compares every balance the imported statements reported (OFX ledger balances, CSV running
    balances, QIF opening balances) and every balance you assert with the ledger's own balance on
    that day. A balance as of a day includes everything posted on that day. Where they differ, it
    lists ranked suspects: a duplicate, a transaction equal to the difference, a flipped sign,
    transposed digits, a slipped decimal point, a few transactions adding up to it, one dated
    across the checkpoint, or a missing transaction and the days it must lie between.
    """
    let epilogue = """
    exit status: 0 every balance agrees, 1 a balance does not agree.

    examples:
      mymoney reconcile
      mymoney reconcile --account Girokonto --balance 3614.30 --as-of 2026-10-31
    """
    let options: [Option] = [
        .ledger, .format,
        Option("--account", .one("NAME"), "only this account (required with --balance)", completion: .accounts),
        Option("--balance", .one("AMOUNT"), "assert the bank's balance of --account as of --as-of"),
        Option("--as-of", .one("DAY"), "the day of the asserted balance (YYYY-MM-DD)"),
        Option("--balances", .one("FILE"), "assert balances from a file (lines: DAY ACCOUNT AMOUNT [CURRENCY])", completion: .file),
        Option("--mark", "record each account as reconciled through its last agreeing balance; later changes to transactions up to that day need --force"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        if let extra = arguments.positionals.first { throw CommandFailure.usage("unexpected argument \"\(extra)\"") }
        var assertions: [BalanceAssertion] = []
        if let amount = try arguments.amount("--balance") {
            guard let account = arguments.value("--account") else { throw CommandFailure.usage("--balance needs --account NAME") }
            guard let day = try arguments.day("--as-of") else { throw CommandFailure.usage("--balance needs --as-of DAY") }
            assertions.append(BalanceAssertion(account: account, day: day, amount: amount))
        } else if arguments.value("--as-of") != nil {
            throw CommandFailure.usage("--as-of goes with --balance")
        }
        if let path = arguments.value("--balances") {
            guard let data = FileManager.default.contents(atPath: path) else { throw CommandFailure.io("\(path): cannot read") }
            let file = BalancesFile(name: path, text: String(decoding: data, as: UTF8.self))
            context.report(file.diagnostics, sources: [SourceFile(name: path, text: Array(data))])
            if file.diagnostics.containsErrors { throw CommandFailure.data("\(path) has errors; nothing was checked") }
            assertions += file.assertions
        }
        let books = arguments.flag("--mark") ? try context.openBooks(arguments) : try context.existingBooks(arguments)
        guard let books else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        if let account = arguments.value("--account") {
            for assertion in assertions where assertion.account.caseInsensitiveCompare(account) != .orderedSame {
                throw CommandFailure.usage("the balance asserted for \(assertion.account) is not checked with --account \(account): drop --account or the balance")
            }
        }
        let reconciliation = try books.reconcile(accountName: arguments.value("--account"), assertions: assertions, mark: arguments.flag("--mark"))
        let report = reconciliation.report
        context.report(report.diagnostics)
        // A balance that cannot be computed (an overflow) is a failed check, not a pass.
        let failed = report.diagnostics.contains { $0.severity == .error }
        for (account, day) in reconciliation.marked {
            context.terminal.error("\(account): reconciled through \(day); transactions up to it are locked")
        }
        if format == .json {
            context.terminal.print(report.renderJSON().trimmingCharacters(in: .newlines))
        } else if report.accounts.isEmpty {
            context.terminal.print("no accounts to reconcile: import statements first (mymoney import FILE)")
        } else {
            context.terminal.print(report.renderTable().trimmingCharacters(in: .newlines))
        }
        return report.hasMismatch || failed ? .problemFound : .success
    }
}
