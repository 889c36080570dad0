/// The books as double-entry journal entries, before any journal syntax: what the hledger and
/// beancount exports share.
///
/// Built by ``Journal/init(_:transfersAcrossDays:)`` from a ``BooksSnapshot``: one entry per
/// transaction (its splits as several postings), one per transfer with both legs, an opening
/// balance per account, and every statement balance as a ``Checkpoint`` at the end of a day.
/// Every entry balances exactly in each currency, or through the total cost (`@@`) of a
/// cross-currency posting. Account names are kept as raw components; each renderer spells them.
public struct Journal: Sendable {
    /// The five roots every double-entry account lies under.
    public enum Root: String, Sendable, Hashable, CaseIterable {
        case assets, liabilities, equity, income, expenses
    }

    /// An account of the journal: a root and the user's names below it (`expenses` › `Food` › `Groceries`).
    public struct AccountName: Sendable, Hashable, Comparable {
        public var root: Root
        public var components: [String]

        public init(_ root: Root, _ components: [String]) {
            self.root = root
            self.components = components
        }

        public static func < (lhs: AccountName, rhs: AccountName) -> Bool {
            if lhs.root != rhs.root { return Root.allCases.firstIndex(of: lhs.root)! < Root.allCases.firstIndex(of: rhs.root)! }
            return lhs.components.lexicographicallyPrecedes(rhs.components)
        }
    }

    /// One posting: an amount into or out of one account.
    public struct Posting: Sendable, Hashable {
        public var account: AccountName
        public var amount: Amount
        public var currency: Currency
        /// The total this posting is worth in another currency (`@@`), unsigned; nil in one currency.
        public var totalCost: Amount?
        public var costCurrency: Currency?
        /// The day the money moved when it differs from the entry's day (the arriving leg of a transfer).
        public var day: Day?
        /// A split part's memo or category's notes.
        public var comment: String?
        /// A split part's own tags.
        public var tags: [String]

        public init(account: AccountName, amount: Amount, currency: Currency, totalCost: Amount? = nil,
                    costCurrency: Currency? = nil, day: Day? = nil, comment: String? = nil, tags: [String] = []) {
            self.account = account
            self.amount = amount
            self.currency = currency
            self.totalCost = totalCost
            self.costCurrency = costCurrency
            self.day = day
            self.comment = comment
            self.tags = tags
        }
    }

    /// One dated entry with postings that balance.
    public struct Entry: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable { case opening, transaction, transfer }

        public var kind: Kind
        public var day: Day
        public var payee: String?
        public var narration: String?
        /// The user's notes, one comment line per text line.
        public var notes: String?
        public var tags: [String]
        /// Key/value facts (`bank-id`, `import-batch`, `project`, `place`, `id`), in this order.
        public var metadata: [Metadatum]
        public var postings: [Posting]
        /// Ties the two halves of a transfer written as two entries (beancount `^transfer-5`).
        public var link: String?

        public init(kind: Kind, day: Day, payee: String? = nil, narration: String? = nil, notes: String? = nil,
                    tags: [String] = [], metadata: [Metadatum] = [], postings: [Posting], link: String? = nil) {
            self.kind = kind
            self.day = day
            self.payee = payee
            self.narration = narration
            self.notes = notes
            self.tags = tags
            self.metadata = metadata
            self.postings = postings
            self.link = link
        }
    }

    /// A named fact about an entry; `isNumber` values are written without quotes.
    public struct Metadatum: Sendable, Hashable {
        public var key: String
        public var value: String
        public var isNumber: Bool

        public init(_ key: String, _ value: String, isNumber: Bool = false) {
            self.key = key
            self.value = value
            self.isNumber = isNumber
        }
    }

    /// A balance the account had at the end of `endOfDay` (everything posted that day included).
    ///
    /// A statement's opening balance of day D is the balance at the end of D-1.
    public struct Checkpoint: Sendable, Hashable {
        public var account: AccountName
        public var currency: Currency
        public var endOfDay: Day
        public var amount: Amount
        /// What reported it (`opening`, `running`, `ledger`, …) and from which file.
        public var kind: StatementBalance.Kind
        public var source: String?
    }

    /// Entries in journal order: by day, an opening balance before the day's other entries, then ledger order.
    public var entries: [Entry]
    /// Statement balances, by end of day, then account; identical ones once.
    public var checkpoints: [Checkpoint]
    public var prices: [BooksSnapshot.Price]
    /// Every currency used, sorted.
    public var currencies: [Currency]
    /// Every account posted to or checked, sorted.
    public var accounts: [AccountName]
    /// The earliest day of any entry, checkpoint or price; nil for empty books.
    public var firstDay: Day?
}
