extension RuleExplanation {
    private func describe(_ t: LedgerTransaction) -> String {
        var parts = [t.day.description]
        if let account { parts.append(account.name) }
        parts.append(t.shownAmount)
        if let p = t.payee { parts.append("payee \(quoted(p))") }
        if let m = t.memo, !m.isEmpty { parts.append("memo \(quoted(m))") }
        return parts.joined(separator: "  ")
    }

    /// The explanation for people.
    public func renderText(ruleSet: CompiledRuleSet) -> String {
        let name = { (i: Int) in ruleSet.rules[i].reference.description }
        var out = describe(before) + "\n"
        if let r = outcome.ignoredBy {
            out += "\nIgnored: dropped from the import by \(name(r))\n"
        }
        out += "\nResult\n"
        if outcome.changes.isEmpty {
            out += "  (no field changed)\n"
        } else {
            var table = TextTable(["field", "value", "set by"], separator: false)
            for c in outcome.changes {
                let value: String
                switch c.operation {
                case .add: value = "+ \(c.value ?? "")"
                case .remove: value = "- \(c.value ?? "")"
                case .set: value = (c.target == .transfer ? "\(outcome.transfer?.direction.rawValue ?? "to") " : "") + (c.value ?? "(empty)")
                }
                table.add([c.target.rawValue, value, name(c.rule)])
            }
            out += indent((table.render() + "\n"))
        }
        out += "\nMatched, in evaluation order\n"
        if outcome.matched.isEmpty { out += "  (no rule matched)\n" }
        for (k, r) in outcome.matched.enumerated() {
            let rule = ruleSet.rules[r]
            out += "  \(k + 1). \(name(r)) [\(rule.stage.rawValue)]\(rule.stops ? " stop" : "")\n"
        }
        if !outcome.overridden.isEmpty {
            out += "\nOverridden\n"
            for m in outcome.overridden {
                switch m.reason {
                case .overridden: out += "  \(name(m.rule)): \(m.target?.rawValue ?? "field") overridden by \(name(m.by))\n"
                case .stopped: out += "  \(name(m.rule)): matched, but \(name(m.by)) stopped evaluation first\n"
                }
            }
        }
        if !outcome.skipped.isEmpty {
            out += "\nNot applied\n"
            for s in outcome.skipped {
                out += "  \(name(s.rule)): \(s.target.rawValue) \(s.value.map(quoted) ?? ""): \(s.detail)\n"
            }
        }
        if !nearMisses.isEmpty {
            out += "\nNear misses (some tests held)\n"
            for miss in nearMisses {
                let rule = ruleSet.rules[miss.rule]
                out += "  \(name(miss.rule)): \(miss.conditionsHeld) of \(miss.conditions) tests held\n"
                out += "    \(rule.reference.file):\(miss.line):\(miss.column): \(miss.condition) failed: \(miss.field) is \(miss.actual)\n"
            }
        }
        return out
    }

    /// The explanation as JSON.
    public func renderJSON(ruleSet: CompiledRuleSet) -> String {
        struct Change: Codable { var field: String; var operation: String; var from: String?; var to: String?; var rule: RuleJSON }
        struct Overridden: Codable { var rule: RuleJSON; var field: String?; var by: RuleJSON; var reason: String }
        struct Skipped: Codable { var rule: RuleJSON; var field: String; var value: String?; var reason: String; var detail: String }
        struct Miss: Codable { var rule: RuleJSON; var condition: String; var field: String; var actual: String; var line: Int; var column: Int; var tests_held: Int; var tests: Int }
        struct Tx: Codable { var date: String; var account: String?; var amount: String; var currency: String; var payee: String?; var memo: String?; var category: String?; var tags: [String]; var type: String; var place: String?; var project: String?; var notes: String? }
        struct Report: Codable { var before: Tx; var after: Tx; var changes: [Change]; var matched: [RuleJSON]; var overridden: [Overridden]; var skipped: [Skipped]; var near_misses: [Miss]; var ignored_by: RuleJSON? }
        let rule = { (i: Int) in RuleJSON(ruleSet.rules[i]) }
        let tx = { (t: LedgerTransaction) in
            Tx(date: t.day.description, account: account?.name, amount: t.amount.description, currency: t.currency.code, payee: t.payee,
               memo: t.memo, category: t.category?.description, tags: t.tags, type: t.type.rawValue, place: t.place, project: t.project, notes: t.notes)
        }
        let o = outcome
        return ReportJSON.encode(Report(
            before: tx(before), after: tx(after),
            changes: o.changes.map { Change(field: $0.target.rawValue, operation: $0.operation.rawValue, from: $0.previous, to: $0.value, rule: rule($0.rule)) },
            matched: o.matched.map(rule),
            overridden: o.overridden.map { Overridden(rule: rule($0.rule), field: $0.target?.rawValue, by: rule($0.by), reason: $0.reason.rawValue) },
            skipped: o.skipped.map { Skipped(rule: rule($0.rule), field: $0.target.rawValue, value: $0.value, reason: $0.reason.rawValue, detail: $0.detail) },
            near_misses: nearMisses.map { Miss(rule: rule($0.rule), condition: $0.condition, field: $0.field, actual: $0.actual, line: $0.line,
                                               column: $0.column, tests_held: $0.conditionsHeld, tests: $0.conditions) },
            ignored_by: o.ignoredBy.map(rule)))
    }
}

/// Indents every line by two spaces.
func indent(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "  " + $0 }.joined(separator: "\n")
}
