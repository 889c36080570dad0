/// Sums of stored amount units per account and scale, for the balances of every account in one
/// scan: accounts with small ids (as SQLite gives them) and the scales an amount can have are
/// slots of one array, so a row costs an index and an add instead of two dictionary look-ups;
/// other ids go to a dictionary, the plain twin (``sums(ofAccount:)`` gives the same either way).
///
/// - Complexity: O(1) per row; memory ``slotAccounts`` × 19 integers plus one entry per other
///   account and scale.
struct AccountScaleSums {
    /// Accounts with ids below this have slots.
    static let slotAccounts: Int64 = 1_024
    /// The scales an amount can have (0 through ``Amount/maximumScale``).
    private static let scales = Int64(Amount.maximumScale) + 1

    private var slots: [Int64]
    /// Which slots were added to (a sum can come back to zero).
    private var used: [Bool]
    private var others: [Int64: [Int64: Int64]] = [:]

    /// Slots only for accounts up to `largestId`, at most ``slotAccounts``.
    init(largestId: Int64 = AccountScaleSums.slotAccounts - 1) {
        let n = Int(max(0, min(largestId + 1, Self.slotAccounts)) * Self.scales)
        slots = Array(repeating: 0, count: n)
        used = Array(repeating: false, count: n)
    }

    /// Adds a row; a sum beyond 64 bits is an error, as SQLite's `SUM` is.
    mutating func add(account: Int64, scale: Int64, units: Int64) throws(LedgerError) {
        if account >= 0, scale >= 0, scale < Self.scales, account * Self.scales + scale < Int64(slots.count) {
            let i = Int(account * Self.scales + scale)
            let (sum, overflow) = slots[i].addingReportingOverflow(units)
            if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
            slots[i] = sum
            used[i] = true
        } else {
            let (sum, overflow) = (others[account]?[scale] ?? 0).addingReportingOverflow(units)
            if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
            others[account, default: [:]][scale] = sum
        }
    }

    /// The sums of one account by scale, smallest scale first.
    func sums(ofAccount account: Int64) -> [(scale: Int64, units: Int64)] {
        var result: [(scale: Int64, units: Int64)] = []
        if account >= 0, (account + 1) * Self.scales <= Int64(slots.count) {
            for scale in 0..<Self.scales where used[Int(account * Self.scales + scale)] {
                result.append((scale, slots[Int(account * Self.scales + scale)]))
            }
        }
        for (scale, units) in others[account] ?? [:] { result.append((scale, units)) }
        return result.sorted { $0.scale < $1.scale }
    }
}
