@_spi(Speed) import MyMoneyCore

/// Finds the first transaction id that is no bank id: one that repeats an earlier id or holds no
/// digit (a shop's name in a reference column). Used by ``StatementAssembler``.
///
/// A `Set<String>` of a million ids spent most of a million-row read hashing, comparing and
/// rehashing strings. ASCII ids (nearly all) are checked through hashes of their bytes instead:
/// each id becomes one 64-bit key (hash above, row below), the keys are radix-sorted, and ids
/// whose hashes meet are compared as strings, so the answer is exactly the set's. An id with
/// other characters sends the whole check to the set, where equality follows Unicode's rules
/// (`é` written as one or two code points is the same id).
enum IdRepeatCheck {
    enum Outcome: Equatable {
        case offender(String)
        case none
        /// Some id is not ASCII: the set must decide.
        case notASCII
    }

    /// The first offending id in file order, or nil when every id is distinct and has a digit.
    static func firstOffender(_ transactions: [StatementTransaction]) -> String? {
        transactions.withUnsafeBufferPointer { firstOffender($0) }
    }

    static func firstOffender(_ transactions: UnsafeBufferPointer<StatementTransaction>) -> String? {
        firstOffender(count: transactions.count) { transactions[$0].id }
    }

    /// The first offending id among `count` ids in file order, `id(k)` giving the k-th (nil for
    /// none); `id` may be called more than once for an index and must give the same id each time.
    /// Used by the CSV stream (``CSVStatementStream``), which holds no transactions.
    static func firstOffender(count: Int, id: (Int) -> String?) -> String? {
        switch byHashes(count: count, id: id) {
        case .offender(let id): return id
        case .none: return nil
        case .notASCII: return bySet(count: count, id: id)
        }
    }

    /// ``firstOffender(count:id:)`` with each id's facts and equality from its bytes (see
    /// ``byHashes(count:hashBits:facts:same:id:)``); `id` only for the offender and for ids
    /// that are not ASCII (then the set decides).
    static func firstOffender(count: Int, facts: (Int) -> IdFacts?, same: (Int, Int) -> Bool, id: (Int) -> String?) -> String? {
        switch byHashes(count: count, facts: facts, same: same, id: id) {
        case .offender(let id): return id
        case .none: return nil
        case .notASCII: return bySet(count: count, id: id)
        }
    }

    /// ``firstOffender(count:facts:same:id:)`` from keys a pass over the rows gathered (``Keys``),
    /// sorted in place (`inout`: a copy of the keys would be sorted as a second array).
    static func firstOffender(gathered keys: inout Keys, count: Int, same: (Int, Int) -> Bool, id: (Int) -> String?) -> String? {
        switch keys.outcome(count: count, same: same, id: id) {
        case .offender(let id): return id
        case .none: return nil
        case .notASCII: return bySet(count: count, id: id)
        }
    }

    /// The plain rule: the first id that repeats an earlier one or has no digit.
    static func bySet(_ transactions: UnsafeBufferPointer<StatementTransaction>) -> String? {
        bySet(count: transactions.count) { transactions[$0].id }
    }

    static func bySet(count: Int, id: (Int) -> String?) -> String? {
        var seen = Set<String>()
        for t in 0..<count {
            guard let id = id(t), !id.isEmpty else { continue }
            if !seen.insert(id).inserted || !id.contains(where: \.isNumber) { return id }
        }
        return nil
    }

    /// The same rule over ASCII ids. `hashBits` (at most 33) is lowered by tests to force hashes to meet.
    static func byHashes(_ transactions: UnsafeBufferPointer<StatementTransaction>, hashBits: Int = 33) -> Outcome {
        byHashes(count: transactions.count, hashBits: hashBits) { transactions[$0].id }
    }

    static func byHashes(count: Int, hashBits: Int = 33, id idAt: (Int) -> String?) -> Outcome {
        byHashes(count: count, hashBits: hashBits, facts: { t in
            guard var id = idAt(t), !id.isEmpty else { return nil }
            return id.withUTF8(IdFacts.init)
        }, same: { idAt($0) == idAt($1) }, id: idAt)
    }

    /// What the check needs of one id's UTF-8 bytes.
    struct IdFacts {
        var ascii = true, digit = false
        var hash: UInt64

        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            for b in bytes {
                if b >= 0x80 { ascii = false }
                if b &- 0x30 < 10 { digit = true }
            }
            hash = ByteHash.hash(bytes) // the readers' one byte hash
        }
    }

    /// The rule over ids given by their bytes, without a String for each (the CSV stream reads
    /// them from their cells): `facts(k)` describes the k-th id (nil for none or empty), `same`
    /// says whether two ids are equal (called only for ASCII ids of equal hashes), `id` makes
    /// the offender's text. For ASCII bytes, equal bytes are equal Strings, so the answer is
    /// ``bySet(count:id:)``'s whenever the outcome is not ``Outcome/notASCII``.
    static func byHashes(count: Int, hashBits: Int = 33, facts: (Int) -> IdFacts?, same: (Int, Int) -> Bool,
                         id idAt: (Int) -> String?) -> Outcome {
        var keys = Keys(hashBits: hashBits, capacity: count)
        for t in 0..<count where keys.wantsMore { keys.add(t, facts(t)) }
        return keys.outcome(count: count, same: same, id: idAt)
    }

    /// The check's keys gathered one id at a time, in file order, by a pass that reads the rows
    /// anyway (the CSV stream's first pass: the check then needs no pass over the ids of its
    /// own); ``outcome(count:same:id:)`` gives ``byHashes(count:hashBits:facts:same:id:)``'s
    /// answer for the same ids.
    struct Keys {
        let hashBits: Int
        /// Hash above, index below, for each id up to the first without a digit.
        private(set) var keys: [UInt64] = []
        /// The first id without a digit: a repeat after it cannot come first.
        private(set) var noDigit: Int?
        private(set) var notASCII = false
        static let indexBits = 31 // indexes stay below 2^31 (the tokenizer refuses files of 2 GiB)

        init(hashBits: Int = 33, capacity: Int) {
            self.hashBits = hashBits
            keys.reserveCapacity(capacity)
        }

        /// Whether a later id can still change the answer.
        var wantsMore: Bool { !notASCII && noDigit == nil }

        /// The `index`-th id's facts (indexes ascending; nil for none or empty).
        mutating func add(_ index: Int, _ facts: IdFacts?) {
            guard wantsMore, let f = facts else { return }
            guard f.ascii else { notASCII = true; keys = []; return }
            if !f.digit { noDigit = index; return }
            keys.append((f.hash >> UInt64(64 - hashBits)) << UInt64(Keys.indexBits) | UInt64(index))
        }

        /// The `index`-th id's UTF-8 bytes (empty for none).
        mutating func add(_ index: Int, bytes: UnsafeBufferPointer<UInt8>) {
            guard wantsMore, !bytes.isEmpty else { return }
            add(index, IdFacts(bytes))
        }

        /// The answer for `count` ids (`same` and `id` as for ``IdRepeatCheck/byHashes(count:hashBits:facts:same:id:)``).
        /// The keys are sorted in place (and stay so).
        mutating func outcome(count: Int, same: (Int, Int) -> Bool, id idAt: (Int) -> String?) -> Outcome {
            if notASCII { return .notASCII }
            let rowBits = UInt64(Keys.indexBits)
            // Ids with another transaction of the same hash are compared; the smallest row that
            // repeats an earlier row's id is the first repeat.
            // Added in row order: the rows below the hashes already ascend.
            radixSort(&keys, above: Keys.indexBits)
            let rowMask: UInt64 = (1 << rowBits) - 1
            var firstRepeat = Int.max
            var start = 0
            while start < keys.count {
                var end = start + 1
                while end < keys.count, keys[end] >> rowBits == keys[start] >> rowBits { end += 1 }
                if end - start > 1 {
                    // Rows of one hash, ascending: the first whose id equals an earlier one's.
                    outer: for k in (start + 1)..<end {
                        let row = Int(keys[k] & rowMask)
                        if row >= firstRepeat { break }
                        for e in start..<k where same(Int(keys[e] & rowMask), row) {
                            firstRepeat = row
                            break outer
                        }
                    }
                }
                start = end
            }
            let first = min(firstRepeat, noDigit ?? Int.max)
            guard first < count, let id = idAt(first) else { return .none }
            return .offender(id)
        }
    }

    /// Sorts in place by the bits above the lowest `lowBits`, eleven bits at a time from the
    /// lowest of them (stable, so keys equal there keep their order). When the lowest `lowBits`
    /// bits ascend in the keys' order as given (the check's row indexes below its hashes), the
    /// result is the keys fully sorted, in three passes over 33 bits of hash instead of the eight
    /// byte passes over all 64 bits the full sort took.
    static func radixSort(_ keys: inout [UInt64], above lowBits: Int = 0) {
        let n = keys.count
        guard n > 1 else { return }
        let digitBits = 11, buckets = 1 << digitBits
        var scratch = [UInt64](repeating: 0, count: n)
        var counts = [Int](repeating: 0, count: buckets)
        keys.withUnsafeMutableBufferPointer { a in
            scratch.withUnsafeMutableBufferPointer { b in
                var from = a, to = b
                var shift = lowBits
                while shift < 64 {
                    let s = UInt64(shift), mask = UInt64(buckets - 1)
                    shift += digitBits
                    for i in 0..<buckets { counts[i] = 0 }
                    for k in from { counts[Int((k >> s) & mask)] += 1 }
                    if counts[Int((from[0] >> s) & mask)] == n { continue } // every key has this digit
                    var sum = 0
                    for i in 0..<buckets { let c = counts[i]; counts[i] = sum; sum += c }
                    for k in from {
                        let d = Int((k >> s) & mask)
                        to[counts[d]] = k
                        counts[d] += 1
                    }
                    swap(&from, &to)
                }
                if from.baseAddress != a.baseAddress, let source = from.baseAddress, let target = a.baseAddress {
                    target.update(from: source, count: n)
                }
            }
        }
    }
}
