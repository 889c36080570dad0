/// Which transactions a query returns. Every condition given must hold; empty lists and nils match all.
public struct TransactionFilter: Sendable, Hashable {
    public enum TagMatch: String, Sendable, Hashable {
        /// Carries at least one of the tags.
        case any
        /// Carries every one of the tags.
        case all
    }

    /// First and last day, inclusive.
    public var from: Day?
    public var through: Day?
    public var accountIds: [Int64]
    /// Signed amounts, inclusive (`-50 ... -10` finds expenses between 10 and 50).
    public var minimumAmount: Amount?
    public var maximumAmount: Amount?
    /// This category and every category below it.
    public var category: CategoryPath?
    /// Only transactions without a category.
    public var uncategorized: Bool
    public var types: Set<TransactionType>
    public var place: String?
    public var project: String?
    public var tags: [String]
    public var tagMatch: TagMatch
    /// Case- and accent-insensitive search in payee, original payee, memo and notes.
    public var text: String?
    /// Only transactions an import batch added.
    public var batchId: Int64?
    /// Only transactions this import batch did not add (rows typed by hand belong to no batch).
    package var excludedBatchId: Int64? = nil
    /// Only transactions with an id at most this: those stored before a point in time (a new
    /// transaction's id is larger than every id before it; see the store's last transaction id).
    package var storedThroughId: Int64? = nil
    /// At most this many, after the others (in order).
    public var limit: Int?

    public init(from: Day? = nil, through: Day? = nil, accountIds: [Int64] = [], minimumAmount: Amount? = nil,
                maximumAmount: Amount? = nil, category: CategoryPath? = nil, uncategorized: Bool = false,
                types: Set<TransactionType> = [], place: String? = nil, project: String? = nil, tags: [String] = [],
                tagMatch: TagMatch = .any, text: String? = nil, batchId: Int64? = nil, limit: Int? = nil) {
        self.from = from
        self.through = through
        self.accountIds = accountIds
        self.minimumAmount = minimumAmount
        self.maximumAmount = maximumAmount
        self.category = category
        self.uncategorized = uncategorized
        self.types = types
        self.place = place
        self.project = project
        self.tags = tags
        self.tagMatch = tagMatch
        self.text = text
        self.batchId = batchId
        self.limit = limit
    }
}
