import MyMoneyKit

/// `mymoney accounts list|add|edit|remove`.
struct AccountsCommand: Command {
    let name = "accounts"
    let summary = "list, add, edit and remove accounts (bank, credit card, cash, …)"
    let usage = [
        "mymoney accounts [list] [--as-of DAY] [--format table|json]",
        "mymoney accounts add NAME --kind KIND --currency CODE [--number BANK_ACCOUNT_ID]… [--opening-balance AMOUNT]",
        "mymoney accounts edit NAME [--name NEW] [--kind KIND] [--number ID]… [--opening-balance AMOUNT]",
        "mymoney accounts remove NAME",
    ]
    let discussion = """
    Kinds: bank, savings, credit_card, cash, investment, loan, money_market, credit_line, asset,
    liability, other. --number may be given several times: statements whose account number matches
    any of them import into this account. The list shows each account's balance and its income,
    expense, cash flow and transaction count in the primary currency (transfers excluded from income
    and expense, counted; money in other currencies converted at the rate of its day, see mymoney rates).
    """
    let epilogue = """
    examples:
      mymoney accounts add Girokonto --kind bank --currency EUR --number DE89370400440532013000
      mymoney accounts add Wallet --kind cash --currency EUR --opening-balance 50.00
      mymoney accounts --format json
    """
    let actions = ["list", "add", "edit", "remove"]
    let options: [Option] = [
        .ledger, .format,
        Option("--as-of", .one("DAY"), "balances as of this day (default today)"),
        Option("--kind", .one("KIND"), "the kind of account", completion: .choices(["bank", "savings", "credit_card", "cash", "investment", "loan", "other"])),
        Option("--currency", .one("CODE"), "its currency (ISO 4217; cannot change later)"),
        Option("--number", .repeated("ID"), "an account number its statements carry (IBAN, card number); repeatable"),
        Option("--name", .one("NEW"), "a new name (edit)"),
        Option("--opening-balance", .one("AMOUNT"), "the balance before its first transaction"),
    ]

    func run(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        switch verb {
        case "list": return try list(arguments, context)
        case "add":
            let name = try arguments.subject("name the account: mymoney accounts add NAME --kind KIND --currency CODE")
            guard let kindText = arguments.value("--kind") else { throw CommandFailure.usage("--kind is required (bank, credit_card, cash, …)") }
            guard let kind = AccountKind(userText: kindText) else { throw CommandFailure.usage("--kind: \"\(kindText)\" is not a kind of account (bank, savings, credit_card, cash, investment, loan, other)") }
            guard let code = arguments.value("--currency") else { throw CommandFailure.usage("--currency is required (an ISO 4217 code such as EUR)") }
            let currency = try Books.currency(code: code)
            let opening = try arguments.amount("--opening-balance") ?? .zero
            let account = try context.openBooks(arguments).addAccount(
                Account(name: name, kind: kind, currency: currency, numbers: arguments.values("--number"), openingBalance: opening))
            context.terminal.print("added account \(account.name) (\(account.kind.rawValue), \(account.currency.code))")
            return .success
        case "edit":
            let name = try arguments.subject("name the account to edit")
            let books = try context.openBooks(arguments)
            var account = try books.account(named: name)
            if let newName = arguments.value("--name") { account.name = newName }
            if let kindText = arguments.value("--kind") {
                guard let kind = AccountKind(userText: kindText) else { throw CommandFailure.usage("--kind: \"\(kindText)\" is not a kind of account") }
                account.kind = kind
            }
            if arguments.value("--currency") != nil { throw CommandFailure.usage("an account's currency cannot change once it has transactions; add a new account instead") }
            let numbers = arguments.values("--number")
            if !numbers.isEmpty { account.numbers = numbers }
            if let opening = try arguments.amount("--opening-balance") { account.openingBalance = opening }
            let updated = try books.updateAccount(account)
            context.terminal.print("updated account \(updated.name)")
            return .success
        case "remove":
            let name = try arguments.subject("name the account to remove")
            let account = try context.openBooks(arguments).removeAccount(named: name)
            context.terminal.print("removed account \(account.name)")
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, remove)")
        }
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "accounts") else { return .success }
        let asOf = try arguments.day("--as-of") ?? Day.today
        let accounts = try books.accountStandings(asOf: asOf, in: try context.reportingCurrency(books))
        if format == .json {
            context.terminal.print(JSONValue.object([("accounts", .array(accounts.map { entry in
                .object([("name", .string(entry.account.name)), ("kind", .string(entry.account.kind.rawValue)),
                         ("currency", .string(entry.account.currency.code)),
                         ("numbers", .array(entry.account.numbers.map(JSONValue.string))),
                         ("opening_balance", .string(entry.account.openingBalance.description)),
                         ("balance", .string(entry.balance.description)), ("as_of", .string(asOf.description)),
                         ("reconciled_through", .optional(entry.account.reconciledThrough?.description)),
                         ("figures", figuresJSON(entry.figures))])
            }))]).serialized())
            return .success
        }
        if accounts.isEmpty {
            context.terminal.print("no accounts yet: add one with 'mymoney accounts add NAME --kind bank --currency EUR', or import a statement with 'mymoney import FILE'")
            return .success
        }
        var table = TextTable(["account", "kind", "balance", "income", "expense", "cashflow", "count"],
                              alignments: [.left, .left, .right, .right, .right, .right, .right])
        for entry in accounts {
            for (i, row) in figureColumns(entry.figures).enumerated() {
                table.add(i == 0 ? [entry.account.name, entry.account.kind.rawValue,
                                    "\(entry.balance) \(entry.account.currency.code)"] + row : ["", "", ""] + row)
            }
        }
        context.terminal.print(table.render())
        context.terminal.print("balances as of \(asOf)")
        if let note = unconvertedNote(accounts.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
