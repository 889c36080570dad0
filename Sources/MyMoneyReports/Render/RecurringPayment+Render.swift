extension RecurringPayment {
    /// `{"as_of","recurring":[{"payee","currency","rhythm","typical_amount","last_seen","days_ago","next_expected",…}]}`.
    public static func renderJSON(_ payments: [RecurringPayment], asOf day: Day) -> String {
        JSONValue.object([
            ("as_of", ReportJSON.day(day)),
            ("recurring", .array(payments.map { p in
                .object([("payee", .string(p.payee)), ("currency", .string(p.currency.code)), ("rhythm", .string(p.rhythm.rawValue)),
                         ("typical_amount", ReportJSON.amount(p.typicalAmount)), ("last_seen", ReportJSON.day(p.lastSeen)),
                         ("days_ago", .int(p.daysSinceLastSeen(on: day))), ("next_expected", ReportJSON.day(p.nextExpected)),
                         ("occurrences", .int(p.occurrences)), ("category", .optional(p.category?.description))])
            })),
        ]).serialized()
    }

    /// Subscriptions and bills at a glance: payee, rhythm, typical amount, last seen (N days ago), next expected.
    public static func renderTable(_ payments: [RecurringPayment], asOf day: Day) -> String {
        guard !payments.isEmpty else {
            return "no recurring payments found up to \(day) (a payee paid a similar amount at least 3 times, weekly or monthly)"
        }
        var table = TextTable(["payee", "rhythm", "typical", "last seen", "", "next expected", "category"],
                              alignments: [.left, .left, .right, .left, .right, .left, .left])
        for p in payments {
            let ago = p.daysSinceLastSeen(on: day)
            table.add([p.payee, p.rhythm.rawValue, "\(p.typicalAmount) \(p.currency.code)", p.lastSeen.description,
                       ago == 0 ? "today" : (ago == 1 ? "1 day ago" : "\(ago) days ago"), p.nextExpected.description,
                       p.category?.description ?? ""])
        }
        return table.render()
    }
}
