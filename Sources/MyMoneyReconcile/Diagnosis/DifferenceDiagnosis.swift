/// Finds the stored transactions that could explain a difference between a statement and the
/// ledger, ranked, with reasons.
///
/// The difference is always *statement minus ledger*. A stored transaction `t` that the bank does
/// not have makes it `-t`; a transaction missing from the ledger makes it `+t`; a stored amount `s`
/// that should be `a` makes it `a - s`.
///
/// - Complexity: O(w · c) for a window of w transactions and c transposition patterns (a handful),
///   plus O(k²) for the subset search over the k transactions nearest the checkpoint
///   (``ReconcileOptions/subsetCandidates``). Never exponential.
struct DifferenceDiagnosis {
    let balances: LedgerBalances
    let options: ReconcileOptions

    /// What is known about one disagreeing checkpoint.
    struct Context {
        /// Statement minus ledger, the part that is new at this checkpoint (units of the ledger's scale).
        var delta: Int64
        /// The previous checkpoint's last included day (exclusive start of the window), if any.
        var after: Day?
        /// This checkpoint's last included day.
        var through: Day
        /// The next checkpoint's difference returns to the previous one: the fault is in this window only.
        var transient: Bool
        /// No checkpoint follows.
        var isLast: Bool
        /// No earlier checkpoint or reconciled day: the opening balance itself is in question.
        var atStart: Bool
        /// Breaks in the bank's running balances dated in this window.
        var breaks: [RunningBalanceChain.Break]
    }

    func suspects(_ c: Context) -> [Suspect] {
        let d = c.delta
        guard d != 0 else { return [] }
        let lo = c.after.map { balances.upperBound($0) } ?? 0
        let hi = balances.upperBound(c.through)
        let windowStart = c.after.map { $0.advanced(by: 1) } ?? (lo < hi ? Day(daysSinceEpoch: balances.days[lo]) : c.through)
        let window = DayRange(start: min(windowStart, c.through), end: c.through)
        var found: [Suspect] = []
        let amountD = balances.amount(d)

        // Breaks in the bank's own running balance of exactly this size.
        for b in c.breaks where (balances.unitsOf(b.difference) ?? 0) == d {
            found.append(Suspect(kind: .runningBalanceBreak, amount: b.difference, window: window,
                                 reason: "the bank's running balance jumps by \(b.difference) at row \(b.row.index + 1) (\(b.row.day)): "
                                     + "expected \(b.expected), stated \(b.stated); a transaction of \(b.difference) is missing from the statement file, so from the ledger",
                                 confidence: 0.88))
        }

        found += duplicates(d, lo: lo, hi: hi)
        found += singles(d, lo: lo, hi: hi)
        found += transpositions(d, lo: lo, hi: hi)
        found += acrossCheckpoint(d, lo: lo, hi: hi, context: c)
        found += subsets(d, lo: lo, hi: hi)

        // Keep one suspect per set of transactions: the most likely explanation of it.
        var best: [[String]: Suspect] = [:]
        var others: [Suspect] = []
        for s in found {
            if s.transactions.isEmpty { others.append(s); continue }
            let key = s.transactions.map(Self.key)
            if let existing = best[key], !Suspect.ranks(s, before: existing) { continue }
            best[key] = s
        }
        // A copy of a duplicate is not also an "extra" of its own: the duplicate says more.
        let duplicated = Set(best.values.filter { $0.kind == .duplicate }.flatMap { $0.transactions.map(Self.key) })
        var result = best.values.filter { !($0.kind == .extra && $0.transactions.allSatisfy { duplicated.contains(Self.key($0)) }) }
            + others
        let storedExplains = !result.isEmpty

        if c.atStart {
            let opening = (try? balances.amount(balances.openingUnits) + amountD)
            result.append(Suspect(kind: .openingBalance, amount: opening, window: window,
                                  reason: "no earlier checkpoint agrees: the account's opening balance \(balances.amount(balances.openingUnits)) may be wrong"
                                      + (opening.map { "; \($0) would make this checkpoint agree" } ?? ""),
                                  confidence: storedExplains ? 0.3 : 0.45))
        }
        result.append(Suspect(kind: .missing, amount: amountD, window: window,
                              reason: (storedExplains ? "or " : "no stored transaction explains it: ")
                                  + "a transaction of \(amountD) is missing from the ledger "
                                  + (c.after == nil ? "on or before \(window.end)"
                                     : window.start == window.end ? "on \(window.end)" : "between \(window.start) and \(window.end)"),
                              confidence: storedExplains ? 0.2 : 0.5))
        result.sort(by: Suspect.ranks)
        return Array(result.prefix(max(1, options.maximumSuspects)))
    }

    /// Tells stored transactions apart (id, day, amount) for merging suspects.
    static func key(_ t: LedgerTransaction) -> String { "\(t.id ?? -1)|\(t.day)|\(t.amount)" }

    // MARK: - One stored transaction

    /// Two stored rows that are one, whose amount is the difference.
    func duplicates(_ d: Int64, lo: Int, hi: Int) -> [Suspect] {
        guard d != .min else { return [] }
        let target = -d
        var result: [Suspect] = []
        var seenPairs = Set<[Int]>()
        let cap = max(1, options.maximumSuspects)
        // Nearest the checkpoint first, so the caps keep the likeliest.
        for p in (lo..<hi).reversed() where balances.units[p] == target {
            let t = balances.transaction(at: p)
            let text = TransactionText(t)
            let from = balances.lowerBound(t.day.advanced(by: -1)), to = balances.upperBound(t.day.advanced(by: 1))
            for q in from..<to where q != p && balances.units[q] == target {
                let pair = [min(p, q), max(p, q)]
                if seenPairs.contains(pair) { continue }
                let other = balances.transaction(at: q)
                let otherText = TransactionText(other)
                let sameDay = other.day == t.day
                let similar = sameDay ? text.similarity(to: otherText) >= options.duplicateSimilarity
                                      : text.words == otherText.words
                guard similar else { continue }
                seenPairs.insert(pair)
                if result.count >= cap { return result }
                let first = balances.transaction(at: pair[0]), second = balances.transaction(at: pair[1])
                result.append(Suspect(kind: .duplicate, transactions: [first, second],
                                      reason: "stored twice: \(describe(first)) and \(describe(second)) "
                                          + (sameDay ? "have the same day, amount and similar text" : "are a day apart with the same amount and text")
                                          + "; one copy is the difference",
                                      confidence: sameDay ? 0.95 : 0.85))
            }
        }
        return result
    }

    /// A stored amount equal to the difference (extra), half of it (sign flipped) or a decimal slip of it.
    func singles(_ d: Int64, lo: Int, hi: Int) -> [Suspect] {
        // (stored amount, corrected amount or nil, kind, extra words)
        var targets: [(stored: Int64, corrected: Int64?, kind: Suspect.Kind, places: Int)] = []
        if d != .min { targets.append((-d, nil, .extra, 0)) }
        if d % 2 == 0 && d != .min { targets.append((-d / 2, d / 2, .signFlipped, 0)) }
        let wide = Int128(d)
        var p: Int128 = 1
        for k in 1...4 {
            p *= 10
            // Stored s, the bank's a = s·10^k: d = s·(10^k − 1).
            if wide % (p - 1) == 0, let s = Int64(exactly: wide / (p - 1)), let a = Int64(exactly: Int128(s) * p) {
                targets.append((s, a, .decimalSlip, k))
            }
            // Stored s, the bank's a = s / 10^k: d = −s·(10^k − 1)/10^k.
            if (wide * p) % (p - 1) == 0, let s = Int64(exactly: -(wide * p) / (p - 1)), Int128(s) % p == 0 {
                targets.append((s, Int64(exactly: Int128(s) / p), .decimalSlip, -k))
            }
        }
        var result: [Suspect] = []
        var perKind: [Suspect.Kind: Int] = [:]
        let cap = max(1, options.maximumSuspects)
        for pos in (lo..<hi).reversed() {
            let u = balances.units[pos]
            for target in targets where target.stored == u && u != 0 && perKind[target.kind, default: 0] < cap {
                perKind[target.kind, default: 0] += 1
                let t = balances.transaction(at: pos)
                let corrected = target.corrected.map { balances.amount($0) }
                let reason: String
                var confidence: Double
                switch target.kind {
                case .extra:
                    reason = "\(describe(t)) is exactly the difference: it is stored but not in the bank's balance (extra, or not yet posted at the bank)"
                    confidence = 0.7
                case .signFlipped:
                    reason = "\(describe(t)) is half the difference: its sign is probably flipped (the bank has \(corrected.map(\.description) ?? "?"))"
                    confidence = 0.75
                default:
                    let moved = target.places > 0 ? "\(target.places) place\(target.places == 1 ? "" : "s") to the right" : "\(-target.places) place\(target.places == -1 ? "" : "s") to the left"
                    reason = "\(describe(t)) with its decimal point moved \(moved) is \(corrected.map(\.description) ?? "?"), which explains the difference"
                    confidence = 0.6
                }
                result.append(Suspect(kind: target.kind, transactions: [t], amount: corrected, reason: reason, confidence: confidence))
            }
        }
        return result
    }

    /// A stored amount with two digits swapped: the difference is then divisible by 9.
    func transpositions(_ d: Int64, lo: Int, hi: Int) -> [Suspect] {
        guard d % 9 == 0, d != 0, d != .min else { return [] }
        // Swapping digit x at position i with digit y at position j > i changes |s| by (x − y)(10^j − 10^i).
        var patterns: [(i: Int, j: Int, k: Int64)] = []
        for j in 1...18 {
            for i in 0..<j {
                let step = powersOfTen64[j] - powersOfTen64[i]
                if d % step == 0 {
                    let k = d / step
                    if k != 0 && abs(k) <= 9 { patterns.append((i, j, k)) }
                }
            }
        }
        guard !patterns.isEmpty else { return [] }
        var result: [Suspect] = []
        let cap = max(1, options.maximumSuspects)
        for pos in (lo..<hi).reversed() where result.count < cap {
            let u = balances.units[pos]
            guard u != 0, u != .min else { continue }
            let m = u.magnitude
            let digitCount = String(m).count
            for pattern in patterns where pattern.j < digitCount {
                let x = Int64((m / UInt64(powersOfTen64[pattern.i])) % 10)
                let y = Int64((m / UInt64(powersOfTen64[pattern.j])) % 10)
                // For a negative amount the change to the signed amount is the opposite of the change to |s|.
                let wanted = u > 0 ? pattern.k : -pattern.k
                guard x - y == wanted else { continue }
                let (change, o1) = (x - y).multipliedReportingOverflow(by: powersOfTen64[pattern.j] - powersOfTen64[pattern.i])
                let (swapped, o2) = Int64(m).addingReportingOverflow(change)
                guard !o1, !o2 else { continue }
                let corrected = balances.amount(u > 0 ? swapped : -swapped)
                let t = balances.transaction(at: pos)
                let adjacent = pattern.j == pattern.i + 1
                result.append(Suspect(kind: .transposedDigits, transactions: [t], amount: corrected,
                                      reason: "\(describe(t)) with two \(adjacent ? "adjacent " : "")digits swapped is \(corrected), "
                                          + "which explains the difference (a difference divisible by 9 is the mark of transposed digits)",
                                      confidence: adjacent ? 0.65 : 0.45))
            }
        }
        return result
    }

    // MARK: - Dating

    /// A transaction the ledger dates on the other side of the checkpoint than the bank.
    func acrossCheckpoint(_ d: Int64, lo: Int, hi: Int, context c: Context) -> [Suspect] {
        guard d != .min else { return [] }
        var result: [Suspect] = []
        let slack = max(1, options.datingSlackDays)
        // Stored on or before the checkpoint, booked by the bank after it: the ledger has −d too many.
        let nearStart = max(lo, balances.lowerBound(c.through.advanced(by: -(slack - 1))))
        if c.transient || c.isLast {
            for pos in nearStart..<hi where balances.units[pos] == -d {
                let t = balances.transaction(at: pos)
                let days = t.day.distance(to: c.through)
                result.append(Suspect(kind: .datedAcrossCheckpoint, transactions: [t],
                                      reason: "\(describe(t)) is dated \(days == 0 ? "on the checkpoint's day" : "\(days) day\(days == 1 ? "" : "s") before it") in the ledger; "
                                          + (c.transient ? "the next checkpoint agrees again, so the bank booked it after \(c.through)"
                                                         : "the bank has probably not booked it yet"),
                                      confidence: c.transient ? 0.9 : 0.75))
            }
        }
        // Stored after the checkpoint, booked by the bank on or before it: the ledger lacks +d.
        let laterEnd = balances.upperBound(c.through.advanced(by: slack))
        for pos in hi..<laterEnd where balances.units[pos] == d {
            let t = balances.transaction(at: pos)
            let days = c.through.distance(to: t.day)
            result.append(Suspect(kind: .datedAcrossCheckpoint, transactions: [t],
                                  reason: "\(describe(t)) is dated \(days) day\(days == 1 ? "" : "s") after the checkpoint in the ledger, "
                                      + "but the bank's balance as of \(c.through) already includes it",
                                  confidence: c.transient ? 0.9 : 0.6))
        }
        return result
    }

    // MARK: - Several transactions

    /// Two or three stored transactions near the checkpoint that together are the difference.
    func subsets(_ d: Int64, lo: Int, hi: Int) -> [Suspect] {
        guard options.maximumSubsetSize >= 2, d != .min else { return [] }
        let target = Int128(-d)
        let from = max(lo, hi - max(0, options.subsetCandidates))
        let candidates = (from..<hi).filter { balances.units[$0] != 0 }
        var byValue: [Int64: [Int]] = [:]
        for (n, pos) in candidates.enumerated() { byValue[balances.units[pos], default: []].append(n) }
        var sets: [[Int]] = []
        let limit = max(0, options.maximumSubsets)
        outer: for a in 0..<candidates.count {
            let ua = Int128(balances.units[candidates[a]])
            if let need = Int64(exactly: target - ua), let list = byValue[need] {
                for b in list where b > a {
                    sets.append([a, b])
                    if sets.count >= limit { break outer }
                }
            }
        }
        if options.maximumSubsetSize >= 3 && sets.count < limit {
            outer: for a in 0..<candidates.count {
                let ua = Int128(balances.units[candidates[a]])
                for b in (a + 1)..<max(a + 1, candidates.count) {
                    let ub = Int128(balances.units[candidates[b]])
                    guard let need = Int64(exactly: target - ua - ub), let list = byValue[need] else { continue }
                    for c in list where c > b {
                        sets.append([a, b, c])
                        if sets.count >= limit { break outer }
                    }
                }
            }
        }
        return sets.map { set in
            let ts = set.map { balances.transaction(at: candidates[$0]) }
            return Suspect(kind: .subsetSum, transactions: ts,
                           reason: "these \(ts.count) transactions add up to the difference: " + ts.map(describe).joined(separator: ", "),
                           confidence: ts.count == 2 ? 0.4 : 0.3)
        }
    }
}

/// 10^0 … 10^18.
let powersOfTen64: [Int64] = {
    var result: [Int64] = [1]
    for _ in 1...18 { result.append((result.last ?? 1) * 10) }
    return result
}()
