@_spi(Speed) import MyMoneyCore

extension QIFParser {
    /// One statement per account, in the order accounts first appear.
    ///
    /// Balances: the opening balance record, the `!Account` statement balance (as `ledger`), and a
    /// `closing` balance computed from the opening one, dated the latest transaction's day.
    mutating func statements(source: StatementSource) -> [Statement] {
        var listExtra: [StatementField] = []
        for category in categories { listExtra.append(StatementField("qif.category", category.name)) }
        for entry in classes { listExtra.append(StatementField("qif.class", entry.name)) }

        var result: [Statement] = []
        for index in slots.indices {
            let transactions = slots[index].transactions.finish()
            let slot = slots[index]
            let declared = slot.declaredType.flatMap { QIFRegisterType(word: $0) }
            let kind = (declared ?? slot.registerType)?.accountKind
            let account = StatementAccount(id: slot.name ?? options.accountId, name: slot.name, kind: kind,
                                           currency: options.currency,
                                           bankType: slot.declaredType ?? slot.registerWord)
            var statement = Statement(source: source, account: account, transactions: transactions)
            if let opening = slot.opening {
                statement.balances.append(opening)
                if let closing = closingBalance(opening: opening, slot: slot) {
                    statement.balances.append(closing)
                }
            }
            if let balance = slot.statementBalance { statement.balances.append(balance) }
            var extra = slot.extra
            if let word = slot.registerWord { extra.append(StatementField("qif.type", word)) }
            if slot.nameFromOpeningBalance { extra.append(StatementField("qif.account.nameSource", "opening-balance")) }
            extra.append(contentsOf: listExtra)
            statement.extra = extra
            result.append(statement)
        }
        return result
    }

    /// Opening plus every transaction (summed while reading), as of the latest transaction's day;
    /// nil without transactions.
    mutating func closingBalance(opening: StatementBalance, slot: Slot) -> StatementBalance? {
        guard var last = slot.latestDay else { return nil }
        guard let total = slot.total, let sum = try? opening.amount + total else {
            diagnostics.append(.warning("qif.balance.overflow",
                "the transactions are too large to add up to a closing balance", file: file, at: opening.position))
            return nil
        }
        if let openingDay = opening.day, openingDay > last { last = openingDay }
        return StatementBalance(kind: .closing, amount: sum, day: last, currency: options.currency)
    }
}
