import MyMoneyKit

/// `mymoney config [list] | get KEY | set KEY VALUE | unset KEY`: the ledger's settings.
struct ConfigCommand: Command {
    let name = "config"
    let summary = "the ledger's settings: primary currency, owner, tips, rules folder"
    let usage = [
        "mymoney config [list] [--format table|json]",
        "mymoney config get KEY",
        "mymoney config set KEY VALUE",
        "mymoney config unset KEY",
    ]
    var discussion: String {
        "Settings are kept in the ledger. They change what is shown, never what is stored: setting the\n"
            + "primary currency converts figures into it from then on and recomputes nothing, so a change is\n"
            + "instant and safe.\n\nsettings:\n"
            + LedgerSetting.all.map { "  \($0.key.padding(toLength: 18, withPad: " ", startingAt: 0))\($0.meaning) (\($0.values))" }
                .joined(separator: "\n")
    }
    let epilogue = """
    exit status: 0 done; 1 'get' of a setting that is not set; 65 an unknown setting or value.

    examples:
      mymoney config set primary-currency EUR
      mymoney config get primary-currency
      mymoney config --format json
    """
    let actions = ["list", "get", "set", "unset"]
    let options: [Option] = [.ledger, .format]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "list":
            let format = try OutputFormat.from(arguments)
            let settings = try context.existingBooks(arguments)?.settings() ?? LedgerSetting.all.map { ($0, nil) }
            if format == .json {
                context.terminal.print(JSONValue.object([("settings", .object(settings.compactMap { s, v in
                    v.map { (s.key, .string($0)) }
                }))]).serialized())
                return .success
            }
            var table = TextTable(["setting", "value", "meaning"], alignments: [.left, .left, .left])
            for (setting, value) in settings { table.add([setting.key, value ?? "(not set)", setting.meaning]) }
            context.terminal.print(table.render())
            return .success
        case "get":
            guard rest.count == 1 else { throw CommandFailure.usage("name one setting: mymoney config get KEY") }
            let setting = try Books.setting(named: rest[0])
            guard let value = try context.existingBooks(arguments)?.value(of: setting) else { return .problemFound }
            context.terminal.print(value)
            return .success
        case "set":
            guard rest.count == 2 else { throw CommandFailure.usage("name a setting and its value: mymoney config set KEY VALUE") }
            let setting = try Books.setting(named: rest[0])
            let value = try context.openBooks(arguments).set(setting, to: rest[1]) ?? ""
            context.terminal.print("\(setting.key) = \(value)")
            return .success
        case "unset":
            guard rest.count == 1 else { throw CommandFailure.usage("name one setting: mymoney config unset KEY") }
            let setting = try Books.setting(named: rest[0])
            try context.openBooks(arguments).set(setting, to: nil)
            context.terminal.print("\(setting.key) is no longer set")
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, get, set, unset)")
        }
    }
}
