extension Analysis {
    /// `{"currency","by","dimension","parent","up","columns","rows":[{"period":{"from","through"},"label",
    /// "income","expense","cashflow","count","columns":{"NAME":"AMOUNT",…}}],"unconverted":[…]}`.
    public func renderJSON(before: DayRange?, after: DayRange?) -> String {
        JSONValue.object([
            ("currency", .string(currency.code)), ("by", .string(grouping.rawValue)),
            ("dimension", .string(ReportJSON.dimension(dimension))), ("parent", .optional(parent?.description)),
            ("up", .optional(up)),
            ("columns", .array(columns.map(JSONValue.string))),
            ("rows", .array(rows.map { r in
                .object([("period", ReportJSON.span(r.period)), ("label", .string(r.label)),
                         ("income", ReportJSON.amount(r.figures.income)), ("expense", ReportJSON.amount(r.figures.expense)),
                         ("cashflow", ReportJSON.amount(r.figures.cashflow)), ("count", .int(r.figures.count)),
                         ("columns", .object(zip(columns, r.columns).map { ($0, ReportJSON.amount($1)) }))])
            })),
            ("before", before.map(ReportJSON.span) ?? .null), ("after", after.map(ReportJSON.span) ?? .null),
            ("unconverted", ReportJSON.unconverted(unconverted)),
        ]).serialized()
    }

    /// A heading (`EUR by month, within Food, up: (top)`), one row per period, then the unconverted money.
    public func renderTable() -> String {
        var heading = "\(currency.code) by \(grouping.rawValue)"
        if dimension != .categories { heading += " and \(ReportJSON.dimension(dimension))" }
        if let parent { heading += ", within \(parent), up: \(up ?? "(top)")" }
        var table = TextTable([grouping.rawValue, "income", "expense", "cashflow", "count"] + columns,
                              alignments: [.left] + Array(repeating: .right, count: columns.count + 4))
        for r in rows {
            table.add([r.label, r.figures.income.description, r.figures.expense.description, r.figures.cashflow.description,
                       String(r.figures.count)] + r.columns.map(\.description))
        }
        var lines = [heading, table.render()]
        let notes = UnconvertedMoney.lines(unconverted, into: currency)
        if !notes.isEmpty { lines += notes }
        return lines.joined(separator: "\n")
    }
}
