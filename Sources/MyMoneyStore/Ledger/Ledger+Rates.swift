import Foundation

/// Exchange rates: stored from rate files, and implied by confirmed cross-currency transfers.
extension Ledger {
    /// What ``addRates(_:)`` did.
    package struct RatesAdded: Sendable, Hashable {
        package var added = 0
        /// Known already with the same value.
        package var unchanged = 0
        /// Known already with another value, now replaced.
        package var changed = 0
    }

    /// Stores rates, one per day, pair and source: a rate known with the same value is left alone, one
    /// known with another value is replaced (a corrected file wins). All or nothing.
    ///
    /// - Throws: `.invalid` for a rate of zero or less, or from a currency to itself.
    @discardableResult
    package func addRates(_ rates: [StoredRate]) throws(LedgerError) -> RatesAdded {
        for rate in rates {
            try LedgerValidation.positive(rate.rate, field: "rate")
            guard rate.from != rate.to else { throw .invalid("rate", "a rate from \(rate.from.code) to itself says nothing") }
        }
        return try atomically { () throws(LedgerError) -> RatesAdded in
            var result = RatesAdded()
            let find = try db.statement("SELECT rate FROM rates WHERE day = ? AND from_currency = ? AND to_currency = ? AND source = ?")
            let insert = try db.statement("INSERT INTO rates (day, from_currency, to_currency, rate, source, file) VALUES (?, ?, ?, ?, ?, ?)")
            let update = try db.statement("UPDATE rates SET rate = ?, file = ? WHERE day = ? AND from_currency = ? AND to_currency = ? AND source = ?")
            for rate in rates {
                let key: [SQLValue] = [.of(rate.day), .text(rate.from.code), .text(rate.to.code), .text(rate.source.rawValue)]
                if let known = try find.rows(key, { $0.text(0) }).first {
                    if (try? Amount(parsing: known)) == rate.rate {
                        result.unchanged += 1
                    } else {
                        try update.run([.text(rate.rate.description), .of(rate.file)] + key)
                        result.changed += 1
                    }
                } else {
                    try insert.run(Array(key.prefix(3)) + [.text(rate.rate.description), .text(rate.source.rawValue), .of(rate.file)])
                    result.added += 1
                }
            }
            return result
        }
    }

    /// Stored rates touching any of `currencies` (every rate when nil), by pair and day.
    package func rates(touching currencies: Set<Currency>? = nil) throws(LedgerError) -> [StoredRate] {
        var condition = "1"
        var values: [SQLValue] = []
        if let currencies {
            let codes = currencies.map(\.code).sorted()
            condition = "from_currency IN (\(Ledger.placeholders(codes.count))) OR to_currency IN (\(Ledger.placeholders(codes.count)))"
            values = (codes + codes).map { .text($0) }
        }
        return try db.uncachedStatement("""
            SELECT id, day, from_currency, to_currency, rate, source, file FROM rates WHERE \(condition)
            ORDER BY from_currency, to_currency, day, source
            """).rows(values) { row throws(LedgerError) -> StoredRate in
                guard let rate = try? Amount(parsing: row.text(4)), let source = StoredRate.Source(rawValue: row.text(5)) else {
                    throw LedgerError(.storage, "the ledger holds a rate it cannot read (\(row.text(4)), \(row.text(5)))")
                }
                return StoredRate(id: row.int64(0), day: Ledger.day(row.int64(1)), from: try Ledger.storedCurrency(row.text(2)),
                                  to: try Ledger.storedCurrency(row.text(3)), rate: rate, source: source, file: row.optionalText(6))
            }
    }

    /// The leaving legs of confirmed transfers between accounts in two currencies, with the arriving
    /// leg: the rates the user actually got, by day.
    package func crossCurrencyTransfers() throws(LedgerError) -> [TransferLegAmount] {
        try db.statement("""
            SELECT f.id, f.account_id, f.day, f.amount_units, f.amount_scale, f.currency,
                   o.id, o.day, o.amount_units, o.amount_scale, o.currency
            FROM transfers l JOIN transactions f ON f.id = l.from_transaction_id JOIN transactions o ON o.id = l.to_transaction_id
            WHERE l.status = 'confirmed' AND f.currency <> o.currency
            ORDER BY f.day, f.id
            """).rows { row throws(LedgerError) in
                TransferLegAmount(transactionId: row.int64(0), accountId: row.int64(1), day: Ledger.day(row.int64(2)),
                                  amount: try Ledger.storedAmount(row.int64(3), row.int64(4)), currency: try Ledger.storedCurrency(row.text(5)),
                                  other: .init(transactionId: row.int64(6), day: Ledger.day(row.int64(7)),
                                               amount: try Ledger.storedAmount(row.int64(8), row.int64(9)),
                                               currency: try Ledger.storedCurrency(row.text(10)), confirmed: true))
            }
    }
}
