/// The plain twin of ``TransactionIdentity/match(_:against:hashMask:)``.
extension TransactionIdentity {
    /// The identity rules the plain way: each candidate scans every stored transaction, in id order.
    /// The twin the differential test compares with. O(n × m) for n candidates and m stored rows.
    package static func plainMatch(_ candidates: [IdentityCandidate], against stored: [IdentityRecord]) -> [IdentityMatch?] {
        var result = [IdentityMatch?](repeating: nil, count: candidates.count)
        let records = stored.sorted { $0.id < $1.id }
        var claimed = [Bool](repeating: false, count: records.count)
        func sameAmount(_ a: Amount, _ b: Amount) -> Bool { NormalizedAmount(a) == NormalizedAmount(b) }

        // 1. Same bank id and amount, within the window.
        for (index, candidate) in candidates.enumerated() {
            guard let bankId = candidate.bankId else { continue }
            if let i = records.indices.first(where: { i in
                !claimed[i] && records[i].bankId == bankId && sameAmount(records[i].amount, candidate.amount)
                    && abs(records[i].day.distance(to: candidate.day)) <= bankIdWindow
            }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameBankId)
            }
        }
        // 2. Same day, amount and text; a candidate with a bank id only claims a row without one.
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            if let i = records.indices.first(where: { i in
                !claimed[i] && records[i].day == candidate.day && sameAmount(records[i].amount, candidate.amount)
                    && records[i].textKey == candidate.textKey && (candidate.bankId == nil || records[i].bankId == nil)
            }) {
                claimed[i] = true
                result[index] = IdentityMatch(existingId: records[i].id, reason: .sameFingerprint)
            }
        }
        // 3. What is left of each day and amount, paired with the imported rows left of it.
        var groups: [(day: Day, amount: Amount, candidates: [Int])] = []
        for (index, candidate) in candidates.enumerated() where result[index] == nil {
            if let g = groups.firstIndex(where: { $0.day == candidate.day && sameAmount($0.amount, candidate.amount) }) {
                groups[g].candidates.append(index)
            } else if records.indices.contains(where: { i in
                !claimed[i] && records[i].isImported && records[i].day == candidate.day && sameAmount(records[i].amount, candidate.amount)
            }) {
                groups.append((candidate.day, candidate.amount, [index]))
            }
        }
        for group in groups {
            let open = records.indices.filter { i in
                !claimed[i] && records[i].isImported && records[i].day == group.day && sameAmount(records[i].amount, group.amount)
            }
            for (c, r) in RewrittenPairing.pairs(candidates: group.candidates.map { candidates[$0] }, records: open.map { records[$0] }) {
                claimed[open[r]] = true
                result[group.candidates[c]] = IdentityMatch(existingId: records[open[r]].id, reason: .rewrittenDescription)
            }
        }
        return result
    }
}
