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
}
