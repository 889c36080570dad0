extension ImportStatement {
    /// What a reader's statement adds to the ledger account `account`: each transaction as the bank
    /// reported it (see ``LedgerTransaction/init(_:accountId:currency:source:)``), and the dated balances.
    ///
    /// Rules run afterwards on the values (`transactions[i].category = …`), before the import.
    package init(_ statement: Statement, account: Account) throws(LedgerError) {
        guard let accountId = account.id else { throw .notFound("the account \(account.name) is not stored yet") }
        self.init(accountId: accountId, sourceFile: statement.source.file,
                  transactions: statement.transactions.map {
                      LedgerTransaction($0, accountId: accountId, currency: account.currency, source: statement.source)
                  },
                  balances: statement.balances.filter { $0.day != nil })
    }
}

extension LedgerTransaction {
    /// A statement transaction as the ledger keeps it before rules run: the payee as written (both
    /// original and cleaned), memo, the bank's id, type word and check number, the source's category
    /// (when it reads as a path), tags, transfer hint, splits and extra fields, and where it came from.
    ///
    /// The amount is taken as the account's currency (OFX TRNAMT always is); a different currency the
    /// source names is kept as the extra field `currency`.
    package init(_ t: StatementTransaction, accountId: Int64, currency: Currency, source: StatementSource) {
        var extra = t.extra
        if let other = t.currency, other != currency { extra.append(StatementField("currency", other.code)) }
        self.init(accountId: accountId, day: t.day, amount: t.amount, currency: currency, originalPayee: t.payee,
                  memo: t.memo, category: t.category.flatMap(CategoryPath.init(parsing:)), tags: t.tags,
                  bankId: t.id, bankType: t.bankType, checkNumber: t.checkNumber, transferHint: t.transferAccount,
                  splits: t.splits, extra: extra, sourceFormat: source.format, sourceFile: source.file,
                  sourceLine: t.position?.line)
    }
}
