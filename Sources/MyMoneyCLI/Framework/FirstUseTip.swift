import MyMoneyKit

/// Shows a main command's first-use tip (``FirstUseTips``) on standard error after it succeeds:
/// once per command and ledger, only on a terminal, never with `--format json`, never when the
/// ledger's `tips` setting is off.
enum FirstUseTip {
    static func show(after command: any Command, _ arguments: Arguments, _ context: CommandContext) {
        guard context.terminal.isInteractive, FirstUseTips.byCommand[command.name] != nil, arguments.declares("--ledger") else { return }
        if arguments.declares("--format") && arguments.value("--format") == "json" { return }
        let path = context.ledgerPath(arguments)
        // A plain ledger the command did not open (a first import) is opened for this; an
        // encrypted one is never opened just for a tip (that would ask for its passphrase).
        let books = context.session.books(at: path)
            ?? (Books.exist(at: path) && !Books.areEncrypted(at: path) ? (try? context.existingBooks(arguments)) ?? nil : nil)
        // A tip that cannot be recorded (the ledger busy) is simply not shown: it never fails a command.
        guard let books, let tip = (try? books.takeTip(for: command.name)) ?? nil else { return }
        context.terminal.error("tip: \(tip)")
    }
}
