/// JSON pieces every report shares: amounts as exact decimal strings, days as `YYYY-MM-DD`.
enum ReportJSON {
    static func amount(_ value: Amount) -> JSONValue { .string(value.description) }
    static func day(_ value: Day) -> JSONValue { .string(value.description) }

    /// `{"from","through"}`.
    static func span(_ range: DayRange) -> JSONValue {
        .object([("from", day(range.start)), ("through", day(range.end))])
    }

    /// `[{"currency","amount","count","first_day_without_rate"}]`.
    static func unconverted(_ entries: [UnconvertedMoney]) -> JSONValue {
        .array(entries.map { e in
            .object([("currency", .string(e.currency.code)), ("amount", amount(e.amount)), ("count", .int(e.count)),
                     ("first_day_without_rate", day(e.firstDayWithoutRate))])
        })
    }

    /// The name a dimension has on the command line: `category`, `tag`, `project`, `place`, `account`.
    static func dimension(_ entity: EntrySummary.Entity) -> String {
        switch entity {
        case .accounts: return "account"
        case .categories: return "category"
        case .tags: return "tag"
        case .projects: return "project"
        case .places: return "place"
        }
    }
}

extension Figures {
    /// `{"currency","income","expense","cashflow","count","transfers","unconverted"}`; `count`
    /// counts every transaction, transfers included (as entity lists always have).
    public var json: JSONValue {
        .object([("currency", .string(currency.code)), ("income", ReportJSON.amount(income)),
                 ("expense", ReportJSON.amount(expense)), ("cashflow", ReportJSON.amount(cashflow)),
                 ("count", .int(count + transferCount)), ("transfers", .int(transferCount)),
                 ("unconverted", ReportJSON.unconverted(unconverted))])
    }
}

extension UnconvertedMoney {
    /// The lines a table prints under its figures: what could not be converted and how to fix it.
    public static func lines(_ entries: [UnconvertedMoney], into currency: Currency) -> [String] {
        guard !entries.isEmpty else { return [] }
        var lines = ["not converted into \(currency.code) (no rate on or before their day), left out of the figures above:"]
        for e in entries {
            lines.append("  \(e.amount) \(e.currency.code) in \(e.count) \(e.count == 1 ? "transaction" : "transactions"), from \(e.firstDayWithoutRate)")
        }
        lines.append("  " + UnconvertedMoney.hint(into: currency, entries))
        return lines
    }
}
