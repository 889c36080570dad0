/// Moving many transactions between arrays without copying them one by one (a copy retains and
/// later releases every String and array a transaction holds: a million of them cost most of a
/// second).
enum TransactionMoves {
    /// One array of `parts`' transactions, in order. They are moved, not copied: each part is left
    /// empty.
    static func concatenate(_ parts: inout [[LedgerTransaction]]) -> [LedgerTransaction] {
        let total = parts.reduce(0) { $0 + $1.count }
        if let only = parts.firstIndex(where: { !$0.isEmpty }), parts[only].count == total {
            defer { parts = [] }
            return parts[only]
        }
        // What a part holds after its transactions moved out: a value without references.
        let filler = LedgerTransaction(accountId: 0, day: Day(daysSinceEpoch: 0), amount: .zero, currency: .EUR)
        let result = [LedgerTransaction](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard var next = buffer.baseAddress else { return }
            for p in parts.indices {
                parts[p].withUnsafeMutableBufferPointer { source in
                    guard let base = source.baseAddress, source.count > 0 else { return }
                    next.moveInitialize(from: base, count: source.count)
                    base.initialize(repeating: filler, count: source.count)
                    next += source.count
                    initialized += source.count
                }
                // Its storage goes now, so the old and the new array are not held whole at once.
                parts[p] = []
            }
        }
        parts = []
        return result
    }

    /// One array of `parts`' transactions by day and id (no id as 0, as
    /// ``MyMoneyStore/Ledger/sortByDayAndId(_:)`` orders them) when each part is in that order
    /// already (the ledger's rows as read, each stored statement of rows in day order): the parts
    /// are merged, each transaction moved once, where ``concatenate(_:)`` and the sort then sorted a
    /// key per row and moved every row along its cycle (on ten statements of a million rows, the
    /// neighbourhood's largest cost). Equal keys come in the parts' order. Nil, with `parts` as
    /// they were, when some part is out of order.
    static func mergedByDayAndId(_ parts: inout [[LedgerTransaction]]) -> [LedgerTransaction]? {
        func key(_ p: Int, _ i: Int) -> (Int32, Int64) { (parts[p][i].day.daysSinceEpoch, parts[p][i].id ?? 0) }
        for p in parts.indices {
            var i = 1
            while i < parts[p].count {
                if key(p, i - 1) > key(p, i) { return nil }
                i += 1
            }
        }
        if parts.count(where: { !$0.isEmpty }) < 2 { return concatenate(&parts) }
        let total = parts.reduce(0) { $0 + $1.count }
        let filler = LedgerTransaction(accountId: 0, day: Day(daysSinceEpoch: 0), amount: .zero, currency: .EUR)
        // Each part's next row and its key; a part that is done has none.
        var next = [Int](repeating: 0, count: parts.count)
        var heads: [(Int32, Int64)?] = parts.indices.map { parts[$0].isEmpty ? nil : key($0, 0) }
        let result = [LedgerTransaction](unsafeUninitializedCapacity: total) { buffer, initialized in
            initialized = 0
            guard let out = buffer.baseAddress else { return }
            while initialized < total {
                // The few parts are scanned for the smallest head (the first of equal ones).
                var best = -1
                for p in heads.indices {
                    guard let head = heads[p] else { continue }
                    if best < 0 || head < heads[best]! { best = p }
                }
                let at = next[best]
                parts[best].withUnsafeMutableBufferPointer { source in
                    (out + initialized).moveInitialize(from: source.baseAddress! + at, count: 1)
                    (source.baseAddress! + at).initialize(to: filler)
                }
                initialized += 1
                next[best] = at + 1
                heads[best] = at + 1 < parts[best].count ? key(best, at + 1) : nil
                // A part moved out lets its storage go now, not with the last part.
                if heads[best] == nil { parts[best] = [] }
            }
        }
        parts = []
        return result
    }
}
