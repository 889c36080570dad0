import Foundation
import Testing
@testable import MyMoneyKit
import MyMoneyStore
import MyMoneyTestSupport

/// Reconciling reads an account's balance rows first and its whole transactions only where a
/// checkpoint disagrees: the report must be the one reading them whole gives.
@Suite("reconcile: balance rows first, whole transactions where a balance disagrees")
struct ReconcileRowsTests {
    let eur = Currency(code: "EUR")!

    /// Two accounts over ten days: Checking agrees with every closing balance; Savings lacks a
    /// -19.99 purchase from day 6 on and holds a doubled 12.50 refund, so its suspects name rows.
    func ledger() throws -> Ledger {
        let ledger = try Ledger(path: MyMoneyBinary.scratch("reconcile-rows").appendingPathComponent("ledger.sqlite").path)
        var statements: [ImportStatement] = []
        for (name, faulty) in [("Checking", false), ("Savings", true)] {
            let account = try ledger.addAccount(Account(name: name, kind: .bank, currency: eur, openingBalance: Amount(units: 100_000, scale: 2)))
            let id = try #require(account.id)
            var rows: [LedgerTransaction] = []
            var balances: [StatementBalance] = []
            var balance: Int64 = 100_000
            for day in 1...10 {
                let date = Day(year: 2026, month: 3, day: day)!
                for (cents, payee) in [(Int64(-450 * day), "Bakery \(day)"), (Int64(2_000), "Refund \(day)")] {
                    balance += cents
                    rows.append(LedgerTransaction(accountId: id, day: date, amount: Amount(units: cents, scale: 2), currency: eur,
                                                  originalPayee: payee, memo: "card", bankId: "\(name)-\(day)-\(cents)",
                                                  sourceFormat: "csv", sourceFile: "\(name).csv", sourceLine: rows.count + 2))
                }
                // The bank saw a purchase the ledger never gets, and one refund once.
                if faulty && day == 6 { balance -= 1_999 }
                if faulty && day == 8 {
                    rows.append(LedgerTransaction(accountId: id, day: date, amount: Amount(units: 1_250, scale: 2), currency: eur,
                                                  originalPayee: "Refund twice", bankId: "dup-a", sourceFormat: "csv", sourceFile: "\(name).csv"))
                    rows.append(LedgerTransaction(accountId: id, day: date, amount: Amount(units: 1_250, scale: 2), currency: eur,
                                                  originalPayee: "Refund twice", bankId: "dup-b", sourceFormat: "csv", sourceFile: "\(name).csv"))
                    balance += 1_250
                }
                balances.append(StatementBalance(kind: .closing, amount: Amount(units: balance, scale: 2), day: date, currency: eur))
            }
            statements.append(ImportStatement(accountId: id, sourceFile: "\(name).csv", transactions: rows, balances: balances))
        }
        try ledger.importStatements(statements)
        return ledger
    }

    @Test func balanceRowsFirstGiveTheReportWholeRowsGive() throws {
        let ledger = try ledger()
        let fast = try LedgerReconciliation.reconcile(ledger, chains: [:], rows: .balancesFirst) { _ in nil }
        let plain = try LedgerReconciliation.reconcile(ledger, chains: [:], rows: .whole) { _ in nil }
        #expect(fast.renderJSON() == plain.renderJSON())
        #expect(fast.renderTable() == plain.renderTable())
        // The test means something only with one account agreeing and one diagnosed by its rows.
        let statuses = fast.accounts.map { $0.checkpoints.allSatisfy { $0.status == .ok } }
        #expect(statuses == [true, false])
        let suspects = fast.accounts[1].checkpoints.flatMap(\.suspects)
        #expect(!suspects.isEmpty)
        #expect(fast.renderJSON().contains("Refund twice"))
    }

    @Test func balanceRowsHoldDaysAmountsAndIdsOfEveryTransaction() throws {
        let ledger = try ledger()
        for account in try ledger.accounts() {
            let id = try #require(account.id)
            let whole = try ledger.transactions(matching: TransactionFilter(accountIds: [id]))
            let lean = try ledger.balanceRows(accountId: id)
            #expect(lean.map(\.id) == whole.map(\.id))
            #expect(lean.map(\.day) == whole.map(\.day))
            #expect(lean.map(\.amount) == whole.map(\.amount))
            #expect(!lean.isEmpty)
        }
    }
}
