/// Counts for the line `mymoney import` prints about rules.
public struct RuleRunSummary: Sendable, Hashable, Codable {
    public var transactions: Int
    /// Transactions any rule changed or dropped.
    public var changed: Int
    /// Transactions whose category a rule set.
    public var categorized: Int
    /// Transactions a rule marked as a transfer.
    public var transfers: Int
    public var ignored: Int
    /// Actions not applied because the field was set by hand or the project's dates did not fit.
    public var skippedActions: Int

    /// `rules: 30 of 34 transactions changed (28 categorized, 8 transfers, 0 ignored)`.
    public var line: String {
        "rules: \(changed) of \(transactions) transactions changed (\(categorized) categorized, \(transfers) transfers, \(ignored) ignored"
            + (skippedActions > 0 ? ", \(skippedActions) actions not applied" : "") + ")"
    }
}

extension RuleRun {
    /// How many transactions the rules changed, categorized, marked as transfers or dropped.
    public var summary: RuleRunSummary {
        var s = RuleRunSummary(transactions: outcomes.count, changed: 0, categorized: 0, transfers: transfers.count,
                               ignored: ignored.count, skippedActions: 0)
        for o in outcomes {
            if o.isChanged { s.changed += 1 }
            if o.changes.contains(where: { $0.target == .category }) { s.categorized += 1 }
            s.skippedActions += o.skipped.count
        }
        return s
    }
}
