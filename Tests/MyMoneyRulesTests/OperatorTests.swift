import Testing
@testable import MyMoneyRules

/// Each operator on each kind of field, against one REWE purchase on Friday 2026-10-02.
@Suite struct OperatorTests {
    static let cases: [(String, Bool)] = [
        // Text: case-insensitive by default.
        ("payee contains \"rewe\"", true),
        ("payee contains \"rewe\" case-sensitive", false),
        ("payee contains \"REWE\" case-sensitive", true),
        ("payee equals \"rewe markt berlin\"", true),
        ("payee equals \"REWE\"", false),
        ("payee is \"REWE Markt Berlin\"", true),
        ("payee is not \"REWE Markt Berlin\"", false),
        ("payee != \"EDEKA\"", true),
        ("payee = \"rewe markt berlin\"", true),
        ("payee starts with \"rewe m\"", true),
        ("payee starts with \"Markt\"", false),
        ("payee ends with \"BERLIN\"", true),
        ("payee ends with \"Markt\"", false),
        ("payee matches /^REWE\\s+(\\w+)/", true),
        ("payee matches /^Markt/", false),
        ("payee matches /^rewe/ case-sensitive", false),
        ("payee in (\"EDEKA\", \"rewe markt berlin\")", true),
        ("payee in (\"EDEKA\", \"LIDL\")", false),
        ("original payee contains \"Markt\"", true),
        ("memo contains \"4711\"", true),
        ("text contains \"kartenzahlung\"", true),
        ("text contains \"nowhere\"", false),
        ("notes is empty", true),
        ("notes is set", false),
        ("payee is set", true),
        ("payee is not empty", true),
        ("check number is empty", true),
        ("tag is empty", true),
        ("bank type is pos", true),
        ("bankType equals POS", true),
        ("extra.SIC equals 5411", true),
        ("extra.sic equals 5411", true),
        ("extra \"Buchungstext\" contains \"lastschrift\"", true),
        ("extra.Missing is empty", true),
        // Amounts, signed and absolute.
        ("amount = -54.37", true),
        ("amount = -54.370", true),
        ("amount < -50", true),
        ("amount > -50", false),
        ("amount <= -54.37", true),
        ("amount < -54.37", false),
        ("amount >= -54.37", true),
        ("amount > -54.37", false),
        ("amount != -54.37", false),
        ("amount between -60 and -50", true),
        ("amount between -50 and 0", false),
        ("abs amount > 50", true),
        ("abs(amount) between 54.37 and 54.37", true),
        ("abs amount < 54.37", false),
        // Currency, account, type, source.
        ("currency is eur", true),
        ("currency is USD", false),
        ("currency in (USD, EUR)", true),
        ("account is \"girokonto\"", true),
        ("account kind is bank", true),
        ("account kind is checking", true),
        ("account kind is credit-card", false),
        ("type is expense", true),
        ("type is income", false),
        ("type is not transfer", true),
        ("source format is csv", true),
        ("source is ofx", false),
        // Days.
        ("date = 2026-10-02", true),
        ("date between 2026-10-01 and 2026-10-31", true),
        ("date < 2026-10-02", false),
        ("day >= 2026-10-02", true),
        ("date > 2026-10-01", true),
        ("day of month between 1 and 5", true),
        ("day of month > 2", false),
        ("day of month <= 2", true),
        ("month is oct", true),
        ("month = 10", true),
        ("month < 10", false),
        ("weekday is friday", true),
        ("weekday is fri", true),
        ("weekday is 5", true),
        ("weekday in (sat, sun)", false),
        ("weekday between mon and fri", true),
        ("weekday > fri", false),
        ("weekday != friday", false),
        // Combinations.
        ("payee contains \"REWE\" and amount > 0", false),
        ("payee contains \"X\" or amount < 0", true),
        ("not payee contains \"REWE\"", false),
        ("not (payee contains \"X\" or memo contains \"Y\")", true),
        ("payee contains \"EDEKA\" or (amount < 0 and currency is EUR)", true),
        ("(payee contains \"EDEKA\" or payee contains \"REWE\") and not amount > 0", true),
        ("payee contains \"EDEKA\" or payee contains \"LIDL\" or memo contains \"4711\"", true),
    ]

    @Test(arguments: cases)
    func condition(_ text: String, _ expected: Bool) throws {
        #expect(try RuleTesting.holds(text) == expected, "\(text)")
    }

    @Test func unicodePayeesMatchWhicheverWayTheyAreComposedOrCased() throws {
        let cafe = LedgerTransaction(accountId: 1, day: StoryLedger.day("2026-10-20"), amount: StoryLedger.amount("-8.40"),
                                     currency: .EUR, originalPayee: "CAFE\u{301} EINSTEIN")   // E + combining acute
        #expect(try RuleTesting.holds("payee starts with \"Café\"", cafe))
        #expect(try RuleTesting.holds("payee equals \"café einstein\"", cafe))
        #expect(try !RuleTesting.holds("payee contains \"CAFE \"", cafe))
    }

    @Test func accountTestsNeverHoldWithoutAnAccount() throws {
        #expect(try !RuleTesting.holds("account is \"Girokonto\"", account: nil))
        #expect(try RuleTesting.holds("account is empty", account: nil))
        #expect(try !RuleTesting.holds("account kind is bank", account: nil))
    }

    @Test func tagTestsSeeEveryTag() throws {
        var t = RuleTesting.rewe
        t.tags = ["food", "Weekly"]
        #expect(try RuleTesting.holds("tag is weekly", t))
        #expect(try RuleTesting.holds("tag contains \"foo\"", t))
        #expect(try !RuleTesting.holds("tag is empty", t))
    }
}
