import MyMoneyStore
import MyMoneyReports

/// The ledger's sums as reports read them: the store's aggregates, with transactions that have
/// split parts swapped for their parts.
extension Books {
    /// Aggregate rows of `entity` in the days given and `scope`, transactions with split parts
    /// expanded part by part. `parts`: the transactions with parts in those days, when already read;
    /// `stored`: the store's sums (``Ledger/dailyTotals(by:from:through:within:grouping:)`` of the same
    /// arguments), when already read.
    func totals(by entity: EntrySummary.Entity?, from: Day?, through: Day?, scope: Ledger.TotalsScope = .init(),
                parts: [LedgerTransaction]? = nil, stored: [DailyTotal]? = nil) throws(BooksError) -> [DailyTotal] {
        let rows: [DailyTotal]
        if let stored { rows = stored } else {
            rows = try store { () throws(LedgerError) in try ledger.dailyTotals(by: entity, from: from, through: through, within: scope) }
        }
        let read: [LedgerTransaction]
        if let parts { read = parts } else { read = try transactionsWithParts(from: from, through: through) }
        return try rows + splitAdjustments(read, by: entity, scope: scope)
    }

    func transactionsWithParts(from: Day?, through: Day?) throws(BooksError) -> [LedgerTransaction] {
        try store { () throws(LedgerError) in try ledger.transactionsWithParts(from: from, through: through) }
    }

    /// What turns the store's sums into sums of parts: the store sums a transaction with parts
    /// whole, so the whole is taken out again (where the store's scope took it in) and each part
    /// added where it lies in the scope. A transaction counts once under each name however many
    /// of its parts are there.
    func splitAdjustments(_ parts: [LedgerTransaction], by entity: EntrySummary.Entity?,
                          scope: Ledger.TotalsScope = .init()) throws(BooksError) -> [DailyTotal] {
        guard !parts.isEmpty else { return [] }
        let names = entity == .accounts ? try accountNames() : [:]
        func inScope(_ posting: Posting) -> Bool {
            if let tag = scope.tag, !posting.tags.contains(where: { $0.lowercased() == tag.lowercased() }) { return false }
            if let project = scope.project, posting.project?.lowercased() != project.lowercased() { return false }
            if let category = scope.category, !(posting.category?.isWithin(category) ?? false) { return false }
            return true
        }
        var rows: [DailyTotal] = []
        var paths: [String: CategoryPath] = [:]
        do {
            for t in parts {
                var whole = t
                whole.splits = []
                for posting in try Posting.postings(of: whole) where inScope(posting) {
                    for var row in posting.dailyTotals(by: entity, accountName: { names[$0] }) {
                        row.amount = try -row.amount
                        row.count = -1
                        rows.append(row)
                    }
                }
                var counted = Set<String?>()
                for posting in try Posting.postings(of: t, paths: &paths) where inScope(posting) {
                    for var row in posting.dailyTotals(by: entity, accountName: { names[$0] }) {
                        if !counted.insert(row.name).inserted { row.count = 0 }
                        rows.append(row)
                    }
                }
            }
        } catch { throw BooksError.tooLarge(error) }
        return rows
    }

    /// The same sums without their names: rows by none, from rows of a dimension in which every
    /// transaction has exactly one name (category, account, project, place; not tags).
    static func unnamed(_ rows: [DailyTotal]) -> [DailyTotal] {
        rows.map { var r = $0; r.name = nil; return r }
    }
}
