import Foundation

/// What every command gets: where to write, the environment, and the ledger path it should use.
public struct CommandContext {
    public let terminal: Terminal
    public let environment: [String: String]

    public init(terminal: Terminal, environment: [String: String]) {
        self.terminal = terminal
        self.environment = environment
    }

    /// `--ledger PATH`, else `MYMONEY_LEDGER`, else `$XDG_DATA_HOME/mymoney/ledger.sqlite`
    /// (`~/.local/share/mymoney/ledger.sqlite`).
    public func ledgerPath(_ arguments: Arguments) -> String {
        if let path = arguments.value("--ledger") { return path }
        if let path = environment["MYMONEY_LEDGER"], !path.isEmpty { return path }
        let base = environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
            ?? ((environment["HOME"] ?? NSHomeDirectory()) + "/.local/share")
        return base + "/mymoney/ledger.sqlite"
    }

    /// `--rules DIR`, else `MYMONEY_RULES`, else `Rules/` in the current folder.
    public func rulesDirectory(_ arguments: Arguments) -> String {
        if let dir = arguments.value("--rules") { return dir }
        if let dir = environment["MYMONEY_RULES"], !dir.isEmpty { return dir }
        return "Rules"
    }

    /// Renders diagnostics to standard error, with source lines where the text is known.
    public func report(_ diagnostics: [Diagnostic], sources: [SourceFile] = []) {
        var byName: [String: SourceFile] = [:]
        for source in sources { byName[source.name] = source }
        let renderer = DiagnosticRenderer(sources: byName, color: terminal.color)
        for diagnostic in diagnostics { terminal.error(renderer.render(diagnostic)) }
    }
}

/// One `mymoney` subcommand.
public protocol Command {
    /// The word after `mymoney` (`parse`, `import`).
    var name: String { get }
    /// One line for `mymoney --help`.
    var summary: String { get }
    /// The full `--help` text: usage, options, examples.
    var help: String { get }
    /// Options that take a value (`--ledger`).
    var options: Set<String> { get }
    /// Options without a value (`--dry-run`).
    var flags: Set<String> { get }

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus
}

extension Command {
    public var flags: Set<String> { [] }
}

/// Options shared by every command that touches the ledger.
let ledgerOptions: Set<String> = ["--ledger"]
/// `--format json|table`.
let formatOptions: Set<String> = ["--format"]

/// The output format a user asked for.
enum OutputFormat: String {
    case table, json

    static func from(_ arguments: Arguments, default fallback: OutputFormat = .table) throws(CommandFailure) -> OutputFormat {
        try arguments.value("--format", as: "a format (table or json)", OutputFormat.init(rawValue:)) ?? fallback
    }
}
