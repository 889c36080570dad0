/// Works out a budget's ``BudgetStatus`` on a day from the target's postings.
///
/// Spent: the target's expenses from the period's first day through the day asked for,
/// converted into the budget's currency at each day's rate (never left out: without a rate they
/// are listed as unconverted). With rollover, each earlier period's limit minus its spending
/// carries into the next, from the budget's first period on.
///
/// The forecast for the period's end is better than a straight line (which misfires when the
/// rent is paid on the 1st): spent so far, plus every recurring payment of the target (see
/// ``RecurringDetector``, over the ``recurringLookbackDays`` before the day) expected from now to
/// the period's end and not yet seen this period, at
/// its typical amount, plus the rest of the spending at its own daily rate from past periods:
/// the target's non-recurring spending over the ``lookbackPeriods`` periods (at least
/// ``minimumLookbackDays`` days) before this one, counted from the ledger's first day when it is
/// younger, per day, times the days left after the day asked for. Without any history before the
/// period, this period's own non-recurring rate so far stands in.
///
/// Status: `over` when spent is above what the period may spend; `warning` when the forecast is
/// above it, or when 80% of it is spent before 80% of the period has passed (the reason says
/// which); `on_track` otherwise.
public struct BudgetCalculator: Sendable {
    public var lookbackPeriods = 3
    public var minimumLookbackDays = 84
    /// How far back recurring payments are looked for (four or five months: enough for three
    /// monthly payments, and what budgets read one by one).
    public var recurringLookbackDays = 130
    public var detector = RecurringDetector()

    public init() {}

    /// The days whose spending ``status(of:asOf:spending:payments:historyStart:converter:)`` sums.
    public func span(of budget: Budget, asOf day: Day) -> DayRange {
        let period = BudgetPeriods.period(of: budget, holding: day)
        let length = period.start.distance(to: period.end) + 1
        var start = min(period.start.advanced(by: -max(lookbackPeriods * length, minimumLookbackDays)), paymentsSpan(asOf: day).start)
        if budget.rollover { start = min(start, budget.startDay) }
        return DayRange(start: start, end: period.end)
    }

    /// The days whose payments, one by one, the recurring payments are found in.
    public func paymentsSpan(asOf day: Day) -> DayRange {
        DayRange(start: day.advanced(by: -recurringLookbackDays), end: day)
    }

    /// The budget's status on `day` from postings (each counted if it is an expense in the target),
    /// covering at least ``span(of:asOf:)``.
    public func status(of budget: Budget, asOf day: Day, postings: [Posting], historyStart: Day?,
                       converter: CurrencyConverter) throws(AmountError) -> BudgetStatus {
        let relevant = postings.filter { $0.type == .expense && budget.target.contains($0) }
        return try status(of: budget, asOf: day, spending: relevant.flatMap { $0.dailyTotals(by: nil) },
                          payments: relevant.filter { paymentsSpan(asOf: day).contains($0.day) },
                          historyStart: historyStart, converter: converter)
    }

    /// The budget's status on `day`.
    ///
    /// - Parameters:
    ///   - spending: the target's aggregate rows covering at least ``span(of:asOf:)`` (rows that are
    ///     not expenses are ignored); the caller has kept only the target's money.
    ///   - payments: the target's expenses one by one in ``paymentsSpan(asOf:)``, where recurring
    ///     payments are found (and taken out of the daily rate).
    ///   - historyStart: the ledger's first day, so a young ledger's empty past does not dilute the rate.
    ///   - converter: rates; converts into the budget's currency.
    /// - Throws: ``AmountError/overflow`` when a sum does not fit.
    public func status(of budget: Budget, asOf day: Day, spending: [DailyTotal], payments: [Posting], historyStart: Day?,
                       converter: CurrencyConverter) throws(AmountError) -> BudgetStatus {
        var converter = converter.converting(into: budget.currency)
        let currency = budget.currency
        let index = BudgetPeriods.index(of: budget, holding: day)
        let period = BudgetPeriods.period(of: budget, index: index)
        let length = period.start.distance(to: period.end) + 1
        let through = min(day, period.end)
        let lookback = max(lookbackPeriods * length, minimumLookbackDays)
        var windowStart = period.start.advanced(by: -lookback)
        if let historyStart, historyStart > windowStart { windowStart = historyStart }
        let windowDays = max(0, windowStart.distance(to: period.start))
        let series = detector.detect(payments.filter { $0.type == .expense && $0.day <= through }, asOf: through)
        let recurringIds = Set(series.flatMap(\.transactionIds))

        // Spending, converted (positive = spent): this period through the day, the window before, earlier periods.
        var unconverted = UnconvertedTally()
        var spent = ExactDecimal.zero
        var past = ExactDecimal.zero
        var perPeriod = [ExactDecimal](repeating: .zero, count: budget.rollover ? index : 0)
        for total in spending where total.type == .expense && total.day <= through {
            guard let value = try converter.convert(total.amount, from: total.currency, on: total.day) else {
                if total.day >= period.start { try unconverted.add(total.amount, total.currency, on: total.day, count: total.count) }
                continue
            }
            let outflow = -value
            if total.day >= period.start { try spent.add(outflow) }
            else {
                if total.day >= windowStart { try past.add(outflow) }
                if budget.rollover && total.day >= budget.startDay {
                    let i = BudgetPeriods.index(of: budget, holding: total.day)
                    if i < index { try perPeriod[i].add(outflow) }
                }
            }
        }
        // The recurring payments' share, taken out of the paces below.
        var ownNonRecurring = spent
        for p in payments where recurringIds.contains(p.transactionId) && p.type == .expense && p.day <= through {
            guard let value = try converter.convert(p.amount, from: p.currency, on: p.day) else { continue }
            if p.day >= period.start { try ownNonRecurring.add(value) }
            else if p.day >= windowStart { try past.add(value) }
        }

        // Rollover: each earlier period's limit minus its spending.
        var carried = ExactDecimal.zero
        let limit = ExactDecimal(budget.amount)
        for periodSpent in perPeriod { carried = try carried + limit - periodSpent }
        let available = try limit + carried

        // Forecast: spent + expected recurring + the rest at its past daily rate.
        var expected: [RecurringPayment] = []
        var recurringAhead = ExactDecimal.zero
        for payment in series {
            var next = payment.nextExpected
            while next <= period.end {
                if next >= period.start {
                    if let value = try converter.convert(payment.typicalAmount, from: payment.currency, on: through) {
                        try recurringAhead.add(-value)
                    }
                    if expected.last != payment { expected.append(payment) }
                }
                let after = payment.rhythm.next(after: next)
                guard after > next else { break }
                next = after
            }
        }
        let daysAfter = day < period.start ? length : max(0, through.distance(to: period.end))
        var rest = ExactDecimal.zero
        if daysAfter > 0 {
            if windowDays > 0 {
                rest = try past.scaled(by: daysAfter, over: windowDays)
            } else if day >= period.start {
                let elapsed = period.start.distance(to: through) + 1
                rest = try ownNonRecurring.scaled(by: daysAfter, over: elapsed)
            }
        }
        let forecast = try spent + recurringAhead + rest

        // Left, per day, status.
        let left = try available - spent
        let daysLeft = day < period.start ? length : max(1, through.distance(to: period.end) + 1)
        let perDay = left.isNegative || left.isZero ? Amount(units: 0, scale: currency.minorUnits ?? 2)
            : try left.rounded(to: currency, dividedBy: daysLeft)
        let elapsed = day < period.start ? 0 : period.start.distance(to: through) + 1
        let shown = { (value: ExactDecimal) throws(AmountError) -> String in "\(try value.rounded(to: currency)) \(currency.code)" }
        let status: BudgetStatus.Status
        let reason: String
        if spent > available {
            status = .over
            reason = "over by \(try shown(-left)): spent \(try shown(spent)) of \(try shown(available))"
        } else {
            var warnings: [String] = []
            if forecast > available {
                warnings.append("forecast \(try shown(forecast)) is above the limit \(try shown(available))")
            }
            if try spent.times(10) >= available.times(8) && elapsed * 10 < length * 8 {
                warnings.append("80% spent (\(try shown(spent)) of \(try shown(available))) with \(elapsed * 100 / length)% of the period gone")
            }
            if warnings.isEmpty {
                status = .onTrack
                reason = "on track: \(try shown(left)) left, forecast \(try shown(forecast))"
            } else {
                status = .warning
                reason = warnings.joined(separator: "; ")
            }
        }
        return BudgetStatus(budget: budget, period: period, asOf: day, limit: budget.amount,
                            carried: try carried.rounded(to: currency), available: try available.rounded(to: currency),
                            spent: try spent.rounded(to: currency), left: try left.rounded(to: currency), leftPerDay: perDay,
                            forecast: try forecast.rounded(to: currency), expectedRecurring: expected, status: status,
                            reason: reason, unconverted: unconverted.entries)
    }
}
