import MyMoneyKit

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
        if let v = arguments.values("--type").last {
            guard let type = TransactionType(rawValue: v) else { throw .usage("--type: \"\(v)\" is not income, expense or transfer") }
            changes.append(.type(type))
        }
        return changes
    }

    static func transactionId(_ arguments: Arguments) throws(CommandFailure) -> Int64 {
        try arguments.id("name the transaction id (see mymoney transactions)")
    }

    static func edit(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let id = try transactionId(arguments)
        for option in ["--date", "--amount"] where arguments.value(option) != nil {
            throw CommandFailure.usage("\(option) cannot be edited: the bank's day, amount and account stay as imported (remove the transaction and add it again)")
        }
        if !arguments.values("--account").isEmpty {
            throw CommandFailure.usage("--account cannot be edited: the bank's day, amount and account stay as imported (remove the transaction and add it again)")
        }
        let changes = try changes(arguments)
        guard !changes.isEmpty else { throw CommandFailure.usage("say what to change: --category, --tag, --project, --place, --notes, --payee or --type") }
        let updated = try context.openBooks(arguments).editTransaction(id: id, changes, force: arguments.flag("--force"))
        context.terminal.print("updated transaction \(id): \(updated.day) \(updated.amount) \(updated.currency.code) \(updated.payee ?? "")"
                               + (updated.category.map { " [\($0)]" } ?? ""))
        return .success
    }

    static func add(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard let name = arguments.values("--account").last else { throw CommandFailure.usage("--account NAME is required") }
        guard let day = try arguments.day("--date") else { throw CommandFailure.usage("--date DAY is required") }
        guard let amount = try arguments.amount("--amount") else { throw CommandFailure.usage("--amount AMOUNT is required (negative for money leaving the account)") }
        let books = try context.openBooks(arguments)
        let account = try books.account(named: name)
        var transaction = LedgerTransaction(accountId: account.id ?? -1, day: day, amount: amount, currency: account.currency,
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
        let stored = try books.addTransaction(transaction, force: arguments.flag("--force"))
        context.terminal.print("added transaction \(stored.id ?? 0): \(stored.day) \(stored.amount) \(stored.currency.code) in \(account.name)")
        return .success
    }

    static func remove(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let id = try transactionId(arguments)
        try context.openBooks(arguments).removeTransaction(id: id, force: arguments.flag("--force"))
        context.terminal.print("removed transaction \(id)")
        return .success
    }
}
