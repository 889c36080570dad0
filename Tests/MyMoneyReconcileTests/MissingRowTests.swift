import Testing
import MyMoneyReconcile
import MyMoneyTestSupport

/// Rows the ledger lacks, named from what the input carries.
@Suite("Missing rows are named")
struct MissingRowTests {
    static let giro = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, numbers: ["DE89370400440532013000"])
    static let savings = Account(id: 2, name: "Tagesgeld", kind: .savings, currency: .EUR)

    /// Four months with rent on the 1st and groceries; the bank's balance at each month's end.
    func months(dropping drop: (LedgerTransaction) -> Bool = { _ in false }) throws -> (ledger: [LedgerTransaction], checkpoints: [Checkpoint]) {
        var bank: [LedgerTransaction] = []
        var id: Int64 = 1
        for m in 0..<4 {
            let start = Int32(20_000 + m * 30)
            bank.append(LedgerTransaction(id: id, accountId: 1, day: Day(daysSinceEpoch: start), amount: try money("-950.00"),
                                          currency: .EUR, originalPayee: "Hausverwaltung Schmidt", memo: "Miete"))
            id += 1
            for k in 1..<20 {
                bank.append(LedgerTransaction(id: id, accountId: 1, day: Day(daysSinceEpoch: start + Int32(k)),
                                              amount: Amount(units: -Int64(137 * k + m), scale: 2), currency: .EUR, originalPayee: "REWE"))
                id += 1
            }
        }
        let balances = try LedgerBalances(account: Self.giro, transactions: bank)
        let checkpoints = try (0..<4).map { m in
            let end = Day(daysSinceEpoch: Int32(20_029 + m * 30))
            return Checkpoint(day: end, balance: try balances.balance(through: end), source: .closing, currency: .EUR)
        }
        return (bank.filter { !drop($0) }, checkpoints)
    }

    @Test func aRecurringPaymentAbsentThisMonthIsNamed() throws {
        let (ledger, checkpoints) = try months { $0.payee == "Hausverwaltung Schmidt" && $0.day == Day(daysSinceEpoch: 20_090) }
        let r = Reconciler().reconcile(ReconciliationInput(account: Self.giro, transactions: ledger, checkpoints: checkpoints))
        let m = try firstMismatch(r)
        let top = try #require(m.suspects.first)
        #expect(top.kind == .missingRecurring)
        #expect(top.missingRows.map(\.amount) == [try money("-950.00")])
        #expect(top.reason.contains("recurs every 30 days"))
    }

    @Test func aRowTheImportSkippedAsAlreadyStoredIsNamed() throws {
        let twin = LedgerTransaction(accountId: 1, day: Day(daysSinceEpoch: 20_035), amount: try money("-12.40"), currency: .EUR,
                                     originalPayee: "Bäckerei", sourceFile: "giro-02.csv")
        var (ledger, checkpoints) = try months()
        // The bank has two rows of 12.40 that day; the import stored one and took the other for a duplicate.
        let balances = try LedgerBalances(account: Self.giro, transactions: ledger + [twin, twin])
        checkpoints = try checkpoints.map { c in Checkpoint(day: c.day, balance: try balances.balance(through: c.day), source: .closing, currency: .EUR) }
        ledger.append(LedgerTransaction(id: 500, accountId: 1, day: twin.day, amount: twin.amount, currency: .EUR, originalPayee: "Bäckerei"))
        let r = Reconciler().reconcile(ReconciliationInput(account: Self.giro, transactions: ledger, checkpoints: checkpoints,
                                                           skippedStatementRows: [twin]))
        let m = try firstMismatch(r)
        #expect(m.suspects.first?.kind == .skippedStatementRow)
        #expect(m.suspects.first?.missingRows.first?.amount == (try money("-12.40")))
    }

    @Test func theCounterLegOfATransferFromAnotherAccountIsNamed() throws {
        var (ledger, checkpoints) = try months()
        let leg = LedgerTransaction(id: 900, accountId: 2, day: Day(daysSinceEpoch: 20_040), amount: try money("-300.00"), currency: .EUR,
                                    originalPayee: "Alex Morgan", memo: "Umbuchung auf Girokonto")
        let incoming = LedgerTransaction(id: 901, accountId: 1, day: leg.day, amount: try money("300.00"), currency: .EUR)
        let balances = try LedgerBalances(account: Self.giro, transactions: ledger + [incoming])
        checkpoints = try checkpoints.map { c in Checkpoint(day: c.day, balance: try balances.balance(through: c.day), source: .closing, currency: .EUR) }
        ledger.removeAll { $0.id == 901 }
        // All accounts at once: the savings leg that names the Girokonto is found by itself.
        let report = Reconciler().reconcile([
            ReconciliationInput(account: Self.giro, transactions: ledger, checkpoints: checkpoints),
            ReconciliationInput(account: Self.savings, transactions: [leg]),
        ])
        let m = try firstMismatch(try #require(report.accounts.first))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .missingTransferLeg)
        #expect(top.missingRows.map(\.amount) == [try money("300.00")])
        // One account at a time, with the legs the Kit passes.
        let alone = Reconciler().reconcile(ReconciliationInput(account: Self.giro, transactions: ledger, checkpoints: checkpoints,
                                                               counterpartLegs: [leg]))
        #expect(try firstMismatch(alone).suspects.first?.kind == .missingTransferLeg)
    }

    @Test func twoMissingRowsAreNamedTogether() throws {
        let leg = LedgerTransaction(id: 900, accountId: 2, day: Day(daysSinceEpoch: 20_095), amount: try money("-300.00"), currency: .EUR,
                                    memo: "Umbuchung auf Girokonto")
        var (ledger, checkpoints) = try months()
        ledger.append(LedgerTransaction(id: 901, accountId: 1, day: leg.day, amount: try money("300.00"), currency: .EUR))
        let balances = try LedgerBalances(account: Self.giro, transactions: ledger)
        checkpoints = try checkpoints.map { c in Checkpoint(day: c.day, balance: try balances.balance(through: c.day), source: .closing, currency: .EUR) }
        ledger.removeAll { $0.id == 901 || ($0.payee == "Hausverwaltung Schmidt" && $0.day == Day(daysSinceEpoch: 20_090)) }
        let r = Reconciler().reconcile(ReconciliationInput(account: Self.giro, transactions: ledger, checkpoints: checkpoints,
                                                           counterpartLegs: [leg]))
        let m = try firstMismatch(r)
        let both = try #require(m.suspects.prefix(3).first { $0.kind == .missingRows })
        #expect(both.missingRows.map(\.amount).sorted() == [try money("-950.00"), try money("300.00")])
    }

    @Test func plantedFaultsAreNamedInTheTopThree() {
        let trials = PlantedFaultTrial.trials(perFault: 6, months: 4, rowsPerMonth: 150, seed: 11)
        var misses: [String] = []
        for trial in trials where !trial.isHit(Reconciler().reconcile(trial.kitInput), within: 3) { misses.append(trial.fault.rawValue) }
        #expect(misses.isEmpty, "missed: \(misses)")
    }
}
