extension DifferenceDiagnosis {
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
        // Every hit, then per kind the likeliest: rows typed, edited or entered late first, then
        // those nearest the checkpoint.
        var hits: [(position: Int, target: Int, confidence: Double)] = []
        for pos in (lo..<hi).reversed() {
            let u = balances.units[pos]
            guard u != 0 else { continue }
            for (n, target) in targets.enumerated() where target.stored == u {
                let base: Double = target.kind == .extra ? 0.7 : target.kind == .signFlipped ? 0.75 : 0.6
                hits.append((pos, n, base + boost(pos, byHand: 0.1, late: 0.1)))
            }
        }
        hits.sort { $0.confidence != $1.confidence ? $0.confidence > $1.confidence : $0.position > $1.position }
        var result: [Suspect] = []
        var perKind: [Suspect.Kind: Int] = [:]
        let cap = max(1, options.maximumSuspects)
        for hit in hits {
            let target = targets[hit.target]
            guard perKind[target.kind, default: 0] < cap else { continue }
            perKind[target.kind, default: 0] += 1
            let t = balances.transaction(at: hit.position)
            let corrected = target.corrected.map { balances.amount($0) }
            let reason: String
            switch target.kind {
            case .extra:
                reason = "\(described(at: hit.position)) is exactly the difference: it is stored but not in the bank's balance (extra, or not yet posted at the bank)"
            case .signFlipped:
                reason = "\(described(at: hit.position)) is half the difference: its sign is probably flipped (the bank has \(corrected.map(\.description) ?? "?"))"
            default:
                let moved = target.places > 0 ? "\(target.places) place\(target.places == 1 ? "" : "s") to the right" : "\(-target.places) place\(target.places == -1 ? "" : "s") to the left"
                reason = "\(described(at: hit.position)) with its decimal point moved \(moved) is \(corrected.map(\.description) ?? "?"), which explains the difference"
            }
            result.append(Suspect(kind: target.kind, transactions: [t], amount: corrected, reason: reason, confidence: hit.confidence))
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
        // Every stored amount that fits a swap; the likeliest first: typed or edited by hand (a
        // bank's file does not swap digits), then entered late, then the most recent entries.
        var hits: [(position: Int, corrected: Int64, adjacent: Bool, confidence: Double)] = []
        for pos in (lo..<hi).reversed() {
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
                let adjacent = pattern.j == pattern.i + 1
                hits.append((pos, u > 0 ? swapped : -swapped, adjacent,
                             (adjacent ? 0.65 : 0.45) + boost(pos, byHand: 0.2, late: 0.1)))
            }
        }
        func recency(_ p: Int) -> Int64 { balances.transaction(at: p).id ?? .max }
        hits.sort { a, b in
            if a.confidence != b.confidence { return a.confidence > b.confidence }
            if recency(a.position) != recency(b.position) { return recency(a.position) > recency(b.position) }
            return a.position > b.position
        }
        return hits.prefix(max(1, options.maximumSuspects)).map { hit in
            let corrected = balances.amount(hit.corrected)
            return Suspect(kind: .transposedDigits, transactions: [balances.transaction(at: hit.position)], amount: corrected,
                           reason: "\(described(at: hit.position)) with two \(hit.adjacent ? "adjacent " : "")digits swapped is \(corrected), "
                               + "which explains the difference (a difference divisible by 9 is the mark of transposed digits)",
                           confidence: hit.confidence)
        }
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

}
