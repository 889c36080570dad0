import MyMoneyRules

/// The sample story (STORY.md) built in code: Alex Morgan's five accounts and October 2026.
enum StoryLedger {
    static let girokonto = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR)
    static let tagesgeld = Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR)
    static let usChecking = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD)
    static let visa = Account(id: 4, name: "Visa", kind: .creditCard, currency: .USD)
    static let wallet = Account(id: 5, name: "Wallet", kind: .cash, currency: .EUR)
    static let accounts = [girokonto, tagesgeld, usChecking, visa, wallet]

    static func day(_ iso: String) -> Day { Day(iso: iso) ?? Day(daysSinceEpoch: 0) }
    static func amount(_ text: String) -> Amount { (try? Amount(parsing: text)) ?? .zero }

    static func row(_ account: Account, _ date: String, _ payee: String, _ memo: String?, _ value: String,
                    format: String, bankType: String? = nil, checkNumber: String? = nil,
                    splits: [StatementSplit] = []) -> LedgerTransaction {
        LedgerTransaction(accountId: account.id ?? 0, day: day(date), amount: amount(value), currency: account.currency,
                          originalPayee: payee, memo: memo, bankType: bankType, checkNumber: checkNumber,
                          splits: splits, sourceFormat: format)
    }

    static let transactions: [LedgerTransaction] = [
        row(girokonto, "2026-10-01", "Hausverwaltung Schmidt GmbH", "Miete Oktober", "-950.00", format: "csv"),
        row(girokonto, "2026-10-01", "Acme Software GmbH", "Gehalt Oktober", "3200.00", format: "csv"),
        row(girokonto, "2026-10-02", "REWE Markt Berlin", "Kartenzahlung", "-54.37", format: "csv"),
        row(girokonto, "2026-10-04", "BVG Berlin", "Deutschlandticket", "-58.00", format: "csv"),
        row(girokonto, "2026-10-05", "Wise Europe SA", "Überweisung auf eigenes USD-Konto", "-88.00", format: "csv"),
        row(girokonto, "2026-10-06", "Stadtwerke Berlin", "Abschlag Strom", "-72.00", format: "csv"),
        row(girokonto, "2026-10-08", "Netflix International", "Abo", "-13.99", format: "csv"),
        row(girokonto, "2026-10-10", "Geldautomat Alexanderplatz", "Bargeldauszahlung", "-200.00", format: "csv"),
        row(girokonto, "2026-10-12", "EDEKA Center", "Kartenzahlung", "-23.45", format: "csv"),
        row(girokonto, "2026-10-15", "Alex Morgan", "Umbuchung auf Tagesgeld", "-500.00", format: "csv"),
        row(girokonto, "2026-10-18", "REWE Markt Berlin", "Kartenzahlung", "-31.10", format: "csv"),
        row(girokonto, "2026-10-20", "Café Einstein", "Kartenzahlung", "-8.40", format: "csv"),
        row(girokonto, "2026-10-25", "Amazon EU S.a.r.l.", "Bestellung 302-1234567", "-29.99", format: "csv"),
        row(girokonto, "2026-10-28", "Bäckerei Kamps", "Kartenzahlung", "-3.20", format: "csv"),
        row(girokonto, "2026-10-28", "Bäckerei Kamps", "Kartenzahlung", "-3.20", format: "csv"),
        row(tagesgeld, "2026-10-15", "Alex Morgan", "Umbuchung von Girokonto", "500.00", format: "camt.053"),
        row(tagesgeld, "2026-10-31", "Musterbank", "Zinsen", "1.23", format: "camt.053"),
        row(usChecking, "2026-10-03", "WHOLE FOODS MARKET #10234", nil, "-64.12", format: "ofx", bankType: "DEBIT"),
        row(usChecking, "2026-10-07", "WISE INC", "From EUR account", "100.00", format: "ofx", bankType: "XFER"),
        row(usChecking, "2026-10-09", "SHELL OIL 57442", nil, "-41.50", format: "ofx", bankType: "POS"),
        row(usChecking, "2026-10-15", "ONLINE PAYMENT TO VISA 4321", nil, "-250.00", format: "ofx", bankType: "PAYMENT"),
        row(usChecking, "2026-10-20", "CHECK 1001", nil, "-120.00", format: "ofx", bankType: "CHECK", checkNumber: "1001"),
        row(usChecking, "2026-10-27", "INTEREST PAYMENT", nil, "0.17", format: "ofx", bankType: "INT"),
        row(visa, "2026-10-04", "STARBUCKS STORE 1234", nil, "-5.75", format: "qfx", bankType: "DEBIT"),
        row(visa, "2026-10-11", "AMAZON MKTPL*2K4LM", nil, "-42.99", format: "qfx", bankType: "DEBIT"),
        row(visa, "2026-10-16", "PAYMENT THANK YOU", nil, "250.00", format: "qfx", bankType: "CREDIT"),
        row(visa, "2026-10-19", "UBER TRIP", nil, "-18.20", format: "qfx", bankType: "DEBIT"),
        row(visa, "2026-10-22", "NETFLIX.COM", nil, "-15.49", format: "qfx", bankType: "DEBIT"),
        row(visa, "2026-10-24", "LYFT RIDE", nil, "-12.30", format: "qfx", bankType: "DEBIT"),
        row(wallet, "2026-10-10", "Geldautomat", nil, "200.00", format: "qif"),
        row(wallet, "2026-10-11", "Wochenmarkt", nil, "-23.50", format: "qif",
            splits: [StatementSplit(amount: amount("-18.00"), category: "Food:Groceries"),
                     StatementSplit(amount: amount("-5.50"), category: "Gifts:Flowers")]),
        row(wallet, "2026-10-14", "Imbiss Kreuzberg", nil, "-7.50", format: "qif"),
        row(wallet, "2026-10-21", "Flohmarkt", nil, "-15.00", format: "qif"),
        row(wallet, "2026-10-29", "Kiosk", nil, "-4.20", format: "qif"),
    ]

    static var inputs: [RuleInput] { RuleInput.inputs(transactions, accounts: accounts) }
}
