import MyMoneyStore

/// Ids of the transactions an import's store added, by statement and place in it (nil: skipped).
struct AddedIds {
    private var ids: [[Int64?]] = []

    init() {}

    init(_ report: ImportReport, statements: [ImportStatement]) {
        ids = statements.map { Array(repeating: nil, count: $0.transactions.count) }
        for account in report.accounts {
            for added in account.added where ids.indices.contains(added.statementIndex)
                && ids[added.statementIndex].indices.contains(added.index) {
                ids[added.statementIndex][added.index] = added.id
            }
        }
    }

    subscript(statement: Int, index: Int) -> Int64? {
        ids.indices.contains(statement) && ids[statement].indices.contains(index) ? ids[statement][index] : nil
    }

    /// Places of the added transactions in statement `statement`, in order.
    func indices(inStatement statement: Int) -> [Int] {
        guard ids.indices.contains(statement) else { return [] }
        return ids[statement].indices.filter { ids[statement][$0] != nil }
    }
}
