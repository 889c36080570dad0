import Testing
import MyMoneyReconcile

@Suite("Reconciled state and opening balances")
struct ReconciledStateTests {
    @Test func reconciledThroughSkipsEarlierCheckpoints() throws {
        var inputs = try Story.inputs()
        let i = try #require(inputs.firstIndex { $0.account.name == "Girokonto" })
        inputs[i].account.reconciledThrough = day("2026-10-10")
        let r = Reconciler().reconcile(inputs[i])
        #expect(r.skippedCheckpoints == 7) // the opening balance and the ends of 1, 2, 4, 5, 6 and 8 October
        #expect(r.checkpoints.first?.checkpoint.day == day("2026-10-10"))
        #expect(r.reconciledThrough == day("2026-10-28"))
    }

    @Test func nextReconciliationStartsAtReconciledDay() throws {
        // A missing transaction before the reconciled day is not looked for again; one after it is.
        var inputs = try Story.inputs { name, txs in
            if name == "Girokonto" { txs.removeAll { $0.payee == "Café Einstein" } }
        }
        let i = try #require(inputs.firstIndex { $0.account.name == "Girokonto" })
        inputs[i].account.reconciledThrough = day("2026-10-15")
        let r = Reconciler().reconcile(inputs[i])
        #expect(r.reconciledThrough == day("2026-10-18"))
        #expect(r.firstMismatchWindow == DayRange(start: day("2026-10-19"), end: day("2026-10-20")))
        let top = try #require(try firstMismatch(r).suspects.first)
        #expect(top.kind == .missing)
        #expect(!(r.checkpoints.first?.suspects.contains { $0.kind == .openingBalance } ?? true))
    }

    @Test func firstCheckpointDisagreeingKeepsEarlierReconciledDay() throws {
        var inputs = try Story.inputs { name, txs in
            if name == "US Checking" { txs.removeAll { $0.payee == "CHECK 1001" } }
        }
        let i = try #require(inputs.firstIndex { $0.account.name == "US Checking" })
        inputs[i].account.reconciledThrough = day("2026-09-30")
        let r = Reconciler().reconcile(inputs[i])
        #expect(r.status == .mismatch)
        #expect(r.reconciledThrough == day("2026-09-30"))
        #expect(r.firstMismatchWindow == DayRange(start: day("2026-10-01"), end: day("2026-10-31")))
    }

    @Test func openingBalanceDerivedFromOnlyLedgerBalance() throws {
        let statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        let account = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD)
        let ledger = Story.ledger(statement, accountId: 3, firstId: 301, currency: .USD)
        let derived = try #require(try DerivedOpeningBalance(account: account, transactions: ledger,
                                                             checkpoints: StatementCheckpoints(statement).checkpoints))
        #expect(derived.amount == (try money("2200.00")))
        #expect(derived.transactionsThrough == (try money("-375.45")))
        #expect(derived.checkpoint.source == .ledger)
    }

    @Test func openingBalanceDerivedFromOpeningCheckpointIgnoresThatDaysRows() throws {
        let statement = try Story.runningStatement(file: "g.csv", rows: Story.girokontoRows, opening: "2450.00", iban: "DE89")
        let account = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR)
        let derived = try #require(try DerivedOpeningBalance(account: account, transactions: Story.ledger(statement, accountId: 1, firstId: 101, currency: .EUR),
                                                             checkpoints: StatementCheckpoints(statement).checkpoints))
        #expect(derived.amount == (try money("2450.00")))
        #expect(derived.checkpoint.source == .opening)
    }

    @Test func noCheckpointNoDerivedOpening() throws {
        let account = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR)
        #expect(try DerivedOpeningBalance(account: account, transactions: [], checkpoints: []) == nil)
    }

    @Test func balanceWithoutDayTakesThePeriodEnd() throws {
        var statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        statement.balances[0].day = nil
        let checkpoints = StatementCheckpoints(statement)
        #expect(checkpoints.checkpoints.first?.day == day("2026-10-31"))
        statement.period = nil
        statement.transactions = []
        let undated = StatementCheckpoints(statement)
        #expect(undated.checkpoints.isEmpty)
        #expect(undated.diagnostics.map(\.code) == ["reconcile.balance.day"])
    }

    @Test func amountsBeyondEighteenDigitsAreReportedNotWrapped() throws {
        let huge = Amount(units: Int64.max - 1, scale: 2)
        let account = Account(id: 1, name: "Big", kind: .bank, currency: .EUR)
        let txs = [LedgerTransaction(id: 1, accountId: 1, day: day("2026-10-01"), amount: huge, currency: .EUR),
                   LedgerTransaction(id: 2, accountId: 1, day: day("2026-10-02"), amount: huge, currency: .EUR)]
        let r = Reconciler().reconcile(ReconciliationInput(account: account, transactions: txs,
                                                           checkpoints: [Checkpoint(day: day("2026-10-02"), balance: .zero, source: .assertion)]))
        #expect(r.diagnostics.map(\.code) == ["reconcile.overflow"])
    }
}

@Suite("Bounded diagnosis")
struct BoundedDiagnosisTests {
    @Test func manyEqualAmountsGiveAtMostTheSuspectLimit() throws {
        let account = Account(id: 1, name: "Subscriptions", kind: .bank, currency: .EUR)
        var txs: [LedgerTransaction] = []
        for n in 0..<2000 {
            txs.append(LedgerTransaction(id: Int64(n + 1), accountId: 1, day: day("2026-01-01").advanced(by: n / 10),
                                         amount: try money("-9.99"), currency: .EUR, originalPayee: "Abo \(n % 7)"))
        }
        let last = try #require(txs.last?.day)
        // The bank has one fewer: statement balance = ledger + 9.99.
        let checkpoint = Checkpoint(day: last, balance: try money("-19970.01"), source: .assertion)
        let options = ReconcileOptions(maximumSuspects: 5)
        let r = Reconciler(options: options).reconcile(ReconciliationInput(account: account, transactions: txs, checkpoints: [checkpoint]))
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("9.99")))
        #expect(m.suspects.count == 5)
        // The nearest the checkpoint rank first among equals of a kind.
        #expect(m.suspects.first?.kind == .duplicate)
        #expect(m.suspects.first?.transactions.allSatisfy { $0.day == last } == true)
    }
}
