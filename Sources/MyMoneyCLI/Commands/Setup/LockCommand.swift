import MyMoneyKit

/// `mymoney lock`: encrypts an existing plain ledger with a passphrase.
struct LockCommand: Command {
    let name = "lock"
    let summary = "encrypt the ledger with a passphrase (prints its recovery key once)"
    let usage = ["mymoney lock [--ledger PATH] [--new-passphrase-file FILE]"]
    let discussion = """
    Encrypts the ledger: from then on nothing of it, no write-ahead log or temporary file either,
    is readable on disk without the passphrase or the recovery key printed now. Every command then
    asks for the passphrase on the terminal (no echo), or reads it from the file
    MYMONEY_PASSPHRASE_FILE names or from --passphrase-fd N; never from the command line.
    The plain file is replaced whole; copies of it made before (backups, snapshots) stay readable.
    Design: docs/encryption.md.
    """
    let epilogue = """
    exit status: 0 encrypted; 65 encrypted already, or the passphrase is too short; 74 the ledger
    cannot be read or written, or another process is using it; 77 no passphrase could be had.
    """
    let options: [Option] = [.ledger, .newPassphraseFile]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let path = context.ledgerPath(arguments)
        guard Books.exist(at: path) else { throw CommandFailure.data("there is no ledger at \(path); create an encrypted one with 'mymoney init --encrypt'") }
        guard !Books.areEncrypted(at: path) else { throw CommandFailure.data("the ledger at \(path) is encrypted already (change its passphrase with 'mymoney passphrase change')") }
        let passphrase = try context.passphraseInput(arguments).new(from: arguments.value("--new-passphrase-file"), standardSources: true)
        let recovery = try Books.lock(at: path, with: passphrase)
        context.terminal.print(Self.encryptedMessage(path: path, recovery: recovery))
        return .success
    }

    static func encryptedMessage(path: String, recovery: LedgerRecoveryKey) -> String {
        """
        The ledger at \(path) is encrypted.

        Recovery key (shown only now; write it down and keep it apart from the passphrase —
        it opens the ledger if you forget the passphrase; type it where the passphrase is asked):

            \(recovery)
        """
    }
}

/// `mymoney unlock`: decrypts the ledger into a plain SQLite file, on purpose.
struct UnlockCommand: Command {
    let name = "unlock"
    let summary = "turn the ledger's encryption off (a plain SQLite file again)"
    let usage = ["mymoney unlock [--ledger PATH] [--yes]"]
    let discussion = """
    Decrypts the ledger into a plain SQLite file that anyone who can read the file can read. It
    needs the passphrase or the recovery key; on a terminal it asks to be sure first.
    """
    let epilogue = "exit status: 0 decrypted; 1 not confirmed; 65 not encrypted; 74 cannot be written or in use; 77 wrong passphrase."
    let options: [Option] = [.ledger, Option("--yes", "do not ask to be sure")]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let path = context.ledgerPath(arguments)
        guard Books.areEncrypted(at: path) else { throw CommandFailure.data("the ledger at \(path) is not encrypted") }
        if !arguments.flag("--yes") && TerminalInput.isAvailable && context.terminal.isInteractive {
            let answer = TerminalInput.line("Decrypt \(path)? Anyone who can read the file can then read your books. [y/N]: ")
            guard ["y", "yes"].contains(answer?.trimmingCharacters(in: .whitespaces).lowercased() ?? "") else {
                context.terminal.error("left encrypted")
                return .problemFound
            }
        }
        try Books.unlock(at: path, passphrase: context.passphraseSource(arguments))
        context.terminal.print("The ledger at \(path) is no longer encrypted: it is a plain SQLite file now.")
        return .success
    }
}

/// `mymoney passphrase change`: a new passphrase for an encrypted ledger.
struct PassphraseCommand: Command {
    let name = "passphrase"
    let summary = "change the passphrase of an encrypted ledger"
    let usage = ["mymoney passphrase change [--ledger PATH] [--new-passphrase-file FILE]"]
    let discussion = """
    Asks for the current passphrase (or the recovery key), then the new one twice. In scripts the
    current one comes from MYMONEY_PASSPHRASE_FILE or --passphrase-fd N, the new one from
    --new-passphrase-file FILE. Nothing is decrypted to disk: only the key wrapped in the file's
    header changes, in a new file that replaces the old one whole. The recovery key keeps working.
    """
    let epilogue = "exit status: 0 changed; 65 not encrypted, or the new passphrase is too short; 74 cannot be written or in use; 77 wrong passphrase."
    let actions = ["change"]
    let options: [Option] = [.ledger, .newPassphraseFile]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals == ["change"] else { throw CommandFailure.usage("say what to do: mymoney passphrase change") }
        let path = context.ledgerPath(arguments)
        guard Books.exist(at: path) else { throw CommandFailure.data("there is no ledger at \(path)") }
        guard Books.areEncrypted(at: path) else { throw CommandFailure.data("the ledger at \(path) is not encrypted (encrypt it with 'mymoney lock')") }
        let input = try context.passphraseInput(arguments)
        let current = try input.current(for: path)
        let new = try input.new(from: arguments.value("--new-passphrase-file"), standardSources: false)
        try Books.changePassphrase(at: path, current: current, new: new)
        context.terminal.print("The passphrase of \(path) is changed (the recovery key still opens it).")
        return .success
    }
}
