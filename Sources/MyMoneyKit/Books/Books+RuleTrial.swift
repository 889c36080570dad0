import MyMoneyRules

extension Books {
    /// The transactions of read statements as the rules would see them on import: each statement
    /// placed in the account an import would choose (an account of `books` when given, one the
    /// account book declares, or a new one), nothing stored.
    ///
    /// - Throws: ``BooksError`` `badInput` when a reading is unusable or a statement cannot be placed.
    public static func ruleInputs(from readings: [FileReading], books: Books?, accountBook: AccountBook,
                                  accountName: String?, fallbackCurrency: Currency?) throws(BooksError) -> [RuleInput] {
        var accounts = try books?.accounts() ?? []
        var synthetic: Int64 = -1
        // Accounts declared in the account book but not yet in the ledger name statements too.
        for var declared in accountBook.accounts
        where !accounts.contains(where: { $0.name.caseInsensitiveCompare(declared.name) == .orderedSame }) {
            declared.id = synthetic
            synthetic -= 1
            accounts.append(declared)
        }
        var result: [RuleInput] = []
        for reading in readings {
            guard reading.isUsable else { throw BooksError(.badInput, "\(reading.path) could not be read") }
            for statement in reading.result.statements {
                let choice = AccountMatcher.choose(for: statement, among: accounts, named: accountName,
                                                   fallbackCurrency: fallbackCurrency ?? statement.account.currency ?? .EUR,
                                                   fileName: reading.path)
                var account: Account
                switch choice {
                case .existing(let a, _): account = a
                case .create(let a, _): account = a; account.id = synthetic; synthetic -= 1
                case .unplaceable(let why): throw BooksError(.badInput, "\(reading.path): \(why)")
                }
                for t in StatementConversion.ledgerTransactions(from: statement, account: account) {
                    result.append(RuleInput(transaction: t, account: account))
                }
            }
        }
        return result
    }
}
