/// Building the journal from the books.
extension Journal {
    /// Where uncategorized money, fees and half-selected transfers are posted.
    public static let unknownExpense = AccountName(.expenses, ["unknown"])
    public static let unknownIncome = AccountName(.income, ["unknown"])
    public static let transferFees = AccountName(.expenses, ["fees"])
    public static let openingBalances = AccountName(.equity, ["opening balances"])
    /// The other side of a transfer leg whose partner is outside the export (or was never paired).
    public static let transfers = AccountName(.equity, ["transfers"])
    /// Money between the two days of a transfer's legs, when the journal cannot date postings.
    public static let inTransit = AccountName(.assets, ["transfers in transit"])

    /// The journal account of one of the user's accounts: `assets:bank:Girokonto`, `liabilities:credit card:Visa`.
    public static func name(of account: Account) -> AccountName {
        switch account.kind {
        case .bank: AccountName(.assets, ["bank", account.name])
        case .savings: AccountName(.assets, ["savings", account.name])
        case .cash: AccountName(.assets, ["cash", account.name])
        case .investment: AccountName(.assets, ["investment", account.name])
        case .moneyMarket: AccountName(.assets, ["money market", account.name])
        case .asset, .other: AccountName(.assets, ["other", account.name])
        case .creditCard: AccountName(.liabilities, ["credit card", account.name])
        case .loan: AccountName(.liabilities, ["loan", account.name])
        case .creditLine: AccountName(.liabilities, ["credit line", account.name])
        case .liability: AccountName(.liabilities, ["other", account.name])
        }
    }

    /// The journal account of a category: under `income` or `expenses`, without a first
    /// component that repeats the root (`Income:Salary` → `income:Salary`).
    public static func category(_ path: CategoryPath, income: Bool) -> AccountName {
        let root: Root = income ? .income : .expenses
        var components = path.components
        let repeated = income ? ["income", "incomes"] : ["expense", "expenses"]
        if components.count > 1, repeated.contains(components[0].lowercased()) { components.removeFirst() }
        return AccountName(root, components)
    }

    /// Builds the journal.
    ///
    /// - Parameter transfersAcrossDays: whether a posting may carry its own day (hledger's posting
    ///   dates). When false, a transfer whose legs are on different days becomes two entries linked
    ///   through ``inTransit``, so every account's balance is right on every day.
    /// - Throws: when a sum does not fit in an amount.
    public init(_ books: BooksSnapshot, transfersAcrossDays: Bool) throws(AmountError) {
        var builder = JournalBuilder(books: books, transfersAcrossDays: transfersAcrossDays)
        try builder.build()
        self = builder.journal()
    }
}

/// The work of ``Journal/init(_:transfersAcrossDays:)``: one pass over the transactions.
///
/// - Complexity: O(n log n) in transactions and balances (the final sort); every lookup is by id.
struct JournalBuilder {
    let books: BooksSnapshot
    let transfersAcrossDays: Bool
    var accountsById: [Int64: Account] = [:]
    var entries: [(order: Int, entry: Journal.Entry)] = []
    var checkpoints: [Journal.Checkpoint] = []
    /// Each transaction's place in the ledger's order, by id.
    var orderOf: [Int64: Int] = [:]

    init(books: BooksSnapshot, transfersAcrossDays: Bool) {
        self.books = books
        self.transfersAcrossDays = transfersAcrossDays
        for account in books.accounts { if let id = account.id { accountsById[id] = account } }
    }

    mutating func build() throws(AmountError) {
        var transferOf: [Int64: BooksSnapshot.TransferRecord] = [:]
        for t in books.transfers where t.status == .confirmed {
            transferOf[t.fromTransactionId] = t
            transferOf[t.toTransactionId] = t
        }
        var byId: [Int64: LedgerTransaction] = [:]
        for (order, t) in books.transactions.enumerated() {
            if let id = t.id { byId[id] = t; orderOf[id] = order }
        }
        var firstUse: [Int64: Day] = [:]
        for (order, t) in books.transactions.enumerated() {
            guard let account = accountsById[t.accountId] else { continue }
            firstUse[t.accountId] = min(firstUse[t.accountId] ?? t.day, t.day)
            if let id = t.id, let transfer = transferOf[id] {
                let otherId = transfer.fromTransactionId == id ? transfer.toTransactionId : transfer.fromTransactionId
                if let other = byId[otherId], let otherAccount = accountsById[other.accountId] {
                    // Both legs selected: written once, at the leaving leg.
                    guard transfer.fromTransactionId == id else { continue }
                    try addTransfer(transfer, from: (t, account), to: (other, otherAccount), order: order)
                    continue
                }
            }
            try add(transaction: t, account: account, order: order)
        }
        for balance in books.balances {
            // An available balance is information only, never what the account holds.
            guard balance.kind != .available, let account = accountsById[balance.accountId] else { continue }
            let end = balance.kind == .opening ? balance.day.advanced(by: -1) : balance.day
            if let from = books.from, end < from.advanced(by: -1) { continue }
            if let through = books.through, end > through { continue }
            checkpoints.append(Journal.Checkpoint(account: Journal.name(of: account), currency: account.currency,
                                                  endOfDay: end, amount: balance.amount, kind: balance.kind,
                                                  source: balance.sourceFile))
            firstUse[balance.accountId] = min(firstUse[balance.accountId] ?? end.advanced(by: 1), end.advanced(by: 1))
        }
        for account in books.accounts {
            guard let id = account.id, let first = firstUse[id] else { continue }
            let amount = books.openingBalances[id] ?? account.openingBalance
            guard !amount.isZero else { continue }
            let day = books.from.map { $0.advanced(by: -1) } ?? first.advanced(by: -1)
            let negated = try -amount
            entries.append((-1, Journal.Entry(kind: .opening, day: day, payee: "Opening balance", postings: [
                Journal.Posting(account: Journal.name(of: account), amount: amount, currency: account.currency),
                Journal.Posting(account: Journal.openingBalances, amount: negated, currency: account.currency),
            ])))
        }
    }

    /// The metadata and tags every entry of a transaction carries.
    func facts(of t: LedgerTransaction) -> (tags: [String], metadata: [Journal.Metadatum]) {
        var metadata: [Journal.Metadatum] = []
        if let id = t.id { metadata.append(Journal.Metadatum("id", String(id), isNumber: true)) }
        if let bankId = t.bankId { metadata.append(Journal.Metadatum("bank-id", bankId)) }
        if let id = t.id, let batch = books.batchOfTransaction[id] {
            metadata.append(Journal.Metadatum("import-batch", String(batch), isNumber: true))
        }
        if let project = t.project { metadata.append(Journal.Metadatum("project", project)) }
        if let place = t.place { metadata.append(Journal.Metadatum("place", place)) }
        return (t.tags, metadata)
    }

    mutating func add(transaction t: LedgerTransaction, account: Account, order: Int) throws(AmountError) {
        let (tags, metadata) = facts(of: t)
        var postings = [Journal.Posting(account: Journal.name(of: account), amount: t.amount, currency: t.currency)]
        if t.type == .transfer {
            // A transfer leg without its partner in the export.
            postings.append(Journal.Posting(account: Journal.transfers, amount: try -t.amount, currency: t.currency,
                                            comment: t.transferHint.map { "to or from \($0)" }))
        } else {
            let income = t.type == .income
            for part in t.countedParts {
                let category = part.category.flatMap { CategoryPath(parsing: $0) }
                let name = category.map { Journal.category($0, income: income) }
                    ?? (income ? Journal.unknownIncome : Journal.unknownExpense)
                postings.append(Journal.Posting(account: name, amount: try -part.amount, currency: t.currency,
                                                comment: t.splits.isEmpty ? nil : part.memo,
                                                tags: t.splits.isEmpty ? [] : part.tags))
            }
        }
        entries.append((order, Journal.Entry(kind: .transaction, day: t.day, payee: t.payee, narration: t.memo,
                                             notes: t.notes, tags: tags, metadata: metadata, postings: postings)))
    }
}
