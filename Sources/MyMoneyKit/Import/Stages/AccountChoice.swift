import Foundation
/// Which ledger account a statement belongs to, and how that was decided.
public enum AccountChoice: Sendable, Equatable {
    /// An account the ledger has; `reason` says why (`number DE89… matches`, `--account Girokonto`).
    case existing(Account, reason: String)
    /// No account matches: one will be created with these values.
    case create(Account, reason: String)
    /// The statement cannot be placed (e.g. `--account` names no account and the file has no currency).
    case unplaceable(String)
}

/// Maps a statement to one of the user's accounts: by `--account`, by the bank's account number,
/// by the account name a file gives, else proposes a new account.
public enum AccountMatcher {
    /// Normalizes an account number for comparison: letters and digits only, upper-cased
    /// (`DE89 3704 0044…` equals `DE8937040044…`).
    public static func normalizedNumber(_ text: String) -> String {
        String(text.uppercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) }.map(Character.init))
    }

    /// Chooses the account for `statement`.
    ///
    /// - Parameters:
    ///   - named: the user's `--account NAME`, which wins when given.
    ///   - fallbackCurrency: the currency for a new account when the statement names none.
    ///   - fileName: used to name a new account when the statement carries no id or name.
    public static func choose(for statement: Statement, among accounts: [Account], named: String?,
                              fallbackCurrency: Currency?, fileName: String) -> AccountChoice {
        if let named {
            if let account = accounts.first(where: { $0.name.caseInsensitiveCompare(named) == .orderedSame }) {
                return .existing(account, reason: "--account \(named)")
            }
            guard let currency = statement.account.currency ?? fallbackCurrency else {
                return .unplaceable("the file names no currency: create the account first (mymoney accounts add \"\(named)\" --kind KIND --currency CODE) or pass --currency CODE")
            }
            return .create(proposal(for: statement, name: named, currency: currency), reason: "--account \(named) (new)")
        }
        if let id = statement.account.id, !id.isEmpty {
            let wanted = normalizedNumber(id)
            if let account = accounts.first(where: { $0.numbers.contains { normalizedNumber($0) == wanted } }) {
                return .existing(account, reason: "account number \(id)")
            }
        }
        if let name = statement.account.name, !name.isEmpty,
           let account = accounts.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) {
            return .existing(account, reason: "account name \(name)")
        }
        var name = statement.account.name ?? statement.account.id.map { "\(kindWord(statement.account.kind)) \(suffix($0))" }
            ?? ((fileName as NSString).lastPathComponent as NSString).deletingPathExtension
        if name.isEmpty || name == "-" { name = "Imported" }
        // A statement that names no account goes where the same file went before, so importing
        // it again adds nothing twice (pass --account NAME to choose another).
        if statement.account.id == nil && statement.account.name == nil,
           let account = accounts.first(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }),
           statement.account.currency.map({ $0 == account.currency }) ?? true {
            return .existing(account, reason: "named after the file, as before (the file names no account)")
        }
        guard let currency = statement.account.currency ?? fallbackCurrency else {
            return .unplaceable("the file names no currency and no known account: pass --account NAME or --currency CODE")
        }
        var unique = name
        var n = 2
        while accounts.contains(where: { $0.name.caseInsensitiveCompare(unique) == .orderedSame }) {
            unique = "\(name) \(n)"; n += 1
        }
        return .create(proposal(for: statement, name: unique, currency: currency), reason: "new account")
    }

    static func suffix(_ id: String) -> String {
        let n = normalizedNumber(id)
        return n.count > 4 ? "…" + String(n.suffix(4)) : n
    }

    static func kindWord(_ kind: AccountKind?) -> String {
        switch kind {
        case .creditCard: return "Card"
        case .savings: return "Savings"
        case .cash: return "Cash"
        case .investment: return "Investment"
        case .loan: return "Loan"
        default: return "Account"
        }
    }

    static func proposal(for statement: Statement, name: String, currency: Currency) -> Account {
        Account(name: name, kind: statement.account.kind ?? .bank, currency: currency,
                numbers: statement.account.id.map { [$0] } ?? [], bankId: statement.account.bankId)
    }
}
