import MyMoneyStore

/// The currency reports show their figures in, and why.
public struct ReportingCurrency: Sendable, Hashable {
    public var currency: Currency
    /// Said once on stderr when the ledger has no primary currency set: which one is used instead.
    public var notice: String?
}

extension Books {
    /// The primary currency (`mymoney config set primary-currency EUR`), else the currency most
    /// transactions are in (said so in ``ReportingCurrency/notice``), else the accounts', else EUR.
    public func reportingCurrency() throws(BooksError) -> ReportingCurrency {
        if let code = try value(of: .primaryCurrency), let currency = Currency(code: code) {
            return ReportingCurrency(currency: currency, notice: nil)
        }
        let accounts = try accounts()
        let chosen: Currency
        let none: Bool
        let used = try store { () throws(LedgerError) in try ledger.currenciesWithTransactions() }
        if used.count == 1, let only = used.first {
            // All transactions in one currency: it has the most, without counting a million rows.
            (chosen, none) = (only, false)
        } else {
            let counts = try store { () throws(LedgerError) in try ledger.transactionCountsByCurrency() }
            chosen = counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.first?.key
                ?? accounts.map(\.currency).first ?? .EUR
            none = counts.isEmpty
        }
        let why = none ? "the ledger has no transactions yet" : "most transactions are in \(chosen.code)"
        return ReportingCurrency(currency: chosen, notice:
            "no primary currency is set, so figures are in \(chosen.code) (\(why)); set one with 'mymoney config set primary-currency CODE'")
    }

    /// A converter into `currency` from every rate the books know: the rate files' and those of
    /// confirmed cross-currency transfers.
    func converter(into currency: Currency) throws(BooksError) -> CurrencyConverter {
        var needed = Set(try accounts().map(\.currency))
        needed.insert(currency)
        for budget in try budgets() { needed.insert(budget.currency) }
        let rates = try store { () throws(LedgerError) in try ledger.rates(touching: needed) }
        let transfers = try store { () throws(LedgerError) in try ledger.crossCurrencyTransfers() }
        return CurrencyConverter(target: currency, book: RateBook(rates: rates, transfers: transfers))
    }
}
