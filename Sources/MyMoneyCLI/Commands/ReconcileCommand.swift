import Foundation
import MyMoneyKit
import MyMoneyStore
import MyMoneyReconcile

/// `mymoney reconcile`: does the ledger agree with the bank?
struct ReconcileCommand: Command {
    let name = "reconcile"
    let summary = "compare ledger balances with the banks' balances and point at what explains a difference"
    let help = """
    usage: mymoney reconcile [--account NAME] [--balance AMOUNT --as-of DAY] [--balances FILE] [--mark] [--format table|json]

    Compares every balance the imported statements reported (OFX ledger balances, CSV running
    balances, QIF opening balances) and every balance you assert with the ledger's own balance on
    that day. A balance as of a day includes everything posted on that day. Where they differ, it
    lists ranked suspects: a duplicate, a transaction equal to the difference, a flipped sign,
    transposed digits, a slipped decimal point, a few transactions adding up to it, one dated
    across the checkpoint, or a missing transaction and the days it must lie between.

    options:
      --account NAME          only this account (required with --balance)
      --balance AMOUNT        assert the bank's balance of --account as of --as-of
      --as-of DAY             the day of the asserted balance (YYYY-MM-DD)
      --balances FILE         assert balances from a file (lines: DAY ACCOUNT AMOUNT [CURRENCY])
      --mark                  record each account as reconciled through its last agreeing balance;
                              later changes to transactions up to that day need --force
      --ledger PATH           the ledger file

    exit status: 0 every balance agrees, 1 a balance does not agree.

    examples:
      mymoney reconcile
      mymoney reconcile --account Girokonto --balance 3614.30 --as-of 2026-10-31
    """
    let options: Set<String> = ["--ledger", "--format", "--account", "--balance", "--as-of", "--balances"]
    let flags: Set<String> = ["--mark"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        if let extra = arguments.positionals.first { throw .usage("unexpected argument \"\(extra)\"") }
        var assertions: [BalanceAssertion] = []
        if let text = arguments.value("--balance") {
            guard let account = arguments.value("--account") else { throw .usage("--balance needs --account NAME") }
            guard let dayText = arguments.value("--as-of") else { throw .usage("--balance needs --as-of DAY") }
            assertions.append(BalanceAssertion(account: account, day: try parseDay(dayText, option: "--as-of"),
                                               amount: try parseAmount(text, option: "--balance")))
        } else if arguments.value("--as-of") != nil {
            throw .usage("--as-of goes with --balance")
        }
        if let path = arguments.value("--balances") {
            guard let data = FileManager.default.contents(atPath: path) else { throw .io("\(path): cannot read") }
            let file = BalancesFile(name: path, text: String(decoding: data, as: UTF8.self))
            context.report(file.diagnostics, sources: [SourceFile(name: path, text: Array(data))])
            if file.diagnostics.containsErrors { throw .data("\(path) has errors; nothing was checked") }
            assertions += file.assertions
        }
        guard let ledger = try context.openLedger(arguments, forWriting: arguments.flag("--mark")) else {
            context.terminal.print(context.noLedgerYet(arguments))
            return .success
        }
        var names: [String]?
        if let account = arguments.value("--account") {
            guard try ledgerCall({ () throws(LedgerError) in try ledger.account(named: account) }) != nil else {
                throw .data("there is no account named \(account) (see mymoney accounts list)")
            }
            names = [account]
        }
        // Every asserted balance must name an account being reconciled: a typo is never silently skipped.
        let known = try ledgerCall { () throws(LedgerError) in try ledger.accounts() }.map { $0.name.lowercased() }
        let wanted = names.map { Set($0.map { $0.lowercased() }) }
        for assertion in assertions {
            let key = assertion.account.lowercased()
            if !known.contains(key) {
                throw .data("the balance asserted for \(assertion.account) as of \(assertion.day) names no account (see mymoney accounts list)")
            }
            if let wanted, !wanted.contains(key) {
                throw .usage("the balance asserted for \(assertion.account) is not checked with --account \(names?.first ?? ""): drop --account or the balance")
            }
        }
        let report = try ledgerCall { () throws(LedgerError) in
            try LedgerReconciliation.reconcile(ledger, accounts: names, assertions: assertions)
        }
        context.report(report.diagnostics)
        // A balance that cannot be computed (an overflow) is a failed check, not a pass.
        let failed = report.diagnostics.contains { $0.severity == .error }
        if arguments.flag("--mark") {
            for result in report.accounts {
                guard let day = result.reconciledThrough, var account = try? ledger.account(named: result.account.name),
                      account.reconciledThrough.map({ $0 < day }) ?? true else { continue }
                account.reconciledThrough = day
                _ = try ledgerCall { () throws(LedgerError) in try ledger.updateAccount(account) }
                context.terminal.error("\(account.name): reconciled through \(day); transactions up to it are locked")
            }
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
