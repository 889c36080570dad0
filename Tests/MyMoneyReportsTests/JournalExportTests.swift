import Testing
import MyMoneyReports

/// The hledger and beancount renderings of books built in code.
@Suite("journal exports")
struct JournalExportTests {
    static func day(_ text: String) -> Day { Day(iso: text)! }
    static func amount(_ text: String) -> Amount { try! Amount(parsing: text) }

    static let giro = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, openingBalance: amount("100.00"))
    static let checking = Account(id: 2, name: "US Checking", kind: .bank, currency: .USD)
    static let visa = Account(id: 3, name: "Visa", kind: .creditCard, currency: .USD)

    static func t(_ id: Int64, _ account: Account, _ day: String, _ amount: String, payee: String = "Shop",
                  category: String? = nil, type: TransactionType? = nil) -> LedgerTransaction {
        LedgerTransaction(id: id, accountId: account.id!, day: Self.day(day), amount: Self.amount(amount), currency: account.currency,
                          payee: payee, type: type, category: category.flatMap { CategoryPath(parsing: $0) })
    }

    /// 88.00 EUR leave on the 5th and arrive as 100.00 USD on the 7th, with a 2.50 EUR fee on top.
    static var crossCurrency: BooksSnapshot {
        BooksSnapshot(
            accounts: [giro, checking],
            transactions: [
                t(1, giro, "2026-10-02", "-20.00", category: "Food:Groceries"),
                t(2, giro, "2026-10-05", "-90.50", payee: "Wise", type: .transfer),
                t(3, checking, "2026-10-07", "100.00", payee: "Wise", type: .transfer),
            ],
            transfers: [BooksSnapshot.TransferRecord(id: 7, fromTransactionId: 2, toTransactionId: 3,
                                                     rate: amount("1.1364"), fee: amount("2.50"))],
            balances: [
                StoredBalance(accountId: 1, day: day("2026-10-02"), amount: amount("100.00"), kind: .opening),
                StoredBalance(accountId: 1, day: day("2026-10-02"), amount: amount("80.00"), kind: .running),
                StoredBalance(accountId: 2, day: day("2026-10-06"), amount: amount("0.00"), kind: .ledger),
                StoredBalance(accountId: 2, day: day("2026-10-08"), amount: amount("100.00"), kind: .ledger),
                StoredBalance(accountId: 2, day: day("2026-10-08"), amount: amount("100.00"), kind: .closing),
                StoredBalance(accountId: 2, day: day("2026-10-08"), amount: amount("999.00"), kind: .available),
            ])
    }

    @Test func crossCurrencyTransferIsOneTransactionWithItsTotalCostAndFee() throws {
        let text = try HledgerJournal(Self.crossCurrency).render()
        #expect(text.contains("    assets:bank:Girokonto  -88.00 EUR @@ 100.00 USD\n"))
        #expect(text.contains("    assets:bank:Girokonto  -2.50 EUR\n"))
        #expect(text.contains("    expenses:fees  2.50 EUR\n"))
        #expect(text.contains("    assets:bank:US Checking  100.00 USD  ; date:2026-10-07\n"))
        // The ledger and closing balance of the 8th, equal, are asserted once.
        #expect(text.components(separatedBy: "2026-10-08 statement balance").count == 2)
        #expect(!text.contains("equity:transfers"))
    }

    @Test func statementBalanceGoesOnTheLastPostingOfItsDayOrAZeroPostingOfItsOwn() throws {
        let text = try HledgerJournal(Self.crossCurrency).render()
        // The opening balance of the 2nd is the end of the 1st: asserted on the opening entry.
        #expect(text.contains("2026-10-01 Opening balance\n    assets:bank:Girokonto  100.00 EUR = 100.00 EUR\n"))
        #expect(text.contains("    assets:bank:Girokonto  -20.00 EUR = 80.00 EUR\n"))
        // No posting on the 6th: a zero posting carries it, after the days before.
        #expect(text.contains("2026-10-06 statement balance (ledger)\n    assets:bank:US Checking  0 USD = 0.00 USD\n"))
    }

    @Test func availableBalancesAreNeverAsserted() throws {
        #expect(!(try HledgerJournal(Self.crossCurrency).render()).contains("999.00"))
        #expect(!(try BeancountJournal(Self.crossCurrency).render()).contains("999.00"))
    }

    @Test func beancountBalanceIsDatedTheDayAfterAndOncePerAccountAndDay() throws {
        let text = try BeancountJournal(Self.crossCurrency).render()
        #expect(text.contains("2026-10-02 balance Assets:Bank:Girokonto  100.00 EUR\n"))
        #expect(text.contains("2026-10-03 balance Assets:Bank:Girokonto  80.00 EUR\n"))
        #expect(text.components(separatedBy: "2026-10-09 balance Assets:Bank:US-Checking").count == 2)
    }

    @Test func beancountTransferAcrossDaysIsTwoLinkedEntriesThroughInTransit() throws {
        let text = try BeancountJournal(Self.crossCurrency).render()
        #expect(text.contains("2026-10-05 * \"Wise\" \"transfer Girokonto to US Checking\" ^transfer-7\n"))
        #expect(text.contains("  Assets:Bank:Girokonto  -88.00 EUR @@ 100.00 USD\n"))
        #expect(text.contains("  Assets:Transfers-In-Transit  100.00 USD\n"))
        #expect(text.contains("2026-10-07 * \"Wise\" \"transfer Girokonto to US Checking\" ^transfer-7\n  transfer: 7\n"))
        #expect(text.contains("  Assets:Transfers-In-Transit  -100.00 USD\n  Assets:Bank:US-Checking  100.00 USD\n"))
    }

    @Test func transferLegWithoutItsPartnerPostsAgainstEquityTransfers() throws {
        var books = Self.crossCurrency
        books.transactions.removeLast()
        let text = try HledgerJournal(books).render()
        #expect(text.contains("    assets:bank:Girokonto  -90.50 EUR\n    equity:transfers  90.50 EUR\n"))
    }

    @Test(arguments: ["Café & Co", "ärger", "_underscore", "1st choice", "O’Brien's", "  ", "a:b", "Ünïcödé—dash", "日本"])
    func beancountAccountNamesAreValid(_ name: String) throws {
        let spelled = BeancountJournal.spell(Journal.AccountName(.expenses, [name, "x y"]))
        let components = spelled.split(separator: ":", omittingEmptySubsequences: false)
        #expect(components.first == "Expenses")
        #expect(components.count == 3)
        for c in components.dropFirst() {
            let scalars = Array(c.unicodeScalars)
            #expect(!scalars.isEmpty)
            #expect(scalars.first.map { ("A"..."Z").contains($0) || ("0"..."9").contains($0) } == true, "\(spelled)")
            #expect(scalars.allSatisfy { ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "\(spelled)")
        }
    }

    @Test func namesThatBecomeEqualAreToldApart() throws {
        let a = Self.t(1, Self.giro, "2026-10-02", "-1.00", category: "Café")
        let b = Self.t(2, Self.giro, "2026-10-02", "-2.00", category: "Cafe")
        let text = try BeancountJournal(BooksSnapshot(accounts: [Self.giro], transactions: [a, b])).render()
        #expect(text.contains("open Expenses:Cafe EUR\n"))
        #expect(text.contains("open Expenses:Cafe-2 EUR\n"))
    }

    @Test func splitsAreSeveralPostingsAndUncategorizedGoesToUnknown() throws {
        var market = Self.t(1, Self.giro, "2026-10-11", "-23.50", payee: "Wochenmarkt")
        market.splits = [StatementSplit(amount: Self.amount("-15.50"), category: "Food:Groceries"),
                         StatementSplit(amount: Self.amount("-8.00"), category: "Gifts:Flowers", memo: "Tulpen")]
        let refund = Self.t(2, Self.giro, "2026-10-12", "5.00", payee: "Refund")
        let text = try HledgerJournal(BooksSnapshot(accounts: [Self.giro], transactions: [market, refund])).render()
        #expect(text.contains("    expenses:Food:Groceries  15.50 EUR\n    expenses:Gifts:Flowers  8.00 EUR  ; Tulpen\n"))
        #expect(text.contains("    income:unknown  -5.00 EUR\n"))
    }

    @Test func hostileTextCannotBreakTheJournalSyntax() throws {
        var t = Self.t(1, Self.giro, "2026-10-02", "-1.00", payee: "Evil ; comment\n2026-01-01 fake\u{1B}[31m", category: "Food")
        t.notes = "line one\nline two"
        t.tags = ["has space", "comma,tag"]
        let hledger = try HledgerJournal(BooksSnapshot(accounts: [Self.giro], transactions: [t])).render()
        #expect(!hledger.contains("\n2026-01-01 fake"))
        #expect(!hledger.contains("\u{1B}"))
        #expect(hledger.contains("2026-10-02 Evil , comment 2026-01-01 fake [31m  ; has-space:, comma-tag:"))
        #expect(hledger.contains("    ; line one\n    ; line two\n"))
        let beancount = try BeancountJournal(BooksSnapshot(accounts: [Self.giro], transactions: [t])).render()
        #expect(beancount.contains("2026-10-02 * \"Evil ; comment 2026-01-01 fake [31m\" \"\" #has-space #comma-tag\n"))
    }
}
