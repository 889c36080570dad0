import MyMoneyStore

/// An account with its balance on a day and its figures (income, expense, cash flow, count).
public struct AccountStanding: Sendable {
    public var account: Account
    /// Opening balance plus every transaction up to and including the day asked for.
    public var balance: Amount
    /// Income, expense, cash flow and count in the reporting currency.
    public var figures: Figures
}

extension Books {
    /// Every account, by name.
    public func accounts() throws(BooksError) -> [Account] {
        try store { () throws(LedgerError) in try ledger.accounts() }
    }

    /// The account called `name` (any letter case).
    ///
    /// - Throws: ``BooksError`` `notFound` when there is none.
    public func account(named name: String) throws(BooksError) -> Account {
        guard let account = try store({ () throws(LedgerError) in try ledger.account(named: name) }) else {
            throw BooksError(.notFound, "there is no account named \(name) (see mymoney accounts list)")
        }
        return account
    }

    /// Account names by id, for showing transactions.
    public func accountNames() throws(BooksError) -> [Int64: String] {
        var names: [Int64: String] = [:]
        for account in try accounts() { if let id = account.id { names[id] = account.name } }
        return names
    }

    /// Every account with its balance as of `day` (in its own currency) and its figures in `currency`
    /// (the reporting currency when nil).
    public func accountStandings(asOf day: Day, in currency: Currency? = nil) throws(BooksError) -> [AccountStanding] {
        // The balances and the figures from one scan of the ledger.
        let (balances, stored) = try store { () throws(LedgerError) in try ledger.balancesAndDailyTotals(asOf: day) }
        let (target, figures) = try figures(of: .accounts, in: currency, stored: stored)
        return balances.map { AccountStanding(account: $0.account, balance: $0.balance, figures: figures[$0.account.name] ?? .empty(target)) }
    }

    /// Adds an account; its opening balance is kept at its currency's minor units.
    ///
    /// - Parameter known: problems the caller found already (a kind or currency it could not
    ///   read); they are reported with the account's own.
    /// - Throws: ``BooksError`` `invalid` with every problem of the name, opening balance and
    ///   numbers (a name or number another account has among them).
    public func addAccount(_ account: Account, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Account {
        let account = try checkAccount(account, known)
        return try store { () throws(LedgerError) in try ledger.addAccount(account) }
    }

    /// Saves changes to an account (the problems as for ``addAccount(_:problems:)``).
    public func updateAccount(_ account: Account, problems known: FieldProblems = FieldProblems()) throws(BooksError) -> Account {
        let account = try checkAccount(account, known)
        return try store { () throws(LedgerError) in try ledger.updateAccount(account) }
    }

    private func checkAccount(_ account: Account, _ known: FieldProblems) throws(BooksError) -> Account {
        var problems = known
        problems.add(LedgerValidation.problems(in: account))
        if let other = try store({ () throws(LedgerError) in try ledger.account(named: account.name) }), other.id != account.id {
            problems.add("account name", "an account named \(other.name) already exists")
        }
        // An opening balance an import derived keeps its digits; one typed in is checked.
        let stored = try account.id.map { (id) throws(BooksError) in try store { () throws(LedgerError) in try ledger.account(id: id) } }
        if stored?.openingBalance != account.openingBalance || stored?.currency != account.currency {
            problems.checkDecimals(account.openingBalance, in: account.currency, field: "opening balance")
        }
        for number in account.numbers {
            if let owner = try store({ () throws(LedgerError) in try ledger.account(forNumber: number) }), owner.id != account.id {
                problems.add("number", "the account number \(number) already belongs to \(owner.name)")
            }
        }
        try problems.throwIfAny()
        var checked = account
        checked.openingBalance = account.openingBalance.atMinorUnits(of: account.currency)
        return checked
    }

    /// Removes the account called `name` (one without transactions).
    @discardableResult
    public func removeAccount(named name: String) throws(BooksError) -> Account {
        let account = try account(named: name)
        try store { () throws(LedgerError) in try ledger.deleteAccount(id: account.id ?? -1) }
        return account
    }

    /// Income, expense, cash flow and count of every entry of a kind in `currency` (the reporting
    /// currency when nil), by entry name (a category's include its children's; split parts count
    /// under their own category). `stored`: the store's sums of every day by `entity`, when
    /// already read.
    func figures(of entity: EntrySummary.Entity, in currency: Currency?, stored: [DailyTotal]? = nil) throws(BooksError) -> (Currency, [String: Figures]) {
        let target: Currency
        if let currency { target = currency } else { target = try reportingCurrency().currency }
        let rows = try totals(by: entity, from: nil, through: nil, stored: stored)
        var paths: [CategoryPath] = []
        if entity == .categories {
            // The ledger's categories, and those only split parts name (and their parents).
            var known = Set(try store { () throws(LedgerError) in try ledger.categories() }.map { $0.path.description.lowercased() })
            paths = try store { () throws(LedgerError) in try ledger.categories() }.map(\.path)
            for name in Set(rows.compactMap(\.name)) {
                guard let path = CategoryPath(parsing: name) else { continue }
                for depth in 1...path.depth where known.insert(CategoryPath(Array(path.components.prefix(depth))).description.lowercased()).inserted {
                    paths.append(CategoryPath(Array(path.components.prefix(depth))))
                }
            }
        }
        do { return (target, try EntryFigures.figures(entity, rows, categories: paths, converter: try converter(into: target))) }
        catch { throw BooksError.tooLarge(error) }
    }
}
