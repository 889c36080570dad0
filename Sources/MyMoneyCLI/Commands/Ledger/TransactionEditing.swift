import MyMoneyStore

/// `mymoney transactions add|edit|remove`: changes made by hand.
enum TransactionEditing {
    /// The field changes named on the command line.
    static func changes(_ arguments: Arguments) throws(CommandFailure) -> [TransactionChange] {
        var changes: [TransactionChange] = []
        if let text = arguments.value("--category") {
            if text.isEmpty || text == "-" { changes.append(.category(nil)) } else {
                guard let path = CategoryPath(parsing: text) else { throw .usage("--category: \"\(text)\" is not a category path") }
                changes.append(.category(path))
            }
        }
        let tags = arguments.values("--tag")
        if !tags.isEmpty { changes.append(.tags(tags.filter { !$0.isEmpty && $0 != "-" })) }
        if let v = arguments.value("--project") { changes.append(.project(v.isEmpty || v == "-" ? nil : v)) }
        if let v = arguments.value("--place") { changes.append(.place(v.isEmpty || v == "-" ? nil : v)) }
        if let v = arguments.value("--notes") { changes.append(.notes(v.isEmpty ? nil : v)) }
        if let v = arguments.value("--payee") { changes.append(.payee(v.isEmpty ? nil : v)) }
        if let v = arguments.value("--memo") { changes.append(.memo(v.isEmpty ? nil : v)) }
        if let v = arguments.value("--type") {
            guard let type = TransactionType(rawValue: v) else { throw .usage("--type: \"\(v)\" is not income, expense or transfer") }
            changes.append(.type(type))
        }
        return changes
    }

    /// Refuses a change inside a reconciled period unless `--force`.
    static func checkLock(_ transaction: LedgerTransaction, _ ledger: Ledger, _ arguments: Arguments) throws(CommandFailure) {
        let account = try ledgerCall { () throws(LedgerError) in try ledger.account(id: transaction.accountId) }
        if let through = account.reconciledThrough, transaction.day <= through, !arguments.flag("--force") {
            throw .data("\(account.name) is reconciled through \(through) and this transaction is dated \(transaction.day): changing it changes a reconciled balance (add --force to do it anyway)")
        }
    }

    static func transactionId(_ arguments: Arguments) throws(CommandFailure) -> Int64 {
        guard let text = arguments.positionals.dropFirst().first, let id = Int64(text) else {
            throw .usage("name the transaction id (see mymoney transactions)")
        }
        return id
    }

    static func edit(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let id = try transactionId(arguments)
        for option in ["--date", "--amount", "--account"] where arguments.value(option) != nil {
            throw .usage("\(option) cannot be edited: the bank's day, amount and account stay as imported (remove the transaction and add it again)")
        }
        let changes = try changes(arguments)
        guard !changes.isEmpty else { throw .usage("say what to change: --category, --tag, --project, --place, --notes, --payee or --type") }
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        try checkLock(try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: id) }, ledger, arguments)
        let updated = try ledgerCall { () throws(LedgerError) in try ledger.editTransaction(id: id, changes) }
        context.terminal.print("updated transaction \(id): \(updated.day) \(updated.amount) \(updated.currency.code) \(updated.payee ?? "")"
                               + (updated.category.map { " [\($0)]" } ?? ""))
        return .success
    }

    static func add(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        guard let name = arguments.value("--account") else { throw .usage("--account NAME is required") }
        guard let dayText = arguments.value("--date") else { throw .usage("--date DAY is required") }
        guard let amountText = arguments.value("--amount") else { throw .usage("--amount AMOUNT is required (negative for money leaving the account)") }
        let day = try parseDay(dayText, option: "--date")
        let amount = try parseAmount(amountText, option: "--amount")
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        guard let account = try ledgerCall({ () throws(LedgerError) in try ledger.account(named: name) }), let accountId = account.id else {
            throw .data("there is no account named \(name) (see mymoney accounts list)")
        }
        if let through = account.reconciledThrough, day <= through, !arguments.flag("--force") {
            throw .data("\(account.name) is reconciled through \(through): a transaction on \(day) changes a reconciled balance (add --force to do it anyway)")
        }
        var transaction = LedgerTransaction(accountId: accountId, day: day, amount: amount, currency: account.currency,
                                            originalPayee: arguments.value("--payee"), memo: arguments.value("--memo"),
                                            sourceFormat: "manual")
        for change in try changes(arguments) {
            switch change {
            case .category(let p): transaction.category = p
            case .tags(let t): transaction.tags = t
            case .project(let p): transaction.project = p
            case .place(let p): transaction.place = p
            case .notes(let n): transaction.notes = n
            case .payee(let p): transaction.payee = p
            case .type(let t): transaction.type = t
            case .memo(let m): transaction.memo = m
            }
        }
        let stored = try ledgerCall { () throws(LedgerError) in try ledger.addTransaction(transaction) }
        context.terminal.print("added transaction \(stored.id ?? 0): \(stored.day) \(stored.amount) \(stored.currency.code) in \(account.name)")
        return .success
    }

    static func remove(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let id = try transactionId(arguments)
        guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
        try checkLock(try ledgerCall { () throws(LedgerError) in try ledger.transaction(id: id) }, ledger, arguments)
        try ledgerCall { () throws(LedgerError) in try ledger.deleteTransaction(id: id) }
        context.terminal.print("removed transaction \(id)")
        return .success
    }
}
