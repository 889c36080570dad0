/// A rule whose condition has no literal text to look for, so the engine tries it on every
/// transaction (`rules stats` lists these so they can be given one).
public struct EveryTransactionRule: Sendable, Hashable, Codable {
    public var rule: Int
    /// Its regular expressions that need no particular text (`/^\d{8}$/`): they run on every
    /// transaction the rule is tried on, the costly part. Amount, date and account tests are cheap.
    public var regexes: [String]
}

extension CompiledRuleSet {
    /// Rules tried on every transaction because no literal anchors them (no `contains`, `equals`,
    /// `starts with` or `ends with` value, and no text a regex cannot match without, that the
    /// condition needs), in evaluation order. Rules without any condition are left out: they
    /// match everything on purpose.
    public var rulesCheckedOnEveryTransaction: [EveryTransactionRule] {
        rules.indices.filter { r in
            rules[r].condition != nil && alwaysCandidates[r >> 6] & (1 << UInt64(r & 63)) != 0
        }.map { r in
            var patterns: [String] = []
            for i in rules[r].regexLeaves {
                guard case .regex(let x, let prefilter) = leaves[i].test, prefilter.isEmpty,
                      !patterns.contains(regexes[x].pattern) else { continue }
                patterns.append(regexes[x].pattern)
            }
            return EveryTransactionRule(rule: r, regexes: patterns)
        }
    }
}
