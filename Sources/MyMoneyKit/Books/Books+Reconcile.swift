import MyMoneyStore
import MyMoneyReconcile

/// What `reconcile` found, and the accounts it marked reconciled.
public struct Reconciliation: Sendable {
    public var report: ReconciliationReport
    /// Accounts now recorded as reconciled through a day (with `mark`).
    public var marked: [(account: String, through: Day)]
}

extension Books {
    /// Compares every stored statement balance and every assertion with the ledger's balances.
    ///
    /// - Parameters:
    ///   - accountName: only this account (every account when nil).
    ///   - mark: records each account as reconciled through its last agreeing balance; changes up to
    ///     that day then need `force`.
    /// - Throws: ``BooksError`` `notFound` when `accountName` or an assertion names no account.
    public func reconcile(accountName: String? = nil, assertions: [BalanceAssertion] = [], mark: Bool = false) throws(BooksError) -> Reconciliation {
        var names: [String]?
        if let accountName { names = [try account(named: accountName).name] }
        // Every asserted balance must name an account: a typo is never silently skipped.
        let known = Set(try accounts().map { $0.name.lowercased() })
        for assertion in assertions where !known.contains(assertion.account.lowercased()) {
            throw BooksError(.notFound, "the balance asserted for \(assertion.account) as of \(assertion.day) names no account (see mymoney accounts list)")
        }
        let report = try store { () throws(LedgerError) in try LedgerReconciliation.reconcile(ledger, accounts: names, assertions: assertions) }
        var marked: [(account: String, through: Day)] = []
        if mark {
            for result in report.accounts {
                guard let day = result.reconciledThrough,
                      var account = try store({ () throws(LedgerError) in try ledger.account(named: result.account.name) }),
                      account.reconciledThrough.map({ $0 < day }) ?? true else { continue }
                account.reconciledThrough = day
                _ = try updateAccount(account)
                marked.append((account.name, day))
            }
        }
        return Reconciliation(report: report, marked: marked)
    }
}
