import Foundation

/// A `!` line: what kind of records follow it.
enum QIFHeader: Equatable {
    /// `!Type:Bank` and the other account registers. `written` is the type word as in the file;
    /// `known` is false for a type we do not know (read as a bank register).
    case register(QIFRegisterType, written: String, known: Bool)
    /// `!Account`: account records (a list inside AutoSwitch, else the current-account selector).
    case account
    case categories
    case classes
    case memorized
    case securities
    /// `!Type:Prices`, `Budget`, `Invitem`, `Template`: lists we skip.
    case skippedList(String)
    /// `!Option:AutoSwitch`.
    case autoSwitchOn
    /// `!Clear:AutoSwitch`.
    case autoSwitchOff
    /// Any other `!Option:…` or `!Clear:…` (`AllXfr` included): ignored.
    case option(String)
    /// A `!` line we cannot read.
    case unknown(String)

    /// Reads a header line (the bytes after `!`), any case, `!type bank` with a space too.
    init(text: String) {
        let trimmed = text.trimmingBlanks()
        let lower = trimmed.lowercased()
        func value(after prefix: String) -> String? {
            guard lower.hasPrefix(prefix) else { return nil }
            var rest = trimmed.dropFirst(prefix.count)
            guard let first = rest.first, first == ":" || first == " " else { return nil }
            rest = rest.dropFirst()
            return rest.trimmingBlanks()
        }
        if lower == "account" { self = .account; return }
        if let type = value(after: "type") {
            switch type.lowercased() {
            case "cat": self = .categories
            case "class": self = .classes
            case "memorized": self = .memorized
            case "security": self = .securities
            case "prices", "budget", "invitem", "template": self = .skippedList(type)
            default:
                if let register = QIFRegisterType(word: type) {
                    self = .register(register, written: type, known: true)
                } else {
                    self = .register(.bank, written: type, known: false)
                }
            }
            return
        }
        if let option = value(after: "option") {
            self = option.lowercased() == "autoswitch" ? .autoSwitchOn : .option(trimmed)
            return
        }
        if let option = value(after: "clear") {
            self = option.lowercased() == "autoswitch" ? .autoSwitchOff : .option(trimmed)
            return
        }
        self = .unknown(trimmed)
    }
}
