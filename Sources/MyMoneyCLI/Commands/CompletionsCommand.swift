import MyMoneyKit

/// `mymoney completions bash|zsh|fish`: the shell completion script, from the commands' declarations.
struct CompletionsCommand: Command {
    let name = "completions"
    let summary = "print the completion script for bash, zsh or fish"
    let usage = ["mymoney completions bash|zsh|fish"]
    let discussion = """
    The script completes commands, their actions and options, option values that are files,
    folders or fixed words, and names the ledger knows (accounts, categories, tags, projects,
    places). It is generated from the same declarations as --help.
    """
    let epilogue = """
    examples:
      mymoney completions bash > ~/.local/share/bash-completion/completions/mymoney
      mymoney completions zsh > "${fpath[1]}/_mymoney"
      mymoney completions fish > ~/.config/fish/completions/mymoney.fish
    """
    let actions = CompletionScript.Shell.allCases.map(\.rawValue)
    let options: [Option] = []

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.count == 1, let shell = CompletionScript.Shell(rawValue: arguments.positionals[0]) else {
            throw CommandFailure.usage("name the shell: bash, zsh or fish")
        }
        context.terminal.print(CompletionScript.script(for: shell, commands: MyMoneyCommandLine.commands))
        return .success
    }
}

/// `mymoney __complete KIND`: the names of one kind the ledger knows, one per line, for the
/// completion scripts (not listed in help). Prints nothing when there is no ledger.
struct CompleteNamesCommand: Command {
    let name = "__complete"
    let summary = "names for shell completion"
    let usage = ["mymoney __complete accounts|categories|tags|projects|places"]
    let discussion = ""
    let options: [Option] = [.ledger]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard let kind = arguments.positionals.first else { throw CommandFailure.usage("name the kind of names") }
        guard let books = try? context.existingBooks(arguments) else { return .success }
        let names: [String]
        switch kind {
        case "accounts": names = try books.accounts().map(\.name)
        case "categories": names = try books.categoryStandings().map(\.category.path.description)
        case "tags": names = try books.tagStandings().map(\.tag.title)
        case "projects": names = try books.projectStandings(today: Day.today).map(\.project.title)
        case "places": names = try books.placeStandings().map(\.place.name)
        default: throw CommandFailure.usage("unknown kind \"\(kind)\" (accounts, categories, tags, projects, places)")
        }
        for name in names { context.terminal.print(name) }
        return .success
    }
}
