import Foundation
import MyMoneyKit

/// What every command gets: where to write, the environment, and what the run keeps (the books
/// it opened, the passphrase it was given).
public struct CommandContext {
    public let terminal: Terminal
    public let environment: [String: String]
    public let session = CommandSession()

    public init(terminal: Terminal, environment: [String: String]) {
        self.terminal = terminal
        self.environment = environment
    }

    /// `--ledger PATH`, else `MYMONEY_LEDGER`, else the XDG default (see ``BooksLocation``).
    public func ledgerPath(_ arguments: Arguments) -> String {
        BooksLocation.path(explicit: arguments.declares("--ledger") ? arguments.value("--ledger") : nil, environment: environment)
    }

    /// `--rules DIR`, else `MYMONEY_RULES`, else the folder the ledger remembers (its `rules`
    /// setting; asked only by commands that take `--ledger`), else `Rules/` in the current folder.
    public func rulesDirectory(_ arguments: Arguments) -> String { rulesChoice(arguments).folder }

    /// Where the rules folder came from.
    enum RulesSource { case option, environment, ledger, currentFolder }

    /// The rules folder and what chose it.
    func rulesChoice(_ arguments: Arguments) -> (folder: String, source: RulesSource) {
        if arguments.declares("--rules"), let dir = arguments.value("--rules") { return (dir, .option) }
        if let dir = environment["MYMONEY_RULES"], !dir.isEmpty { return (dir, .environment) }
        if arguments.declares("--ledger"), let dir = session.rulesSetting(ledgerAt: ledgerPath(arguments), open: { try existingBooks(arguments) }) {
            return (dir, .ledger)
        }
        return ("Rules", .currentFolder)
    }

    /// Renders diagnostics to standard error, with source lines where the text is known.
    public func report(_ diagnostics: [Diagnostic], sources: [SourceFile] = []) {
        var byName: [String: SourceFile] = [:]
        for source in sources { byName[source.name] = source }
        let renderer = DiagnosticRenderer(sources: byName, color: terminal.errorColor)
        for diagnostic in diagnostics { terminal.error(renderer.render(diagnostic)) }
    }
}

/// One `mymoney` subcommand, declared: its name, what it is for, its usage and its options. Its
/// `--help`, the shells' completions and the check of its command line are made from this.
public protocol Command {
    /// The word after `mymoney` (`parse`, `import`).
    var name: String { get }
    /// One line for `mymoney --help`.
    var summary: String { get }
    /// Usage lines, each starting `mymoney NAME`.
    var usage: [String] { get }
    /// What the command does, in a paragraph or two (after the usage in `--help`).
    var discussion: String { get }
    /// Its actions (`list`, `add`, …), the first positional word, for completion.
    var actions: [String] { get }
    var options: [Option] { get }
    /// What follows the options in `--help`: exit statuses and examples.
    var epilogue: String { get }

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus
}

extension Command {
    public var actions: [String] { [] }
    public var epilogue: String { "" }

    /// Every option the command takes: the ones it declares, and `--passphrase-fd` when it takes
    /// `--ledger` (any ledger may be encrypted).
    public var allOptions: [Option] {
        options.contains(.ledger) && !options.contains(.passphraseFD) ? options + [.passphraseFD] : options
    }

    /// The full `--help` text, made from the declaration.
    public var help: String {
        var text = "usage: " + usage.joined(separator: "\n       ") + "\n"
        if !discussion.isEmpty { text += "\n" + discussion + "\n" }
        let shown = allOptions + [Option("--help", "show this help")]
        let width = min(28, (shown.map(\.synopsis.count).max() ?? 0) + 2)
        text += "\noptions:\n"
        for option in shown {
            let synopsis = option.synopsis
            if synopsis.count + 2 > width {
                text += "  \(synopsis)\n" + String(repeating: " ", count: width + 2) + option.help + "\n"
            } else {
                text += "  " + synopsis + String(repeating: " ", count: width - synopsis.count) + option.help + "\n"
            }
        }
        if !epilogue.isEmpty { text += "\n" + epilogue + "\n" }
        return text.trimmingCharacters(in: .newlines)
    }
}

/// The output format a user asked for.
enum OutputFormat: String {
    case table, json

    static func from(_ arguments: Arguments, default fallback: OutputFormat = .table) throws(CommandFailure) -> OutputFormat {
        try arguments.value("--format", as: "a format (table or json)", OutputFormat.init(rawValue:)) ?? fallback
    }
}
