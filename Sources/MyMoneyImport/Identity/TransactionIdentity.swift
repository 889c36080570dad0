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
        var bytes: [UInt8] = []
        bytes.reserveCapacity((payee?.utf8.count ?? 0) + (memo?.utf8.count ?? 0) + 1)
        var pendingSpace = false
        for part in [payee, memo] {
            guard let part else { continue }
            if !bytes.isEmpty { pendingSpace = true }
            for byte in part.utf8 {
                if byte >= 0x80 { return unicodeTextKey(payee: payee, memo: memo) }
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    if !bytes.isEmpty { pendingSpace = true }
                    continue
                }
                if pendingSpace { bytes.append(0x20); pendingSpace = false }
                bytes.append(byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
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

    /// ``occurrences(of:)`` by hashing each row's fingerprint.
    private static func hashedOccurrences(of rows: ArraySlice<IdentityCandidate>) -> [Int] {
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

    /// Decides, for each candidate in statement order, which stored transaction it is, or nil when new.
    ///
    /// `stored` holds the account's transactions near the candidates' days (see ``bankIdWindow``);
    /// each stored transaction is claimed by at most one candidate.
    package static func match(_ candidates: [IdentityCandidate], against stored: [IdentityRecord]) -> [IdentityMatch?] {
        var result = [IdentityMatch?](repeating: nil, count: candidates.count)
        if stored.isEmpty || candidates.isEmpty { return result }
        let records = stored.sorted { $0.id < $1.id }
        var claimed = [Bool](repeating: false, count: records.count)

        // 1. Same bank id and amount.
        var byBankId = Chains<BankKey>(count: records.count)
        for i in records.indices.reversed() {
            if let bankId = records[i].bankId { byBankId.push(BankKey(bankId: bankId, amount: records[i].amount), i) }
        }
        for (index, candidate) in candidates.enumerated() {
            guard let bankId = candidate.bankId else { continue }
            if let i = byBankId.first(BankKey(bankId: bankId, amount: candidate.amount), claimed: claimed, where: {
                abs(records[$0].day.distance(to: candidate.day)) <= bankIdWindow
            }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameBankId)
            }
        }

        // 2. Same day, amount and text, counted.
        var byFingerprint = Chains<FingerprintKey>(count: records.count)
        for i in records.indices.reversed() where !claimed[i] {
            byFingerprint.push(FingerprintKey(day: records[i].day, amount: records[i].amount, text: records[i].textKey), i)
        }
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            let hasBankId = candidate.bankId != nil
            if let i = byFingerprint.first(FingerprintKey(day: candidate.day, amount: candidate.amount, text: candidate.textKey),
                                           claimed: claimed, where: { !hasBankId || records[$0].bankId == nil }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameFingerprint)
            }
        }

        // 3. Same day and amount, text rewritten: pair what is left, the most alike texts first.
        var byDayAmount = Chains<DayAmountKey>(count: records.count)
        for i in records.indices.reversed() where !claimed[i] && records[i].isImported {
            byDayAmount.push(DayAmountKey(day: records[i].day, amount: records[i].amount), i)
        }
        if byDayAmount.isEmpty { return result }
        var leftByKey: [DayAmountKey: [Int]] = [:]
        var keysInOrder: [DayAmountKey] = []
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            let key = DayAmountKey(day: candidate.day, amount: candidate.amount)
            guard byDayAmount.contains(key) else { continue }
            if leftByKey[key] == nil { keysInOrder.append(key) }
            leftByKey[key, default: []].append(index)
        }
        for key in keysInOrder {
            let left = leftByKey[key] ?? []
            let open = byDayAmount.all(key, claimed: claimed)
            for (index, i) in RewrittenPairing.pairs(candidates: left.map { candidates[$0] }, records: open.map { records[$0] }) {
                claimed[open[i]] = true
                result[left[index]] = IdentityMatch(existingId: records[open[i]].id, reason: .rewrittenDescription)
            }
        }
        return result
    }

    /// Lists of record indexes by key, as one `next` array (no array per key): memory stays flat for
    /// a million stored transactions.
    private struct Chains<Key: Hashable> {
        private var head: [Key: Int] = [:]
        private var next: [Int]

        init(count: Int) { next = [Int](repeating: -1, count: count) }

        var isEmpty: Bool { head.isEmpty }

        /// Puts `index` in front of its key's list; push in descending order for ascending lists.
        mutating func push(_ key: Key, _ index: Int) {
            next[index] = head[key] ?? -1
            head[key] = index
        }

        /// Whether `key` has a list.
        func contains(_ key: Key) -> Bool { head[key] != nil }

        /// Every unclaimed index of `key`'s list, in ascending order.
        func all(_ key: Key, claimed: [Bool]) -> [Int] {
            var result: [Int] = []
            var i = head[key] ?? -1
            while i >= 0 {
                if !claimed[i] { result.append(i) }
                i = next[i]
            }
            return result
        }

        /// The first unclaimed index of `key`'s list that satisfies `predicate`; claimed ones at the
        /// front are dropped on the way.
        mutating func first(_ key: Key, claimed: [Bool], where predicate: (Int) -> Bool) -> Int? {
            guard var i = head[key] else { return nil }
            while i >= 0 && claimed[i] { i = next[i] }
            head[key] = i >= 0 ? i : nil
            while i >= 0 {
                if !claimed[i] && predicate(i) { return i }
                i = next[i]
            }
            return nil
        }
    }

    private struct BankKey: Hashable {
        let bankId: String
        let units: Int64
        let scale: Int

        init(bankId: String, amount: Amount) {
            self.bankId = bankId
            let normalized = amount.scale == 0 || amount.units % 10 != 0 ? amount : amount.normalized
            self.units = normalized.units
            self.scale = normalized.scale
        }
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
        self.init(day: transaction.day, amount: transaction.amount, bankId: transaction.bankId,
                  textKey: TransactionIdentity.textKey(payee: transaction.originalPayee ?? transaction.payee,
                                                       memo: transaction.memo))
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
