import Foundation
import MyMoneyKit

/// `mymoney init`: creates the ledger and asks, on a terminal, what a new user sets first.
struct InitCommand: Command {
    let name = "init"
    let summary = "set up your ledger: primary currency, profile, accounts, rules folder, encryption"
    let usage = [
        "mymoney init [--primary-currency CODE] [--owner NAME] [--email ADDRESS] [--account NAME:KIND:CURRENCY]… [--rules DIR] [--encrypt]",
        "mymoney init --update [the same options]",
        "mymoney init --sample",
    ]
    let discussion = """
    Creates the ledger (it never touches one that exists: --update changes an existing ledger's
    settings and adds accounts, and removes nothing). On a terminal it asks what the flags leave
    open: the primary currency, your name and email (shown in report headers), your accounts,
    where your rule files live (the ledger remembers the folder, so import finds it from anywhere;
    --rules and MYMONEY_RULES still override it) and whether to encrypt. Scripts pass flags and
    --no-input. An encrypted ledger's passphrase is typed twice, or read from
    --new-passphrase-file, MYMONEY_PASSPHRASE_FILE or --passphrase-fd; its recovery key is printed
    once. --sample runs the tutorial instead (a throw-away ledger from Samples/).
    """
    let epilogue = """
    exit status: 0 created; 1 stopped before creating anything (Ctrl-D); 65 a ledger is there
    already, or a value is wrong; 74 the ledger cannot be written; 77 no passphrase could be had.

    examples:
      mymoney init
      mymoney init --primary-currency EUR --owner "Alex Morgan" --account Girokonto:bank:EUR --rules ~/money/rules --no-input
      MYMONEY_PASSPHRASE_FILE=~/.secret mymoney init --primary-currency EUR --encrypt --no-input
    """
    let options: [Option] = [
        .ledger,
        Option("--primary-currency", .one("CODE"), "the currency reports convert into (ISO 4217)"),
        Option("--owner", .one("NAME"), "whose books these are, shown in report headers"),
        Option("--email", .one("ADDRESS"), "the owner's email"),
        Option("--account", .repeated("NAME:KIND:CURRENCY"), "an account to add (repeatable), e.g. Girokonto:bank:EUR"),
        Option("--rules", .one("DIR"), "the folder of your rule files, remembered by the ledger (created when missing)", completion: .directory),
        Option("--encrypt", "protect the ledger with a passphrase (see 'mymoney lock')"),
        .newPassphraseFile,
        Option("--update", "change the settings of the ledger that exists, add the accounts it lacks"),
        Option("--no-input", "ask nothing; take only the flags"),
        Option("--sample", "run the tutorial on the sample statements instead"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        if arguments.flag("--sample") { return try TutorialCommand().tour(samples: nil, pause: true, context) }
        let path = context.ledgerPath(arguments)
        let update = arguments.flag("--update")
        if update {
            guard Books.exist(at: path) else { throw CommandFailure.data("there is no ledger at \(path) to update; create it with 'mymoney init'") }
        } else {
            try Books.checkNoLedger(at: path)
        }
        let working = FileManager.default.currentDirectoryPath
        let home = context.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        var answers = try given(arguments, workingFolder: working, home: home)
        let interactive = !update && !arguments.flag("--no-input") && TerminalInput.isAvailable && context.terminal.isInteractive
        if interactive {
            let defaults = InitInterview.defaults(environment: context.environment, workingFolder: working, home: home)
            guard let asked = InitInterview.run(answers, defaults: defaults, workingFolder: working, home: home,
                                                TerminalConversation(terminal: context.terminal)) else {
                context.terminal.error("stopped: nothing was created")
                return .problemFound
            }
            answers = asked
        }
        let createdFolder = try makeRulesFolder(answers.rulesFolder)
        let option = BooksLocation.path(explicit: nil, environment: context.environment) == path ? "" : " --ledger \(quoted(path))"
        if update { return try applyUpdate(path, answers, arguments, context) }
        let passphrase = answers.encrypt == true
            ? try context.passphraseInput(arguments).new(from: arguments.value("--new-passphrase-file"), standardSources: true,
                                                         question: "Passphrase for the new ledger: ")
            : nil
        let recovery = try Books.create(at: path, with: answers.setup, encryptingWith: passphrase)
        context.terminal.print(InitSummary.text(path: path, ledgerOption: option, answers: answers, recoveryKey: recovery,
                                                createdRulesFolder: createdFolder))
        return .success
    }

    /// The answers the flags give, checked.
    func given(_ arguments: Arguments, workingFolder: String, home: String) throws -> InitAnswers {
        var answers = InitAnswers()
        if let code = arguments.value("--primary-currency") { answers.primaryCurrency = try Books.currency(code: code) }
        if let name = arguments.value("--owner") {
            guard let normalized = LedgerSetting.ownerName.normalized(name) else { throw CommandFailure.usage("--owner: give a name") }
            answers.ownerName = normalized
        }
        if let email = arguments.value("--email") {
            guard let normalized = LedgerSetting.ownerEmail.normalized(email) else {
                throw CommandFailure.usage("--email: \"\(email)\" does not look like an email address")
            }
            answers.ownerEmail = normalized
        }
        let accounts = arguments.values("--account")
        answers.accounts = try accounts.map { text throws(BooksError) in try BooksSetup.account(parsing: text) }
        answers.accountsGiven = !accounts.isEmpty
        answers.rulesFolder = arguments.value("--rules").map { InitInterview.absoluteFolder($0, workingFolder: workingFolder, home: home) }
        if arguments.flag("--encrypt") { answers.encrypt = true }
        return answers
    }

    /// Creates the rules folder (0700) when it is missing; whether it did.
    func makeRulesFolder(_ folder: String?) throws -> Bool {
        guard let folder, !FileManager.default.fileExists(atPath: folder) else { return false }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw CommandFailure.io("cannot create the rules folder \(folder): \(error.localizedDescription)")
        }
        return true
    }

    /// `init --update`: the flags' settings and accounts into the existing ledger; `--encrypt` locks it.
    func applyUpdate(_ path: String, _ answers: InitAnswers, _ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let books = try context.openBooks(arguments)
        let changes = try books.apply(answers.setup)
        for change in changes { context.terminal.print("set \(change)") }
        if answers.encrypt == true {
            if books.areEncrypted {
                context.terminal.error("note: the ledger at \(path) is encrypted already")
            } else {
                try context.session.saveAll()
                context.session.close()
                let passphrase = try context.passphraseInput(arguments).new(from: arguments.value("--new-passphrase-file"), standardSources: true)
                let recovery = try Books.lock(at: path, with: passphrase)
                context.terminal.print(LockCommand.encryptedMessage(path: path, recovery: recovery))
            }
        }
        if changes.isEmpty && answers.encrypt != true { context.terminal.print("nothing to change (give the settings to change as flags)") }
        return .success
    }
}

/// `text` as a shell word (single quotes when it holds anything a shell treats specially).
func quoted(_ text: String) -> String {
    let plain = text.allSatisfy { $0.isLetter || $0.isNumber || "/._-+:@%".contains($0) }
    return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}
