import Testing
import MyMoneyReconcile
import MyMoneyTestSupport

/// `Reconciler.reconcileIfAgreeing(_:rows:)` (balance rows: id, day, amount) against
/// `reconcile(_:)` on the whole transactions the rows come from.
@Suite("reconcile: balance rows alone, where every checkpoint agrees")
struct BalanceRowsCheckTests {
    static let giro = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, openingBalance: Amount(units: 5_000, scale: 2))

    /// Sixty days of two rows each, given out of order (the reconciler sorts by day, then id),
    /// one of them in mills, so the common scale is 3.
    func transactions() -> [LedgerTransaction] {
        var rows: [LedgerTransaction] = []
        for n in 0..<120 {
            let day = Day(daysSinceEpoch: Int32(20_000 + (n * 37) % 60))
            let amount = n == 17 ? Amount(units: -12_345, scale: 3) : Amount(units: Int64((n % 7) - 3) * 1_111, scale: 2)
            rows.append(LedgerTransaction(id: Int64(120 - n), accountId: 1, day: day, amount: amount, currency: .EUR,
                                          originalPayee: "Payee \(n % 9)"))
        }
        return rows
    }

    func rows(_ transactions: [LedgerTransaction]) -> [LedgerBalanceRow] {
        transactions.map { LedgerBalanceRow(id: $0.id!, day: $0.day, amount: $0.amount) }
    }

    /// Closing balances every ten days, an assertion, a balance in another currency and two
    /// identical checkpoints: every path of the checkpoint preparation.
    func checkpoints(_ transactions: [LedgerTransaction], off: Int64 = 0) throws -> [Checkpoint] {
        let balances = try LedgerBalances(account: Self.giro, transactions: transactions)
        var checkpoints: [Checkpoint] = []
        for d in stride(from: 20_005, to: 20_060, by: 10) {
            let day = Day(daysSinceEpoch: Int32(d))
            var balance = try balances.balance(through: day)
            if d >= 20_035 { balance = try balance + Amount(units: off, scale: 2) }
            checkpoints.append(Checkpoint(day: day, balance: balance, source: .closing, currency: .EUR, file: "giro.csv"))
        }
        checkpoints.append(checkpoints[1])
        checkpoints.append(Checkpoint(day: Day(daysSinceEpoch: 20_010), balance: Amount(units: 1, scale: 2), source: .closing, currency: .USD))
        let asserted = Day(daysSinceEpoch: 20_012)
        checkpoints.append(Checkpoint(BalanceAssertion(account: "Girokonto", day: asserted, amount: try balances.balance(through: asserted))))
        return checkpoints
    }

    @Test(arguments: [nil, Day(daysSinceEpoch: 20_020)])
    func agreeingRowsGiveTheReportWholeTransactionsGive(reconciledThrough: Day?) throws {
        var account = Self.giro
        account.reconciledThrough = reconciledThrough
        let transactions = transactions()
        let input = ReconciliationInput(account: account, transactions: transactions, checkpoints: try checkpoints(transactions))
        let whole = Reconciler().reconcile(input)
        var lean = input
        lean.transactions = []
        let fast = try #require(Reconciler().reconcileIfAgreeing(lean, rows: rows(transactions)))
        #expect(ReconciliationReport(accounts: [fast]).renderJSON() == ReconciliationReport(accounts: [whole]).renderJSON())
        #expect(ReconciliationReport(accounts: [fast]).renderTable() == ReconciliationReport(accounts: [whole]).renderTable())
        #expect(whole.checkpoints.count >= 4)
        #expect(whole.checkpoints.allSatisfy { $0.status == .ok })
        #expect(fast.reconciledThrough == Day(daysSinceEpoch: 20_055))
    }

    /// A disagreement is left to the whole transactions: nothing is diagnosed on rows without texts
    /// (the Kit diagnosed a faulty account twice, first on its balance rows, then on its rows).
    @Test func aDisagreeingCheckpointIsLeftToTheWholeTransactions() throws {
        let transactions = transactions()
        let input = ReconciliationInput(account: Self.giro, transactions: [], checkpoints: try checkpoints(transactions, off: -450))
        #expect(Reconciler().reconcileIfAgreeing(input, rows: rows(transactions)) == nil)
        var whole = input
        whole.transactions = transactions
        #expect(Reconciler().reconcile(whole).checkpoints.contains { $0.status == .mismatch })
    }

    @Test func anAccountWithoutCheckpointsNeedsNoRows() {
        let input = ReconciliationInput(account: Self.giro, transactions: [])
        let fast = Reconciler().reconcileIfAgreeing(input, rows: [])
        #expect(fast?.checkpoints.isEmpty == true)
        #expect(fast.map { ReconciliationReport(accounts: [$0]).renderJSON() }
                == ReconciliationReport(accounts: [Reconciler().reconcile(ReconciliationInput(account: Self.giro, transactions: transactions()))]).renderJSON())
    }

    @Test func balancesFromRowsAreTheBalancesFromTransactions() throws {
        let transactions = transactions()
        let whole = try LedgerBalances(account: Self.giro, transactions: transactions)
        let lean = try LedgerBalances(account: Self.giro, rows: rows(transactions))
        #expect(lean.scale == 3 && whole.scale == 3)
        #expect(lean.count == whole.count)
        for d in 19_999...20_061 {
            let day = Day(daysSinceEpoch: Int32(d))
            #expect(try lean.balance(through: day) == whole.balance(through: day))
        }
    }
}
