/// Spells journal account names in one syntax, giving each journal account one distinct name.
///
/// Two ledger names that the syntax's rules make equal (`Café` and `Cafe` in beancount) get
/// `-2`, `-3`, … in the order the accounts are sorted, so one name never stands for two accounts.
struct JournalNames {
    private var spelled: [Journal.AccountName: String] = [:]

    /// - Parameters:
    ///   - accounts: every account of the journal, sorted.
    ///   - spell: the name in the syntax, from the root and the components.
    init(_ accounts: [Journal.AccountName], spell: (Journal.AccountName) -> String) {
        var taken = Set<String>()
        for account in accounts {
            let base = spell(account)
            var name = base
            var n = 2
            while taken.contains(name) { name = "\(base)-\(n)"; n += 1 }
            taken.insert(name)
            spelled[account] = name
        }
    }

    subscript(_ account: Journal.AccountName) -> String { spelled[account] ?? "" }
}

/// Text made safe for one line of a journal.
enum JournalText {
    /// Control characters and line breaks become spaces, runs of white space one space, trimmed.
    static func oneLine(_ text: String) -> String {
        var out = ""
        var space = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isWhitespace || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                space = !out.isEmpty
                continue
            }
            if space { out.append(" "); space = false }
            out.unicodeScalars.append(scalar)
        }
        return out
    }

    /// `text` with every character outside `allowed` replaced by `-`, runs of `-` as one, no `-` at either end.
    static func restricted(_ text: String, allowed: (Unicode.Scalar) -> Bool) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if allowed(scalar) { out.unicodeScalars.append(scalar) } else if !out.isEmpty && !out.hasSuffix("-") { out.append("-") }
        }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }
}
