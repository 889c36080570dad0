/// What the ledger knows that rules need: projects with their dates, existing categories, accounts.
public struct RuleContext: Sendable {
    /// Projects by name; a `set project` applies only on days inside the project's dates.
    public var projects: [RuleProject]
    /// Categories that already exist; others that rules set are reported in ``RuleRun/categoriesToCreate``.
    public var categories: Set<CategoryPath>
    /// The user's accounts, to describe the other side of `transfer to|from` actions.
    public var accounts: [Account]
    /// Accounts without statements of their own (a cash wallet): a rule's transfer to or from
    /// one asks the caller to create the other leg (``TransferMark/createsOtherLeg``).
    public var accountsWithoutStatements: Set<String>

    public init(projects: [RuleProject] = [], categories: Set<CategoryPath> = [], accounts: [Account] = [],
                accountsWithoutStatements: Set<String> = []) {
        self.projects = projects
        self.categories = categories
        self.accounts = accounts
        self.accountsWithoutStatements = accountsWithoutStatements
    }
}

/// A project and the days it runs (inclusive); nil dates mean always.
public struct RuleProject: Sendable, Hashable, Codable {
    public var name: String
    public var dates: DayRange?

    public init(name: String, dates: DayRange? = nil) {
        self.name = name
        self.dates = dates
    }
}

/// One transaction to run the rules on, with its account and the fields the user set by hand.
public struct RuleInput: Sendable {
    public var transaction: LedgerTransaction
    /// The transaction's account (for `account` and `account kind` tests); nil when unknown.
    public var account: Account?
    /// Fields the user set by hand: rules leave them alone unless ``RuleApplyOptions/overwriteManual``.
    public var lockedFields: Set<RuleTarget>

    public init(transaction: LedgerTransaction, account: Account? = nil, lockedFields: Set<RuleTarget> = []) {
        self.transaction = transaction
        self.account = account
        self.lockedFields = lockedFields
    }

    /// Pairs transactions with their accounts by `accountId`.
    public static func inputs(_ transactions: [LedgerTransaction], accounts: [Account],
                              lockedFields: [Int: Set<RuleTarget>] = [:]) -> [RuleInput] {
        var byId: [Int64: Account] = [:]
        for account in accounts { if let id = account.id, byId[id] == nil { byId[id] = account } }
        return transactions.enumerated().map { i, t in
            RuleInput(transaction: t, account: byId[t.accountId], lockedFields: lockedFields[i] ?? [])
        }
    }
}

/// How ``CompiledRuleSet/apply(to:context:options:)`` runs.
public struct RuleApplyOptions: Sendable {
    /// Let rules change fields the user set by hand.
    public var overwriteManual: Bool
    /// Worker threads; nil picks one per core for large inputs. The result never depends on it.
    public var threads: Int?
    /// Steps one regular expression may take on one text (bytes read, instructions visited)
    /// before the test gives up, counts as not matching and is reported in ``RuleRun/diagnostics``.
    /// Matching is linear, so real input needs a tiny fraction of the default (10,000,000).
    public var regexStepLimit: Int

    public init(overwriteManual: Bool = false, threads: Int? = nil, regexStepLimit: Int = 10_000_000) {
        self.overwriteManual = overwriteManual
        self.threads = threads
        self.regexStepLimit = regexStepLimit
    }
}
