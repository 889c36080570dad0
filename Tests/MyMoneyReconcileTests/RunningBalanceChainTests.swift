import Testing
import MyMoneyReconcile

@Suite("Running-balance chains")
struct RunningBalanceChainTests {
    static func giro() throws -> Statement {
        try Story.runningStatement(file: "giro.csv", rows: Story.girokontoRows, opening: "2450.00", iban: "DE89")
    }

    @Test func storyChainIsConsistent() throws {
        let chain = try #require(try RunningBalanceChain.check(transactions: try Self.giro().transactions,
                                                               balances: try Self.giro().balances))
        #expect(chain.breaks.isEmpty)
        #expect(chain.reorderedDays.isEmpty)
        #expect(!chain.isNewestFirst)
        #expect(chain.dayEndBalances.count == 13)
        #expect(chain.dayEndBalances.last?.balance == (try money("3614.30")))
    }

    @Test func rowMissingFromTheFileIsABreakWithItsRows() throws {
        var statement = try Self.giro()
        // The bank printed balances including EDEKA (-23.45, row 9), but the export lacks the row.
        statement.transactions.remove(at: 8)
        statement.balances = statement.balances.compactMap { b in
            guard let i = b.transactionIndex else { return b }
            if i == 8 { return nil }
            var moved = b
            if i > 8 { moved.transactionIndex = i - 1 }
            return moved
        }
        let chain = try #require(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances,
                                                               opening: try money("2450.00")))
        let first = try #require(chain.firstBreak)
        #expect(chain.breaks.count == 1)
        #expect(first.previous?.index == 7)
        #expect(first.row.index == 8)
        #expect(first.row.day == day("2026-10-15"))
        #expect(first.expected == (try money("3713.64")))
        #expect(first.stated == (try money("3690.19")))
        #expect(first.difference == (try money("-23.45")))

        // Imported as is, the ledger lacks the row too: the reconciler points at the break.
        let account = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, openingBalance: try money("2450.00"))
        var input = ReconciliationInput(account: account, transactions: Story.ledger(statement, accountId: 1, firstId: 101, currency: .EUR))
        let checkpoints = StatementCheckpoints(statement)
        #expect(checkpoints.diagnostics.map(\.code) == ["reconcile.running.break"])
        input.add(checkpoints)
        let r = Reconciler().reconcile(input)
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-15"))
        #expect(m.suspects.first?.kind == .runningBalanceBreak)
        #expect(r.chainBreaks.count == 1)
    }

    @Test func sameDayRowsInAnotherOrderAreNotABreak() throws {
        var statement = try Self.giro()
        // The export lists the salary before the rent; the printed balances follow the bank's order (rent first).
        let rent = statement.transactions[0], salary = statement.transactions[1]
        statement.transactions[0] = salary
        statement.transactions[1] = rent
        for i in statement.balances.indices where statement.balances[i].transactionIndex == 0 || statement.balances[i].transactionIndex == 1 {
            statement.balances[i].transactionIndex = 1 - (statement.balances[i].transactionIndex ?? 0)
        }
        let chain = try #require(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances,
                                                               opening: try money("2450.00")))
        #expect(chain.breaks.isEmpty)
        #expect(chain.reorderedDays == [day("2026-10-01")])
        #expect(chain.rows.prefix(2).map(\.index) == [1, 0])
        #expect(chain.dayEndBalances.first?.balance == (try money("4700.00")))
    }

    @Test func sameDayReorderWithoutOpeningBalance() throws {
        var statement = try Self.giro()
        statement.transactions.swapAt(13, 14)
        // Two identical Bäckerei rows: swapping them changes nothing; swap rent and salary instead.
        statement.transactions.swapAt(0, 1)
        for i in statement.balances.indices where statement.balances[i].transactionIndex == 0 || statement.balances[i].transactionIndex == 1 {
            statement.balances[i].transactionIndex = 1 - (statement.balances[i].transactionIndex ?? 0)
        }
        let chain = try #require(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances))
        #expect(chain.breaks.isEmpty)
        #expect(chain.reorderedDays == [day("2026-10-01")])
    }

    @Test func newestFirstFileIsWalkedFromTheEnd() throws {
        let statement = try Self.giro()
        let count = statement.transactions.count
        let reversed = Array(statement.transactions.reversed())
        let balances = statement.balances.map { b -> StatementBalance in
            var moved = b
            if let i = b.transactionIndex { moved.transactionIndex = count - 1 - i }
            return moved
        }
        let chain = try #require(try RunningBalanceChain.check(transactions: reversed, balances: balances))
        #expect(chain.isNewestFirst)
        #expect(chain.breaks.isEmpty)
        #expect(chain.dayEndBalances.last?.balance == (try money("3614.30")))
        #expect(chain.dayEndBalances.first?.day == day("2026-10-01"))
    }

    @Test func wrongOpeningBalanceBreaksTheFirstRow() throws {
        let statement = try Self.giro()
        let chain = try #require(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances,
                                                               opening: try money("2400.00")))
        let first = try #require(chain.firstBreak)
        #expect(first.previous == nil)
        #expect(first.difference == (try money("50.00")))
    }

    @Test func noRunningBalancesGiveNoChain() throws {
        let statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        #expect(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances) == nil)
    }

    @Test func rowsWithoutBalanceAddToTheNextOne() throws {
        var statement = try Self.giro()
        statement.balances.removeAll { $0.transactionIndex == 2 || $0.transactionIndex == 3 }
        let chain = try #require(try RunningBalanceChain.check(transactions: statement.transactions, balances: statement.balances))
        #expect(chain.breaks.isEmpty)
        #expect(chain.rows.first { $0.index == 4 }?.amount == (try money("-200.37")))
    }
}

@Suite("Running-balance report")
struct RunningBalanceReportTests {
    /// The Girokonto export with rent and salary listed in another order than booked, and the
    /// EDEKA row missing although the bank's balances include it.
    static func report() throws -> ReconciliationReport {
        var statement = try RunningBalanceChainTests.giro()
        statement.transactions.swapAt(0, 1)
        statement.transactions.remove(at: 8)
        statement.balances = statement.balances.compactMap { b in
            guard let i = b.transactionIndex else { return b }
            var moved = b
            switch i {
            case 0: moved.transactionIndex = 1
            case 1: moved.transactionIndex = 0
            case 8: return nil
            case 9...: moved.transactionIndex = i - 1
            default: break
            }
            return moved
        }
        let account = Account(id: 1, name: "Girokonto", kind: .bank, currency: .EUR, openingBalance: try money("2450.00"))
        var input = ReconciliationInput(account: account, transactions: Story.ledger(statement, accountId: 1, firstId: 101, currency: .EUR))
        input.add(StatementCheckpoints(statement))
        return Reconciler().reconcile([input])
    }

    @Test func breakAndReorderTableGolden() throws {
        let report = try Self.report()
        let giro = try #require(report.accounts.first)
        #expect(giro.reorderedDays == [day("2026-10-01")])
        #expect(giro.chainBreaks.count == 1)
        try GoldenFile.check(report.renderTable(), against: "running-break.txt")
    }

    @Test func breakAndReorderJSONGolden() throws {
        try GoldenFile.check(try Self.report().renderJSON(), against: "running-break.json")
    }
}

@Suite("Running balances that name no row")
struct UnplacedRunningBalanceTests {
    @Test func runningBalanceWithoutRowIsReported() throws {
        var statement = try RunningBalanceChainTests.giro()
        statement.balances.append(StatementBalance(kind: .running, amount: try money("1.00"), transactionIndex: 99))
        statement.balances.append(StatementBalance(kind: .running, amount: try money("2.00")))
        let checkpoints = StatementCheckpoints(statement)
        #expect(checkpoints.diagnostics.map(\.code) == ["reconcile.running.row"])
        #expect(checkpoints.diagnostics.first?.message.contains("2 running balances") == true)
        #expect(checkpoints.chain?.breaks.isEmpty == true)
    }
}
