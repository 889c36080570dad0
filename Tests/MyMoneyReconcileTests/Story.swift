import MyMoneyReconcile

/// Reads a plain amount (`-54.37`) for building test data.
func money(_ text: String) throws -> Amount { try Amount(parsing: text) }

/// Reads `YYYY-MM-DD`; an impossible day becomes 1970-01-01, which no test expects.
func day(_ text: String) -> Day { Day(iso: text) ?? Day(daysSinceEpoch: 0) }

/// One statement row of the sample story: day, payee, memo, amount.
struct StoryRow {
    var day: String
    var payee: String
    var memo: String
    var amount: String
}

/// The accounts of /work/wt/STORY.md (Alex Morgan, Berlin, October 2026), built in code: each
/// account, the statement its file gives and the ledger a clean import of it stores.
enum Story {
    static let girokontoRows = [
        StoryRow(day: "2026-10-01", payee: "Hausverwaltung Schmidt GmbH", memo: "Miete Oktober", amount: "-950.00"),
        StoryRow(day: "2026-10-01", payee: "Acme Software GmbH", memo: "Gehalt Oktober", amount: "3200.00"),
        StoryRow(day: "2026-10-02", payee: "REWE Markt Berlin", memo: "Kartenzahlung", amount: "-54.37"),
        StoryRow(day: "2026-10-04", payee: "BVG Berlin", memo: "Deutschlandticket", amount: "-58.00"),
        StoryRow(day: "2026-10-05", payee: "Wise Europe SA", memo: "Überweisung auf eigenes USD-Konto", amount: "-88.00"),
        StoryRow(day: "2026-10-06", payee: "Stadtwerke Berlin", memo: "Abschlag Strom", amount: "-72.00"),
        StoryRow(day: "2026-10-08", payee: "Netflix International", memo: "Abo", amount: "-13.99"),
        StoryRow(day: "2026-10-10", payee: "Geldautomat Alexanderplatz", memo: "Bargeldauszahlung", amount: "-200.00"),
        StoryRow(day: "2026-10-12", payee: "EDEKA Center", memo: "Kartenzahlung", amount: "-23.45"),
        StoryRow(day: "2026-10-15", payee: "Alex Morgan", memo: "Umbuchung auf Tagesgeld", amount: "-500.00"),
        StoryRow(day: "2026-10-18", payee: "REWE Markt Berlin", memo: "Kartenzahlung", amount: "-31.10"),
        StoryRow(day: "2026-10-20", payee: "Café Einstein", memo: "Kartenzahlung", amount: "-8.40"),
        StoryRow(day: "2026-10-25", payee: "Amazon EU S.a.r.l.", memo: "Bestellung 302-1234567", amount: "-29.99"),
        StoryRow(day: "2026-10-28", payee: "Bäckerei Kamps", memo: "Kartenzahlung", amount: "-3.20"),
        StoryRow(day: "2026-10-28", payee: "Bäckerei Kamps", memo: "Kartenzahlung", amount: "-3.20"),
    ]
    static let tagesgeldRows = [
        StoryRow(day: "2026-10-15", payee: "Alex Morgan", memo: "Umbuchung von Girokonto", amount: "500.00"),
        StoryRow(day: "2026-10-31", payee: "Musterbank", memo: "Zinsen", amount: "1.23"),
    ]
    static let usCheckingRows = [
        StoryRow(day: "2026-10-03", payee: "WHOLE FOODS MARKET #10234", memo: "", amount: "-64.12"),
        StoryRow(day: "2026-10-07", payee: "WISE INC", memo: "From EUR account", amount: "100.00"),
        StoryRow(day: "2026-10-09", payee: "SHELL OIL 57442", memo: "", amount: "-41.50"),
        StoryRow(day: "2026-10-15", payee: "ONLINE PAYMENT TO VISA 4321", memo: "", amount: "-250.00"),
        StoryRow(day: "2026-10-20", payee: "CHECK 1001", memo: "", amount: "-120.00"),
        StoryRow(day: "2026-10-27", payee: "INTEREST PAYMENT", memo: "", amount: "0.17"),
    ]
    static let visaRows = [
        StoryRow(day: "2026-10-04", payee: "STARBUCKS STORE 1234", memo: "", amount: "-5.75"),
        StoryRow(day: "2026-10-11", payee: "AMAZON MKTPL*2K4LM", memo: "", amount: "-42.99"),
        StoryRow(day: "2026-10-16", payee: "PAYMENT THANK YOU", memo: "", amount: "250.00"),
        StoryRow(day: "2026-10-19", payee: "UBER TRIP", memo: "", amount: "-18.20"),
        StoryRow(day: "2026-10-22", payee: "NETFLIX.COM", memo: "", amount: "-15.49"),
        StoryRow(day: "2026-10-24", payee: "LYFT RIDE", memo: "", amount: "-12.30"),
    ]
    static let walletRows = [
        StoryRow(day: "2026-10-10", payee: "Geldautomat", memo: "", amount: "200.00"),
        StoryRow(day: "2026-10-11", payee: "Wochenmarkt", memo: "", amount: "-23.50"),
        StoryRow(day: "2026-10-14", payee: "Imbiss Kreuzberg", memo: "", amount: "-7.50"),
        StoryRow(day: "2026-10-21", payee: "Flohmarkt", memo: "", amount: "-15.00"),
        StoryRow(day: "2026-10-29", payee: "Kiosk", memo: "", amount: "-4.20"),
    ]

    static func transactions(_ rows: [StoryRow]) throws -> [StatementTransaction] {
        try rows.enumerated().map { n, r in
            StatementTransaction(day: day(r.day), amount: try money(r.amount), payee: r.payee,
                                 memo: r.memo.isEmpty ? nil : r.memo,
                                 position: SourcePosition(offset: n * 80, line: n + 2, column: 1))
        }
    }

    /// A bank CSV with a running balance after every row (Girokonto, Tagesgeld) and its opening balance.
    static func runningStatement(file: String, rows: [StoryRow], opening: String, iban: String) throws -> Statement {
        let txs = try transactions(rows)
        var balances = [StatementBalance(kind: .opening, amount: try money(opening), day: day("2026-10-01"), currency: .EUR)]
        var balance = try money(opening)
        for (i, t) in txs.enumerated() {
            balance = try balance + t.amount
            balances.append(StatementBalance(kind: .running, amount: balance, day: t.day, currency: .EUR, transactionIndex: i,
                                             position: t.position))
        }
        return Statement(source: StatementSource(file: file, format: "csv"),
                         account: StatementAccount(id: iban, kind: .bank, currency: .EUR),
                         period: DayRange(start: day("2026-10-01"), end: day("2026-10-31")),
                         balances: balances, transactions: txs)
    }

    static func ofxStatement(file: String, rows: [StoryRow], ledgerBalance: String, kind: AccountKind) throws -> Statement {
        Statement(source: StatementSource(file: file, format: "ofx"),
                  account: StatementAccount(id: "000123456789", kind: kind, currency: .USD),
                  period: DayRange(start: day("2026-10-01"), end: day("2026-10-31")),
                  balances: [StatementBalance(kind: .ledger, amount: try money(ledgerBalance), day: day("2026-10-31"),
                                              currency: .USD, position: SourcePosition(offset: 900, line: 40, column: 1)),
                             StatementBalance(kind: .available, amount: try money("99999.00"), day: day("2026-10-31"), currency: .USD)],
                  transactions: try transactions(rows))
    }

    static func qifStatement() throws -> Statement {
        Statement(source: StatementSource(file: "Samples/wallet-2026-10.qif", format: "qif"),
                  account: StatementAccount(name: "Wallet", kind: .cash, currency: .EUR),
                  balances: [StatementBalance(kind: .opening, amount: try money("50.00"), day: day("2026-10-01"),
                                              position: SourcePosition(offset: 30, line: 4, column: 1))],
                  transactions: try transactions(walletRows))
    }

    /// The ledger a clean import stores: one transaction per row, ids from `firstId`.
    static func ledger(_ statement: Statement, accountId: Int64, firstId: Int64, currency: Currency) -> [LedgerTransaction] {
        statement.transactions.enumerated().map { n, t in
            LedgerTransaction(id: firstId + Int64(n), accountId: accountId, day: t.day, amount: t.amount, currency: currency,
                              originalPayee: t.payee, memo: t.memo, sourceFormat: statement.source.format,
                              sourceFile: statement.source.file, sourceLine: t.position?.line)
        }
    }

    /// Every account of the story with its statement and clean ledger; opening balances as the
    /// lead sets them on a first import (derived from the statement's earliest balance).
    static func inputs(change: (String, inout [LedgerTransaction]) throws -> Void = { _, _ in }) throws -> [ReconciliationInput] {
        let accounts: [(Account, Statement)] = [
            (Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"]),
             try runningStatement(file: "Samples/girokonto-2026-10.csv", rows: girokontoRows, opening: "2450.00", iban: "DE89370400440532013000")),
            (Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR, numbers: ["DE02120300000000202051"]),
             try runningStatement(file: "Samples/tagesgeld-2026-10.csv", rows: tagesgeldRows, opening: "5000.00", iban: "DE02120300000000202051")),
            (Account(id: 3, name: "US Checking", kind: .bank, currency: .USD, numbers: ["000123456789"]),
             try ofxStatement(file: "Samples/us-checking-2026-10.ofx", rows: usCheckingRows, ledgerBalance: "1824.55", kind: .bank)),
            (Account(id: 4, name: "Visa", kind: .creditCard, currency: .USD, numbers: ["4111111111114321"]),
             try ofxStatement(file: "Samples/visa-2026-10.qfx", rows: visaRows, ledgerBalance: "-154.73", kind: .creditCard)),
            (Account(id: 5, name: "Wallet", kind: .cash, currency: .EUR), try qifStatement()),
        ]
        return try accounts.map { pair in
            var (account, statement) = pair
            let accountId = account.id ?? 0
            var transactions = ledger(statement, accountId: accountId, firstId: accountId * 100 + 1, currency: account.currency)
            let checkpoints = StatementCheckpoints(statement)
            if let derived = try DerivedOpeningBalance(account: account, transactions: transactions,
                                                       checkpoints: checkpoints.checkpoints) {
                account.openingBalance = derived.amount
            }
            try change(account.name, &transactions)
            var input = ReconciliationInput(account: account, transactions: transactions)
            input.add(checkpoints)
            return input
        }
    }
}
