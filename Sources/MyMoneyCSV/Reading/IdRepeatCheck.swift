/// Finds the first transaction id that is no bank id: one that repeats an earlier id or holds no
/// digit (a shop's name in a reference column). Used by ``StatementAssembler``.
///
/// A `Set<String>` of a million ids spent most of a million-row read hashing, comparing and
/// rehashing strings. ASCII ids (nearly all) are checked through a table of 64-bit hashes of their
/// bytes instead; an equal hash is confirmed by comparing the ids themselves, so the answer is
/// exactly the set's. An id with other characters sends the whole check to the set, where equality
/// follows Unicode's rules (`é` written as one or two code points is the same id).
enum IdRepeatCheck {
    enum Outcome: Equatable {
        case offender(String)
        case none
        /// Some id is not ASCII: the set must decide.
        case notASCII
    }

    /// The first offending id in file order, or nil when every id is distinct and has a digit.
    static func firstOffender(_ transactions: UnsafeBufferPointer<StatementTransaction>) -> String? {
        switch byHashes(transactions) {
        case .offender(let id): return id
        case .none: return nil
        case .notASCII: return bySet(transactions)
        }
    }

    /// The plain rule.
    static func bySet(_ transactions: UnsafeBufferPointer<StatementTransaction>) -> String? {
        var seen = Set<String>()
        for t in transactions.indices {
            guard let id = transactions[t].id, !id.isEmpty else { continue }
            if !seen.insert(id).inserted || !id.contains(where: \.isNumber) { return id }
        }
        return nil
    }

    /// The same rule over ASCII ids, through 64-bit hashes of their bytes.
    static func byHashes(_ transactions: UnsafeBufferPointer<StatementTransaction>) -> Outcome {
        var slots = 1024
        while slots < transactions.count * 2 { slots <<= 1 }
        let mask = slots - 1
        var hashes = [UInt64](repeating: 0, count: slots) // 0: empty (a hash of 0 is stored as 1)
        var owners = [Int32](repeating: 0, count: slots)
        return hashes.withUnsafeMutableBufferPointer { hashes in
            owners.withUnsafeMutableBufferPointer { owners in
                for t in transactions.indices {
                    guard var id = transactions[t].id, !id.isEmpty else { continue }
                    var ascii = true, digit = false
                    var h: UInt64 = 0xCBF2_9CE4_8422_2325
                    id.withUTF8 { bytes in
                        for b in bytes {
                            if b >= 0x80 { ascii = false }
                            if b &- 0x30 < 10 { digit = true }
                            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
                        }
                    }
                    guard ascii else { return .notASCII }
                    h = (h ^ (h >> 32)) &* 0x9E37_79B9_7F4A_7C15
                    h ^= h >> 29
                    if h == 0 { h = 1 }
                    var slot = Int(truncatingIfNeeded: h) & mask
                    while hashes[slot] != 0 {
                        if hashes[slot] == h, transactions[Int(owners[slot])].id == id { return .offender(id) }
                        slot = (slot + 1) & mask
                    }
                    if !digit { return .offender(id) }
                    hashes[slot] = h
                    owners[slot] = Int32(truncatingIfNeeded: t)
                }
                return .none
            }
        }
    }
}
