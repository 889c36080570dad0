import MyMoneyStore

extension FieldProblems {
    /// Ends the workflow with every problem found, as one ``BooksError`` (kind `invalid`).
    public func throwIfAny() throws(BooksError) {
        if !isEmpty { throw BooksError(self) }
    }

    /// Runs one check of the store; its error becomes a problem of its field.
    mutating func check<T>(_ body: () throws(LedgerError) -> T) -> T? {
        LedgerValidation.check(&self, body)
    }

    /// Records a problem when `amount` has more digits after the mark than `currency` allows
    /// ("EUR has 2 decimal places: -5.123").
    mutating func checkDecimals(_ amount: Amount, in currency: Currency, field: String) {
        guard amount.hasMoreDecimals(than: currency), let digits = currency.minorUnits else { return }
        add(field, "\(currency.code) has \(counted(digits, "decimal place")): \(amount)")
    }
}
