import MyMoneyStore

/// Import stage 2: every statement placed in the account it goes into (created when new).
enum AccountPlacement {
    /// What the ledger held of the placed accounts before this import, for deriving opening
    /// balances afterwards.
    struct AccountsBefore: Sendable {
        /// Accounts the ledger had before the import (not created by it).
        var existing: Set<Int64>
        /// For every placed account, whether it had any transaction.
        var hadTransactions: [Int64: Bool]
        /// Accounts that already had imported rows (not only rows typed by hand or counter-legs).
        var hadStatementRows: Set<Int64>
    }

    struct Placed {
        /// One per statement, in the order of the readings: the statement's slot in the import.
        var statements: [ImportedStatement]
        var declaredAccountsCreated: [Account]
        /// Every account of the ledger after placing (those created included).
        var accounts: [Account]
        var before: AccountsBefore
    }

    /// Places every statement of `readings`, which hand their statements over (the readings keep
    /// their diagnostics only).
    ///
    /// Accounts of the account book come first; then a statement goes to `--account`, to the
    /// account with its number or name, or to a new account (see ``AccountMatcher``).
    ///
    /// - Throws: ``ImportFailure`` when a statement cannot be placed; store errors.
    static func place(_ readings: inout [FileReading], request: ImportRequest, ledger: Ledger) throws -> Placed {
        let declaredCreated = try request.accountBook.ensure(in: ledger)
        var accounts = try ledger.accounts()
        let existing = Set(accounts.compactMap(\.id))
        var statements: [ImportedStatement] = []
        for r in readings.indices {
            let taken = readings[r].result.statements
            readings[r].result.statements = []
            for statement in taken {
                let choice = AccountMatcher.choose(for: statement, among: accounts, named: request.accountName,
                                                   fallbackCurrency: request.readOptions.currency, fileName: readings[r].path)
                switch choice {
                case .existing(let account, let reason):
                    statements.append(ImportedStatement(statement: statement, transactionCount: statement.transactions.count,
                                                        account: account, reason: reason, created: false))
                case .create(let proposal, let reason):
                    let account = try ledger.addAccount(proposal)
                    accounts.append(account)
                    statements.append(ImportedStatement(statement: statement, transactionCount: statement.transactions.count,
                                                        account: account, reason: reason, created: true))
                case .unplaceable(let why):
                    throw ImportFailure(file: readings[r].path, message: why)
                }
            }
        }
        var before = AccountsBefore(existing: existing, hadTransactions: [:], hadStatementRows: [])
        for imported in statements {
            guard let id = imported.account.id, before.hadTransactions[id] == nil else { continue }
            let had = !(try ledger.transactions(matching: TransactionFilter(accountIds: [id], limit: 1))).isEmpty
            before.hadTransactions[id] = had
            if had, imported.account.openingBalance.isZero, try ledger.hasImportedTransactions(accountId: id) {
                before.hadStatementRows.insert(id)
            }
        }
        return Placed(statements: statements, declaredAccountsCreated: declaredCreated, accounts: accounts, before: before)
    }
}
