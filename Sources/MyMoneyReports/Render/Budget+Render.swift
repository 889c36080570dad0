extension Budget {
    /// The budget as it is defined (not where it stands):
    /// `{"id","name","target":{"kind","name"},"currency","limit","repeats","days","start","rollover"}`,
    /// the shape `budgets add` and `budgets remove` print with `--format json`; `limit` is the
    /// `--amount` given, `days` the length of a custom period (null for the others).
    public var json: JSONValue {
        .object([
            ("id", id.map { .number(String($0)) } ?? .null), ("name", .string(displayName)),
            ("target", .object([("kind", .string(target.kind)), ("name", .string(target.name))])),
            ("currency", .string(currency.code)), ("limit", ReportJSON.amount(amount)),
            ("repeats", .string(period.rawValue)), ("days", customDays.map { .int($0) } ?? .null),
            ("start", ReportJSON.day(startDay)), ("rollover", .bool(rollover)),
        ])
    }
}
