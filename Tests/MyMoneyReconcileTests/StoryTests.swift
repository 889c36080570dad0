import Foundation
import Testing
import MyMoneyReconcile

@Suite("The sample story reconciles")
struct StoryTests {
    @Test func everyStoryAccountIsOk() throws {
        let report = Reconciler().reconcile(try Story.inputs())
        #expect(!report.hasMismatch)
        #expect(report.unchecked.isEmpty)
        #expect(report.checked.count == 5)
        for account in report.accounts {
            #expect(account.status == .ok, "\(account.account.name)")
            #expect(!account.checkpoints.isEmpty, "\(account.account.name)")
            #expect(account.checkpoints.allSatisfy { $0.difference.isZero && $0.suspects.isEmpty })
            #expect(account.chainBreaks.isEmpty)
            #expect(account.reconciledThrough != nil)
        }
    }

    @Test func girokontoChecksEveryDayEndOfItsRunningBalances() throws {
        let report = Reconciler().reconcile(try Story.inputs())
        let giro = try #require(report.accounts.first { $0.account.name == "Girokonto" })
        // The opening balance, then one running checkpoint per day with rows (13 days).
        #expect(giro.checkpoints.map(\.checkpoint.source).filter { $0 == .running }.count == 13)
        #expect(giro.checkpoints.first?.checkpoint.source == .opening)
        #expect(giro.checkpoints.last?.statementBalance == (try money("3614.30")))
        #expect(giro.reconciledThrough == day("2026-10-28"))
    }

    @Test func usCheckingOpeningIsDerivedFromLedgerBalance() throws {
        let inputs = try Story.inputs()
        let checking = try #require(inputs.first { $0.account.name == "US Checking" })
        #expect(checking.account.openingBalance == (try money("2200.00")))
        let visa = try #require(inputs.first { $0.account.name == "Visa" })
        #expect(visa.account.openingBalance == (try money("-310.00")))
        let wallet = try #require(inputs.first { $0.account.name == "Wallet" })
        #expect(wallet.account.openingBalance == (try money("50.00")))
    }

    @Test func statementAddedDirectlyReconciles() throws {
        let statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        let account = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD, openingBalance: try money("2200.00"))
        var input = ReconciliationInput(account: account, transactions: Story.ledger(statement, accountId: 3, firstId: 301, currency: .USD))
        #expect(input.add(statement).isEmpty)
        let report = Reconciler().reconcile([input])
        #expect(!report.hasMismatch)
        #expect(report.accounts.first?.summary?.checkpoint.source == .ledger)
    }

    @Test func availableBalanceIsInformationOnly() throws {
        let inputs = try Story.inputs()
        let checking = try #require(inputs.first { $0.account.name == "US Checking" })
        #expect(checking.checkpoints.count == 1)
        #expect(checking.checkpoints.first?.source == .ledger)
    }

    @Test func longRunsOfAgreeingCheckpointsAreShortenedInTheTable() throws {
        // 100 days with a running balance each; day 60's balance is off by 1.00.
        let account = Account(id: 1, name: "Daily", kind: .bank, currency: .EUR)
        var transactions: [LedgerTransaction] = []
        var checkpoints: [Checkpoint] = []
        var balance = Amount(units: 0, scale: 2)
        for n in 0..<100 {
            let day = Day(daysSinceEpoch: Int32(20_000 + n))
            let amount = Amount(units: Int64(100 + n), scale: 2)
            transactions.append(LedgerTransaction(id: Int64(n + 1), accountId: 1, day: day, amount: amount, currency: .EUR))
            balance = try balance + amount
            let stated = n == 59 ? try balance + Amount(units: 100, scale: 2) : balance
            checkpoints.append(Checkpoint(day: day, balance: stated, source: .running, currency: .EUR, file: "daily.csv"))
        }
        var input = ReconciliationInput(account: account, transactions: transactions)
        input.checkpoints = checkpoints
        let table = Reconciler().reconcile([input]).renderTable()
        let rows = table.split(separator: "\n").filter { $0.contains(" running ") }
        // Before the mismatch 59 agree: 3 + 3 shown; after it 40 agree: 3 + 3 shown.
        #expect(rows.count == 13, "\(table)")
        #expect(table.contains("… 53 more checkpoints agree"))
        #expect(table.contains("… 34 more checkpoints agree"))
        #expect(rows.filter { $0.contains("mismatch") }.count == 1)
    }

    @Test func storyTableGolden() throws {
        try GoldenFile.check(Reconciler().reconcile(try Story.inputs()).renderTable(), against: "story.txt")
    }

    @Test func storyJSONGolden() throws {
        let json = Reconciler().reconcile(try Story.inputs()).renderJSON()
        try GoldenFile.check(json, against: "story.json")
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let accounts = try #require(object?["accounts"] as? [[String: Any]])
        for key in ["account", "as_of", "statement_balance", "ledger_balance", "difference", "status", "suspects"] {
            #expect(accounts.allSatisfy { $0[key] != nil }, "every account has \(key)")
        }
        #expect(accounts.first { $0["account"] as? String == "US Checking" }?["statement_balance"] as? String == "1824.55")
    }

    /// Faults planted in the story's ledgers: a duplicate in the Girokonto, a lost transaction in the
    /// Tagesgeld, a sign flip in US Checking; Visa and Wallet stay clean.
    static func faultyInputs() throws -> [ReconciliationInput] {
        try Story.inputs { name, transactions in
            switch name {
            case "Girokonto":
                if let rewe = transactions.first(where: { $0.amount == (try? money("-54.37")) }) {
                    var copy = rewe
                    copy.id = 199
                    transactions.append(copy)
                }
            case "Tagesgeld":
                transactions.removeAll { $0.memo == "Zinsen" }
            case "US Checking":
                if let i = transactions.firstIndex(where: { $0.payee == "SHELL OIL 57442" }) {
                    transactions[i].amount = try money("41.50")
                }
            default: break
            }
        }
    }

    @Test func faultyStoryTableGolden() throws {
        let report = Reconciler().reconcile(try Self.faultyInputs())
        #expect(report.hasMismatch)
        try GoldenFile.check(report.renderTable(), against: "story-faults.txt")
    }

    @Test func faultyStoryJSONGolden() throws {
        let report = Reconciler().reconcile(try Self.faultyInputs())
        try GoldenFile.check(report.renderJSON(), against: "story-faults.json")
    }
}
