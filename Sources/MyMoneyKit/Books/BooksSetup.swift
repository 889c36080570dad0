/// What `mymoney init` puts into new books: the settings a user is asked for first and their
/// accounts. Everything is optional; nothing set is simply not set.
public struct BooksSetup: Sendable, Equatable {
    /// The currency reports convert into (the `primary-currency` setting).
    public var primaryCurrency: Currency?
    /// Whose books these are (`owner.name`), shown in report headers.
    public var ownerName: String?
    /// `owner.email`.
    public var ownerEmail: String?
    /// Accounts to add (an account whose name the books already hold is left as it is).
    public var accounts: [Account]
    /// The folder of rule files, remembered so `import` finds it from anywhere (`rules`): an
    /// absolute path.
    public var rulesFolder: String?

    public init(primaryCurrency: Currency? = nil, ownerName: String? = nil, ownerEmail: String? = nil,
                accounts: [Account] = [], rulesFolder: String? = nil) {
        self.primaryCurrency = primaryCurrency
        self.ownerName = ownerName
        self.ownerEmail = ownerEmail
        self.accounts = accounts
        self.rulesFolder = rulesFolder
    }

    /// An account written `NAME:KIND:CURRENCY` (`Girokonto:bank:EUR`); the name may hold colons
    /// itself (the last two fields are the kind and the currency).
    ///
    /// - Throws: ``BooksError`` `invalid` saying which part is wrong and what it should be.
    public static func account(parsing text: String) throws(BooksError) -> Account {
        // Only the last two fields are split off and trimmed: the name keeps its own colons and spaces.
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count >= 3 else {
            throw BooksError(.invalid, "an account is written NAME:KIND:CURRENCY (for example Girokonto:bank:EUR), not \"\(text)\"")
        }
        let name = parts.dropLast(2).joined(separator: ":").trimmingCharacters(in: .whitespaces)
        parts = parts.map { $0.trimmingCharacters(in: .whitespaces) }
        guard !name.isEmpty else { throw BooksError(.invalid, "the account \"\(text)\" needs a name before its kind") }
        guard let kind = AccountKind(userText: parts[parts.count - 2]) else {
            throw BooksError(.invalid, "\"\(parts[parts.count - 2])\" is not a kind of account (bank, savings, credit_card, cash, investment, loan, other)")
        }
        let currency = try Books.currency(code: parts[parts.count - 1])
        return Account(name: name, kind: kind, currency: currency)
    }
}
