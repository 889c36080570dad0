import Foundation
import MyMoneyKit

/// The `mymoney` command line: dispatches to a subcommand, prints help, maps failures to exit statuses.
public enum MyMoneyCommandLine {
    /// Every subcommand, in the order `mymoney --help` lists them.
    static var commands: [any Command] {
        [
            InitCommand(),
            TutorialCommand(),
            ImportCommand(),
            ParseCommand(),
            ReconcileCommand(),
            TransfersCommand(),
            RulesCommand(),
            ReportCommand(),
            ExportCommand(),
            TransactionsCommand(),
            AccountsCommand(),
            CategoriesCommand(),
            TagsCommand(),
            ProjectsCommand(),
            PlacesCommand(),
            BudgetsCommand(),
            RatesCommand(),
            ImportsCommand(),
            ConfigCommand(),
            LockCommand(),
            UnlockCommand(),
            PassphraseCommand(),
            CompletionsCommand(),
        ]
    }

    /// Commands that work but are not listed (used by the completion scripts).
    static var hiddenCommands: [any Command] { [CompleteNamesCommand()] }

    static let version = "0.1.0"

    static let overview = """
    mymoney: turn the statements your banks give you into a ledger you can trust.

    usage: mymoney <command> [options]

    """

    /// Runs `arguments` (without the program name) and returns the exit status.
    public static func run(_ arguments: [String], terminal: Terminal = Terminal(),
                           environment: [String: String] = ProcessInfo.processInfo.environment) -> Int32 {
        defer { terminal.flush() }
        ProcessMemory.handBackLargeBlocks()
        guard let first = arguments.first, first != "--help", first != "-h", first != "help" else {
            if arguments.count >= 2, arguments[1] == "--man" {
                terminal.print(ManualPage.render(commands: commands, version: version).trimmingCharacters(in: .newlines))
                return ExitStatus.success.rawValue
            }
            if arguments.count >= 2, let command = commands.first(where: { $0.name == arguments[1] }) {
                terminal.print(command.help)
                return ExitStatus.success.rawValue
            }
            terminal.print(usage())
            return arguments.isEmpty ? ExitStatus.usage.rawValue : ExitStatus.success.rawValue
        }
        if first == "--version" {
            terminal.print("mymoney \(version)")
            return 0
        }
        guard let command = (commands + hiddenCommands).first(where: { $0.name == first }) else {
            terminal.error("mymoney: unknown command \"\(first)\"\n\n" + usage())
            return ExitStatus.usage.rawValue
        }
        let context = CommandContext(terminal: terminal, environment: environment)
        defer { context.session.close() }
        do {
            let parsed = try Arguments(Array(arguments.dropFirst()), declared: command.allOptions)
            if parsed.flag("--help") {
                terminal.print(command.help)
                return ExitStatus.success.rawValue
            }
            let status: ExitStatus
            do {
                status = try command.run(parsed, context)
                FirstUseTip.show(after: command, parsed, context)
            } catch {
                // What the command committed before failing is kept, as a plain ledger keeps it.
                try? context.session.saveAll()
                throw error
            }
            try context.session.saveAll()
            return status.rawValue
        } catch {
            let (status, message) = ExitStatus.of(error)
            terminal.endProgress()
            // One line per problem (a form's invalid values), each naming the command; notes as they are.
            for line in message.split(separator: "\n", omittingEmptySubsequences: false) {
                terminal.error(line.hasPrefix("note: ") ? String(line) : "mymoney \(command.name): \(line)")
            }
            if status == .usage { terminal.error("run 'mymoney \(command.name) --help' for usage") }
            return status.rawValue
        }
    }

    static func usage() -> String {
        let width = commands.map(\.name.count).max() ?? 0
        var text = overview + "commands:\n"
        for command in commands {
            text += "  " + command.name + String(repeating: " ", count: width - command.name.count + 2) + command.summary + "\n"
        }
        text += """

        Every command takes --help. Ledger commands take --ledger PATH (or MYMONEY_LEDGER).
        Exit status: 0 success, 1 a check found a problem, 2 unusable command line (unknown option, missing value),
        65 bad input data or invalid values, 74 I/O error,
        77 the passphrase does not open an encrypted ledger (or none could be asked for).
        New here? 'mymoney init' sets up your ledger; 'mymoney tutorial' shows a tour on sample statements.
        """
        return text
    }
}
