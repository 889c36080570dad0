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
    /// The run of rows with one key being summed: rows in index order (day, type, currency,
    /// scale, then the entries) come in runs of one group, summed here without hashing the key
    /// for each row; the run goes into `groups` when the key changes.
    private var run: Key?
    private var runUnits: Int64 = 0
    private var runCount = 0

    /// The number of groups (the run's counted once, whether or not it is in `groups` yet).
    var count: Int { groups.count + (run.map { groups[$0] == nil ? 1 : 0 } ?? 0) }

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
        if key != run {
            try endRunChecked()
            run = key
        }
        let (sum, overflow) = runUnits.addingReportingOverflow(units)
        if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
        runUnits = sum
        runCount += 1
    }

    /// Adds the run being summed to its group.
    private mutating func endRunChecked() throws(LedgerError) {
        guard let key = run else { return }
        try Self.merge(&groups[key, default: (0, 0)], runUnits, runCount)
        run = nil
        runUnits = 0
        runCount = 0
    }

    private static func merge(_ group: inout (units: Int64, count: Int), _ units: Int64, _ count: Int) throws(LedgerError) {
        let (sum, overflow) = group.units.addingReportingOverflow(units)
        if overflow { throw LedgerError(.invalid, "a total is too large to compute exactly") }
        group = (sum, group.count + count)
    }

    /// The groups in the order `GROUP BY entry, day, currency, type, scale` gives (no entry first).
    ///
    /// - Throws: when the last run's group goes beyond 64 bits.
    mutating func inGroupByOrder() throws(LedgerError) -> [(key: Key, value: (units: Int64, count: Int))] {
        try endRunChecked()
        return groups.sorted { a, b in
            let x = a.key, y = b.key
            if x.id != y.id { return (x.id ?? .min) < (y.id ?? .min) || (x.id == nil && y.id != nil) }
            // Packed with the first byte lowest: byte-swapped, the integers order as the (ASCII) texts do.
            return (x.day, x.currency.byteSwapped, x.type.byteSwapped, x.scale) < (y.day, y.currency.byteSwapped, y.type.byteSwapped, y.scale)
        }
    }
}
