import Testing
import MyMoneyReports

/// Recurring payments: rhythm, typical amount, what is not recurring.
@Suite struct RecurringTests {
    typealias F = Fixture

    @Test func monthlyAndWeeklyPaymentsAreFoundAndStoppedOnesAreNot() {
        var postings: [Posting] = []
        var id: Int64 = 1
        func add(_ day: String, _ amount: String, _ payee: String) {
            postings.append(F.posting(id, day, amount, payee: payee, category: "X"))
            id += 1
        }
        for month in 5...10 { add("2026-\(month < 10 ? "0" : "")\(month)-08", month == 7 ? "-15.49" : "-13.99", "NETFLIX.COM 4471") }
        add("2026-08-20", "-120.00", "NETFLIX.COM 9921")      // an outlier at the same payee: not part of the series
        for week in 0..<6 { add(F.day("2026-09-05").advanced(by: 7 * week).description, "-8.40", "Café Einstein") }
        for month in 3...6 { add("2026-0\(month)-15", "-9.99", "Old Subscription") }   // stopped in June
        add("2026-10-02", "-54.37", "REWE")
        let found = RecurringDetector().detect(postings, asOf: F.day("2026-10-20"))
        #expect(found.map { "\($0.payee) \($0.rhythm.rawValue) \($0.typicalAmount) \($0.lastSeen) \($0.nextExpected) \($0.occurrences)" }
                == ["Café Einstein weekly -8.40 2026-10-10 2026-10-17 6",
                    "NETFLIX.COM 4471 monthly -13.99 2026-10-08 2026-11-08 6"])
        #expect(found[1].daysSinceLastSeen(on: F.day("2026-10-20")) == 12)
        #expect(RecurringPayment.renderTable(found, asOf: F.day("2026-10-20")).contains("12 days ago"))
    }
}
