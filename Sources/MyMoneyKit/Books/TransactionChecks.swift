import MyMoneyStore

/// The checks a transaction typed in or edited by hand passes, every one of them at once, and
/// the shape it is stored in.
enum TransactionChecks {
    /// Every problem of `t` in `account`: its currency, the digits of its amount, its category,
    /// tags, project and place names, and its splits (each one's amount and category, and that
    /// they add up exactly to the amount).
    ///
    /// - Parameter fields: only these fields' own checks (an edit checks what it changes; what
    ///   was imported keeps its digits); the splits always add up to the amount, and the account
    ///   is always in the transaction's currency. Nil checks every field.
    static func problems(in t: LedgerTransaction, account: Account, fields: Set<TransactionField>? = nil) -> FieldProblems {
        var problems = FieldProblems()
        func checks(_ field: TransactionField) -> Bool { fields?.contains(field) ?? true }
        if t.currency != account.currency {
            problems.add("account", "\(account.name) is in \(account.currency.code) and the transaction in \(t.currency.code): choose an account in \(t.currency.code)")
        }
        if checks(.amount) { problems.checkDecimals(t.amount, in: account.currency, field: "amount") }
        if checks(.category), let category = t.category {
            _ = problems.check { () throws(LedgerError) in try LedgerValidation.categoryPath(category) }
        }
        for tag in t.tags where checks(.tags) && !tag.allSatisfy(\.isWhitespace) {
            _ = problems.check { () throws(LedgerError) in try LedgerValidation.title(tag, field: "tag") }
        }
        if checks(.project), let project = t.project, !project.allSatisfy(\.isWhitespace) {
            _ = problems.check { () throws(LedgerError) in try LedgerValidation.title(project, field: "project") }
        }
        if checks(.place), let place = t.place, !place.allSatisfy(\.isWhitespace) {
            _ = problems.check { () throws(LedgerError) in try LedgerValidation.title(place, field: "place") }
        }
        guard !t.splits.isEmpty else { return problems }
        let checkParts = checks(.splits)
        var total: Amount? = .zero
        for (index, split) in t.splits.enumerated() {
            let field = "split \(index + 1)"
            total = total.flatMap { try? $0 + split.amount }
            guard checkParts else { continue }
            problems.checkDecimals(split.amount, in: account.currency, field: field)
            if let text = split.category {
                if let path = CategoryPath(parsing: text) {
                    _ = problems.check { () throws(LedgerError) in try LedgerValidation.categoryPath(path) }
                } else {
                    problems.add(field, "split \(index + 1): \"\(text)\" is not a category path")
                }
            }
            for tag in split.tags where !tag.allSatisfy(\.isWhitespace) {
                _ = problems.check { () throws(LedgerError) in try LedgerValidation.title(tag, field: "tag") }
            }
        }
        if let total, total != t.amount {
            problems.add("splits", "the splits add up to \(total.atMinorUnits(of: account.currency)), not the amount \(t.amount.atMinorUnits(of: account.currency))")
        } else if total == nil {
            problems.add("splits", "the splits add up to more than an amount can hold")
        }
        return problems
    }

    /// `t` as the store keeps a transaction typed by hand: amounts at the currency's minor units.
    static func stored(_ t: LedgerTransaction) -> LedgerTransaction {
        var t = t
        t.amount = t.amount.atMinorUnits(of: t.currency)
        for i in t.splits.indices { t.splits[i].amount = t.splits[i].amount.atMinorUnits(of: t.currency) }
        return t
    }

    /// `current` with `changes` made, in memory, to check before anything is written.
    static func applying(_ changes: [TransactionChange], to current: LedgerTransaction) -> LedgerTransaction {
        var t = current
        for change in changes {
            switch change {
            case .day(let day): t.day = day
            case .amount(let amount): t.amount = amount
            case .account(let id): t.accountId = id
            case .splits(let splits): t.splits = splits
            case .payee(let payee): t.payee = payee ?? t.originalPayee
            case .memo(let memo): t.memo = memo
            case .notes(let notes): t.notes = notes
            case .type(let type): t.type = type
            case .category(let path): t.category = path
            case .tags(let tags): t.tags = tags
            case .project(let project): t.project = project
            case .place(let place): t.place = place
            }
        }
        return t
    }

    /// `changes` with their amounts at `currency`'s minor units.
    static func stored(_ changes: [TransactionChange], currency: Currency) -> [TransactionChange] {
        changes.map { change in
            switch change {
            case .amount(let amount): return .amount(amount.atMinorUnits(of: currency))
            case .splits(var splits):
                for i in splits.indices { splits[i].amount = splits[i].amount.atMinorUnits(of: currency) }
                return .splits(splits)
            default: return change
            }
        }
    }
}
