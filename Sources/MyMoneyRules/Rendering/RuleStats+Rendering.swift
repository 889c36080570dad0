extension RuleStats {
    private func reasonText(_ s: ShadowedRule, _ name: (Int) -> String) -> String {
        let by = s.by.prefix(3).map(name).joined(separator: ", ")
        switch s.reason {
        case .stoppedEarlier: return "all \(s.matches) matches came after a `stop` in \(by)"
        case .alreadySet: return "all \(s.matches) matches were already set the same way by \(by)"
        case .overriddenLater: return "all \(s.matches) matches were overridden by \(by)"
        case .noEffect: return "\(s.matches) matches, none changed anything" + (by.isEmpty ? " (the fields already had those values, or were set by hand)" : " (see \(by))")
        }
    }

    /// The statistics for people.
    public func renderTable(ruleSet: CompiledRuleSet) -> String {
        let name = { (i: Int) in ruleSet.rules[i].reference.description }
        var out = "\(transactions) transactions: \(categorized) categorized or transfers, \(uncategorized) uncategorized, \(ignored) ignored\n\n"
        var table = TextTable(["rule", "where", "stage", "matched", "effective", "overridden", "stopped"], separator: false)
        for h in rules {
            let r = ruleSet.rules[h.rule]
            table.add([quoted(r.name), r.reference.location, r.stage.rawValue, String(h.matched), String(h.effective),
                       String(h.overridden), String(h.stopped)])
        }
        out += (table.render() + "\n")
        out += "\nNever fired (\(neverFired.count))\n"
        if neverFired.isEmpty { out += "  (none)\n" }
        for r in neverFired { out += "  \(name(r))\n" }
        out += "\nShadowed: matched but never changed anything (\(shadowed.count))\n"
        if shadowed.isEmpty { out += "  (none)\n" }
        for s in shadowed { out += "  \(name(s.rule)): \(reasonText(s, name))\n" }
        out += "\nMost common uncategorized payees\n"
        if uncategorizedPayees.isEmpty { out += "  (none)\n" }
        var payees = TextTable(["count", "payee", "example"], separator: false)
        for p in uncategorizedPayees { payees.add([String(p.count), p.payee, quoted(p.example)]) }
        if !uncategorizedPayees.isEmpty { out += indent((payees.render() + "\n")) }
        out += "\nTried on every transaction: no literal text to look for (\(everyTransaction.count))\n"
        if everyTransaction.isEmpty { out += "  (none)\n" }
        for e in everyTransaction {
            out += "  \(name(e.rule))" + (e.regexes.isEmpty ? "" : ": runs " + e.regexes.map { "/\($0)/" }.joined(separator: ", ") + " on every transaction") + "\n"
        }
        return out
    }

    /// The statistics as JSON.
    public func renderJSON(ruleSet: CompiledRuleSet) -> String {
        struct Hit: Codable { var rule: RuleJSON; var matched: Int; var effective: Int; var overridden: Int; var stopped: Int; var locked: Int }
        struct Shadow: Codable { var rule: RuleJSON; var reason: String; var by: [RuleJSON]; var matches: Int }
        struct Every: Codable { var rule: RuleJSON; var regexes: [String] }
        struct Report: Codable {
            var transactions: Int; var categorized: Int; var uncategorized: Int; var ignored: Int
            var rules: [Hit]; var never_fired: [RuleJSON]; var shadowed: [Shadow]; var uncategorized_payees: [PayeeCount]
            var every_transaction: [Every]
        }
        let rule = { (i: Int) in RuleJSON(ruleSet.rules[i]) }
        return ReportJSON.encode(Report(
            transactions: transactions, categorized: categorized, uncategorized: uncategorized, ignored: ignored,
            rules: rules.map { Hit(rule: rule($0.rule), matched: $0.matched, effective: $0.effective, overridden: $0.overridden, stopped: $0.stopped, locked: $0.locked) },
            never_fired: neverFired.map(rule),
            shadowed: shadowed.map { Shadow(rule: rule($0.rule), reason: $0.reason.rawValue, by: $0.by.map(rule), matches: $0.matches) },
            uncategorized_payees: uncategorizedPayees,
            every_transaction: everyTransaction.map { Every(rule: rule($0.rule), regexes: $0.regexes) }))
    }
}

extension RuleSuggester {
    /// The suggestions as JSON.
    public static func renderJSON(_ suggestions: [RuleSuggestion]) -> String {
        struct Item: Codable { var name: String; var pattern: String; var category: String; var support: Int; var total: Int; var support_text: String; var examples: [String]; var rule: String }
        struct Report: Codable { var suggestions: [Item] }
        return ReportJSON.encode(Report(suggestions: suggestions.map {
            Item(name: $0.name, pattern: $0.pattern, category: $0.category.description, support: $0.support, total: $0.total,
                 support_text: $0.supportText, examples: $0.examples,
                 rule: "rule \(quoted($0.name))\n  when payee contains \(quoted($0.pattern))\n  set category \($0.category)\n")
        }))
    }
}
