/// Finds recurring payments in a history: subscriptions, rent, bills, a weekly habit.
///
/// The method, per payee (letter case, spacing and digits ignored, so `REWE 0412` and `Rewe 0415`
/// are one payee) and currency, over expenses up to the day asked for:
/// 1. the median amount of the payee's payments; payments within ``amountTolerancePercent`` of
///    it form the series (an occasional large purchase at the same shop stays out);
/// 2. the median gap between consecutive payments says the rhythm: 6–8 days weekly, 27–33
///    days monthly; at least ``minimumRegularShare`` of the gaps must fit it (5–9 and 25–35 days);
/// 3. at least ``minimumOccurrences`` payments, the latest no more than two rhythms ago (15 days
///    for weekly, 45 for monthly): a stopped subscription is not forecast.
/// The typical amount is the median of the series; the next expected day is one rhythm after
/// the latest payment (a month by calendar: the 1st stays the 1st).
///
/// - Complexity: O(n log n) in the postings given.
public struct RecurringDetector: Sendable {
    public var minimumOccurrences = 3
    public var amountTolerancePercent = 20
    /// Percent of gaps that must fit the rhythm.
    public var minimumRegularShare = 75

    public init() {}

    /// The recurring payments among `postings` as of `day`, by next expected day, then payee.
    public func detect(_ postings: [Posting], asOf day: Day) -> [RecurringPayment] {
        var groups: [GroupKey: [Posting]] = [:]
        var keys: [String: String?] = [:]   // one key per payee text, not per payment
        for p in postings where p.type == .expense && p.amount.isNegative && p.day <= day {
            guard let payee = p.payee else { continue }
            let known = keys[payee]
            let found = known ?? RecurringDetector.payeeKey(payee)
            if known == nil { keys[payee] = .some(found) }
            guard let key = found else { continue }
            groups[GroupKey(payee: key, currency: p.currency), default: []].append(p)
        }
        var found: [RecurringPayment] = []
        for (_, group) in groups where group.count >= minimumOccurrences {
            if let payment = series(in: group, asOf: day) { found.append(payment) }
        }
        return found.sorted { ($0.nextExpected, $0.payee, $0.currency.code) < ($1.nextExpected, $1.payee, $1.currency.code) }
    }

    struct GroupKey: Hashable {
        var payee: String
        var currency: Currency
    }

    func series(in group: [Posting], asOf day: Day) -> RecurringPayment? {
        let sorted = group.sorted { ($0.day, $0.transactionId) < ($1.day, $1.transactionId) }
        let median = RecurringDetector.median(sorted.map(\.amount))
        guard let median, let limit = try? median.magnitude() else { return nil }
        // |amount - median| * 100 <= |median| * tolerance, compared exactly.
        let members = sorted.filter { p in
            guard let gap = try? (p.amount - median).magnitude(),
                  let lhs = try? gap * Amount(units: 100), let rhs = try? limit * Amount(units: Int64(amountTolerancePercent)) else { return false }
            return lhs <= rhs
        }
        guard members.count >= minimumOccurrences, let last = members.last else { return nil }
        let gaps = zip(members, members.dropFirst()).map { $0.day.distance(to: $1.day) }
        let middle = gaps.sorted()[gaps.count / 2]
        let rhythm: RecurringPayment.Rhythm
        let band: ClosedRange<Int>
        if (6...8).contains(middle) { rhythm = .weekly; band = 5...9 }
        else if (27...33).contains(middle) { rhythm = .monthly; band = 25...35 }
        else { return nil }
        let regular = gaps.filter { band.contains($0) }.count
        guard regular * 100 >= gaps.count * minimumRegularShare else { return nil }
        guard last.day.distance(to: day) <= (rhythm == .weekly ? 15 : 45) else { return nil }
        guard let typical = RecurringDetector.median(members.map(\.amount)) else { return nil }
        return RecurringPayment(payee: last.payee ?? "", currency: last.currency, rhythm: rhythm, typicalAmount: typical,
                                lastSeen: last.day, nextExpected: rhythm.next(after: last.day), occurrences: members.count,
                                category: last.category, tags: last.tags, project: last.project,
                                transactionIds: members.map(\.transactionId))
    }

    /// The payee as grouping sees it: lower case, digits dropped, runs of spaces as one; nil when blank.
    static func payeeKey(_ payee: String) -> String? {
        var key = ""
        var space = false
        for c in payee.lowercased() {
            if c.isNumber { continue }
            if c.isWhitespace { space = !key.isEmpty; continue }
            if space { key.append(" "); space = false }
            key.append(c)
        }
        return key.isEmpty ? nil : key
    }

    /// The median (the lower of the two middle values for an even count: no division, no rounding).
    static func median(_ amounts: [Amount]) -> Amount? {
        guard !amounts.isEmpty else { return nil }
        let sorted = amounts.sorted()
        return sorted[(sorted.count - 1) / 2]
    }
}
