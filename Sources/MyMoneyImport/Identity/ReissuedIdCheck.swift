/// Recognizes a statement the bank sent again under new bank ids: the same rows, every FITID changed.
///
/// ``TransactionIdentity`` lets a candidate with a bank id claim by day, amount and text only a
/// stored row *without* one, so a bank that re-issues its ids would have every row of a
/// re-downloaded statement added twice. This check runs after the identity rules, on one
/// statement of one account, and recognizes the case only as a whole:
///
/// - none of the statement's bank ids is known among the stored rows (no `same_bank_id` match, and
///   no stored row near its days carries any of them), and at least one row has a bank id;
/// - every row the identity rules left new has a bank id and pairs one-to-one with a distinct,
///   still unclaimed stored row *with* a bank id, of the same day, amount and text key (the
///   fingerprint of rule 2; identical rows are counted, never matched twice).
///
/// Then those rows are ``DuplicateReason/sameRowsNewIds``; otherwise nothing changes (a
/// statement where some ids are known, or one row does not pair, brings real new rows). A caller
/// that trusts the bank's ids (`mymoney import --trust-ids`) does not run it.
///
/// Limits: a re-issued download that also covers days the ledger lacks (a longer period) is not
/// recognized, and its overlap is added twice, as before.
///
/// - Complexity: O(n + m) expected for n candidates and m stored rows: the stored rows of the
///   statement's days are hashed once, each candidate takes the next row of its key.
package enum ReissuedIdCheck {
    /// The matches with the statement's remaining rows recognized as re-issued, or nil when the
    /// statement is not the same rows under new ids.
    ///
    /// `matches` is what ``TransactionIdentity/match(_:against:)`` decided for `candidates`
    /// against `stored`; the rows it claimed are not claimed again.
    package static func match(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                              matches: [IdentityMatch?]) -> [IdentityMatch?]? {
        guard let unclaimed = prepare(candidates, stored, matches) else { return nil }
        let (low, high, pool) = unclaimed
        var byKey: [RowKey: [Int64]] = [:]
        for record in pool where record.day >= low && record.day <= high {
            byKey[RowKey(day: record.day, amount: record.amount, text: record.textKey), default: []].append(record.id)
        }
        // Each key's ids are taken from the front, oldest first: `taken` counts what was taken.
        var taken: [RowKey: Int] = [:]
        var result = matches
        for (index, candidate) in candidates.enumerated() where matches[index] == nil {
            let key = RowKey(day: candidate.day, amount: candidate.amount, text: candidate.textKey)
            guard let ids = byKey[key] else { return nil }
            let n = taken[key, default: 0]
            guard n < ids.count else { return nil }
            taken[key] = n + 1
            result[index] = IdentityMatch(existingId: ids[n], reason: .sameRowsNewIds)
        }
        return result
    }

    /// ``match(_:against:matches:)`` the plain way, each candidate scanning every stored row:
    /// the twin its differential test compares with. O(n × m).
    package static func plainMatch(_ candidates: [IdentityCandidate], against stored: [IdentityRecord],
                                   matches: [IdentityMatch?]) -> [IdentityMatch?]? {
        guard let (low, high, pool) = prepare(candidates, stored, matches) else { return nil }
        var used = Set<Int64>()
        var result = matches
        for (index, candidate) in candidates.enumerated() where matches[index] == nil {
            guard let record = pool.first(where: { r in
                !used.contains(r.id) && r.day >= low && r.day <= high && r.day == candidate.day
                    && r.amount == candidate.amount && r.textKey == candidate.textKey
            }) else { return nil }
            used.insert(record.id)
            result[index] = IdentityMatch(existingId: record.id, reason: .sameRowsNewIds)
        }
        return result
    }

    /// The statement's first and last day and the stored rows with a bank id not claimed by
    /// `matches`, in id order; nil when the statement cannot be the case (see the type).
    private static func prepare(_ candidates: [IdentityCandidate], _ stored: [IdentityRecord],
                                _ matches: [IdentityMatch?]) -> (Day, Day, [IdentityRecord])? {
        guard let first = candidates.first, !stored.isEmpty else { return nil }
        var low = first.day, high = first.day
        var bankIds = Set<String>()
        var anyNew = false
        for (index, candidate) in candidates.enumerated() {
            if matches[index]?.reason == .sameBankId { return nil }
            if matches[index] == nil {
                guard candidate.bankId != nil else { return nil }
                anyNew = true
            }
            if let bankId = candidate.bankId { bankIds.insert(bankId) }
            if candidate.day < low { low = candidate.day }
            if candidate.day > high { high = candidate.day }
        }
        guard anyNew, !bankIds.isEmpty else { return nil }
        var claimed = Set<Int64>()
        for match in matches { if let match { claimed.insert(match.existingId) } }
        var pool: [IdentityRecord] = []
        for record in stored {
            guard let bankId = record.bankId else { continue }
            if bankIds.contains(bankId) { return nil }
            if !claimed.contains(record.id) { pool.append(record) }
        }
        pool.sort { $0.id < $1.id }
        return (low, high, pool)
    }

    /// Day, amount (by value: `-3.2` is `-3.20`) and text key.
    private struct RowKey: Hashable {
        let day: Day
        let units: Int64
        let scale: Int
        let text: String

        init(day: Day, amount: Amount, text: String) {
            self.day = day
            let normalized = amount.scale == 0 || amount.units % 10 != 0 ? amount : amount.normalized
            self.units = normalized.units
            self.scale = normalized.scale
            self.text = text
        }
    }
}
