/// Which rows of a new export are the stored rows whose text the bank rewrote, among rows of one
/// account, day and amount that nothing else matched (``TransactionIdentity``'s rule 3).
///
/// When one row is left on each side, they are one transaction. When more are left, the pairing
/// goes by the words the texts share (leaving out words every candidate has), most shared words first (`KARTENZAHLUNG REWE 123` is
/// `REWE Markt Berlin`, not `GROCER TWO` on the same day for the same amount), and only then by
/// statement order: an export cut in the middle of a day, followed by the full day in another
/// order, keeps each stored row's own text. Rows that share no word are paired in statement order
/// (a switch from CSV to OFX may change every word).
///
/// A candidate with a bank id pairs only with a stored row without one, as in rule 2.
///
/// - Complexity: O(c · r · w) for c candidates and r stored rows of one day and amount with w words;
///   groups beyond ``alikeLimit`` pairs go by statement order alone, O(c + r).
package enum RewrittenPairing {
    /// The largest c · r compared word by word.
    package static let alikeLimit = 4_096

    /// Pairs as (candidate index, record index), each index used at most once.
    package static func pairs(candidates: [IdentityCandidate], records: [IdentityRecord]) -> [(Int, Int)] {
        if candidates.isEmpty || records.isEmpty { return [] }
        if candidates.count * records.count > alikeLimit || (candidates.count == 1 && records.count == 1) {
            return inOrder(candidates: candidates, records: records)
        }
        var candidateWords = candidates.map { words(of: $0.textKey) }
        if candidates.count > 1 {
            // A word every candidate has (`kartenzahlung`) tells them apart from nothing.
            let common = candidateWords.dropFirst().reduce(candidateWords[0]) { $0.intersection($1) }
            candidateWords = candidateWords.map { $0.subtracting(common) }
        }
        let recordWords = records.map { words(of: $0.textKey) }
        var scored: [(shared: Int, candidate: Int, record: Int)] = []
        for c in candidates.indices {
            for r in records.indices where allowed(candidates[c], records[r]) {
                scored.append((candidateWords[c].intersection(recordWords[r]).count, c, r))
            }
        }
        scored.sort { ($0.shared, -$0.candidate, -$0.record) > ($1.shared, -$1.candidate, -$1.record) }
        var usedCandidate = [Bool](repeating: false, count: candidates.count)
        var usedRecord = [Bool](repeating: false, count: records.count)
        var result: [(Int, Int)] = []
        for pair in scored where !usedCandidate[pair.candidate] && !usedRecord[pair.record] {
            usedCandidate[pair.candidate] = true
            usedRecord[pair.record] = true
            result.append((pair.candidate, pair.record))
        }
        return result.sorted { $0.0 < $1.0 }
    }

    /// The plain rule: each candidate in statement order takes the first stored row it may take.
    package static func inOrder(candidates: [IdentityCandidate], records: [IdentityRecord]) -> [(Int, Int)] {
        var usedRecord = [Bool](repeating: false, count: records.count)
        var anyCursor = 0, withoutIdCursor = 0
        var result: [(Int, Int)] = []
        for c in candidates.indices {
            let needsNoId = candidates[c].bankId != nil
            var r = needsNoId ? withoutIdCursor : anyCursor
            while r < records.count && (usedRecord[r] || (needsNoId && records[r].bankId != nil)) { r += 1 }
            if needsNoId { withoutIdCursor = r } else { anyCursor = r }
            guard r < records.count else { continue }
            usedRecord[r] = true
            result.append((c, r))
        }
        return result
    }

    private static func allowed(_ candidate: IdentityCandidate, _ record: IdentityRecord) -> Bool {
        candidate.bankId == nil || record.bankId == nil
    }

    /// The words of a text key (already lower-cased): runs of letters and digits, two or more long.
    static func words(of textKey: String) -> Set<Substring> {
        var result = Set<Substring>()
        for word in textKey.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) where word.count >= 2 {
            result.insert(word)
        }
        return result
    }
}
