extension Overview {
    /// `{"period":{"from","through"},"currency","income","expense","cashflow","count","previous":{…},
    /// "top":{"categories","tags","projects","places"},"transfers":{"count","in","out"},"budgets":[…],"unconverted":[…]}`.
    public func renderJSON(grouping: ReportGrouping) -> String {
        func ranked(_ list: [Ranked]) -> JSONValue {
            .array(list.map { .object([("name", .string($0.name)), ("amount", ReportJSON.amount($0.amount))]) })
        }
        return JSONValue.object([
            ("period", ReportJSON.span(period)), ("by", .string(grouping.rawValue)), ("label", .string(grouping.label(period.start))),
            ("currency", .string(currency.code)),
            ("income", ReportJSON.amount(figures.income)), ("expense", ReportJSON.amount(figures.expense)),
            ("cashflow", ReportJSON.amount(figures.cashflow)), ("count", .int(figures.count)),
            ("previous", .object([("from", ReportJSON.day(previous.span.start)), ("through", ReportJSON.day(previous.span.end)),
                                  ("periods", .int(previous.periods)),
                                  ("income", ReportJSON.amount(previous.income)), ("expense", ReportJSON.amount(previous.expense)),
                                  ("cashflow", ReportJSON.amount(previous.cashflow)),
                                  ("unconverted", ReportJSON.unconverted(previous.unconverted))])),
            ("top", .object([("categories", ranked(topCategories)), ("tags", ranked(topTags)),
                             ("projects", ranked(topProjects)), ("places", ranked(topPlaces))])),
            ("transfers", .object([("count", .int(transfers.count)), ("in", ReportJSON.amount(transfers.incoming)),
                                   ("out", ReportJSON.amount(transfers.outgoing))])),
            ("budgets", .array(budgets.map(\.json))),
            ("unconverted", ReportJSON.unconverted(unconverted)),
        ]).serialized()
    }

    /// The overview for people.
    public func renderTable(grouping: ReportGrouping) -> String {
        var lines: [String] = []
        let average = previous.periods > 1 ? " (average of \(previous.periods))" : ""
        lines.append("\(grouping.label(period.start)): \(period.start) … \(period.end), in \(currency.code)")
        var table = TextTable(["", "this \(grouping.rawValue)", "previous\(average)", "change"], alignments: [.left, .right, .right, .right])
        func change(_ now: Amount, _ then: Amount) -> String {
            guard let d = try? now - then else { return "" }
            return d.isPositive ? "+\(d)" : d.description
        }
        table.add(["income", figures.income.description, previous.income.description, change(figures.income, previous.income)])
        table.add(["expense", figures.expense.description, previous.expense.description, change(figures.expense, previous.expense)])
        table.add(["cash flow", figures.cashflow.description, previous.cashflow.description, change(figures.cashflow, previous.cashflow)])
        table.add(["transactions", String(figures.count), "", ""])
        lines.append(table.render())
        lines.append("previous: \(previous.span.start) … \(previous.span.end)")
        lines.append("transfers between your accounts (neither income nor expense): \(transfers.count) \(transfers.count == 1 ? "leg" : "legs"), in \(transfers.incoming), out \(transfers.outgoing)")
        for (title, list) in [("categories", topCategories), ("tags", topTags), ("projects", topProjects), ("places", topPlaces)] where !list.isEmpty {
            lines.append("")
            var top = TextTable(["top \(title)", "spent"], alignments: [.left, .right])
            for entry in list { top.add([entry.name, entry.amount.description]) }
            lines.append(top.render())
        }
        if !budgets.isEmpty {
            lines.append("")
            lines.append(BudgetStatus.renderTable(budgets))
        }
        let notes = UnconvertedMoney.lines(unconverted, into: currency)
        if !notes.isEmpty { lines.append(""); lines += notes }
        return lines.joined(separator: "\n")
    }
}
