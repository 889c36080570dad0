/// Sums and counts of stored amounts per entry, day, currency, type and scale, folded in memory
/// from rows in any order: what `GROUP BY` gives, without SQLite sorting every row first (its
/// `GROUP BY` puts the entry first, which the report index holds only after the day, type,
/// currency and scale; a scan of the index and a dictionary of the groups is several times
/// cheaper on a large ledger). Used by ``Ledger/dailyTotals(by:from:through:within:grouping:)``
/// and, with one day for all, ``Ledger/summaries(of:from:through:grouping:)``; their
/// `grouping: .sqlite` is the plain twin.
///
/// - Complexity: O(1) per row; memory and the final sort in the number of groups (days × entries
///   × currencies × types), not in the number of transactions.
struct AmountGroups {
    struct Key: Hashable {
        /// The entry (account, category, tag, project, place), nil for "all" and rows without one.
        var id: Int64?
        var day: Int64
        /// Currency code and type as stored, packed (``PreparedStatement/packedShortText(_:)``):
        /// no String is made or hashed per row.
        var currency: UInt64
        var type: UInt64
        var scale: Int64

        var currencyCode: String { PreparedStatement.unpackShortText(currency) }
        var typeName: String { PreparedStatement.unpackShortText(type) }
    }

    private var groups: [Key: (units: Int64, count: Int)] = [:]
    /// Groups being summed without hashing their key for each row: a small table indexed by a
    /// cheap mix of the key's integers (not the standard library's seeded hash, a fifth of the
    /// figures of a million rows). Few groups (accounts × types) stay here for the whole scan;
    /// rows in index order (day, type, currency, scale, then the entries) come in runs that do.
    /// A group pushed out by another with the same slot goes into `groups`.
    private var slotKeys = [Key?](repeating: nil, count: AmountGroups.slots)
    private var slotSums = [(units: Int64, count: Int)](repeating: (0, 0), count: AmountGroups.slots)
    private static let slots = 256

    /// The number of groups (one in a slot and in `groups` counted once).
    var count: Int {
        var n = groups.count
        for case let key? in slotKeys where groups[key] == nil { n += 1 }
        return n
    }

    /// Adds the row `statement` stands on: the entry in `entry` (nil for none), then `day` (nil for
    /// one day for all), currency, type, scale and units in the columns after.
    mutating func add(_ statement: PreparedStatement, entry: Int32?, day: Int32?, currency: Int32) throws(LedgerError) {
        guard let code = statement.packedShortText(currency), let type = statement.packedShortText(currency + 1) else {
            throw LedgerError(.storage, "the ledger holds a currency code or transaction type longer than any known")
        }
        let key = Key(id: entry.flatMap { statement.optionalInt64($0) }, day: day.map { statement.int64($0) } ?? 0,
                      currency: code, type: type, scale: statement.int64(currency + 2))
        try add(key, units: statement.int64(currency + 3))
    }

    /// Adds one row; a sum beyond 64 bits is an error, as SQLite's `SUM` is.
    mutating func add(_ key: Key, units: Int64) throws(LedgerError) {
        let slot = Self.slot(of: key)
        if slotKeys[slot] != key {
            try evict(slot)
            slotKeys[slot] = key
        }
        let (sum, overflow) = slotSums[slot].units.addingReportingOverflow(units)
        if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
        slotSums[slot] = (sum, slotSums[slot].count + 1)
    }

    /// The slot of a key: its integers multiplied and folded (deterministic, unseeded).
    private static func slot(of key: Key) -> Int {
        var h = UInt64(bitPattern: key.id ?? -1) &* 0x9E37_79B9_7F4A_7C15
        h = (h ^ UInt64(bitPattern: key.day)) &* 0xBF58_476D_1CE4_E5B9
        h = (h ^ key.currency ^ (key.type &<< 1) ^ UInt64(bitPattern: key.scale)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (h >> 56) & UInt64(slots - 1))
    }

    /// Adds what slot `slot` holds to its group and empties it.
    private mutating func evict(_ slot: Int) throws(LedgerError) {
        guard let key = slotKeys[slot] else { return }
        try Self.merge(&groups[key, default: (0, 0)], slotSums[slot].units, slotSums[slot].count)
        slotKeys[slot] = nil
        slotSums[slot] = (0, 0)
    }

    private static func merge(_ group: inout (units: Int64, count: Int), _ units: Int64, _ count: Int) throws(LedgerError) {
        let (sum, overflow) = group.units.addingReportingOverflow(units)
        if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
        group = (sum, group.count + count)
    }

    /// The groups in the order `GROUP BY entry, day, currency, type, scale` gives (no entry first).
    ///
    /// - Throws: when a group's sum goes beyond 64 bits.
    mutating func inGroupByOrder() throws(LedgerError) -> [(key: Key, value: (units: Int64, count: Int))] {
        for slot in 0..<Self.slots { try evict(slot) }
        return groups.sorted { a, b in
            let x = a.key, y = b.key
            if x.id != y.id { return (x.id ?? .min) < (y.id ?? .min) || (x.id == nil && y.id != nil) }
            // Packed with the first byte lowest: byte-swapped, the integers order as the (ASCII) texts do.
            return (x.day, x.currency.byteSwapped, x.type.byteSwapped, x.scale) < (y.day, y.currency.byteSwapped, y.type.byteSwapped, y.scale)
        }
    }
}
