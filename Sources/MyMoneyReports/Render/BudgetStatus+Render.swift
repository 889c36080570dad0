extension BudgetStatus {
    /// `{"id","name","target":{"kind","name"},"currency","period":{"from","through"},"limit","spent",
    /// "left","left_per_day","forecast","status","reason",…}`; `limit` is the budget's amount.
    public var json: JSONValue {
        .object([
            ("id", budget.id.map { .number(String($0)) } ?? .null), ("name", .string(budget.displayName)),
            ("target", .object([("kind", .string(budget.target.kind)), ("name", .string(budget.target.name))])),
            ("currency", .string(budget.currency.code)), ("period", ReportJSON.span(period)),
            ("repeats", .string(budget.period == .custom ? "every \(budget.customDays ?? 1) days" : budget.period.rawValue)),
            ("as_of", ReportJSON.day(asOf)),
            ("limit", ReportJSON.amount(limit)), ("rollover", .bool(budget.rollover)), ("carried", ReportJSON.amount(carried)),
            ("available", ReportJSON.amount(available)),
            ("spent", ReportJSON.amount(spent)), ("left", ReportJSON.amount(left)), ("left_per_day", ReportJSON.amount(leftPerDay)),
            ("forecast", ReportJSON.amount(forecast)), ("status", .string(status.rawValue)), ("reason", .string(reason)),
            ("expected_recurring", .array(expectedRecurring.map { r in
                .object([("payee", .string(r.payee)), ("amount", ReportJSON.amount(r.typicalAmount)),
                         ("currency", .string(r.currency.code)), ("rhythm", .string(r.rhythm.rawValue)),
                         ("next_expected", ReportJSON.day(r.nextExpected))])
            })),
            ("unconverted", ReportJSON.unconverted(unconverted)),
        ])
    }

    /// `{"budgets":[…]}`.
    public static func renderJSON(_ statuses: [BudgetStatus]) -> String {
        JSONValue.object([("budgets", .array(statuses.map(\.json)))]).serialized()
    }

    /// The short line a table shows in the status column: a cheer when on track.
    public var message: String {
        switch status {
        case .onTrack: return "on track, well done: \(leftPerDay) a day to go"
        case .warning: return "warning: \(reason)"
        case .over: return "over: \(reason)"
        }
    }

    /// One row per budget; `decorate` may color each status message.
    public static func renderTable(_ statuses: [BudgetStatus], decorate: (Status, String) -> String = { $1 }) -> String {
        var table = TextTable(["id", "budget", "period", "limit", "spent", "left", "forecast", "status"],
                              alignments: [.right, .left, .left, .right, .right, .right, .right, .left])
        for s in statuses {
            let limit = s.carried.isZero ? "\(s.available)" : "\(s.available) (\(s.limit) \(s.carried.isNegative ? "" : "+")\(s.carried))"
            table.add([s.budget.id.map(String.init) ?? "", s.budget.displayName, "\(s.period.start) … \(s.period.end)",
                       "\(limit) \(s.budget.currency.code)", s.spent.description, s.left.description, s.forecast.description,
                       decorate(s.status, s.message)])
        }
        var lines = [table.render()]
        for s in statuses where !s.unconverted.isEmpty {
            lines.append("budget \(s.budget.displayName): " + UnconvertedMoney.lines(s.unconverted, into: s.budget.currency).joined(separator: "\n"))
        }
        return lines.joined(separator: "\n")
    }
}
