/// An option a command accepts, declared once: its name, whether it takes a value, its help line
/// and how a shell completes its value. Help, completions and the check of a command line are
/// all made from these declarations, so they cannot drift apart.
public struct Option: Sendable, Hashable {
    /// What follows the option's name on a command line.
    public enum Value: Sendable, Hashable {
        /// A flag: nothing follows (`--dry-run`).
        case none
        /// One value, named in help by this placeholder (`--ledger PATH`); given twice, the last counts.
        case one(String)
        /// A value that may be given several times (`--tag TITLE --tag TITLE`).
        case repeated(String)
    }

    /// How a shell completes the option's value.
    public enum Completion: Sendable, Hashable {
        case none
        case file
        case directory
        /// One of these words.
        case choices([String])
        /// A name the ledger knows (read from it where that is cheap).
        case accounts, categories, tags, projects, places
    }

    public var name: String
    public var value: Value
    public var help: String
    public var completion: Completion

    /// A flag: an option without a value.
    public init(_ name: String, _ help: String) {
        self.init(name, .none, help)
    }

    public init(_ name: String, _ value: Value, _ help: String, completion: Completion = .none) {
        self.name = name
        self.value = value
        self.help = help
        self.completion = completion
    }

    public var takesValue: Bool { value != .none }

    /// The option as help shows it: `--ledger PATH`.
    var synopsis: String {
        switch value {
        case .none: return name
        case .one(let placeholder), .repeated(let placeholder): return "\(name) \(placeholder)"
        }
    }
}

extension Option {
    static let ledger = Option("--ledger", .one("PATH"), "the ledger file (default: MYMONEY_LEDGER, else ~/.local/share/mymoney/ledger.sqlite)",
                               completion: .file)
    static let format = Option("--format", .one("FORMAT"), "table for people (default) or json for programs (only JSON on stdout)",
                               completion: .choices(["table", "json"]))
    static let rules = Option("--rules", .one("DIR"), "the rules folder (default: MYMONEY_RULES, else Rules/ here); bank profiles in DIR/profiles, your accounts in DIR/accounts.csv",
                              completion: .directory)
    static let force = Option("--force", "change a reconciled period anyway")
    /// Taken by every command that takes `--ledger` (see ``Command/allOptions``).
    static let passphraseFD = Option("--passphrase-fd", .one("N"), "read an encrypted ledger's passphrase from file descriptor N (scripts; else the file MYMONEY_PASSPHRASE_FILE names, else a prompt)")
    static let newPassphraseFile = Option("--new-passphrase-file", .one("FILE"), "read the new passphrase from FILE (scripts; else it is asked twice on the terminal)",
                                          completion: .file)

    /// The reading options every command that reads statements shares.
    static let reading: [Option] = [
        Option("--currency", .one("CODE"), "the currency for statements that name none (ISO 4217)"),
        Option("--encoding", .one("NAME"), "the text encoding (utf-8, windows-1252, iso-8859-1, utf-16le, …; default: from the bytes)"),
        Option("--date-order", .one("ORDER"), "dmy, mdy or ymd, for files whose dates cannot tell", completion: .choices(["dmy", "mdy", "ymd"])),
        Option("--profile", .one("FILE"), "a CSV bank profile to use instead of inference", completion: .file),
        Option("--as", .one("FORMAT"), "read every file as csv, ofx, qif, camt or mt940 whatever the content says", completion: .choices(["csv", "ofx", "qif", "camt", "mt940"])),
        Option("--strict", "treat every warning as an error"),
        Option("--accept-broken-balances", "read a statement whose balances do not chain anyway (a warning instead of an error)"),
    ]
}
