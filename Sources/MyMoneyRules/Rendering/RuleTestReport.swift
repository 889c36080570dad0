/// The dry run `mymoney rules test` prints: what each rule would change on each transaction.
public struct RuleTestReport: Sendable {
    public var ruleSet: CompiledRuleSet
    public var inputs: [RuleInput]
    public var run: RuleRun

    /// Runs the rules without storing anything.
    public init(ruleSet: CompiledRuleSet, inputs: [RuleInput], context: RuleContext = RuleContext(),
                options: RuleApplyOptions = RuleApplyOptions()) {
        self.ruleSet = ruleSet
        self.inputs = inputs
        self.run = ruleSet.apply(to: inputs, context: context, options: options)
    }

    private func ruleText(_ index: Int) -> String { ruleSet.rules[index].reference.description }

    private static func change(_ c: FieldChange, _ transfer: TransferMark?) -> String {
        switch c.operation {
        case .add: return "+ \(c.value ?? "")"
        case .remove: return "- \(c.value ?? "")"
        case .set:
            let new = c.target == .transfer ? "\(transfer?.direction.rawValue ?? "to") \(c.value ?? "")" : (c.value ?? "")
            return c.previous.map { "\($0) → \(new)" } ?? "→ \(new)"
        }
    }

    /// A table for people: one line per change, then a summary.
    public func renderTable() -> String {
        var table = TextTable(["#", "date", "account", "amount", "payee", "field", "change", "rule"], separator: false)
        var changed = 0
        for (input, outcome) in zip(inputs, run.outcomes) {
            let t = input.transaction
            let lead = [String(outcome.index + 1), t.day.description, input.account?.name ?? "", t.shownAmount, t.payee ?? t.memo ?? ""]
            var lines: [[String]] = outcome.changes.map { [$0.target.rawValue, Self.change($0, outcome.transfer), ruleText($0.rule)] }
            if let r = outcome.ignoredBy { lines.insert(["ignored", "dropped from import", ruleText(r)], at: 0) }
            for s in outcome.skipped {
                lines.append([s.target.rawValue, "not applied: \(s.detail)", ruleText(s.rule)])
            }
            if outcome.isChanged { changed += 1 }
            if lines.isEmpty {
                lines = [["", outcome.matched.isEmpty ? "(no rule matched)" : "(rules matched, nothing changed)",
                          outcome.matched.map(ruleText).joined(separator: ", ")]]
            }
            for (k, line) in lines.enumerated() {
                table.add((k == 0 ? lead : ["", "", "", "", ""]) + line)
            }
        }
        var out = (table.render() + "\n")
        let fired = Set(run.outcomes.flatMap(\.matched))
        out += "\n\(inputs.count) transactions: \(changed) changed, \(inputs.count - changed) unchanged, \(run.ignored.count) ignored\n"
        out += "\(fired.count) of \(ruleSet.rules.count) rules matched\n"
        if !run.categoriesToCreate.isEmpty {
            out += "categories to create: " + run.categoriesToCreate.map(\.description).joined(separator: ", ") + "\n"
        }
        if !run.projectsToCreate.isEmpty {
            out += "projects to create: " + run.projectsToCreate.joined(separator: ", ") + "\n"
        }
        return out
    }

    /// The same as JSON for scripts.
    public func renderJSON() -> String {
        struct Change: Codable { var field: String; var operation: String; var from: String?; var to: String?; var rule: RuleJSON }
        struct Overridden: Codable { var rule: RuleJSON; var field: String?; var by: RuleJSON; var reason: String }
        struct Skipped: Codable { var rule: RuleJSON; var field: String; var value: String?; var reason: String; var detail: String }
        struct Transfer: Codable { var direction: String; var account: String; var rule: RuleJSON; var creates_other_leg: Bool }
        struct Row: Codable {
            var index: Int; var date: String; var account: String?; var amount: String; var currency: String; var payee: String?
            var changes: [Change]; var overridden: [Overridden]; var skipped: [Skipped]; var ignored_by: RuleJSON?; var transfer: Transfer?
            var matched: [RuleJSON]
        }
        struct Summary: Codable { var transactions: Int; var changed: Int; var unchanged: Int; var ignored: Int; var rules: Int; var rules_matched: Int }
        struct Report: Codable { var transactions: [Row]; var summary: Summary; var categories_to_create: [String]; var projects_to_create: [String] }
        let rule = { (i: Int) in RuleJSON(ruleSet.rules[i]) }
        var rows: [Row] = []
        for (input, o) in zip(inputs, run.outcomes) {
            let t = input.transaction
            rows.append(Row(index: o.index, date: t.day.description, account: input.account?.name, amount: t.amount.description,
                            currency: t.currency.code, payee: t.payee,
                            changes: o.changes.map { Change(field: $0.target.rawValue, operation: $0.operation.rawValue, from: $0.previous, to: $0.value, rule: rule($0.rule)) },
                            overridden: o.overridden.map { Overridden(rule: rule($0.rule), field: $0.target?.rawValue, by: rule($0.by), reason: $0.reason.rawValue) },
                            skipped: o.skipped.map { Skipped(rule: rule($0.rule), field: $0.target.rawValue, value: $0.value, reason: $0.reason.rawValue, detail: $0.detail) },
                            ignored_by: o.ignoredBy.map(rule),
                            transfer: o.transfer.map { Transfer(direction: $0.direction.rawValue, account: $0.account, rule: rule($0.rule), creates_other_leg: $0.createsOtherLeg) },
                            matched: o.matched.map(rule)))
        }
        let changed = run.outcomes.filter(\.isChanged).count
        let summary = Summary(transactions: inputs.count, changed: changed, unchanged: inputs.count - changed, ignored: run.ignored.count,
                              rules: ruleSet.rules.count, rules_matched: Set(run.outcomes.flatMap(\.matched)).count)
        return ReportJSON.encode(Report(transactions: rows, summary: summary, categories_to_create: run.categoriesToCreate.map(\.description),
                                        projects_to_create: run.projectsToCreate))
    }
}
