/// Everything the books hold, as plain values, for the exports (hledger, beancount, CSV, JSON) and
/// the HTML report to render.
///
/// The Kit fills it from the ledger (`Books.snapshot(…)`); renderers only read it, so they can be
/// tested with values built in code. Transactions are in ledger order (day, then id); accounts,
/// categories and the other entries by id.
public struct BooksSnapshot: Sendable {
    /// A transfer between two of the user's accounts, by the ids of its two legs.
    public struct TransferRecord: Sendable, Hashable {
        public enum Status: String, Sendable, Hashable { case confirmed, proposed }

        public var id: Int64
        /// The leaving leg (negative amount).
        public var fromTransactionId: Int64
        /// The arriving leg (positive amount).
        public var toTransactionId: Int64
        /// Units of the arriving currency per unit of the leaving one; nil in one currency.
        public var rate: Amount?
        /// What the move cost, in the leaving currency, positive; nil when nothing was lost.
        public var fee: Amount?
        public var confidence: Double
        public var status: Status
        /// Why it is a transfer, in words.
        public var reasons: [String]

        public init(id: Int64, fromTransactionId: Int64, toTransactionId: Int64, rate: Amount? = nil, fee: Amount? = nil,
                    confidence: Double = 1, status: Status = .confirmed, reasons: [String] = []) {
            self.id = id
            self.fromTransactionId = fromTransactionId
            self.toTransactionId = toTransactionId
            self.rate = rate
            self.fee = fee
            self.confidence = confidence
            self.status = status
            self.reasons = reasons
        }
    }

    /// A valuation price: one unit of `base` is worth `rate` units of `quote` from `day` on.
    ///
    /// The ledger's rates table (`mymoney rates import`): one per day, pair and `source`
    /// (`ecb`, `hledger`, `beancount`, `csv`), with the file it was read from.
    public struct Price: Sendable, Hashable {
        public var day: Day
        public var base: Currency
        public var quote: Currency
        public var rate: Amount
        public var source: String
        public var file: String?

        public init(day: Day, base: Currency, quote: Currency, rate: Amount, source: String = "csv", file: String? = nil) {
            self.day = day
            self.base = base
            self.quote = quote
            self.rate = rate
            self.source = source
            self.file = file
        }
    }

    public var accounts: [Account]
    public var categories: [LedgerCategory]
    public var tags: [LedgerTag]
    public var projects: [Project]
    public var places: [Place]
    public var budgets: [Budget]
    public var transactions: [LedgerTransaction]
    public var transfers: [TransferRecord]
    /// Every balance a statement reported (or the user asserted) that the ledger keeps.
    public var balances: [StoredBalance]
    /// Exchange rates the ledger keeps (empty until the ledger stores rates).
    public var prices: [Price]
    /// The import runs, undone ones too.
    public var batches: [ImportBatch]
    /// The import batch of each imported transaction, by transaction id (hand-entered ones are absent).
    public var batchOfTransaction: [Int64: Int64]
    /// Each account's balance before the first day exported, by account id: its opening balance
    /// when every day is exported, its balance at the end of the day before `from` otherwise.
    public var openingBalances: [Int64: Amount]
    /// The first and last day asked for; nil when the export covers every day.
    public var from: Day?
    public var through: Day?

    public init(accounts: [Account] = [], categories: [LedgerCategory] = [], tags: [LedgerTag] = [],
                projects: [Project] = [], places: [Place] = [], budgets: [Budget] = [],
                transactions: [LedgerTransaction] = [], transfers: [TransferRecord] = [],
                balances: [StoredBalance] = [], prices: [Price] = [], batches: [ImportBatch] = [], batchOfTransaction: [Int64: Int64] = [:], openingBalances: [Int64: Amount] = [:],
                from: Day? = nil, through: Day? = nil) {
        self.accounts = accounts
        self.categories = categories
        self.tags = tags
        self.projects = projects
        self.places = places
        self.budgets = budgets
        self.transactions = transactions
        self.transfers = transfers
        self.balances = balances
        self.prices = prices
        self.batches = batches
        self.batchOfTransaction = batchOfTransaction
        self.openingBalances = openingBalances
        self.from = from
        self.through = through
    }
}
