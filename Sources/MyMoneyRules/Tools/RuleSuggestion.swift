/// A rule learned from transactions the user already categorized.
public struct RuleSuggestion: Sendable, Hashable, Codable {
    /// The rule's name (unique among the suggestions).
    public var name: String
    /// The text for `payee contains`, as the bank spells it.
    public var pattern: String
    /// The grouping key (``PayeeKey``).
    public var key: String
    public var category: CategoryPath
    /// Transactions in the group with `category`.
    public var support: Int
    /// Transactions in the group.
    public var total: Int
    /// Other categories seen in the group, most common first.
    public var others: [CategoryCount]
    /// Up to three payee spellings from the group.
    public var examples: [String]

    /// `17 transactions, all Food:Groceries` or `9 of 10 transactions Food:Restaurants (1 Food:Coffee)`.
    public var supportText: String {
        if support == total { return "\(total) transaction\(total == 1 ? "" : "s"), all \(category)" }
        let rest = others.map { "\($0.count) \($0.category)" }.joined(separator: ", ")
        return "\(support) of \(total) transactions \(category) (\(rest))"
    }
}

/// A category and how often it occurs.
public struct CategoryCount: Sendable, Hashable, Codable {
    public var category: CategoryPath
    public var count: Int
}

/// Proposes rules from categorized transactions.
public enum RuleSuggester {
    /// Groups categorized transactions by ``PayeeKey`` and proposes `payee contains` rules.
    ///
    /// - Parameters:
    ///   - minimumSupport: transactions a category needs in its group.
    ///   - minimumShare: the share of the group the category needs (1 means all).
    ///   - existing: rules already in use; groups they already categorize the same way are skipped.
    /// - Returns: suggestions, most support first, then by key.
    public static func suggest(from transactions: [LedgerTransaction], minimumSupport: Int = 2, minimumShare: Double = 0.8,
                               existing: CompiledRuleSet? = nil, accounts: [Account] = []) -> [RuleSuggestion] {
        struct Group { var pattern: String; var counts: [CategoryPath: Int] = [:]; var examples: [String] = []; var members: [Int] = [] }
        var groups: [String: Group] = [:]
        for (i, t) in transactions.enumerated() {
            guard let category = t.category, t.type != .transfer, let payee = t.originalPayee ?? t.payee,
                  let (key, pattern) = PayeeKey.of(payee) else { continue }
            var g = groups[key] ?? Group(pattern: pattern)
            g.counts[category, default: 0] += 1
            if g.examples.count < 3 && !g.examples.contains(payee) { g.examples.append(payee) }
            g.members.append(i)
            groups[key] = g
        }
        var covered = Set<Int>()
        if let existing {
            let cleared = transactions.map { t -> LedgerTransaction in var c = t; c.category = nil; return c }
            let run = existing.apply(to: cleared, accounts: accounts)
            for (i, t) in run.transactions.enumerated() where t.category != nil && t.category == transactions[i].category {
                covered.insert(i)
            }
        }
        var result: [RuleSuggestion] = []
        for (key, g) in groups {
            let ranked = g.counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            guard let (category, support) = ranked.first else { continue }
            let total = g.members.count
            guard support >= minimumSupport, Double(support) >= minimumShare * Double(total) else { continue }
            if !covered.isEmpty && g.members.allSatisfy({ covered.contains($0) }) { continue }
            result.append(RuleSuggestion(name: g.pattern, pattern: g.pattern, key: key, category: category, support: support, total: total,
                                         others: ranked.dropFirst().map { CategoryCount(category: $0.key, count: $0.value) },
                                         examples: g.examples))
        }
        result.sort { $0.support != $1.support ? $0.support > $1.support : $0.key < $1.key }
        var used: [String: Int] = [:]
        for i in result.indices {
            let base = result[i].name
            let n = used[base.lowercased(), default: 0] + 1
            used[base.lowercased()] = n
            if n > 1 { result[i].name = "\(base) (\(n))" }
        }
        return result
    }

    /// The suggestions as a rules file a user can review and save.
    public static func rulesFile(_ suggestions: [RuleSuggestion]) -> String {
        var out = "# Rules suggested from categorized transactions by `mymoney rules suggest`.\n"
        out += "# Review each one, then save the file in Rules/ (for example Rules/50-suggested.rules).\n"
        if suggestions.isEmpty { out += "# No payee had enough categorized transactions to suggest a rule.\n" }
        for s in suggestions {
            out += "\n# support: \(s.supportText)\n"
            if s.examples.count > 1 || s.examples.first != s.pattern {
                out += "# payees: " + s.examples.map { "\"\($0)\"" }.joined(separator: ", ") + "\n"
            }
            out += "rule \(quoted(s.name))\n"
            out += "  when payee contains \(quoted(s.pattern))\n"
            out += "  set category \(s.category)\n"
        }
        return out
    }
}

/// `text` in double quotes, with `"` and `\` escaped as the rule language reads them.
func quoted(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}
