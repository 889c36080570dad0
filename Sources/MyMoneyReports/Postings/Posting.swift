/// One part of a transaction as reports count it: a whole transaction, or one of its split parts
/// (each under its own category), or what is left of a split transaction beyond its parts.
public struct Posting: Sendable, Hashable {
    public var transactionId: Int64
    public var accountId: Int64
    public var day: Day
    public var amount: Amount
    public var currency: Currency
    public var type: TransactionType
    public var payee: String?
    public var category: CategoryPath?
    public var tags: [String]
    public var project: String?
    public var place: String?

    public init(transactionId: Int64, accountId: Int64, day: Day, amount: Amount, currency: Currency, type: TransactionType,
                payee: String? = nil, category: CategoryPath? = nil, tags: [String] = [], project: String? = nil,
                place: String? = nil) {
        self.transactionId = transactionId
        self.accountId = accountId
        self.day = day
        self.amount = amount
        self.currency = currency
        self.type = type
        self.payee = payee
        self.category = category
        self.tags = tags
        self.project = project
        self.place = place
    }

    /// The postings of one transaction: one per split part, plus the rest of the amount (when the
    /// parts do not add up to it) under the transaction's own category; a transaction without
    /// parts is one posting.
    ///
    /// A part keeps its own category (a part without one takes the transaction's), carries its own
    /// tags and the transaction's, and is a transfer when it names another account (QIF
    /// `S[Savings]`) or the transaction is one.
    ///
    /// - Throws: ``AmountError/overflow`` when the parts' sum does not fit.
    public static func postings(of t: LedgerTransaction) throws(AmountError) -> [Posting] {
        var paths: [String: CategoryPath] = [:]
        return try postings(of: t, paths: &paths)
    }

    /// ``postings(of:)``, reading each part's category text once for many transactions (`paths`
    /// remembers what each text reads as).
    public static func postings(of t: LedgerTransaction, paths: inout [String: CategoryPath]) throws(AmountError) -> [Posting] {
        let whole = Posting(transactionId: t.id ?? 0, accountId: t.accountId, day: t.day, amount: t.amount, currency: t.currency,
                            type: t.type, payee: t.payee, category: t.category, tags: t.tags, project: t.project, place: t.place)
        guard !t.splits.isEmpty else { return [whole] }
        var result: [Posting] = []
        result.reserveCapacity(t.splits.count + 1)
        var rest = t.amount
        for part in t.splits {
            var posting = whole
            posting.amount = part.amount
            if let text = part.category {
                if let known = paths[text] { posting.category = known }
                else if let path = CategoryPath(parsing: text) {
                    paths[text] = path
                    posting.category = path
                }
            }
            posting.tags = Posting.union(part.tags, t.tags)
            if part.transferAccount != nil { posting.type = .transfer }
            rest = try rest - part.amount
            result.append(posting)
        }
        if !rest.isZero {
            var remainder = whole
            remainder.amount = rest
            result.append(remainder)
        }
        return result
    }

    /// The names this posting counts under in `entity` (none, one, or one per tag); `accountName`
    /// names its account.
    public func names(in entity: EntrySummary.Entity, accountName: (Int64) -> String?) -> [String?] {
        switch entity {
        case .accounts: return [accountName(accountId)]
        case .categories: return [category?.description]
        case .tags: return tags.isEmpty ? [] : tags.map { Optional($0) }
        case .projects: return [project]
        case .places: return [place]
        }
    }

    /// The posting as aggregate rows of `entity` (one per name it counts under); with a nil entity,
    /// one row without a name.
    public func dailyTotals(by entity: EntrySummary.Entity?, accountName: (Int64) -> String? = { _ in nil }) -> [DailyTotal] {
        let names = entity.map { self.names(in: $0, accountName: accountName) } ?? [nil]
        return names.map { DailyTotal(day: day, currency: currency, type: type, name: $0, amount: amount, count: 1) }
    }

    /// Tags of both lists, each once (letter case ignored), first list first.
    static func union(_ a: [String], _ b: [String]) -> [String] {
        var seen = Set<String>()
        return (a + b).filter { seen.insert($0.lowercased()).inserted }
    }
}
