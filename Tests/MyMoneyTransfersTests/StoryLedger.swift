import MyMoneyTransfers

/// The sample story (STORY.md) built in code: Alex Morgan's five accounts in October 2026.
enum StoryLedger {
    static let girokonto = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"])
    static let tagesgeld = Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR, numbers: ["DE02120300000000202051"])
    static let checking = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD, numbers: ["000123456789"], bankId: "021000021")
    static let visa = Account(id: 4, name: "Visa", kind: .creditCard, currency: .USD, numbers: ["4111111111114321"])
    static let wallet = Account(id: 5, name: "Wallet", kind: .cash, currency: .EUR)
    static let accounts = [girokonto, tagesgeld, checking, visa, wallet]

    static func day(_ text: String) -> Day { Day(iso: text) ?? Day(daysSinceEpoch: 0) }
    static func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

    static func tx(_ account: Account, _ date: String, _ payee: String, _ memo: String?, _ value: String,
                   type: String? = nil, hint: String? = nil) -> LedgerTransaction {
        LedgerTransaction(accountId: account.id ?? 0, day: day(date), amount: amount(value), currency: account.currency,
                          originalPayee: payee, memo: memo, bankType: type, transferHint: hint)
    }

    static var transactions: [LedgerTransaction] {
        [
            tx(girokonto, "2026-10-01", "Hausverwaltung Schmidt GmbH", "Miete Oktober", "-950.00"),
            tx(girokonto, "2026-10-01", "Acme Software GmbH", "Gehalt Oktober", "3200.00"),
            tx(girokonto, "2026-10-02", "REWE Markt Berlin", "Kartenzahlung", "-54.37"),
            tx(girokonto, "2026-10-04", "BVG Berlin", "Deutschlandticket", "-58.00"),
            tx(girokonto, "2026-10-05", "Wise Europe SA", "Überweisung auf eigenes USD-Konto", "-88.00"),
            tx(girokonto, "2026-10-06", "Stadtwerke Berlin", "Abschlag Strom", "-72.00"),
            tx(girokonto, "2026-10-08", "Netflix International", "Abo", "-13.99"),
            tx(girokonto, "2026-10-10", "Geldautomat Alexanderplatz", "Bargeldauszahlung", "-200.00"),
            tx(girokonto, "2026-10-12", "EDEKA Center", "Kartenzahlung", "-23.45"),
            tx(girokonto, "2026-10-15", "Alex Morgan", "Umbuchung auf Tagesgeld", "-500.00"),
            tx(girokonto, "2026-10-18", "REWE Markt Berlin", "Kartenzahlung", "-31.10"),
            tx(girokonto, "2026-10-20", "Café Einstein", "Kartenzahlung", "-8.40"),
            tx(girokonto, "2026-10-25", "Amazon EU S.a.r.l.", "Bestellung 302-1234567", "-29.99"),
            tx(girokonto, "2026-10-28", "Bäckerei Kamps", "Kartenzahlung", "-3.20"),
            tx(girokonto, "2026-10-28", "Bäckerei Kamps", "Kartenzahlung", "-3.20"),
            tx(tagesgeld, "2026-10-15", "Alex Morgan", "Umbuchung von Girokonto", "500.00"),
            tx(tagesgeld, "2026-10-31", "Musterbank", "Zinsen", "1.23"),
            tx(checking, "2026-10-03", "WHOLE FOODS MARKET #10234", nil, "-64.12", type: "DEBIT"),
            tx(checking, "2026-10-07", "WISE INC", "From EUR account", "100.00", type: "XFER"),
            tx(checking, "2026-10-09", "SHELL OIL 57442", nil, "-41.50", type: "POS"),
            tx(checking, "2026-10-15", "ONLINE PAYMENT TO VISA 4321", nil, "-250.00", type: "PAYMENT"),
            tx(checking, "2026-10-20", "CHECK 1001", nil, "-120.00", type: "CHECK"),
            tx(checking, "2026-10-27", "INTEREST PAYMENT", nil, "0.17", type: "INT"),
            tx(visa, "2026-10-04", "STARBUCKS STORE 1234", nil, "-5.75", type: "DEBIT"),
            tx(visa, "2026-10-11", "AMAZON MKTPL*2K4LM", nil, "-42.99", type: "DEBIT"),
            tx(visa, "2026-10-16", "PAYMENT THANK YOU", nil, "250.00", type: "CREDIT"),
            tx(visa, "2026-10-19", "UBER TRIP", nil, "-18.20", type: "DEBIT"),
            tx(visa, "2026-10-22", "NETFLIX.COM", nil, "-15.49", type: "DEBIT"),
            tx(visa, "2026-10-24", "LYFT RIDE", nil, "-12.30", type: "DEBIT"),
            tx(wallet, "2026-10-10", "Geldautomat", nil, "200.00", hint: "Girokonto"),
            tx(wallet, "2026-10-11", "Wochenmarkt", nil, "-23.50"),
            tx(wallet, "2026-10-14", "Imbiss Kreuzberg", nil, "-7.50"),
            tx(wallet, "2026-10-21", "Flohmarkt", nil, "-15.00"),
            tx(wallet, "2026-10-29", "Kiosk", nil, "-4.20"),
        ]
    }
}
