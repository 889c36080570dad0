extension NetWorth {
    /// `{"currency","rows":[{"as_of","accounts":[{"account","currency","balance","converted"}],"total","unconverted"}],"unconverted":[…]}`.
    public func renderJSON(grouping: ReportGrouping) -> String {
        JSONValue.object([
            ("currency", .string(currency.code)), ("by", .string(grouping.rawValue)),
            ("rows", .array(rows.map { row in
                .object([("as_of", ReportJSON.day(row.asOf)),
                         ("accounts", .array(row.balances.map { b in
                             .object([("account", .string(b.account.name)), ("currency", .string(b.account.currency.code)),
                                      ("balance", ReportJSON.amount(b.balance)),
                                      ("converted", b.converted.map(ReportJSON.amount) ?? .null)])
                         })),
                         ("total", ReportJSON.amount(row.total)), ("unconverted", ReportJSON.unconverted(row.unconverted))])
            })),
            ("unconverted", ReportJSON.unconverted(unconverted)),
        ]).serialized()
    }

    /// One row per period end, one column per account (its balance in its own currency), the total converted.
    public func renderTable() -> String {
        let accounts = rows.first?.balances.map(\.account) ?? []
        var table = TextTable(["as of"] + accounts.map { "\($0.name) (\($0.currency.code))" } + ["total \(currency.code)"],
                              alignments: [.left] + Array(repeating: .right, count: accounts.count + 1))
        for row in rows {
            table.add([row.asOf.description] + row.balances.map { $0.converted == nil ? "\($0.balance) *" : $0.balance.description }
                      + [row.total.description + (row.unconverted.isEmpty ? "" : " *")])
        }
        var lines = [table.render()]
        let missing = unconverted
        if !missing.isEmpty {
            lines.append("* not in the total: no rate into \(currency.code) on or before that day")
            lines.append("  " + UnconvertedMoney.hint(into: currency, missing))
        }
        return lines.joined(separator: "\n")
    }
}
