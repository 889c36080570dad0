/// How the rules fare on a set of transactions: hits per rule, rules that never fire, rules that
/// never make a difference, and the payees no rule categorizes.
public struct RuleStats: Sendable {
    public var transactions: Int
    /// Transactions with a category or marked as a transfer after the rules.
    public var categorized: Int
    public var uncategorized: Int
    public var ignored: Int
    /// One entry per rule, in evaluation order.
    public var rules: [RuleHits]
    /// Rules whose conditions held for no transaction.
    public var neverFired: [Int]
    /// Rules that matched but never changed anything, with why.
    public var shadowed: [ShadowedRule]
    /// The most common payees left without a category (transfers and ignored ones aside).
    public var uncategorizedPayees: [PayeeCount]
    /// Rules with no literal text to look for, tried on every transaction.
    public var everyTransaction: [EveryTransactionRule] = []
}

/// One rule's counts.
public struct RuleHits: Sendable, Hashable, Codable {
    public var rule: Int
    /// Transactions where the rule's conditions held and its actions ran.
    public var matched: Int
    /// Of those, where at least one of its changes survived to the end.
    public var effective: Int
    /// Transactions where a later rule overrode it.
    public var overridden: Int
    /// Transactions where its conditions held but an earlier `stop` or `ignore` ended evaluation first.
    public var stopped: Int
    /// Transactions where a field it sets was set by hand.
    public var locked: Int
}

/// A rule that matched but never made a difference.
public struct ShadowedRule: Sendable, Hashable, Codable {
    public enum Reason: String, Sendable, Hashable, Codable {
        /// Every match came after an earlier rule's `stop` or `ignore`.
        case stoppedEarlier = "stopped-earlier"
        /// Every match found its fields already set to the same values by earlier rules.
        case alreadySet = "already-set"
        /// Every change it made was overridden by a later rule.
        case overriddenLater = "overridden-later"
        /// A mix of the above, or the fields were locked by hand.
        case noEffect = "no-effect"
    }
    public var rule: Int
    public var reason: Reason
    /// The rules responsible, most often first.
    public var by: [Int]
    /// Transactions where its conditions held.
    public var matches: Int
}

/// A payee and how many transactions carry it.
public struct PayeeCount: Sendable, Hashable, Codable {
    /// The grouping key (``PayeeKey``).
    public var payee: String
    public var count: Int
    /// One spelling as the bank wrote it.
    public var example: String
}

extension CompiledRuleSet {
    /// Runs the rules over `inputs` and counts what each rule did.
    ///
    /// - Parameter topPayees: how many uncategorized payees to list.
    public func stats(for inputs: [RuleInput], context: RuleContext = RuleContext(),
                      options: RuleApplyOptions = RuleApplyOptions(), topPayees: Int = 10) -> RuleStats {
        let run = apply(to: inputs, context: context, options: options)
        var hits = rules.map { RuleHits(rule: $0.index, matched: 0, effective: 0, overridden: 0, stopped: 0, locked: 0) }
        var stoppers = [[Int: Int]](repeating: [:], count: rules.count)
        var earlier = [[Int: Int]](repeating: [:], count: rules.count)
        var later = [[Int: Int]](repeating: [:], count: rules.count)
        var categorized = 0
        var payees: [String: (count: Int, example: String)] = [:]
        var accountNames: [String: String] = [:]
        for a in context.accounts where accountNames[a.name.lowercased()] == nil { accountNames[a.name.lowercased()] = a.name }
        for (o, t) in zip(run.outcomes, run.transactions) {
            var effective = Set(o.changes.map(\.rule))
            if let r = o.ignoredBy { effective.insert(r) }
            if let tr = o.transfer { effective.insert(tr.rule) }
            for r in o.matched {
                hits[r].matched += 1
                if effective.contains(r) || keepsItsMark(r, before: inputs[o.index].transaction, after: t, o, accountNames) {
                    hits[r].effective += 1
                } else {
                    let targets = Set(rules[r].actions.map(\.target))
                    for change in o.changes where targets.contains(change.target) && change.rule < r {
                        earlier[r][change.rule, default: 0] += 1
                    }
                }
            }
            for m in o.overridden {
                switch m.reason {
                case .overridden:
                    hits[m.rule].overridden += 1
                    later[m.rule][m.by, default: 0] += 1
                case .stopped:
                    hits[m.rule].stopped += 1
                    stoppers[m.rule][m.by, default: 0] += 1
                }
            }
            for s in o.skipped where s.reason == .lockedByUser { hits[s.rule].locked += 1 }
            if o.ignoredBy != nil { continue }
            if t.category != nil || t.type == .transfer {
                categorized += 1
            } else {
                let shown = t.payee ?? t.memo ?? ""
                let key = PayeeKey.of(shown)?.key ?? (shown.isEmpty ? "(no payee)" : shown.uppercased())
                let entry = payees[key] ?? (0, shown)
                payees[key] = (entry.count + 1, entry.example)
            }
        }
        func ranked(_ counts: [Int: Int]) -> [Int] {
            counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        }
        var never: [Int] = []
        var shadowed: [ShadowedRule] = []
        for h in hits {
            let matches = h.matched + h.stopped
            if matches == 0 { never.append(h.rule); continue }
            guard h.effective == 0, rules[h.rule].actions.contains(where: { $0.target != .ignored }) || h.matched == 0 else { continue }
            let reason: ShadowedRule.Reason
            let by: [Int]
            if h.matched == 0 {
                reason = .stoppedEarlier; by = ranked(stoppers[h.rule])
            } else if h.stopped == 0 && h.overridden == 0 && h.locked == 0 && !earlier[h.rule].isEmpty {
                reason = .alreadySet; by = ranked(earlier[h.rule])
            } else if h.stopped == 0 && h.overridden >= h.matched {
                reason = .overriddenLater; by = ranked(later[h.rule])
            } else {
                reason = .noEffect
                var all = stoppers[h.rule]
                for (k, v) in earlier[h.rule] { all[k, default: 0] += v }
                for (k, v) in later[h.rule] { all[k, default: 0] += v }
                by = ranked(all)
            }
            shadowed.append(ShadowedRule(rule: h.rule, reason: reason, by: by, matches: matches))
        }
        let top = payees.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
            .prefix(topPayees).map { PayeeCount(payee: $0.key, count: $0.value.count, example: $0.value.example) }
        return RuleStats(transactions: inputs.count, categorized: categorized,
                         uncategorized: inputs.count - categorized - run.ignored.count, ignored: run.ignored.count,
                         rules: hits, neverFired: never, shadowed: shadowed, uncategorizedPayees: Array(top),
                         everyTransaction: rulesCheckedOnEveryTransaction)
    }

    /// Whether matched rule `r` finds its transfer or one of its tags already on the transaction
    /// it reads, where no rule of this run put it, and still there at the end.
    ///
    /// Stored transactions keep the transfers and tags that rules gave them when they were
    /// imported (`rules stats` runs on them), so a working transfer or tag rule changes nothing
    /// the second time: it still does its job and is not shadowed.
    func keepsItsMark(_ r: Int, before: LedgerTransaction, after: LedgerTransaction, _ o: TransactionOutcome,
                      _ accountNames: [String: String]) -> Bool {
        for action in rules[r].actions {
            switch action {
            case .transfer(_, let name):
                let canonical = accountNames[name.lowercased()] ?? name
                if before.type == .transfer && before.transferHint == canonical && after.type == .transfer
                    && after.transferHint == canonical && !o.changes.contains(where: { $0.target == .transfer }) {
                    return true
                }
            case .addTags(let tags):
                for (_, key) in tags where before.tags.contains(where: { $0.lowercased() == key })
                    && after.tags.contains(where: { $0.lowercased() == key })
                    && !o.changes.contains(where: { $0.target == .tags && $0.value?.lowercased() == key }) {
                    return true
                }
            default:
                continue
            }
        }
        return false
    }
}
