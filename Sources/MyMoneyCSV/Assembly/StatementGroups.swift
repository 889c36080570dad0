/// Which rows form which statement: one per account and per currency.
///
/// An account column with a few values (Mint, RBC, a bank's export of all accounts) and a
/// currency column of the amounts (a multi-currency wallet, RBC's `CAD$`/`USD$`) each split the
/// file; an account column whose values differ on most rows is a counterparty, not the account.
struct StatementGroup: Sendable, Equatable {
    var account: String?
    var currency: String?
    /// The rows in file order; nil for every row (the whole file is one statement).
    var rows: [Int]?
}

enum StatementGroups {
    /// The groups in order of their first row.
    ///
    /// - Complexity: O(n) with one dictionary lookup per row.
    static func make(accounts: [String], currencies: [String], count: Int) -> [StatementGroup] {
        var byAccount = !accounts.isEmpty
        if byAccount {
            var distinct = Set<String>()
            for a in accounts { distinct.insert(a); if distinct.count > max(2, count / 4) { break } }
            if distinct.count > max(2, count / 4) || distinct.count <= 1 { byAccount = false }
        }
        var byCurrency = !currencies.isEmpty
        if byCurrency, let first = currencies.first { byCurrency = currencies.contains { $0 != first } }
        // Without a split by account, the account column names the account only when it never changes.
        let only = accounts.first.flatMap { a in accounts.allSatisfy { $0 == a } ? a : nil }
        guard byAccount || byCurrency else {
            return [StatementGroup(account: only, currency: currencies.first, rows: nil)]
        }
        var index: [String: Int] = [:]
        var groups: [StatementGroup] = []
        for row in 0..<count {
            let account = byAccount ? accounts[row] : only
            let currency = byCurrency ? currencies[row] : (currencies.isEmpty ? nil : currencies[row])
            let key = (byAccount ? accounts[row] : "") + "\u{1F}" + (byCurrency ? currencies[row] : "")
            if let g = index[key] { groups[g].rows!.append(row) } else {
                index[key] = groups.count
                groups.append(StatementGroup(account: account, currency: currency, rows: [row]))
            }
        }
        return groups
    }
}
