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
            guard let code = arguments.value("--currency") else { throw CommandFailure.usage("--currency is required (an ISO 4217 code such as EUR)") }
            let format = try OutputFormat.from(arguments)
            var problems = FieldProblems()
            let kind = Self.kind(kindText, problems: &problems)
            var currency: Currency?
            do { currency = try Books.currency(code: code) } catch { problems.add("currency", error.message) }
            let opening = arguments.amount("--opening-balance", problems: &problems) ?? .zero
            let books = try context.openBooks(arguments)
            try problems.throwIfAny()
            let account = try books.addAccount(
                Account(name: name, kind: kind ?? .other, currency: currency ?? .EUR, numbers: arguments.values("--number"), openingBalance: opening))
            context.printChange(format, "added account \(account.name) (\(account.kind.rawValue), \(account.currency.code))",
                                json: EntityJSON.action("added", "account", .object(EntityJSON.account(account))))
            return .success
        case "edit":
            let name = try arguments.subject("name the account to edit")
            let format = try OutputFormat.from(arguments)
            let books = try context.openBooks(arguments)
            var account = try books.account(named: name)
            var problems = FieldProblems()
            if let newName = arguments.value("--name") { account.name = newName }
            if let kindText = arguments.value("--kind"), let kind = Self.kind(kindText, problems: &problems) { account.kind = kind }
            if arguments.value("--currency") != nil {
                problems.add("currency", "an account's currency cannot change once it has transactions; add a new account instead")
            }
            let numbers = arguments.values("--number")
            if !numbers.isEmpty { account.numbers = numbers }
            if let opening = arguments.amount("--opening-balance", problems: &problems) { account.openingBalance = opening }
            let updated = try books.updateAccount(account, problems: problems)
            context.printChange(format, "updated account \(updated.name)",
                                json: EntityJSON.action("updated", "account", .object(EntityJSON.account(updated))))
            return .success
        case "remove":
            let name = try arguments.subject("name the account to remove")
            let format = try OutputFormat.from(arguments)
            let account = try context.openBooks(arguments).removeAccount(named: name)
            context.printChange(format, "removed account \(account.name)",
                                json: EntityJSON.action("removed", "account", .object(EntityJSON.account(account))))
            return .success
        default:
            throw CommandFailure.usage("unknown action \"\(verb)\" (list, add, edit, remove)")
        }
    }

    /// The kind of account `text` names; a problem when it names none.
    static func kind(_ text: String, problems: inout FieldProblems) -> AccountKind? {
        guard let kind = AccountKind(userText: text) else {
            problems.add("kind", "kind \"\(text)\" is not a kind of account (bank, savings, credit_card, cash, investment, loan, other)")
            return nil
        }
        return kind
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let books = try context.booksForListing(arguments, format: format, key: "accounts") else { return .success }
        let asOf = try arguments.day("--as-of") ?? Day.today
        let accounts = try books.accountStandings(asOf: asOf, in: try context.reportingCurrency(books))
        if format == .json {
            context.terminal.print(JSONValue.object([("accounts", .array(accounts.map { entry in
                .object(EntityJSON.account(entry.account) + [
                    ("balance", .string(entry.balance.atMinorUnits(of: entry.account.currency).description)),
                    ("as_of", .string(asOf.description)), ("figures", figuresJSON(entry.figures))])
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
                                    entry.balance.shown(in: entry.account.currency)] + row : ["", "", ""] + row)
            }
        }
        context.terminal.print(table.render())
        context.terminal.print("balances as of \(asOf)")
        if let note = unconvertedNote(accounts.map(\.figures)) { context.terminal.print(note) }
        return .success
    }
}
