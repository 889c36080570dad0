import Testing
import MyMoneyReports

/// Net worth: balances at each period end, converted at that day's rate.
@Suite struct NetWorthTests {
    typealias F = Fixture

    @Test func balancesAtEachPeriodEndConvertedAndTotalled() throws {
        let accounts = [Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, openingBalance: F.amount("2450.00")),
                        Account(id: 2, name: "US Checking", kind: .bank, currency: .USD, openingBalance: F.amount("2200.00"))]
        let totals = [F.total("2026-09-10", "-100.00", "Girokonto"), F.total("2026-10-01", "2250.00", "Girokonto"),
                      F.total("2026-10-03", "-375.45", "US Checking", currency: .USD)]
        let ends = [F.day("2026-08-31"), F.day("2026-09-30"), F.day("2026-10-31")]
        let worth = try NetWorth(accounts: accounts, byAccount: totals, ends: ends,
                                 converter: F.converter([F.rate("2026-09-01", .EUR, .USD, "1.10"), F.rate("2026-10-01", .EUR, .USD, "1.25")]))
        #expect(worth.rows.map(\.total) == [F.amount("2450.00"), F.amount("4350.00"), F.amount("6059.64")])
        #expect(worth.rows[0].balances[1].converted == nil)
        #expect(worth.rows[2].balances.map(\.balance) == [F.amount("4600.00"), F.amount("1824.55")])
        #expect(worth.unconverted == [UnconvertedMoney(currency: .USD, amount: F.amount("2200.00"), count: 1, firstDayWithoutRate: F.day("2026-08-31"))])
    }
}
