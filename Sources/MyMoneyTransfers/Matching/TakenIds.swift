/// The ids a ``LegTable`` has taken: a second transaction with an id already taken is left out.
///
/// Ids that lie close together (an import's rows and the ledger's around them: a few runs of
/// consecutive ids) are kept as one bit each over their range: a bit tested and set per row,
/// where a `Set` hashed every id into a table a million entries large. Ids spread wider than
/// ``bitsPerId`` bits a row keep the `Set`, which is also the plain twin (`dense: false`).
struct TakenIds {
    /// Above this many bits of range per id, the `Set` is smaller.
    static let bitsPerId: Int64 = 16

    private var first: Int64 = 0
    private var bits: [UInt64] = []
    private var set = Set<Int64>()
    let isDense: Bool

    /// Room for the ids of `transactions`: only those may be inserted.
    init(for transactions: [LedgerTransaction], dense: Bool = true) {
        var low = Int64.max, high = Int64.min, count: Int64 = 0
        // By index: a `for t in transactions` copied every transaction (a retain per text).
        for i in transactions.indices {
            guard let id = transactions[i].id else { continue }
            low = min(low, id)
            high = max(high, id)
            count += 1
        }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        if dense, count > 0, !overflow, span / TakenIds.bitsPerId < count + 4_096 {
            isDense = true
            first = low
            bits = [UInt64](repeating: 0, count: Int(span / 64) + 1)
        } else {
            isDense = false
            set.reserveCapacity(Int(count))
        }
    }

    /// Takes `id` (one of the transactions' ids): false when it was taken before.
    mutating func insert(_ id: Int64) -> Bool {
        guard isDense else { return set.insert(id).inserted }
        let offset = id &- first
        let word = Int(offset >> 6), bit = UInt64(1) << UInt64(offset & 63)
        if bits[word] & bit != 0 { return false }
        bits[word] |= bit
        return true
    }
}
