import Testing
import MyMoneyReconcile

/// Reconciles the story's Girokonto after `change` plants a fault in its ledger.
func girokonto(_ change: (inout [LedgerTransaction]) throws -> Void) throws -> AccountReconciliation {
    let inputs = try Story.inputs { name, transactions in
        if name == "Girokonto" { try change(&transactions) }
    }
    let input = try #require(inputs.first { $0.account.name == "Girokonto" })
    return Reconciler().reconcile(input)
}

/// The first disagreeing checkpoint's result.
func firstMismatch(_ r: AccountReconciliation) throws -> CheckpointResult {
    try #require(r.checkpoints.first { $0.status == .mismatch })
}

func row(_ transactions: [LedgerTransaction], payee: String) throws -> Int {
    try #require(transactions.firstIndex { $0.payee == payee })
}

@Suite("Diagnosis of a difference")
struct DiagnosisTests {
    @Test func duplicateADayApartWithSameText() throws {
        let r = try girokonto { txs in
            var copy = txs[try row(txs, payee: "Netflix International")]
            copy.id = 900
            copy.day = day("2026-10-09")
            txs.append(copy)
        }
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-10"))
        #expect(m.difference == (try money("13.99")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .duplicate)
        #expect(top.transactions.compactMap(\.id) == [107, 900])
        #expect(top.reason.contains("a day apart"))
    }

    @Test func sameDayTwinsWithDifferentTextAreNotDuplicates() throws {
        let r = try girokonto { txs in
            txs.append(LedgerTransaction(id: 901, accountId: 1, day: day("2026-10-02"), amount: try money("-54.37"),
                                         currency: .EUR, originalPayee: "Zahnarzt Dr. Weiss", memo: "Rechnung 77"))
        }
        let m = try firstMismatch(r)
        #expect(!m.suspects.contains { $0.kind == .duplicate })
        // Either row may be the extra one: both are named.
        let extras = m.suspects.filter { $0.kind == .extra }.compactMap { $0.transactions.first?.id }
        #expect(extras.sorted() == [103, 901])
        #expect(m.suspects.first?.kind == .extra)
    }

    @Test func extraTransactionEqualsDifference() throws {
        let r = try girokonto { txs in
            txs.append(LedgerTransaction(id: 902, accountId: 1, day: day("2026-10-09"), amount: try money("-12.00"),
                                         currency: .EUR, originalPayee: "Kiosk"))
        }
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-10"))
        #expect(m.difference == (try money("12.00")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .extra)
        #expect(top.transactions.first?.id == 902)
        #expect(m.suspects.last?.kind == .missing)
    }

    @Test func signFlipIsHalfTheDifference() throws {
        let r = try girokonto { txs in
            txs[try row(txs, payee: "Stadtwerke Berlin")].amount = try money("72.00")
        }
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("-144.00")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .signFlipped)
        #expect(top.amount == (try money("-72.00")))
        #expect(top.transactions.first?.id == 106)
    }

    @Test func transposedDigitsExplainDifferenceDivisibleByNine() throws {
        let r = try girokonto { txs in
            txs[try row(txs, payee: "REWE Markt Berlin")].amount = try money("-54.73")
        }
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("0.36")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .transposedDigits)
        #expect(top.amount == (try money("-54.37")))
        #expect(top.transactions.first?.id == 103)
    }

    @Test func transposedNonAdjacentDigits() throws {
        // -950.00 typed as -50.09? No: swap the hundreds and the cents digit: -950.00 → -050.09 is not a
        // swap of written digits; -200.00 typed -002.00 would drop digits. Use -23.45 typed -25.43.
        let r = try girokonto { txs in
            txs[try row(txs, payee: "EDEKA Center")].amount = try money("-25.43")
        }
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("1.98")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .transposedDigits)
        #expect(top.amount == (try money("-23.45")))
        #expect(!top.reason.contains("adjacent"))
    }

    @Test func decimalPointSlipped() throws {
        let r = try girokonto { txs in
            txs[try row(txs, payee: "BVG Berlin")].amount = try money("-5.80")
        }
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("-52.20")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .decimalSlip)
        #expect(top.amount == (try money("-58.00")))
        #expect(top.transactions.first?.id == 104)
    }

    @Test func decimalPointSlippedTheOtherWay() throws {
        let r = try girokonto { txs in
            txs[try row(txs, payee: "Netflix International")].amount = try money("-1399.00")
        }
        let top = try #require(try firstMismatch(r).suspects.first)
        #expect(top.kind == .decimalSlip)
        #expect(top.amount == (try money("-13.99")))
    }

    @Test func twoExtraTransactionsSumToDifference() throws {
        let r = try girokonto { txs in
            txs.append(LedgerTransaction(id: 903, accountId: 1, day: day("2026-10-19"), amount: try money("-10.00"),
                                         currency: .EUR, originalPayee: "Kino"))
            txs.append(LedgerTransaction(id: 904, accountId: 1, day: day("2026-10-20"), amount: try money("-5.51"),
                                         currency: .EUR, originalPayee: "Späti"))
        }
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-20"))
        #expect(m.difference == (try money("15.51")))
        let subset = try #require(m.suspects.first { $0.kind == .subsetSum })
        #expect(subset.transactions.compactMap(\.id) == [903, 904])
    }

    @Test func threeTransactionsSumToDifference() throws {
        let r = try girokonto { txs in
            for (n, (d, a)) in [("2026-10-19", "-10.00"), ("2026-10-19", "-5.51"), ("2026-10-20", "-1.07")].enumerated() {
                txs.append(LedgerTransaction(id: 910 + Int64(n), accountId: 1, day: day(d), amount: try money(a),
                                             currency: .EUR, originalPayee: "Extra \(n)"))
            }
        }
        let m = try firstMismatch(r)
        #expect(m.difference == (try money("16.58")))
        #expect(m.suspects.contains { $0.kind == .subsetSum && $0.transactions.compactMap(\.id) == [910, 911, 912] })
    }

    @Test func datedBeforeCheckpointButBookedAfterByTheBank() throws {
        // The ledger dates Netflix on 2026-10-06; the bank booked it on 2026-10-08.
        let r = try girokonto { txs in
            txs[try row(txs, payee: "Netflix International")].day = day("2026-10-06")
        }
        let mismatches = r.checkpoints.filter { $0.status == .mismatch }
        #expect(mismatches.map(\.checkpoint.day) == [day("2026-10-06")])
        let top = try #require(mismatches.first?.suspects.first)
        #expect(top.kind == .datedAcrossCheckpoint)
        #expect(top.transactions.first?.id == 107)
        #expect(top.confidence >= 0.9)
    }

    @Test func datedAfterCheckpointButBookedBeforeByTheBank() throws {
        // The ledger dates Stadtwerke on 2026-10-07; the bank booked it on 2026-10-06.
        let r = try girokonto { txs in
            txs[try row(txs, payee: "Stadtwerke Berlin")].day = day("2026-10-07")
        }
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-06"))
        #expect(m.difference == (try money("-72.00")))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .datedAcrossCheckpoint)
        #expect(top.transactions.first?.id == 106)
        #expect(r.checkpoints.filter { $0.status == .mismatch }.count == 1)
    }

    @Test func missingTransactionWindowIsNarrowedToTheCheckpointsAround() throws {
        let r = try girokonto { txs in
            txs.removeAll { $0.payee == "Wise Europe SA" }
        }
        let m = try firstMismatch(r)
        #expect(m.checkpoint.day == day("2026-10-05"))
        let top = try #require(m.suspects.first)
        #expect(top.kind == .missing)
        #expect(top.amount == (try money("-88.00")))
        #expect(top.window == DayRange(start: day("2026-10-05"), end: day("2026-10-05")))
        #expect(r.firstMismatchWindow == DayRange(start: day("2026-10-05"), end: day("2026-10-05")))
        #expect(r.reconciledThrough == day("2026-10-04"))
        // Later checkpoints carry the same difference and point back to it.
        let later = r.checkpoints.filter { $0.checkpoint.day > day("2026-10-05") }
        #expect(later.allSatisfy { $0.sameDifferenceSince == day("2026-10-05") && $0.suspects.isEmpty })
    }

    @Test func missingTransactionBetweenAssertedBalances() throws {
        // Balances the user asserted on four days; the 2026-10-15 payment is missing from the ledger.
        let account = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD, openingBalance: try money("2200.00"))
        let statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        var ledger = Story.ledger(statement, accountId: 3, firstId: 301, currency: .USD)
        ledger.removeAll { $0.amount == (try? money("-250.00")) }
        let assertions = try [("2026-10-01", "2200.00"), ("2026-10-10", "2194.38"), ("2026-10-20", "1824.38"),
                              ("2026-10-31", "1824.55")].map { d, a in
            BalanceAssertion(account: "us checking", day: day(d), amount: try money(a), currency: .USD)
        }
        var input = ReconciliationInput(account: account, transactions: ledger)
        input.add(assertions)
        let r = Reconciler().reconcile(input)
        #expect(r.checkpoints.map(\.status) == [.ok, .ok, .mismatch, .mismatch])
        #expect(r.firstMismatchWindow == DayRange(start: day("2026-10-11"), end: day("2026-10-20")))
        let top = try #require(try firstMismatch(r).suspects.first)
        #expect(top.kind == .missing)
        #expect(top.amount == (try money("-250.00")))
        #expect(top.window == DayRange(start: day("2026-10-11"), end: day("2026-10-20")))
        #expect(r.reconciledThrough == day("2026-10-10"))
    }

    @Test func openingBalanceIsSuspectedWhenNoEarlierCheckpoint() throws {
        let account = Account(id: 3, name: "US Checking", kind: .bank, currency: .USD, openingBalance: try money("2000.00"))
        let statement = try Story.ofxStatement(file: "x.ofx", rows: Story.usCheckingRows, ledgerBalance: "1824.55", kind: .bank)
        let input = ReconciliationInput(account: account, transactions: Story.ledger(statement, accountId: 3, firstId: 301, currency: .USD),
                                        checkpoints: StatementCheckpoints(statement).checkpoints)
        let m = try firstMismatch(Reconciler().reconcile(input))
        #expect(m.difference == (try money("200.00")))
        let opening = try #require(m.suspects.first { $0.kind == .openingBalance })
        #expect(opening.amount == (try money("2200.00")))
    }

    @Test func diagnosisIsTheSameWhateverTheInputOrder() throws {
        let plant: (inout [LedgerTransaction]) throws -> Void = { txs in
            txs.append(LedgerTransaction(id: 920, accountId: 1, day: day("2026-10-28"), amount: try money("-3.20"),
                                         currency: .EUR, originalPayee: "Bäckerei Kamps", memo: "Kartenzahlung"))
        }
        let forward = try girokonto(plant)
        let backward = try girokonto { txs in
            try plant(&txs)
            txs.reverse()
        }
        #expect(forward.checkpoints == backward.checkpoints)
        let top = try #require(try firstMismatch(forward).suspects.first)
        #expect(top.kind == .duplicate)
    }

    @Test func checkpointInAnotherCurrencyIsReportedNotCompared() throws {
        let account = Account(id: 9, name: "Cash", kind: .cash, currency: .EUR)
        let input = ReconciliationInput(account: account, transactions: [],
                                        checkpoints: [Checkpoint(day: day("2026-10-31"), balance: try money("5.00"), source: .assertion,
                                                                 currency: .USD)])
        let r = Reconciler().reconcile(input)
        #expect(r.checkpoints.isEmpty)
        #expect(r.diagnostics.map(\.code) == ["reconcile.currency"])
        let report = ReconciliationReport(accounts: [r])
        #expect(report.unchecked == ["Cash"])
        #expect(!report.hasMismatch)
    }
}

@Suite("Diagnosis at the edges")
struct DiagnosisEdgeTests {
    @Test func nineteenDigitAmountsDoNotOverflowTheTranspositionSearch() throws {
        // Stored 1999999999999999999; swapping its first and last digits would give 9999999999999999991,
        // more than an Int64 holds. The difference 8·(10^18 − 1) asks exactly for that swap.
        let stored: Int64 = 1_999_999_999_999_999_999
        let opening: Int64 = -1_500_000_000_000_000_000
        let difference: Int64 = 7_999_999_999_999_999_992
        let account = Account(id: 1, name: "Big", kind: .bank, currency: .JPYForTests,
                              openingBalance: Amount(units: opening, scale: 0))
        let txs = [LedgerTransaction(id: 1, accountId: 1, day: day("2026-10-01"), amount: Amount(units: stored, scale: 0),
                                     currency: .JPYForTests)]
        let checkpoint = Checkpoint(day: day("2026-10-01"), balance: Amount(units: stored + opening + difference, scale: 0),
                                    source: .assertion)
        let r = Reconciler().reconcile(ReconciliationInput(account: account, transactions: txs, checkpoints: [checkpoint]))
        #expect(r.checkpoints.first?.difference == Amount(units: difference, scale: 0))
        #expect(!(r.checkpoints.first?.suspects.contains { $0.kind == .transposedDigits } ?? true))
    }

    @Test func storedBalanceBecomesCheckpointExceptAvailableAndRunning() throws {
        let ledger = StatementBalance(kind: .ledger, amount: try money("1.00"), day: day("2026-10-31"))
        #expect(Checkpoint(ledger, file: "a.ofx")?.source == .ledger)
        #expect(Checkpoint(StatementBalance(kind: .available, amount: .zero, day: day("2026-10-31"))) == nil)
        #expect(Checkpoint(StatementBalance(kind: .running, amount: .zero, day: day("2026-10-31"), transactionIndex: 0)) == nil)
        #expect(Checkpoint(StatementBalance(kind: .closing, amount: .zero), fallbackDay: day("2026-10-30"))?.day == day("2026-10-30"))
        #expect(Checkpoint(StatementBalance(kind: .opening, amount: .zero, day: day("2026-10-01")))?.throughDay == day("2026-09-30"))
    }
}

extension Currency {
    static var JPYForTests: Currency { Currency(code: "JPY") ?? .USD }
}
