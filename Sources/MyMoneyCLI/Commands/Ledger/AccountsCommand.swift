import MyMoneyStore

/// `mymoney accounts list|add|edit|remove`.
struct AccountsCommand: Command {
    let name = "accounts"
    let summary = "list, add, edit and remove accounts (bank, credit card, cash, …)"
    let help = """
    usage: mymoney accounts [list] [--as-of DAY] [--format table|json]
           mymoney accounts add NAME --kind KIND --currency CODE [--number BANK_ACCOUNT_ID]… [--opening-balance AMOUNT]
           mymoney accounts edit NAME [--name NEW] [--kind KIND] [--number ID]… [--opening-balance AMOUNT]
           mymoney accounts remove NAME

    Kinds: bank, savings, credit_card, cash, investment, loan, money_market, credit_line, asset,
    liability, other. --number may be given several times: statements whose account number matches
    any of them import into this account. The list shows each account's balance and its income,
    expense, cash flow and transaction count (transfers excluded from income and expense).

    options:
      --ledger PATH   the ledger file (default: MYMONEY_LEDGER or ~/.local/share/mymoney/ledger.sqlite)

    examples:
      mymoney accounts add Girokonto --kind bank --currency EUR --number DE89370400440532013000
      mymoney accounts add Wallet --kind cash --currency EUR --opening-balance 50.00
      mymoney accounts --format json
    """
    let options: Set<String> = ["--ledger", "--format", "--kind", "--currency", "--number", "--name", "--opening-balance", "--as-of"]

    func run(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let verb = arguments.positionals.first ?? "list"
        let rest = Array(arguments.positionals.dropFirst())
        switch verb {
        case "list": return try list(arguments, context)
        case "add":
            guard let name = rest.first else { throw .usage("name the account: mymoney accounts add NAME --kind KIND --currency CODE") }
            guard let kindText = arguments.value("--kind") else { throw .usage("--kind is required (bank, credit_card, cash, …)") }
            guard let kind = AccountKind(userText: kindText) else { throw .usage("--kind: \"\(kindText)\" is not a kind of account (bank, savings, credit_card, cash, investment, loan, other)") }
            guard let code = arguments.value("--currency") else { throw .usage("--currency is required (an ISO 4217 code such as EUR)") }
            let currency = try ledgerCall { () throws(LedgerError) in try LedgerValidation.currency(code: code) }
            let opening = try arguments.value("--opening-balance").map { (t: String) throws(CommandFailure) in try parseAmount(t, option: "--opening-balance") } ?? .zero
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let account = try ledgerCall { () throws(LedgerError) in
                try ledger.addAccount(Account(name: name, kind: kind, currency: currency, numbers: arguments.values("--number"),
                                              openingBalance: opening))
            }
            context.terminal.print("added account \(account.name) (\(account.kind.rawValue), \(account.currency.code))")
            return .success
        case "edit":
            guard let name = rest.first else { throw .usage("name the account to edit") }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            var account = try find(name, in: ledger)
            if let newName = arguments.value("--name") { account.name = newName }
            if let kindText = arguments.value("--kind") {
                guard let kind = AccountKind(userText: kindText) else { throw .usage("--kind: \"\(kindText)\" is not a kind of account") }
                account.kind = kind
            }
            if arguments.value("--currency") != nil { throw .usage("an account's currency cannot change once it has transactions; add a new account instead") }
            let numbers = arguments.values("--number")
            if !numbers.isEmpty { account.numbers = numbers }
            if let text = arguments.value("--opening-balance") { account.openingBalance = try parseAmount(text, option: "--opening-balance") }
            let updated = try ledgerCall { () throws(LedgerError) in try ledger.updateAccount(account) }
            context.terminal.print("updated account \(updated.name)")
            return .success
        case "remove":
            guard let name = rest.first else { throw .usage("name the account to remove") }
            guard let ledger = try context.openLedger(arguments, forWriting: true) else { return .ioError }
            let account = try find(name, in: ledger)
            try ledgerCall { () throws(LedgerError) in try ledger.deleteAccount(id: account.id ?? -1) }
            context.terminal.print("removed account \(account.name)")
            return .success
        default:
            throw .usage("unknown action \"\(verb)\" (list, add, edit, remove)")
        }
    }

    func find(_ name: String, in ledger: Ledger) throws(CommandFailure) -> Account {
        guard let account = try ledgerCall({ () throws(LedgerError) in try ledger.account(named: name) }) else {
            throw .data("there is no account named \(name) (see mymoney accounts list)")
        }
        return account
    }

    func list(_ arguments: Arguments, _ context: CommandContext) throws(CommandFailure) -> ExitStatus {
        let format = try OutputFormat.from(arguments)
        guard let ledger = try context.ledgerForListing(arguments, format: format, key: "accounts") else { return .success }
        let asOf = try arguments.value("--as-of").map { (t: String) throws(CommandFailure) in try parseDay(t, option: "--as-of") } ?? Day.today
        let accounts = try ledgerCall { () throws(LedgerError) in try ledger.balances(asOf: asOf) }
        let summaries = try ledgerCall { () throws(LedgerError) in try ledger.summaries(of: .accounts) }
        let byId = Dictionary(summaries.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        if format == .json {
            context.terminal.print(JSONValue.object([("accounts", .array(accounts.map { entry in
                .object([("name", .string(entry.account.name)), ("kind", .string(entry.account.kind.rawValue)),
                         ("currency", .string(entry.account.currency.code)),
                         ("numbers", .array(entry.account.numbers.map(JSONValue.string))),
                         ("opening_balance", .string(entry.account.openingBalance.description)),
                         ("balance", .string(entry.balance.description)), ("as_of", .string(asOf.description)),
                         ("reconciled_through", .optional(entry.account.reconciledThrough?.description)),
                         ("figures", figuresJSON(entry.account.id.flatMap { byId[$0] }))])
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
            let rows = figureColumns(entry.account.id.flatMap { byId[$0] })
            for (i, row) in rows.enumerated() {
                table.add(i == 0 ? [entry.account.name, entry.account.kind.rawValue,
                                    "\(entry.balance) \(entry.account.currency.code)"] + row : ["", "", ""] + row)
            }
        }
        context.terminal.print(table.render())
        context.terminal.print("balances as of \(asOf)")
        return .success
    }
}
