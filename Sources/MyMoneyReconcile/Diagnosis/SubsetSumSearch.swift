/// Two or three stored transactions of a window whose amounts add up to a target, where the
/// members are suspect entries (typed or edited by hand, entered late: see ``EntryProvenance``):
/// every pair with at least one suspect member, every triple with at least two.
///
/// The fast search hashes the window's amounts once and looks up, for each suspect entry (or
/// pair of them), the one amount that completes the sum: linear in the window for pairs,
/// quadratic only in the suspect entries for triples (bounded by ``tripleEntryLimit``, the most
/// recent first; the result says when the bound cut the search short). ``plain(…)`` is its twin
/// that tries every pair and triple, kept for the differential test.
///
/// - Complexity: O(w + s + m) for pairs and O(s² + m) for triples, for a window of w
///   transactions, s suspect entries (at most ``tripleEntryLimit`` for triples) and m matches.
struct SubsetSumSearch: Sendable {
    /// One set of positions (ascending) that adds up to the target.
    typealias Subset = [Int]

    struct Result: Sendable, Equatable {
        var pairs: [Subset] = []
        var triples: [Subset] = []
        /// The triple search looked only at the most recent ``tripleEntryLimit`` suspect entries.
        var triplesCut = false
    }

    /// Suspect entries beyond this many are left out of the triple search (most recent kept).
    static let tripleEntryLimit = 1_500

    /// - Parameters:
    ///   - units: amounts by sorted position.
    ///   - window: the positions searched.
    ///   - suspects: suspect positions inside `window`, most recent entry first.
    static func fast(units: [Int64], window: Range<Int>, suspects: [Int], target: Int64, triples: Bool) -> Result {
        var result = Result()
        guard !suspects.isEmpty else { return result }
        var byValue: [Int64: [Int]] = [:]
        byValue.reserveCapacity(window.count)
        for p in window where units[p] != 0 { byValue[units[p], default: []].append(p) }
        var seenPairs = Set<Subset>()
        for s in suspects where units[s] != 0 {
            let (need, o) = target.subtractingReportingOverflow(units[s])
            guard !o, let list = byValue[need] else { continue }
            for q in list where q != s {
                // A pair of two suspects is found from both ends; keep it once.
                let pair = s < q ? [s, q] : [q, s]
                if seenPairs.insert(pair).inserted { result.pairs.append(pair) }
            }
        }
        guard triples else { return result }
        let entries = Array(suspects.prefix(tripleEntryLimit)).filter { units[$0] != 0 }
        result.triplesCut = suspects.count > tripleEntryLimit
        var seenTriples = Set<Subset>()
        for a in 0..<entries.count {
            for b in (a + 1)..<max(a + 1, entries.count) {
                let (partial, o1) = units[entries[a]].addingReportingOverflow(units[entries[b]])
                let (need, o2) = target.subtractingReportingOverflow(partial)
                guard !o1, !o2, let list = byValue[need] else { continue }
                for q in list where q != entries[a] && q != entries[b] {
                    let triple = [entries[a], entries[b], q].sorted()
                    if seenTriples.insert(triple).inserted { result.triples.append(triple) }
                }
            }
        }
        return result
    }

    /// The same sets, found by trying every pair and triple of the window: O(w³), for tests.
    static func plain(units: [Int64], window: Range<Int>, suspects: [Int], target: Int64, triples: Bool) -> Result {
        var result = Result()
        let isSuspect = Set(suspects)
        let positions = window.filter { units[$0] != 0 }
        for (i, a) in positions.enumerated() {
            for b in positions[(i + 1)...] where Int128(units[a]) + Int128(units[b]) == Int128(target)
                && (isSuspect.contains(a) || isSuspect.contains(b)) {
                result.pairs.append([a, b])
            }
        }
        guard triples else { return result }
        for (i, a) in positions.enumerated() {
            for (j, b) in positions.enumerated() where j > i {
                for c in positions[(j + 1)...] where Int128(units[a]) + Int128(units[b]) + Int128(units[c]) == Int128(target) {
                    if [a, b, c].filter(isSuspect.contains).count >= 2 { result.triples.append([a, b, c]) }
                }
            }
        }
        return result
    }
}
