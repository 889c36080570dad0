@_spi(Speed) import MyMoneyCore

/// How the ledger knows a transaction it already holds, so importing a file twice adds nothing.
///
/// The rules, applied per account, each candidate against stored transactions not yet claimed
/// by an earlier candidate of the same run:
///
/// 1. **Bank id.** A candidate with a bank id (OFX FITID, a CSV id column) is the stored transaction
///    with the same bank id *and the same amount*. The amount is part of the identity because some
///    banks reuse one id for a purchase and its foreign-transaction fee. When one bank id and amount
///    occur n times in a statement, the first n stored ones are claimed (occurrence).
/// 2. **Fingerprint.** Otherwise a candidate is a stored transaction with the same day, amount and
///    text (payee and memo, case- and space-folded). Identical rows are counted, not collapsed: two
///    coffees on one day at one price in a statement are occurrences 1 and 2, and the ledger keeps
///    both; a re-import claims both, an overlapping export with a third adds only the third.
///    A candidate with a bank id claims only stored rows without one (the same account imported
///    from CSV before); a candidate without a bank id may claim any.
/// 3. **Rewritten description.** Still unmatched candidates are paired (``RewrittenPairing``: most shared
///    words first, then statement order) with still
///    unclaimed *imported* transactions of the same day and amount whose text differs: the bank rewrote
///    the description between two exports. As in rule 2, a candidate with a bank id pairs only with a
///    stored transaction without one (the account was imported from a CSV before, now from OFX).
///
/// Limits: a transaction whose day or amount changed between exports (a pending charge that posts
/// later, or for another amount) is not recognized; a bank that changes its ids between downloads
/// is recognized here only through rule 2 when the other has no id, and a whole statement
/// re-issued under new ids by ``ReissuedIdCheck`` after these rules; rule 3 can pair a genuinely new
/// transaction with an older one when both fall on the same day with the same amount *and* the
/// older one is not in the new export; rule 1 looks for the same bank id within 90 days of the
/// candidate's day.
///
/// - Complexity: O(n + m) expected for n candidates and m stored transactions (more when many stored
///   rows share one key and are skipped by the predicate: O(k) per candidate for a key with k rows).
package enum TransactionIdentity {
    /// How far apart (days) a candidate and a stored transaction with the same bank id may lie.
    package static let bankIdWindow = 90

    /// Payee and memo, lower-cased, with runs of white space folded to one space, trimmed.
    ///
    /// - Complexity: O(n); ASCII text takes a byte fast path.
    package static func textKey(payee: String?, memo: String?) -> String {
        textKey(payee: payee, memo: memo, beyondASCII: nil)
    }

    /// ``textKey(payee:memo:)`` of `payee` and `memo` as `beyondASCII` makes each of them (a
    /// cleaning that folds runs of white space) when either holds text beyond ASCII; ASCII text
    /// is keyed as it is. For any cleaning that only folds and trims white space, the key of ASCII
    /// text is the same cleaned or not (the key folds and trims the same white space), so a
    /// caller keys rows as read without cleaning them first (``MovingConversion``).
    ///
    /// ASCII text is keyed from its contiguous bytes straight into the key's storage (one
    /// allocation, none for a key of up to 15 bytes).
    package static func textKey(payee: String?, memo: String?, beyondASCII: ((String) -> String)?) -> String {
        var isASCII = true
        let key = String(unsafeUninitializedCapacity: (payee?.utf8.count ?? 0) + (memo?.utf8.count ?? 0) + 1) { out in
            var key = ASCIIKeyWriter(out: out)
            guard key.add(payee), key.add(memo) else { isASCII = false; return 0 }
            return key.count
        }
        if isASCII { return key }
        guard let clean = beyondASCII else { return unicodeTextKey(payee: payee, memo: memo) }
        return unicodeTextKey(payee: payee.map(clean), memo: memo.map(clean))
    }

    /// ``textKey(payee:memo:)`` for text beyond ASCII.
    private static func unicodeTextKey(payee: String?, memo: String?) -> String {
        var result = String.UnicodeScalarView()
        var pendingSpace = false
        for part in [payee, memo] {
            guard let part else { continue }
            if !result.isEmpty { pendingSpace = true }
            for scalar in part.unicodeScalars {
                if scalar.properties.isWhitespace {
                    if !result.isEmpty { pendingSpace = true }
                    continue
                }
                if pendingSpace { result.append(" "); pendingSpace = false }
                result.append(contentsOf: String(scalar).lowercased().unicodeScalars)
            }
        }
        return String(result)
    }

    /// For each row, its occurrence number: 1 + the number of earlier rows in the same statement with
    /// the same day, amount and text key.
    package static func occurrences(of rows: [IdentityCandidate]) -> [Int] {
        // Statements in day order (the usual case): rows can only repeat within one day's run, and
        // a run is short, so comparing within it beats hashing every row's text.
        var inDayOrder = true
        var index = 1
        while index < rows.count {
            if rows[index].day < rows[index - 1].day { inDayOrder = false; break }
            index += 1
        }
        guard inDayOrder else { return hashedOccurrences(of: rows[...]) }
        var result: [Int] = []
        result.reserveCapacity(rows.count)
        var start = 0
        var keys: [FingerprintKey] = []
        while start < rows.count {
            var end = start + 1
            while end < rows.count && rows[end].day == rows[start].day { end += 1 }
            if end - start > 64 {
                result += hashedOccurrences(of: rows[start..<end])
            } else {
                keys.removeAll(keepingCapacity: true)
                for i in start..<end {
                    let key = FingerprintKey(day: rows[i].day, amount: rows[i].amount, text: rows[i].textKey)
                    var n = 1
                    for earlier in keys where earlier.units == key.units && earlier.scale == key.scale && earlier.text == key.text { n += 1 }
                    keys.append(key)
                    result.append(n)
                }
            }
            start = end
        }
        return result
    }

    /// ``occurrences(of:)`` by hashing each row's fingerprint: ASCII texts by a hash of their
    /// bytes (``asciiOccurrences(of:)``), any other run through `String`'s own hashing.
    private static func hashedOccurrences(of rows: ArraySlice<IdentityCandidate>) -> [Int] {
        asciiOccurrences(of: rows) ?? plainOccurrences(of: rows)
    }

    /// ``occurrences(of:)`` the plain way: every row's fingerprint in a dictionary (the twin of
    /// the ASCII path, and what texts beyond ASCII take).
    package static func plainOccurrences(of rows: ArraySlice<IdentityCandidate>) -> [Int] {
        var seen: [FingerprintKey: Int] = [:]
        seen.reserveCapacity(rows.count)
        var result: [Int] = []
        result.reserveCapacity(rows.count)
        for row in rows {
            let n = { (count: inout Int) -> Int in count += 1; return count }(
                &seen[FingerprintKey(day: row.day, amount: row.amount, text: row.textKey), default: 0])
            result.append(n)
        }
        return result
    }

    /// ``plainOccurrences(of:)`` for rows whose texts are all ASCII (nil when one is not: equal
    /// texts beyond ASCII may differ in their bytes, `é` as one code point or two). A day's few
    /// hundred rows were a dictionary of Strings each, hashed and compared through Unicode's rules
    /// (most of the store's time before its first row on a 1M import); here a row is a 64-bit
    /// hash of its day, amount and text bytes in an open table, compared whole when hashes meet.
    /// `hashMask` is lowered by tests to make hashes meet.
    package static func asciiOccurrences(of rows: ArraySlice<IdentityCandidate>, hashMask: UInt64 = .max) -> [Int]? {
        let count = rows.count
        var size = 16
        while size < 2 * count { size <<= 1 }
        // Per slot: the hash, a row with that fingerprint (+1; 0 is empty) and how many so far.
        var hashes = [UInt64](repeating: 0, count: size), rowOf = [Int32](repeating: 0, count: size), seen = [Int32](repeating: 0, count: size)
        var result: [Int] = []
        result.reserveCapacity(count)
        let base = rows.startIndex
        for (offset, row) in rows.enumerated() {
            let amount = NormalizedAmount(row.amount)
            guard let textHash = row.textKey.utf8.withContiguousStorageIfAvailable({ bytes -> UInt64? in
                var high: UInt8 = 0
                for b in bytes { high |= b }
                return high < 0x80 ? ByteHash.hash(bytes.baseAddress, count: bytes.count) : nil
            }), let textHash else { return nil }
            let h = hashMask & mix(textHash ^ dayAmountHash(row.day, amount))
            var slot = Int(truncatingIfNeeded: h) & (size - 1)
            while true {
                if rowOf[slot] == 0 {
                    hashes[slot] = h
                    rowOf[slot] = Int32(offset + 1)
                    seen[slot] = 1
                    result.append(1)
                    break
                }
                if hashes[slot] == h {
                    let other = rows[base + Int(rowOf[slot]) - 1]
                    if other.day == row.day && NormalizedAmount(other.amount) == amount && other.textKey == row.textKey {
                        seen[slot] += 1
                        result.append(Int(seen[slot]))
                        break
                    }
                }
                slot = (slot + 1) & (size - 1)
            }
        }
        return result
    }

    /// Decides, for each candidate in statement order, which stored transaction it is, or nil when new.
    ///
    /// `stored` holds the account's transactions near the candidates' days (see ``bankIdWindow``);
    /// each stored transaction is claimed by at most one candidate. Keys are looked up by 64-bit
    /// hashes (``HashedChains``) and compared whole on a hit; `hashMask` is lowered by tests to
    /// make hashes meet. ``plainMatch(_:against:)`` is the plain twin.
    package static func match(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                              hashMask: UInt64 = .max) -> [IdentityMatch?] {
        var result = [IdentityMatch?](repeating: nil, count: candidates.count)
        if stored.isEmpty || candidates.isEmpty { return result }
        // The store reads them by account and day, which is id order for rows imported in day order.
        let inIdOrder = stored.indices.dropFirst().allSatisfy { stored[$0 - 1].id < stored[$0].id }
        let records = inIdOrder ? stored : stored.sorted { $0.id < $1.id }
        var claimed = [Bool](repeating: false, count: records.count)
        let recordAmounts = records.map { NormalizedAmount($0.amount) }
        let candidateAmounts = candidates.map { NormalizedAmount($0.amount) }

        // 1. Same bank id and amount.
        matchByBankId(candidates, candidateAmounts, records, recordAmounts, hashMask: hashMask, claimed: &claimed, result: &result)
        guard result.contains(where: { $0 == nil }) else { return result }

        // 2. Same day, amount and text, counted.
        var byFingerprint = HashedChains(count: records.count)
        for i in records.indices.reversed() where !claimed[i] {
            byFingerprint.push(hashMask & fingerprintHash(records[i].day, recordAmounts[i], records[i].textKey), i)
        }
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            let hasBankId = candidate.bankId != nil
            let amount = candidateAmounts[index]
            if let i = byFingerprint.first(hashMask & fingerprintHash(candidate.day, amount, candidate.textKey), claimed: claimed,
                                           same: { records[$0].day == candidate.day && recordAmounts[$0] == amount
                                                       && records[$0].textKey == candidate.textKey },
                                           where: { !hasBankId || records[$0].bankId == nil }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameFingerprint)
            }
        }

        // 3. Same day and amount, text rewritten: pair what is left, the most alike texts first.
        var byDayAmount = HashedChains(count: records.count)
        for i in records.indices.reversed() where !claimed[i] && records[i].isImported {
            byDayAmount.push(hashMask & dayAmountHash(records[i].day, recordAmounts[i]), i)
        }
        if byDayAmount.isEmpty { return result }
        var leftByKey: [DayAmountKey: [Int]] = [:]
        var keysInOrder: [DayAmountKey] = []
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            let amount = candidateAmounts[index]
            guard byDayAmount.contains(hashMask & dayAmountHash(candidate.day, amount),
                                       same: { records[$0].day == candidate.day && recordAmounts[$0] == amount }) else { continue }
            let key = DayAmountKey(day: candidate.day, amount: candidate.amount)
            if leftByKey[key] == nil { keysInOrder.append(key) }
            leftByKey[key, default: []].append(index)
        }
        for key in keysInOrder {
            let left = leftByKey[key] ?? []
            let day = candidates[left[0]].day, amount = candidateAmounts[left[0]]
            let open = byDayAmount.all(hashMask & dayAmountHash(day, amount), claimed: claimed,
                                       same: { records[$0].day == day && recordAmounts[$0] == amount })
            for (index, i) in RewrittenPairing.pairs(candidates: left.map { candidates[$0] }, records: open.map { records[$0] }) {
                claimed[open[i]] = true
                result[left[index]] = IdentityMatch(existingId: records[open[i]].id, reason: .rewrittenDescription)
            }
        }
        return result
    }

    /// ``match(_:against:hashMask:)`` when its first rule decides every candidate: each has a bank
    /// id and is a stored row by it (a statement imported again). Nil otherwise, when the whole
    /// match must run. Text keys are not looked at, so the candidates need none (the store makes
    /// them only when this gives nil).
    package static func matchAllByBankId(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                                         hashMask: UInt64 = .max) -> [IdentityMatch?]? {
        guard !candidates.isEmpty, !stored.isEmpty, candidates.allSatisfy({ $0.bankId != nil }) else { return nil }
        let result = ruleOne(candidates, against: stored, hashMask: hashMask)
        return result.contains(where: { $0 == nil }) ? nil : result
    }

    /// ``match(_:against:hashMask:)`` followed by ``ReissuedIdCheck``, when rule 1 alone decides
    /// and leaves rows new: every candidate and every stored row has a bank id, and at least one
    /// candidate is a stored row by it (a statement imported again with new rows among the old).
    /// Then rules 2 and 3 cannot claim a row (a candidate with a bank id claims by text only rows
    /// without one), nor can the re-issued check (it stands down once one bank id is known), so the
    /// answer is rule 1's, found without the text keys of the stored rows. Nil otherwise, when the
    /// whole match must run (it is also nil when rule 1 decides every row: see
    /// ``matchAllByBankId(_:against:hashMask:)``).
    ///
    /// - Complexity: O(n + m) expected, as rule 1.
    package static func matchNewAmongBankIds(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                                             hashMask: UInt64 = .max) -> [IdentityMatch?]? {
        guard !candidates.isEmpty, !stored.isEmpty, candidates.allSatisfy({ $0.bankId != nil }),
              stored.allSatisfy({ $0.bankId != nil }) else { return nil }
        let result = ruleOne(candidates, against: stored, hashMask: hashMask)
        return result.contains(where: { $0 == nil }) && result.contains(where: { $0 != nil }) ? result : nil
    }

    /// Rule 1 alone: what each candidate claims by bank id among `stored` (taken in id order).
    private static func ruleOne(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                                hashMask: UInt64) -> [IdentityMatch?] {
        let inIdOrder = stored.indices.dropFirst().allSatisfy { stored[$0 - 1].id < stored[$0].id }
        let records = inIdOrder ? stored : stored.sorted { $0.id < $1.id }
        var claimed = [Bool](repeating: false, count: records.count)
        var result = [IdentityMatch?](repeating: nil, count: candidates.count)
        matchByBankId(candidates, candidates.map { NormalizedAmount($0.amount) }, records, records.map { NormalizedAmount($0.amount) },
                      hashMask: hashMask, claimed: &claimed, result: &result)
        return result
    }

    /// Rule 1 over records in id order: each candidate with a bank id claims the first unclaimed
    /// record of the same bank id and amount within ``bankIdWindow`` days.
    private static func matchByBankId(_ candidates: [IdentityCandidate], _ candidateAmounts: [NormalizedAmount],
                                      _ records: [IdentityRecord], _ recordAmounts: [NormalizedAmount], hashMask: UInt64,
                                      claimed: inout [Bool], result: inout [IdentityMatch?]) {
        // A statement imported again lines up with its stored rows: candidate k is record k. While
        // it does, record k is the first unclaimed one of its key (those before it are claimed),
        // so the hashed look-up is needed only from the first row that does not line up.
        var aligned = 0
        while aligned < candidates.count && aligned < records.count, let bankId = candidates[aligned].bankId,
              records[aligned].bankId == bankId, recordAmounts[aligned] == candidateAmounts[aligned],
              abs(records[aligned].day.distance(to: candidates[aligned].day)) <= bankIdWindow {
            claimed[aligned] = true
            result[aligned] = IdentityMatch(existingId: records[aligned].id, reason: .sameBankId)
            aligned += 1
        }
        if aligned == candidates.count { return }
        var byBankId = HashedChains(count: records.count)
        for i in records.indices.reversed() where i >= aligned {
            if let bankId = records[i].bankId { byBankId.push(hashMask & bankHash(bankId, recordAmounts[i]), i) }
        }
        if byBankId.isEmpty { return }
        for (index, candidate) in candidates.enumerated() where index >= aligned {
            guard let bankId = candidate.bankId else { continue }
            let amount = candidateAmounts[index]
            if let i = byBankId.first(hashMask & bankHash(bankId, amount), claimed: claimed,
                                      same: { recordAmounts[$0] == amount && records[$0].bankId == bankId },
                                      where: { abs(records[$0].day.distance(to: candidate.day)) <= bankIdWindow }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameBankId)
            }
        }
    }

    /// An amount without trailing zeros, so `-3.2` and `-3.20` compare and hash alike.
    struct NormalizedAmount: Equatable {
        let units: Int64
        let scale: Int

        init(_ amount: Amount) {
            let normalized = amount.scale == 0 || amount.units % 10 != 0 ? amount : amount.normalized
            units = normalized.units
            scale = normalized.scale
        }
    }

    /// A 64-bit mix (the SplitMix64 finalizer): every input bit moves about half the output bits.
    @inline(__always) static func mix(_ x: UInt64) -> UInt64 {
        var z = x &+ 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    @inline(__always) static func amountHash(_ amount: NormalizedAmount) -> UInt64 {
        mix(UInt64(bitPattern: amount.units) ^ mix(UInt64(truncatingIfNeeded: amount.scale)))
    }

    /// Texts hash through Swift's `Hasher`, which agrees with `String`'s equality (canonical
    /// equivalence: `é` written as one code point or two), unlike a hash of the bytes.
    static func bankHash(_ bankId: String, _ amount: NormalizedAmount) -> UInt64 {
        mix(UInt64(bitPattern: Int64(bankId.hashValue)) ^ amountHash(amount))
    }

    static func fingerprintHash(_ day: Day, _ amount: NormalizedAmount, _ text: String) -> UInt64 {
        mix(UInt64(bitPattern: Int64(text.hashValue)) ^ dayAmountHash(day, amount))
    }

    static func dayAmountHash(_ day: Day, _ amount: NormalizedAmount) -> UInt64 {
        mix(UInt64(UInt32(bitPattern: day.daysSinceEpoch)) ^ amountHash(amount))
    }

    private struct FingerprintKey: Hashable {
        let day: Int32
        /// The amount without trailing zeros, so `-3.2` and `-3.20` are one key.
        let units: Int64
        let scale: Int
        let text: String

        init(day: Day, amount: Amount, text: String) {
            self.day = day.daysSinceEpoch
            let normalized = amount.scale == 0 || amount.units % 10 != 0 ? amount : amount.normalized
            self.units = normalized.units
            self.scale = normalized.scale
            self.text = text
        }
    }

    private struct DayAmountKey: Hashable {
        let day: Int32
        let units: Int64
        let scale: Int

        init(day: Day, amount: Amount) {
            self.day = day.daysSinceEpoch
            let normalized = amount.scale == 0 || amount.units % 10 != 0 ? amount : amount.normalized
            self.units = normalized.units
            self.scale = normalized.scale
        }
    }
}

/// A transaction about to be imported, reduced to what identifies it.
package struct IdentityCandidate: Sendable, Hashable {
    package var day: Day
    package var amount: Amount
    package var bankId: String?
    /// ``TransactionIdentity/textKey(payee:memo:)`` of the original payee and memo.
    package var textKey: String

    package init(day: Day, amount: Amount, bankId: String?, textKey: String) {
        self.day = day
        self.amount = amount
        self.bankId = bankId
        self.textKey = textKey
    }

    /// The identity of a transaction as the bank reported it (original payee, memo).
    package init(_ transaction: LedgerTransaction) {
        self = withUnsafePointer(to: transaction) { IdentityCandidate(at: $0) }
    }

    /// ``init(_:)`` of the transaction `t` points at, read in place (a transaction passed as a
    /// value is copied, a retain per text).
    package init(at t: UnsafePointer<LedgerTransaction>) {
        self.init(day: t.pointee.day, amount: t.pointee.amount, bankId: t.pointee.bankId,
                  textKey: TransactionIdentity.textKey(payee: t.pointee.originalPayee ?? t.pointee.payee, memo: t.pointee.memo))
    }
}

/// A stored transaction, reduced to what identifies it.
package struct IdentityRecord: Sendable, Hashable {
    package var id: Int64
    package var day: Day
    package var amount: Amount
    package var bankId: String?
    package var textKey: String
    /// It came from an import (not typed in by hand): only those may match a rewritten description.
    package var isImported: Bool

    package init(id: Int64, day: Day, amount: Amount, bankId: String?, textKey: String, isImported: Bool = true) {
        self.id = id
        self.day = day
        self.amount = amount
        self.bankId = bankId
        self.textKey = textKey
        self.isImported = isImported
    }
}

/// A candidate recognized as a stored transaction.
package struct IdentityMatch: Sendable, Hashable {
    package var existingId: Int64
    package var reason: DuplicateReason

    package init(existingId: Int64, reason: DuplicateReason) {
        self.existingId = existingId
        self.reason = reason
    }
}

/// Writes the text key of ASCII parts into a key's storage: white space runs folded to one space,
/// trimmed at both ends, capitals lowered (``TransactionIdentity/textKey(payee:memo:beyondASCII:)``).
///
/// A value with mutating methods rather than a local function capturing the running count: a
/// local function passed as a closure keeps its captures in a box checked for exclusive access
/// at run time on every call.
private struct ASCIIKeyWriter {
    let out: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0
    private var pendingSpace = false

    init(out: UnsafeMutableBufferPointer<UInt8>) { self.out = out }

    /// Appends the key of `part`; false at a byte beyond ASCII.
    mutating func add(_ part: String?) -> Bool {
        guard let part else { return true }
        if let added = part.utf8.withContiguousStorageIfAvailable({ add(bytes: $0) }) { return added }
        return Array(part.utf8).withUnsafeBufferPointer { add(bytes: $0) }
    }

    private mutating func add(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if count > 0 { pendingSpace = true }
        for byte in bytes {
            if byte >= 0x80 { return false }
            if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                if count > 0 { pendingSpace = true }
                continue
            }
            if pendingSpace { out[count] = 0x20; count += 1; pendingSpace = false }
            out[count] = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
            count += 1
        }
        return true
    }
}
