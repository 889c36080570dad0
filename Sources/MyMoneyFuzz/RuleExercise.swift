import MyMoneyRules

/// What the rules fuzz target does with one input: parse it as a rule file, compile it, render
/// every diagnostic, and apply a set that compiled to a few transactions (and explain one).
///
/// The bytes go to the parser as they are, invalid UTF-8 included: the folder loader refuses such
/// files (`rules.encoding`), but the parser promises to cope with any text.
///
/// Invariants (each a `precondition`): a diagnostic's position lies inside the file and has a line
/// and column of at least 1; a set compiles only when no error was reported; applying a set
/// returns one outcome per transaction.
enum RuleExercise {
    static let accounts = [
        Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR),
        Account(id: 2, name: "Visa", kind: .creditCard, currency: .USD),
    ]

    /// Payees and memos a bank might send, including ones that make backtracking regexes slow.
    static let transactions: [LedgerTransaction] = [
        row(1, "2026-10-02", "REWE Markt Berlin", "Kartenzahlung", units: -5437, .EUR),
        row(1, "2026-10-05", "Wise Europe SA", "Überweisung auf eigenes USD-Konto", units: -8800, .EUR),
        row(2, "2026-10-11", "AMAZON MKTPL*2K4LM", nil, units: -4299, .USD),
        row(2, "2026-10-16", "PAYMENT THANK YOU", "", units: 25000, .USD),
        row(1, "2026-10-28", String(repeating: "a", count: 28) + "!", String(repeating: "ab", count: 20), units: 0, .EUR),
        row(1, "2026-02-28", "Café  Einstein \u{1F600}", "\u{0301}é\t", units: Int64.min + 1, .EUR),
    ]

    static func row(_ account: Int64, _ day: String, _ payee: String, _ memo: String?, units: Int64,
                    _ currency: Currency) -> LedgerTransaction {
        LedgerTransaction(accountId: account, day: Day(iso: day) ?? Day(daysSinceEpoch: 0),
                          amount: Amount(units: units, scale: currency.minorUnits ?? 2), currency: currency,
                          originalPayee: payee, memo: memo, sourceFormat: "csv")
    }

    static func run(_ bytes: [UInt8], file: String) -> FuzzOutcome {
        let parsed = RuleParser.parse(SourceFile(name: file, text: bytes))
        let compilation = RuleCompiler.compile([parsed])
        for diagnostic in compilation.diagnostics {
            guard let position = diagnostic.position else { continue }
            precondition(position.line >= 1 && position.column >= 1,
                         "[\(diagnostic.code)] at line \(position.line) column \(position.column)")
            precondition((0...bytes.count).contains(position.offset),
                         "[\(diagnostic.code)] at offset \(position.offset) of a \(bytes.count)-byte file")
        }
        _ = compilation.renderDiagnostics()
        let outcome = FuzzOutcome(items: compilation.ruleSet?.rules.count ?? 0, diagnostics: compilation.diagnostics)
        guard let set = compilation.ruleSet else { return outcome }
        precondition(!compilation.hasErrors, "a rule set compiled despite errors")
        let run = set.apply(to: transactions, accounts: accounts)
        precondition(run.outcomes.count == transactions.count,
                     "\(run.outcomes.count) outcomes for \(transactions.count) transactions")
        _ = set.explain(RuleInput(transaction: transactions[2], account: accounts[1]))
        return outcome
    }
}
