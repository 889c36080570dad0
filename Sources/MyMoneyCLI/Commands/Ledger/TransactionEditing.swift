import Foundation
import MyMoneyKit

/// `mymoney transactions add|edit|remove`: changes made by hand.
///
/// Every value is read before anything is refused: the command reports every invalid value at
/// once (exit 65); only a missing required option is a usage error (exit 2).
enum TransactionEditing {
    /// The field changes named on the command line; values that cannot be read go to `problems`.
    static func changes(_ arguments: Arguments, problems: inout FieldProblems) -> [TransactionChange] {
        var changes: [TransactionChange] = []
        if let text = arguments.value("--category") {
            if text.isEmpty || text == "-" { changes.append(.category(nil)) }
            else if let path = arguments.categoryPath("--category", problems: &problems) { changes.append(.category(path)) }
        }
        let tags = arguments.values("--tag")
        if !tags.isEmpty { changes.append(.tags(tags.filter { !$0.isEmpty && $0 != "-" })) }
        if let v = arguments.value("--project") { changes.append(.project(v.isEmpty || v == "-" ? nil : v)) }
        if let v = arguments.value("--place") { changes.append(.place(v.isEmpty || v == "-" ? nil : v)) }
        if let v = arguments.value("--notes") { changes.append(.notes(v.isEmpty ? nil : v)) }
        if let v = arguments.value("--payee") { changes.append(.payee(v.isEmpty ? nil : v)) }
        if let v = arguments.value("--memo") { changes.append(.memo(v.isEmpty ? nil : v)) }
        if let v = arguments.values("--type").last {
            if let type = TransactionType(rawValue: v) { changes.append(.type(type)) }
            else { problems.add("--type", "--type: \"\(v)\" is not income, expense or transfer") }
        }
        if let splits = splits(arguments, problems: &problems) { changes.append(.splits(splits)) }
        return changes
    }

    /// The parts given with `--split CATEGORY=AMOUNT[;memo=TEXT][;tag=TITLE]…` (repeatable);
    /// `--split -` alone removes them; nil when the option is not given.
    static func splits(_ arguments: Arguments, problems: inout FieldProblems) -> [StatementSplit]? {
        let texts = arguments.values("--split")
        if texts.isEmpty { return nil }
        if texts == ["-"] { return [] }
        var splits: [StatementSplit] = []
        for text in texts {
            let segments = text.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
            let head = segments[0]
            guard let eq = head.lastIndex(of: "=") else {
                problems.add("--split", "--split \"\(text)\" should be CATEGORY=AMOUNT (Food:Groceries=-18.00)")
                continue
            }
            let categoryText = head[..<eq].trimmingCharacters(in: .whitespaces)
            var split = StatementSplit(amount: .zero)
            if !categoryText.isEmpty && categoryText != "-" {
                if CategoryPath(parsing: categoryText) == nil {
                    problems.add("--split", "--split \"\(text)\": \"\(categoryText)\" is not a category path")
                }
                split.category = categoryText
            }
            let amountText = head[head.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            do { split.amount = try Amount(parsing: amountText, format: .point) } catch {
                problems.add("--split", "--split \"\(text)\": \"\(amountText)\" is not an amount (\(error.reason))")
            }
            for segment in segments.dropFirst() {
                let pair = segment.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                switch pair.first?.lowercased() {
                case "memo" where pair.count == 2: split.memo = pair[1].isEmpty ? nil : pair[1]
                case "tag" where pair.count == 2 && !pair[1].isEmpty: split.tags.append(pair[1])
                default: problems.add("--split", "--split \"\(text)\": \"\(segment)\" should be memo=TEXT or tag=TITLE")
                }
            }
            splits.append(split)
        }
        return splits
    }

    static func transactionId(_ arguments: Arguments) throws(CommandFailure) -> Int64 {
        try arguments.id("name the transaction id (see mymoney transactions)")
    }

    /// The id of the account named `name`; a problem of `field` when there is none.
    static func account(named name: String, books: Books, field: String, problems: inout FieldProblems) throws -> Int64? {
        do { return try books.account(named: name).id } catch {
            guard error.kind == .notFound else { throw error }
            problems.add(field, "\(field): there is no account named \(name) (see mymoney accounts list)")
            return nil
        }
    }

    static func edit(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let id = try transactionId(arguments)
        let format = try OutputFormat.from(arguments)
        var problems = FieldProblems()
        var changes = changes(arguments, problems: &problems)
        if let day = arguments.day("--date", problems: &problems) { changes.append(.day(day)) }
        if let amount = arguments.amount("--amount", problems: &problems) { changes.append(.amount(amount)) }
        let books = try context.openBooks(arguments)
        if let name = arguments.values("--account").last,
           let movedTo = try account(named: name, books: books, field: "--account", problems: &problems) {
            changes.append(.account(movedTo))
        }
        guard !changes.isEmpty || !problems.isEmpty else {
            throw CommandFailure.usage("say what to change: --date, --amount, --account, --payee, --memo, --notes, --category, --split, --tag, --project, --place or --type")
        }
        let updated = try books.editTransaction(id: id, changes, force: arguments.flag("--force"), problems: problems)
        let names = try books.accountNames()
        context.printChange(format, "updated transaction \(id): \(TransactionLine.text(updated, account: names[updated.accountId]))",
                            json: EntityJSON.action("updated", "transaction",
                                                    TransactionJSON.make(updated, accountName: names[updated.accountId] ?? "")))
        return .success
    }

    static func add(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        guard let name = arguments.values("--account").last else { throw CommandFailure.usage("--account NAME is required") }
        guard arguments.value("--date") != nil else { throw CommandFailure.usage("--date DAY is required") }
        guard arguments.value("--amount") != nil else { throw CommandFailure.usage("--amount AMOUNT is required (negative for money leaving the account)") }
        let format = try OutputFormat.from(arguments)
        var problems = FieldProblems()
        let day = arguments.day("--date", problems: &problems)
        let amount = arguments.amount("--amount", problems: &problems)
        let changes = changes(arguments, problems: &problems)
        let books = try context.openBooks(arguments)
        guard let accountId = try account(named: name, books: books, field: "--account", problems: &problems) else {
            try problems.throwIfAny()
            return .dataError
        }
        let account = try books.accounts().first { $0.id == accountId }
        // Values that could not be read stand in as placeholders, so every other field is still checked.
        var splitsTotal: Amount?
        for case .splits(let parts) in changes {
            var total = Amount.zero
            for part in parts { total = (try? total + part.amount) ?? total }
            splitsTotal = total
        }
        var transaction = LedgerTransaction(accountId: accountId, day: day ?? Day.today, amount: amount ?? splitsTotal ?? .zero,
                                            currency: account?.currency ?? .EUR, originalPayee: arguments.value("--payee"),
                                            memo: arguments.value("--memo"), sourceFormat: "manual")
        for change in changes {
            switch change {
            case .category(let p): transaction.category = p
            case .tags(let t): transaction.tags = t
            case .project(let p): transaction.project = p
            case .place(let p): transaction.place = p
            case .notes(let n): transaction.notes = n
            case .payee(let p): transaction.payee = p
            case .type(let t): transaction.type = t
            case .memo(let m): transaction.memo = m
            case .splits(let s): transaction.splits = s
            case .day, .amount, .account: break
            }
        }
        let stored = try books.addTransaction(transaction, force: arguments.flag("--force"), problems: problems)
        let accountName = account?.name ?? name
        context.printChange(format, "added transaction \(stored.id ?? 0): \(TransactionLine.text(stored, account: accountName))",
                            json: EntityJSON.action("added", "transaction", TransactionJSON.make(stored, accountName: accountName)))
        return .success
    }

    static func remove(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let id = try transactionId(arguments)
        let format = try OutputFormat.from(arguments)
        let books = try context.openBooks(arguments)
        let transaction = try books.transaction(id: id)
        let accountName = try books.accountNames()[transaction.accountId] ?? ""
        try books.removeTransaction(id: id, force: arguments.flag("--force"))
        context.printChange(format, "removed transaction \(id): \(TransactionLine.text(transaction, account: accountName))",
                            json: EntityJSON.action("removed", "transaction", TransactionJSON.make(transaction, accountName: accountName)))
        return .success
    }
}

/// One transaction on one line, for what a change prints: `2026-10-11 -23.50 EUR in Wallet
/// Wochenmarkt [Food:Groceries -18.00, Gifts:Flowers -5.50]`.
enum TransactionLine {
    static func text(_ t: LedgerTransaction, account: String?) -> String {
        var line = "\(t.day) \(t.amount.shown(in: t.currency))"
        if let account { line += " in \(account)" }
        if let payee = t.payee, !payee.isEmpty { line += " \(payee)" }
        if !t.splits.isEmpty {
            line += " [" + t.splits.map { "\($0.category ?? "-") \($0.amount.atMinorUnits(of: t.currency))" }.joined(separator: ", ") + "]"
        } else if let category = t.category {
            line += " [\(category)]"
        }
        return line
    }
}
