internal import MyMoneySQLite

/// The tags of every tagged transaction in the ledger, read in one query: each distinct list
/// of titles kept once (sorted in the ledger's order), each transaction holding the number of
/// its list.
///
/// The numbers are found in a table indexed by the transaction's id when the tagged ids are
/// close together (as a ledger's are: ids are given in turn), a hash lookup per row otherwise;
/// `lookup: .dictionary` keeps the dictionary for every ledger (the twin, held to the table by
/// `TransactionTagListsTests`).
///
/// Not `Sendable` only by use: built and read on the ledger's thread.
struct TransactionTagLists {
    /// Below this limit a stream asks for each row's tags with its row instead.
    static let perRowBelowLimit = 10_000

    /// How a transaction's list is found.
    enum Lookup { case table, dictionary }

    private var listOf: [Int64: Int32] = [:]
    /// When a table: the list of id `firstId + i` at `i`, -1 for none.
    private var table: [Int32] = []
    private var firstId: Int64 = 0
    private var lists: [[String]] = []

    /// No tags at all.
    init() {}

    /// Reads the tag links of the whole ledger.
    init(_ db: SQLiteConnection, lookup: Lookup = .table) throws(LedgerError) {
        var known: [String: Int32] = [:]
        let query = try db.statement("""
            SELECT x.transaction_id, group_concat(g.title, char(31)) FROM transaction_tags x JOIN tags g ON g.id = x.tag_id
            GROUP BY x.transaction_id
            """)
        query.reset()
        defer { query.reset() }
        var smallest = Int64.max, largest = Int64.min
        while try query.step() {
            let text = query.text(1)
            let index: Int32
            if let found = known[text] { index = found } else {
                index = Int32(lists.count)
                lists.append(Ledger.sortedTags(text.split(separator: "\u{1F}").map(String.init)))
                known[text] = index
            }
            let id = query.int64(0)
            listOf[id] = index
            smallest = min(smallest, id)
            largest = max(largest, id)
        }
        // A table of at most 64 entries (256 bytes) per tagged transaction, or 64k entries.
        guard lookup == .table, !listOf.isEmpty, largest.subtractingReportingOverflow(smallest).overflow == false,
              largest - smallest < max(1 << 16, 64 * Int64(listOf.count)) else { return }
        firstId = smallest
        table = Array(repeating: -1, count: Int(largest - smallest) + 1)
        for (id, index) in listOf { table[Int(id - smallest)] = index }
        listOf = [:]
    }

    /// Whether the lists are found through the table by id.
    var usesTable: Bool { !table.isEmpty }

    /// The tags of transaction `id`, in the ledger's order (none when it has none).
    func tags(of id: Int64) -> [String] {
        guard !table.isEmpty else { return listOf[id].map { lists[Int($0)] } ?? [] }
        let (offset, overflow) = id.subtractingReportingOverflow(firstId)
        guard !overflow, offset >= 0, offset < Int64(table.count) else { return [] }
        let index = table[Int(offset)]
        return index < 0 ? [] : lists[Int(index)]
    }
}
