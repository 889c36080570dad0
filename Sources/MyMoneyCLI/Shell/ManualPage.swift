/// The `mymoney(1)` manual page in roff, generated from the commands' declarations (the same as
/// `--help`), so it cannot drift from them. `mymoney help --man` prints it; `docs/mymoney.1` is a
/// copy kept in the repository (a test checks that it is current).
enum ManualPage {
    static func render(commands: [any Command], version: String) -> String {
        var lines = [
            ".TH MYMONEY 1 \"\" \"mymoney \(version)\" \"User Commands\"",
            ".SH NAME",
            "mymoney \\- turn the statements your banks give you into a ledger you can trust",
            ".SH SYNOPSIS",
            ".B mymoney",
            ".I command",
            "[options]",
            ".SH DESCRIPTION",
            "My Money reads bank statements (CSV, OFX/QFX, QIF), keeps a SQLite ledger, categorizes with plain-text rules,",
            "pairs transfers between your own accounts and reconciles every balance the banks report.",
            "Every command takes \\fB\\-\\-help\\fR; commands that print data take \\fB\\-\\-format json\\fR.",
            ".SH COMMANDS",
        ]
        for command in commands {
            lines.append(".SS \(escape(command.name))")
            lines.append(escape(command.summary))
            lines.append(".PP")
            for usage in command.usage { lines.append(".nf\n\(escape(usage))\n.fi") }
            if !command.discussion.isEmpty {
                lines.append(".PP")
                lines.append(escape(command.discussion))
            }
            for option in CompletionScript.options(of: command) {
                lines.append(".TP")
                lines.append("\\fB\(escape(option.name))\\fR" + (option.takesValue ? " \\fI\(escape(placeholder(option)))\\fR" : ""))
                lines.append(escape(option.help))
            }
            if !command.epilogue.isEmpty {
                lines.append(".PP")
                lines.append(".nf\n\(escape(command.epilogue))\n.fi")
            }
        }
        lines += [
            ".SH ENVIRONMENT",
            ".TP", "\\fBMYMONEY_LEDGER\\fR", "the ledger file when \\fB\\-\\-ledger\\fR is not given",
            ".TP", "\\fBMYMONEY_RULES\\fR", "the rules folder when \\fB\\-\\-rules\\fR is not given (before the folder the ledger remembers)",
            ".TP", "\\fBMYMONEY_PASSPHRASE_FILE\\fR", "a file holding an encrypted ledger's passphrase, for scripts (the passphrase itself is never read from the environment)",
            ".TP", "\\fBXDG_DATA_HOME\\fR", "where the default ledger lives (\\fI$XDG_DATA_HOME/mymoney/ledger.sqlite\\fR)",
            ".TP", "\\fBNO_COLOR\\fR", "when set and not empty, no colors",
            ".SH FILES",
            ".TP", "\\fI~/.local/share/mymoney/ledger.sqlite\\fR", "the default ledger",
            ".TP", "\\fIRules/*.rules\\fR, \\fIRules/accounts.csv\\fR, \\fIRules/profiles/\\fR", "rules, the account book and CSV bank profiles",
            ".SH EXIT STATUS",
            "0 success, 1 a check found a problem, 2 unusable command line, 65 bad input data, 74 I/O error.",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    static func placeholder(_ option: Option) -> String {
        switch option.value {
        case .none: return ""
        case .one(let p), .repeated(let p): return p
        }
    }

    /// Text safe in roff: backslashes and hyphens escaped, no line starting with a dot or quote.
    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { line in line.hasPrefix(".") || line.hasPrefix("'") ? "\\&" + line : String(line) }
            .joined(separator: "\n")
    }
}
