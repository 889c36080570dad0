import Foundation

/// Accounts: create, edit, list, find by a statement's account number.
extension Ledger {
    private static let accountColumns = "id, name, kind, currency, bank_id, opening_units, opening_scale, reconciled_through"

    /// Stores a new account and returns it with its id.
    ///
    /// - Throws: ``LedgerError`` `.duplicate` ("an account named Visa already exists", or a number
    ///   already mapped to another account), `.invalid` for a blank name.
    @discardableResult
    package func addAccount(_ account: Account) throws(LedgerError) -> Account {
        try atomically { () throws(LedgerError) -> Account in
            var account = account
            account.name = try LedgerValidation.title(account.name, field: "account name")
            try checkAccountNameFree(account.name, except: nil)
            try db.statement("""
                INSERT INTO accounts (name, name_key, kind, currency, bank_id, opening_units, opening_scale, reconciled_through)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                """).run([.text(account.name), .text(LedgerValidation.key(account.name)), .text(account.kind.rawValue),
                          .text(account.currency.code), .of(blankToNil(account.bankId)),
                          .integer(account.openingBalance.units), .integer(Int64(account.openingBalance.scale)),
                          .of(account.reconciledThrough)])
            // Read the id before the numbers are inserted: lastInsertRowID then names their rows.
            let id = db.lastInsertRowID
            try setNumbers(account.numbers, for: id)
            return try self.account(id: id)
        }
    }

    /// Saves changes to a stored account (matched by `id`).
    @discardableResult
    package func updateAccount(_ account: Account) throws(LedgerError) -> Account {
        guard let id = account.id else { throw .notFound("the account has no id: add it first") }
        return try atomically { () throws(LedgerError) -> Account in
            let old = try self.account(id: id)
            let name = try LedgerValidation.title(account.name, field: "account name")
            try checkAccountNameFree(name, except: id)
            if old.currency != account.currency, try transactionCount(accountId: id) > 0 {
                throw .invalid("currency", "the currency of \(old.name) cannot change: it already holds transactions in \(old.currency)")
            }
            try db.statement("""
                UPDATE accounts SET name = ?, name_key = ?, kind = ?, currency = ?, bank_id = ?, opening_units = ?,
                opening_scale = ?, reconciled_through = ? WHERE id = ?
                """).run([.text(name), .text(LedgerValidation.key(name)), .text(account.kind.rawValue),
                          .text(account.currency.code), .of(blankToNil(account.bankId)),
                          .integer(account.openingBalance.units), .integer(Int64(account.openingBalance.scale)),
                          .of(account.reconciledThrough), .integer(id)])
            try db.statement("DELETE FROM account_numbers WHERE account_id = ?").run([.integer(id)])
            try setNumbers(account.numbers, for: id)
            return try self.account(id: id)
        }
    }

    /// Removes an account that holds no transactions.
    package func deleteAccount(id: Int64) throws(LedgerError) {
        try atomically { () throws(LedgerError) in
            let account = try self.account(id: id)
            let count = try transactionCount(accountId: id)
            guard count == 0 else {
                throw LedgerError(.inUse, "\(account.name) still holds \(counted(count, "transaction")): it cannot be deleted")
            }
            try db.statement("DELETE FROM statement_balances WHERE account_id = ?").run([.integer(id)])
            try db.statement("DELETE FROM accounts WHERE id = ?").run([.integer(id)])
        }
    }

    /// Every account, by name (case-insensitive), then id.
    package func accounts() throws(LedgerError) -> [Account] {
        let numbers = try allAccountNumbers()
        return try db.statement("SELECT \(Ledger.accountColumns) FROM accounts ORDER BY name_key, id")
            .rows { row throws(LedgerError) in try Ledger.readAccount(row, numbers: numbers) }
    }

    /// The account with this id.
    ///
    /// - Throws: `.notFound` when there is none.
    package func account(id: Int64) throws(LedgerError) -> Account {
        let numbers = try allAccountNumbers(accountId: id)
        guard let account = try db.statement("SELECT \(Ledger.accountColumns) FROM accounts WHERE id = ?")
            .rows([.integer(id)], { row throws(LedgerError) in try Ledger.readAccount(row, numbers: numbers) }).first
        else { throw .notFound("there is no account with id \(id)") }
        return account
    }

    /// The account with this name (case- and space-insensitive), or nil.
    package func account(named name: String) throws(LedgerError) -> Account? {
        guard let id = try db.statement("SELECT id FROM accounts WHERE name_key = ?")
            .rows([.text(LedgerValidation.key(name))], { $0.int64(0) }).first else { return nil }
        return try account(id: id)
    }

    /// The account a statement's account number (OFX ACCTID, IBAN) is mapped to, or nil.
    ///
    /// Numbers compare without spaces and case (`DE89 3704…` is `de893704…`).
    package func account(forNumber number: String) throws(LedgerError) -> Account? {
        guard let id = try db.statement("SELECT account_id FROM account_numbers WHERE number = ?")
            .rows([.text(Ledger.numberKey(number))], { $0.int64(0) }).first else { return nil }
        return try account(id: id)
    }

    /// The account's balance after everything posted up to and including `day`
    /// (opening balance plus those transactions), in the account's currency.
    package func balance(accountId: Int64, asOf day: Day) throws(LedgerError) -> Amount {
        let account = try self.account(id: accountId)
        let parts = try db.statement("""
            SELECT amount_scale, SUM(amount_units) FROM transactions WHERE account_id = ? AND day <= ? GROUP BY amount_scale
            """).rows([.integer(accountId), .integer(Int64(day.daysSinceEpoch))]) {
                Amount(units: $0.int64(1), scale: Int($0.int64(0)))
            }
        return try Ledger.sum([account.openingBalance] + parts)
    }

    /// Every account's balance as of `day`, in account order.
    ///
    /// One scan of the report index for all accounts, summed in memory (``balance(accountId:asOf:)``,
    /// one indexed query per account, is the plain twin): a `GROUP BY` would sort every row first,
    /// and the account index does not hold the amounts.
    package func balances(asOf day: Day) throws(LedgerError) -> [(account: Account, balance: Amount)] {
        let accounts = try accounts()
        var sums = AccountScaleSums(largestId: accounts.compactMap(\.id).max() ?? 0)
        try db.statement("SELECT account_id, amount_scale, amount_units FROM transactions WHERE day <= ?")
            .eachRow([.integer(Int64(day.daysSinceEpoch))]) { row throws(LedgerError) in
                try sums.add(account: row.int64(0), scale: row.int64(1), units: row.int64(2))
            }
        return try Ledger.balances(of: accounts, sums)
    }

    /// Every account's balance as of `day` (``balances(asOf:)``) and the sums of
    /// ``dailyTotals(by:from:through:within:grouping:)`` by account over every day, from one scan
    /// of the report index: the balances add up the day groups up to `day`. What `mymoney
    /// accounts` shows; ``balances(asOf:)`` and ``dailyTotals(by:from:through:within:grouping:)``
    /// apart are the plain twin (`AccountStandingTotalsTests`).
    package func balancesAndDailyTotals(asOf day: Day) throws(LedgerError)
        -> (balances: [(account: Account, balance: Amount)], totals: [DailyTotal]) {
        let accounts = try accounts()
        var sums = AccountScaleSums(largestId: accounts.compactMap(\.id).max() ?? 0)
        let last = Int64(day.daysSinceEpoch)
        let totals = try dailyTotals(by: .accounts, from: nil, through: nil, within: TotalsScope(), grouping: .inMemory) { group throws(LedgerError) in
            if group.day <= last, let account = group.entry { try sums.add(account: account, scale: group.scale, units: group.units) }
        }
        return (try Ledger.balances(of: accounts, sums), totals)
    }

    /// Each account's opening balance plus its sums, in the order of `accounts`.
    private static func balances(of accounts: [Account], _ sums: AccountScaleSums) throws(LedgerError) -> [(account: Account, balance: Amount)] {
        var result: [(account: Account, balance: Amount)] = []
        for account in accounts {
            guard let id = account.id else { continue }
            var parts = [account.openingBalance]
            for (scale, units) in sums.sums(ofAccount: id) {
                parts.append(try Ledger.storedAmount(units, scale))
            }
            result.append((account, try Ledger.sum(parts)))
        }
        return result
    }

    // MARK: Internals

    func transactionCount(accountId: Int64) throws(LedgerError) -> Int {
        Int(try db.statement("SELECT COUNT(*) FROM transactions WHERE account_id = ?")
            .rows([.integer(accountId)]) { $0.int64(0) }.first ?? 0)
    }

    private func checkAccountNameFree(_ name: String, except id: Int64?) throws(LedgerError) {
        let existing = try db.statement("SELECT id, name FROM accounts WHERE name_key = ?")
            .rows([.text(LedgerValidation.key(name))]) { ($0.int64(0), $0.text(1)) }
        if let (otherId, otherName) = existing.first, otherId != id {
            throw LedgerError(.duplicate, "an account named \(otherName) already exists", field: "account name")
        }
    }

    func setNumbers(_ numbers: [String], for accountId: Int64) throws(LedgerError) {
        var seen = Set<String>()
        for (position, number) in numbers.enumerated() {
            let key = Ledger.numberKey(number)
            guard !key.isEmpty, seen.insert(key).inserted else { continue }
            if let owner = try db.statement("SELECT a.name FROM account_numbers n JOIN accounts a ON a.id = n.account_id WHERE n.number = ?")
                .rows([.text(key)], { $0.text(0) }).first {
                throw LedgerError(.duplicate, "the account number \(number) already belongs to \(owner)", field: "number")
            }
            try db.statement("INSERT INTO account_numbers (number, account_id, position) VALUES (?, ?, ?)")
                .run([.text(key), .integer(accountId), .integer(Int64(position))])
        }
    }

    private func allAccountNumbers(accountId: Int64? = nil) throws(LedgerError) -> [Int64: [String]] {
        var result: [Int64: [String]] = [:]
        let rows = try db.statement("SELECT account_id, number FROM account_numbers WHERE ?1 IS NULL OR account_id = ?1 ORDER BY account_id, position")
            .rows([.of(accountId)]) { ($0.int64(0), $0.text(1)) }
        for (id, number) in rows { result[id, default: []].append(number) }
        return result
    }

    private static func readAccount(_ row: PreparedStatement, numbers: [Int64: [String]]) throws(LedgerError) -> Account {
        let id = row.int64(0)
        let kind = AccountKind(rawValue: row.text(2)) ?? .other
        let currency = try storedCurrency(row.text(3))
        return Account(id: id, name: row.text(1), kind: kind, currency: currency, numbers: numbers[id] ?? [],
                       bankId: row.optionalText(4), openingBalance: try storedAmount(row.int64(5), row.int64(6)),
                       reconciledThrough: row.optionalInt64(7).map { Day(daysSinceEpoch: Int32(truncatingIfNeeded: $0)) })
    }

    /// Statement account numbers compare without white space and case.
    static func numberKey(_ number: String) -> String {
        String(number.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init)).lowercased()
    }
}

/// `text` without white space and line breaks at either end; nil when nothing is left.
///
/// A text whose first and last bytes are printable ASCII other than the space (almost every
/// payee, tag and category a statement or rule gives) is returned as it is: trimming cannot
/// change it, and Foundation's trimming costs a bridge to `NSString` per call (a tenth of a
/// tagging import's store). ``blankToNilPlainly(_:)`` is the twin.
func blankToNil(_ text: String?) -> String? {
    guard let text else { return nil }
    let utf8 = text.utf8
    if let first = utf8.first, let last = utf8.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) { return text }
    return blankToNilPlainly(text)
}

/// ``blankToNil(_:)`` through Foundation's trimming, for every text.
func blankToNilPlainly(_ text: String?) -> String? {
    guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
    return trimmed
}

extension Ledger {
    static func storedCurrency(_ code: String) throws(LedgerError) -> Currency {
        guard let currency = Currency(code: code) else {
            throw LedgerError(.storage, "the ledger holds an unknown currency code \(code)")
        }
        return currency
    }

    static func storedAmount(_ units: Int64, _ scale: Int64) throws(LedgerError) -> Amount {
        guard (0...Int64(Amount.maximumScale)).contains(scale) else {
            throw LedgerError(.storage, "the ledger holds an amount with an impossible scale \(scale)")
        }
        return Amount(units: units, scale: Int(scale))
    }

    static func day(_ value: Int64) -> Day { Day(daysSinceEpoch: Int32(truncatingIfNeeded: value)) }

    /// Adds amounts exactly; overflow becomes a user-facing error.
    static func sum(_ amounts: [Amount]) throws(LedgerError) -> Amount {
        var total = Amount.zero
        for amount in amounts {
            do { total = try total + amount } catch {
                throw LedgerError(.invalid, "a total is too large to compute exactly")
            }
        }
        return total
    }
}
